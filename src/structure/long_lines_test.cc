#include "structure/long_lines.h"

#include <gtest/gtest.h>

#include <string>

namespace novelbind {
namespace {

std::string joined(const std::vector<std::string_view>& pieces) {
  std::string out;
  for (std::string_view p : pieces) out += p;
  return out;
}

TEST(LongLines, AnOrdinaryParagraphIsLeftWhole) {
  std::string line(3000, 'a');
  auto pieces = break_long_line(line);
  ASSERT_EQ(pieces.size(), 1u);
  EXPECT_EQ(pieces[0], line);
}

TEST(LongLines, ABookOnOneLineIsBrokenAfterSentenceEndsWithTheirQuotes) {
  std::string line;
  while (line.size() <= kLongLineBytes * 3) line += "他说：“走吧。”众人便走了，一路无话！";
  auto pieces = break_long_line(line);
  ASSERT_GT(pieces.size(), 10u);
  EXPECT_EQ(joined(pieces), line);  // nothing lost, nothing added
  for (size_t i = 0; i + 1 < pieces.size(); ++i) {
    EXPECT_LE(pieces[i].size(), kLongLinePieceBytes);
    std::string_view p = pieces[i];
    // Each ends a sentence: after 。” (the quote stays with its sentence) or after ！.
    bool after_quote = p.size() >= 6 && p.substr(p.size() - 6) == "。”";
    bool after_bang = p.size() >= 3 && p.substr(p.size() - 3) == "！";
    EXPECT_TRUE(after_quote || after_bang) << i;
  }
}

TEST(LongLines, WithoutSentenceEndsItBreaksAtAPauseOrACharacter) {
  std::string commas, plain;
  while (commas.size() <= kLongLineBytes) commas += "一二三四五，";
  while (plain.size() <= kLongLineBytes) plain += "字";
  auto by_commas = break_long_line(commas);
  EXPECT_EQ(joined(by_commas), commas);
  for (size_t i = 0; i + 1 < by_commas.size(); ++i)
    EXPECT_EQ(by_commas[i].substr(by_commas[i].size() - 3), "，");
  auto by_characters = break_long_line(plain);
  EXPECT_EQ(joined(by_characters), plain);
  for (std::string_view p : by_characters) EXPECT_EQ(p.size() % 3, 0u);  // whole characters
}

}  // namespace
}  // namespace novelbind
