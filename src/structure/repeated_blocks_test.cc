#include "structure/repeated_blocks.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <ctime>

#include "base/test_util.h"
#include "base/utf8.h"

namespace novelbind {
namespace {

std::string long_line(const char* seed) {
  std::string s;
  for (int i = 0; i < 60; ++i) s += seed;
  return s;
}

TEST(RepeatedBlocks, ABlockSavedTwiceOrThriceIsKeptOnce) {
  std::string a = long_line("甲"), b = long_line("乙"), c = long_line("丙");
  Chapter ch = test::chapter_of({"开头。", a, b, a, b, a, b, c});
  EXPECT_EQ(drop_repeated_blocks(ch), 4u);
  ASSERT_EQ(ch.paragraphs.size(), 4u);
  EXPECT_EQ(ch.paragraphs[1].text, a);
  EXPECT_EQ(ch.paragraphs[3].text, c);
  ASSERT_EQ(ch.repairs.size(), 4u);
  EXPECT_EQ(ch.repairs[0].rule, "repeated_block");
  EXPECT_EQ(ch.repairs[0].line, 4);
}

TEST(RepeatedBlocks, ShortLinesSaidTwiceAreStory) {
  Chapter ch = test::chapter_of({"“走！”", "“走！”", "他们走了。", "他们走了。"});
  EXPECT_EQ(drop_repeated_blocks(ch), 0u);
  EXPECT_EQ(ch.paragraphs.size(), 4u);
}

TEST(RepeatedBlocks, RepeatsThatAreNotNextToEachOtherStay) {
  std::string a = long_line("甲");
  Chapter ch = test::chapter_of({a, "中间的一句话。", a});
  EXPECT_EQ(drop_repeated_blocks(ch), 0u);
}

// A long run of identical short lines (a separator repeated by a broken scrape, or hostile
// input) costs about what as many different lines cost: it once cost 200 x 200 / 2
// comparisons a line (a hundred times as much: 0.6 s against 0.006 s here; minutes for a book).
// So does a run with a different line now and then (0.7 s before each length kept how far its
// blocks compare equal; found by split_fuzz).
TEST(RepeatedBlocks, ARunOfIdenticalShortLinesCostsNoMoreThanDifferentLines) {
  auto seconds = [](Chapter ch) {
    std::clock_t start = std::clock();
    drop_repeated_blocks(ch);
    return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  };
  const size_t lines = 50000;
  std::vector<std::string> different;
  for (size_t i = 0; i < lines; ++i) {
    std::string line;
    utf8::append(&line, static_cast<char32_t>(U'一' + i % 20000));
    different.push_back(line + "。");
  }
  // Nearly identical: a different line now and then, so that blocks compare equal far into
  // them before they differ.
  std::vector<std::string> nearly(lines, "。");
  for (size_t i = 0, gap = 0; i < lines; i += 40 + gap % 41, gap = gap * 7 + 3) nearly[i] = "！";
  double reference = seconds(test::chapter_of(different));
  double identical = seconds(test::chapter_of(std::vector<std::string>(lines, "。。")));
  double near = seconds(test::chapter_of(nearly));
  std::printf("different %.3f s, identical %.3f s, nearly identical %.3f s\n", reference, identical,
              near);
  EXPECT_LT(identical, 10 * reference + 0.05);
  EXPECT_LT(near, 30 * reference + 0.1);
}

}  // namespace
}  // namespace novelbind
