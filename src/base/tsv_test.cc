#include "base/tsv.h"

#include <gtest/gtest.h>
#include <string>

namespace novelbind {

TEST(Tsv, RowsWithEnoughFieldsLastTakesTheRest) {
  std::vector<std::string> seen;
  for_each_tsv_row(
      "# comment\n\na\tb\tc\td\nshort\tx\nlast\tone\ttwo", 3,
      [&](const std::vector<std::string_view>& f) {
        seen.push_back(std::string(f[0]) + "|" + std::string(f[1]) + "|" + std::string(f[2]));
      });
  EXPECT_EQ(seen, (std::vector<std::string>{"a|b|c\td", "last|one|two"}));
}

}  // namespace novelbind
