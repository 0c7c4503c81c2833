// Known conversion damage: phrases that bad Simplified->Traditional conversion produced,
// and what the author wrote. Shared by the cleaning rule that repairs them and by the
// converter that must not produce them (data/errata.tsv).
#pragma once

#include <string>
#include <vector>

namespace novelbind {

struct Erratum {
  std::string damaged;  // 計程車兵
  std::string correct;  // 的士兵
  std::string why;      // why replacing it is always safe
};

// The built-in list from data/errata.tsv, longest damaged form first.
const std::vector<Erratum>& builtin_errata();

// Parses errata TSV text (comments with '#', blank lines ignored). Rows without three
// columns are skipped.
std::vector<Erratum> parse_errata(std::string_view tsv);

}  // namespace novelbind
