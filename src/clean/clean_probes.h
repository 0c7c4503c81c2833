// What the cleaning rules that learn from the whole book asked of it for one file.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace novelbind {

// What cleaning one file asked of the book-wide evidence (CleanRule::learn). The build cache
// keeps it with the file's cleaned text, which stays valid for as long as the evidence of a
// later build gives the same answers (CleanRule::answer).
struct CleanProbes {
  std::vector<std::string> reversed_lines;  // lines reversed_lines judged by the bigram model
  std::vector<std::pair<char32_t, char32_t>> interpunct_pairs;  // X?Y lost_interpunct judged
  bool interpunct_lost = false;  // a lost interpunct was restored: the book's dot was used
  std::vector<std::string> residue_lines;  // folded lines site_residue looked up
};

}  // namespace novelbind
