// A block of paragraphs that a crawler saved twice in a row inside one chapter (a page fetched
// again): the repeat goes, each of its lines reported as a `repeated_block` repair. Whole
// chapters saved twice are dedupe.h's.
#pragma once

#include "book.h"

namespace novelbind {

// Drops every block of paragraphs that repeats, word for word, the block right before it,
// when the block holds at least kMinRepeatedBlockChars characters (a short line said twice,
// "走！走！", is story). Returns the number of paragraphs dropped.
inline constexpr size_t kMinRepeatedBlockChars = 100;
size_t drop_repeated_blocks(Chapter& chapter);

}  // namespace novelbind
