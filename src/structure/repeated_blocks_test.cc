#include "structure/repeated_blocks.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

Chapter chapter(const std::vector<std::string>& lines) {
  Chapter c;
  c.sources = {"a.txt"};
  int n = 0;
  for (const std::string& l : lines) c.paragraphs.push_back({l, ++n, false});
  return c;
}

std::string long_line(const char* seed) {
  std::string s;
  for (int i = 0; i < 60; ++i) s += seed;
  return s;
}

TEST(RepeatedBlocks, ABlockSavedTwiceOrThriceIsKeptOnce) {
  std::string a = long_line("甲"), b = long_line("乙"), c = long_line("丙");
  Chapter ch = chapter({"开头。", a, b, a, b, a, b, c});
  EXPECT_EQ(drop_repeated_blocks(ch), 4u);
  ASSERT_EQ(ch.paragraphs.size(), 4u);
  EXPECT_EQ(ch.paragraphs[1].text, a);
  EXPECT_EQ(ch.paragraphs[3].text, c);
  ASSERT_EQ(ch.repairs.size(), 4u);
  EXPECT_EQ(ch.repairs[0].rule, "repeated_block");
  EXPECT_EQ(ch.repairs[0].line, 4);
}

TEST(RepeatedBlocks, ShortLinesSaidTwiceAreStory) {
  Chapter ch = chapter({"“走！”", "“走！”", "他们走了。", "他们走了。"});
  EXPECT_EQ(drop_repeated_blocks(ch), 0u);
  EXPECT_EQ(ch.paragraphs.size(), 4u);
}

TEST(RepeatedBlocks, RepeatsThatAreNotNextToEachOtherStay) {
  std::string a = long_line("甲");
  Chapter ch = chapter({a, "中间的一句话。", a});
  EXPECT_EQ(drop_repeated_blocks(ch), 0u);
}

}  // namespace
}  // namespace novelbind
