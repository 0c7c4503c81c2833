// The "split" stage: one decoded source file becomes one or more chapters.
#pragma once

#include <vector>

#include "book.h"
#include "heading.h"

namespace novelbind {

// Splits `source` into chapters at the heading lines `headings` recognises.
// - Every non-empty line that is not a heading becomes a paragraph (line numbers kept); nothing
//   is dropped here. A heading line becomes the chapter's title and heading, not a paragraph.
// - A file without any heading is one untitled chapter (the order stage titles it).
// - Text before a file's first heading becomes a front section (front_matter, titled 前言).
// - A volume heading sets Chapter::volume for the chapters after it; text between it and the
//   next chapter heading becomes a section titled like the volume.
// A file without text yields no chapter.
std::vector<Chapter> split_chapters(const SourceText& source, const HeadingRecognizer& headings);

}  // namespace novelbind
