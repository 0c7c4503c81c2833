// Headings in Latin script, as translated novels and fan translations write them: `Chapter 12`,
// `CHAPTER IV: Title`, `Chapter.12`, `Part Two`, `Prologue`, `IV. The Storm`. The words come from
// data/headings.txt (english_chapter, english_volume, english_before, english_after).
#pragma once

#include <string>
#include <string_view>

#include "structure/heading_shape.h"

namespace novelbind {

// The form of the Latin-script heading at byte `p` of `t`: fills `shape` (number, style, kind,
// place, strength) and `form` (the shape key's form: "en:chapter", "word", "bare|R") and returns
// where the form ends, or 0 when `t` has none there.
size_t english_heading_form(std::string_view t, size_t p, HeadingShape* shape, std::string* form);

}  // namespace novelbind
