// The "split" stage: one decoded source file becomes one or more chapters.
#pragma once

#include <vector>

#include "book.h"
#include "config.h"

namespace novelbind {

// Splits `source` into chapters. Every non-empty line becomes a paragraph (line numbers kept);
// nothing is dropped here. Headings, volumes and front matter are recognised by the rules of
// `config`.
std::vector<Chapter> split_chapters(const SourceText& source, const ChaptersConfig& config);

}  // namespace novelbind
