// Back matter after the book's end mark: in 天龙八部, `（全书完）` is followed by the title lines
// `天龙八部`, `金庸` and `释名`, then the appendix 释名 explains the title. The last title line
// before the prose (heading_candidates.h marks them after_end) opens a chapter of its own, read
// after the numbered ones, when a chapter's worth of prose follows it.
#pragma once

#include <vector>

#include "structure/heading_candidates.h"
#include "structure/heading_scheme.h"

namespace novelbind {

// Prose a back-matter heading needs after it (non-space characters).
inline constexpr std::uint64_t kMinBackMatter = 200;

// Adds a kChapter decision (place kAfter) to `structure` for each such line, in a book that
// has chapter headings. Returns the number added.
size_t add_back_matter_headings(const std::vector<const FileCandidates*>& files,
                                BookStructure* structure);

}  // namespace novelbind
