// Volume headings without a number or a heading word (龙族·火之晨曦, 前传：冰海王座): in a book
// whose chapter numbering starts again (第一章 after 第十五章, a 序幕 or 楔子 after the last
// chapter), the title-like lines that stand apart (heading_candidates.h) just before each new
// run of chapters are the titles of the volumes those runs make up.
#pragma once

#include <vector>

#include "structure/heading_candidates.h"
#include "structure/heading_scheme.h"

namespace novelbind {

// Text between a volume title and the first chapter of its run is its title page (an author's
// line, a dedication): at most this many characters.
inline constexpr std::uint64_t kMaxTitlePage = 1500;

// Adds a kVolume decision to `structure` for each such line, unless the book already has
// volume headings or fewer than two runs have such a line. A line that repeats the volume title
// before it in the same gap, but for one character (龙族III·黑月之潮（中） after
// 龙族Ⅲ·黑月之潮（中）), is the title page's echo and stays text. Returns the number of volumes
// added. `shapes` are the lines' (parse_candidate_shapes).
size_t add_unnumbered_volumes(const std::vector<const FileCandidates*>& files,
                              const CandidateShapes& shapes, BookStructure* structure);

}  // namespace novelbind
