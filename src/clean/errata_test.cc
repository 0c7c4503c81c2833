#include "clean/errata.h"

#include <gtest/gtest.h>

namespace novelbind {

TEST(Errata, ParsesRowsAndSkipsComments) {
  auto e = parse_errata("# comment\n\nab\tcd\twhy\nbad row\nlonger\tx\tbecause\n");
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].damaged, "longer");  // longest first, so it wins over its prefixes
  EXPECT_EQ(e[1].damaged, "ab");
  EXPECT_EQ(e[1].correct, "cd");
  EXPECT_EQ(e[1].why, "why");
}

TEST(Errata, BuiltinListHasTheKnownDamageWithReasons) {
  bool soldiers = false;
  for (const Erratum& e : builtin_errata()) {
    EXPECT_FALSE(e.why.empty()) << e.damaged;
    if (e.damaged == "計程車兵" && e.correct == "的士兵") soldiers = true;
  }
  EXPECT_TRUE(soldiers);
}

}  // namespace novelbind
