#include "review/word_diff.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

// The diff as text: [-removed-] {+added+}.
std::string shown(std::string_view before, std::string_view after) {
  std::string out;
  for (const DiffPiece& p : word_diff(before, after)) {
    if (p.kind == DiffPiece::kSame) out += p.text;
    if (p.kind == DiffPiece::kRemoved) out += "[-" + p.text + "-]";
    if (p.kind == DiffPiece::kAdded) out += "{+" + p.text + "+}";
  }
  return out;
}

TEST(WordDiff, ChineseTextChangesCharacterByCharacter) {
  EXPECT_EQ(shown("他说:\"你好\"", "他说：“你好”"), "他说[-:\"-]{+：“+}你好[-\"-]{+”+}");
}

TEST(WordDiff, LatinWordsChangeWhole) {
  EXPECT_EQ(shown("see www.xiaoshuotxt.com now", "see now"), "see [-www.xiaoshuotxt.com -]now");
  EXPECT_EQ(shown("Chapter one", "Chapter two"), "Chapter [-one-]{+two+}");
}

TEST(WordDiff, ADroppedLineIsAllRemoved) {
  EXPECT_EQ(shown("（本章完）", ""), "[-（本章完）-]");
  EXPECT_EQ(shown("", ""), "");
}

TEST(WordDiff, APairTooLongToCompareIsShownRemovedThenAdded) {
  auto pieces = word_diff("甲乙丙", "丁乙戊", 1);
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0].text, "甲乙丙");
  EXPECT_EQ(pieces[1].text, "丁乙戊");
}

}  // namespace
}  // namespace novelbind
