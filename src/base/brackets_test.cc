#include "base/brackets.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

TEST(Brackets, EachRuleSeesOnlyItsOwnSet) {
  EXPECT_EQ(closing_bracket(U'（'), U'）');
  EXPECT_EQ(opening_bracket(U'》'), U'《');
  // Page marks: （12）, [3] but not 〔3〕.
  EXPECT_EQ(opening_bracket(U'］', kParenBrackets), 0u);
  EXPECT_EQ(opening_bracket(U']', kParenBrackets), U'[');
  // Site fragments: 〖…〗 but not 《…》, which is a title.
  EXPECT_TRUE(opens_bracket(U'〖', kSiteBrackets));
  EXPECT_FALSE(opens_bracket(U'《', kSiteBrackets));
  EXPECT_TRUE(closes_bracket(U'》'));
  EXPECT_FALSE(closes_bracket(U'。'));
}

}  // namespace
}  // namespace novelbind
