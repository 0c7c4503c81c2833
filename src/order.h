// The "order" stage: reading order, page merging and duplicate removal over the whole book.
#pragma once

#include "book.h"
#include "config.h"

namespace novelbind {

// Puts book.chapters in reading order and drops duplicates, recording warnings in
// book.warnings. Untitled chapters get titles afterwards.
void order_chapters(Book& book, const ChaptersConfig& config);

}  // namespace novelbind
