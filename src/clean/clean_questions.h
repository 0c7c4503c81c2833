// What cleaning one file asked of the book's decisions (clean_decisions.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace novelbind {

// The questions one file's cleaning asked of the book-wide decisions. With the answers the
// decisions gave (answers(), clean_decisions.h) they are the decisions the file used: a later
// build whose decisions give the same answers would clean the file the same.
struct CleanQuestions {
  std::vector<std::string> reversed_lines;  // lines reversed_lines judged by the bigram model
  std::vector<std::pair<char32_t, char32_t>> interpunct_pairs;  // X?Y lost_interpunct judged
  bool interpunct_lost = false;  // a lost interpunct was restored: the book's dot was used
  std::vector<std::string> residue_lines;  // folded lines site_residue looked up

  // Those of two chapters (or files), together.
  CleanQuestions& operator+=(const CleanQuestions& other);
  std::string serialize() const;
  static std::optional<CleanQuestions> parse(std::string_view bytes);  // nullopt when damaged
};

}  // namespace novelbind
