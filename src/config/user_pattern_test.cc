#include "config/user_pattern.h"

#include <gtest/gtest.h>

#include <chrono>

namespace novelbind {

TEST(UserPattern, MatchesWholeLinesAndFindsTheTailThatEndsALine) {
  auto p = UserPattern::compile("求(月票|推薦).*$");
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_TRUE(p->full_match("求月票！"));
  EXPECT_FALSE(p->full_match("他說：求月票！"));
  std::string line = "他說完走了。求推薦票！";
  EXPECT_EQ(line.substr(0, p->tail_start(line)), "他說完走了。");
  EXPECT_EQ(p->tail_start("沒有廣告"), std::string::npos);
}

TEST(UserPattern, FirstGroupIsTheNumber) {
  auto p = UserPattern::compile("^第(\\d+)話");
  ASSERT_TRUE(p.ok());
  std::string_view group;
  EXPECT_TRUE(p->search("第12話 出發", &group));
  EXPECT_EQ(group, "12");
  EXPECT_FALSE(p->search("正文", &group));
  auto no_group = UserPattern::compile("^序");
  ASSERT_TRUE(no_group.ok());
  EXPECT_TRUE(no_group->search("序章", &group));
  EXPECT_EQ(group.data(), nullptr);
}

TEST(UserPattern, EcmaScriptUnicodeEscapesAreAccepted) {
  auto p = UserPattern::compile("^\\u7b2c.+\\u7ae0$");  // ^第.+章$
  ASSERT_TRUE(p.ok()) << p.message();
  EXPECT_TRUE(p->full_match("第一百章"));
}

TEST(UserPattern, InvalidPatternsSayWhy) {
  EXPECT_EQ(UserPattern::compile("(未完").message(),
            "'(未完' is not a valid regular expression (missing ): (未完)");
  EXPECT_EQ(UserPattern::compile("(a)\\1").message().substr(0, 50),
            "'(a)\\1' is not a valid regular expression (invalid");
}

// std::regex took 8 s on 20,000 characters and overflowed the stack on 30,000.
TEST(UserPattern, LongLinesTakeLinearTime) {
  auto p = UserPattern::compile(".+本章完$");
  ASSERT_TRUE(p.ok());
  std::string line;
  for (int i = 0; i < 300000; ++i) line += "字";
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(p->full_match(line));
  EXPECT_EQ(p->tail_start(line), std::string::npos);
  line += "本章完";
  EXPECT_TRUE(p->full_match(line));
  EXPECT_EQ(p->tail_start(line), 0u);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
}

}  // namespace novelbind
