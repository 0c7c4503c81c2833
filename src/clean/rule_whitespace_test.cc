#include "clean/rule_whitespace.h"

#include <gtest/gtest.h>

#include "clean/rule_test_util.h"

namespace novelbind {

using test::run_rule;

TEST(WhitespaceRule, TrimsIndentationWithoutRecordingIt) {
  auto run = run_rule(WhitespaceRule(), {"\u3000\u3000他走了。", "\xC2\xA0 她來了。\t"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"他走了。", "她來了。"}));
  EXPECT_TRUE(run.repairs.empty());
}

TEST(WhitespaceRule, RemovesInvisibleCharactersAndRecordsThem) {
  auto run = run_rule(WhitespaceRule(), {"他\u200B走\u200D了\x01。\uFEFF"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"他走了。"}));
  ASSERT_EQ(run.repairs.size(), 1u);
  EXPECT_EQ(run.repairs[0].rule, "whitespace");
  EXPECT_EQ(run.repairs[0].line, 1);
  EXPECT_EQ(run.repairs[0].after, "他走了。");
}

TEST(WhitespaceRule, DropsLinesLeftEmptyAndKeepsSceneBreaks) {
  auto run = run_rule(WhitespaceRule(), {"甲", "\u3000\u3000", "<hr>", "\u200B", "乙"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"甲", "<hr>", "乙"}));
}

TEST(WhitespaceRule, InnerTabsAndNbspBecomeSpaces) {
  bool invisible = true;
  EXPECT_EQ(clean_whitespace("iPhone\t與\xC2\xA0iPad", &invisible), "iPhone 與 iPad");
  EXPECT_FALSE(invisible);
}

// The part of a line before its first change is copied whole: quotation marks, dashes and
// ellipses (E2 ..), full-width forms (EF ..) and Latin-1 letters (C2 ..) before it stay, and
// each kind of change after them is still made.
TEST(WhitespaceRule, ChangesAfterCharactersThatShareTheirFirstByte) {
  bool invisible = false;
  EXPECT_EQ(
      clean_whitespace("\u201C好\u201D\u2014\u2026\uFF01\u00B7\u00A0甲\u200B乙\t丙", &invisible),
      "\u201C好\u201D\u2014\u2026\uFF01\u00B7 甲乙 丙");
  EXPECT_TRUE(invisible);
  EXPECT_EQ(clean_whitespace("\u2026\u2026\uFEFF甲", &invisible), "\u2026\u2026甲");
  EXPECT_TRUE(invisible);
  EXPECT_EQ(clean_whitespace("\u300C\u2026\u300D\x7F甲", &invisible), "\u300C\u2026\u300D甲");
  EXPECT_TRUE(invisible);
  EXPECT_EQ(clean_whitespace("\u2014\u2014\u00AD", &invisible), "\u2014\u2014");
  EXPECT_EQ(clean_whitespace("\u201C\u201D", &invisible), "\u201C\u201D");
  EXPECT_FALSE(invisible);
}

}  // namespace novelbind
