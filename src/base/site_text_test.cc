#include "base/site_text.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace novelbind {
namespace {

// has_quotation's quick look as it was before it skipped eight bytes at a time: every byte
// looked at.
bool mark_byte_by_byte(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') return true;
    if (i + 2 >= s.size()) continue;
    auto b = static_cast<unsigned char>(s[i + 1]), d = static_cast<unsigned char>(s[i + 2]);
    if ((c == '\xE2' && b == 0x80 && (d == 0x9C || d == 0x9D)) ||
        (c == '\xE3' && b == 0x80 && d >= 0x8C && d <= 0x8F) ||
        (c == '\xEF' && b == 0xBC && d == 0x82))
      return true;
  }
  return false;
}

TEST(HasQuotation, DialogueAndQuotedWordsAnywhereInTheLine) {
  EXPECT_TRUE(has_quotation("“走吧。”"));
  EXPECT_TRUE(has_quotation("他说：“走吧。”"));
  EXPECT_TRUE(has_quotation("长长的一句话写了很多很多的字，然后他才说：「走吧。」"));
  EXPECT_TRUE(has_quotation("\"Go,\" he said."));
  EXPECT_TRUE(has_quotation("他说：＂走吧。＂"));
  EXPECT_FALSE(has_quotation("他走到窗前，看着外面的雨，一句话也没有说。"));
  EXPECT_FALSE(has_quotation("天才一秒记住本站地址：biqu5.com"));
  EXPECT_FALSE(has_quotation("他说”"));  // a closing mark alone quotes nothing
}

// Lines of ideographs, punctuation that shares the quotation marks' lead bytes (，。…——), ASCII
// and the quotation marks, put together at random so that every mark falls at every place of an
// eight-byte stretch: the quick look finds a mark where looking at every byte does.
TEST(HasQuotation, SameAnswerAsLookingAtEveryByte) {
  const std::vector<std::string> pieces = {"他", "说", "，", "。", "…",  "—",  "“",
                                           "”",  "「", "」", "『", "』", "＂", "\"",
                                           "a",  " ",  "：", "（", "【", "！"};
  std::mt19937 random(7);
  int quoted = 0;
  for (int n = 0; n < 20000; ++n) {
    std::string line;
    const int length = static_cast<int>(random() % 40);
    for (int k = 0; k < length; ++k) {
      // Mostly ideographs, so that long stretches without a mark occur.
      std::size_t pick = random() % 4 == 0 ? random() % pieces.size() : random() % 2;
      line += pieces[pick];
    }
    const bool expected = mark_byte_by_byte(line);
    quoted += expected;
    ASSERT_EQ(has_quotation_mark_byte(line), expected) << line;
  }
  EXPECT_GT(quoted, 1000);
  EXPECT_LT(quoted, 19000);
}

}  // namespace
}  // namespace novelbind
