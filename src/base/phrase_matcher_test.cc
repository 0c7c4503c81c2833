#include "base/phrase_matcher.h"

#include <gtest/gtest.h>

namespace novelbind {

TEST(PhraseMatcher, FindsTheLeftmostThenLongestPhrase) {
  PhraseMatcher m({"曆史", "華夏曆史", "計程車兵"});
  auto hit = m.find("退出了華夏曆史的舞臺");
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->index, 1u);
  EXPECT_EQ(hit->position, std::string("退出了").size());
  EXPECT_EQ(hit->length, std::string("華夏曆史").size());
  auto next = m.find("退出了華夏曆史的舞臺，計程車兵", hit->position + hit->length);
  ASSERT_TRUE(next);
  EXPECT_EQ(next->index, 2u);
}

TEST(PhraseMatcher, NoMatchAndEmptyMatcher) {
  EXPECT_FALSE(PhraseMatcher({"求月票"}).find("他求了月票"));
  EXPECT_FALSE(PhraseMatcher().find("任何文字"));
  EXPECT_FALSE(PhraseMatcher({"求月票"}).find("求月"));  // a prefix at the end is no match
}

}  // namespace novelbind
