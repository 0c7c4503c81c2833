#include "clean/rule_scene_breaks.h"

#include <gtest/gtest.h>

#include "clean/rule_test_util.h"

namespace novelbind {

using test::run_rule;
using Lines = std::vector<std::string>;

TEST(SceneBreaks, DecorationLinesBecomeBreaks) {
  // (A full stop alone divides too: 修真聊天群 sets one before each author's note.)
  for (const char* decoration :
       {"***", "* * *", "---", "◆◇◆", "＊", "==========", "※", ".", ".."}) {
    auto run = run_rule(SceneBreaksRule(), {"甲。", decoration, "乙。"});
    EXPECT_EQ(run.lines, (Lines{"甲。", "<hr>", "乙。"})) << decoration;
    ASSERT_EQ(run.repairs.size(), 1u);
    EXPECT_EQ(run.repairs[0].rule, "scene_breaks");
    EXPECT_EQ(run.repairs[0].after, "<scene break>");
  }
}

TEST(SceneBreaks, SpeechMadeOfPunctuationStays) {
  // (A 。 alone may be a wrapped sentence's last mark: 天龙八部's `　　。`.)
  Lines story = {"甲。", "……", "——", "“……”", "！？", "—", "...", "。", "．", "乙。"};
  EXPECT_EQ(run_rule(SceneBreaksRule(), story).lines, story);
}

// A line of dashes or tildes is the author's punctuation (xianni ends a chapter with a line of
// eighteen 破折号): it stays as written, at a chapter's end too.
TEST(SceneBreaks, LinesOfDashesOrTildesStayAsWritten) {
  Lines story = {"甲。", "——————————————————", "乙。", "～～～～～～", "丙。", "———"};
  auto run = run_rule(SceneBreaksRule(), story);
  EXPECT_EQ(run.lines, story);
  EXPECT_TRUE(run.repairs.empty());
}

// A rule drawn across the page in ASCII tildes (an unseen 鸳鸯刀, 74 of them) is a scene break;
// a few tildes stay.
TEST(SceneBreaks, ARuleOfAsciiTildesIsABreak) {
  auto run =
      run_rule(SceneBreaksRule(), {"甲。", "　　" + std::string(74, '~'), "乙。", "~~~~", "丙。"});
  EXPECT_EQ(run.lines, (Lines{"甲。", "<hr>", "乙。", "~~~~", "丙。"}));
}

TEST(SceneBreaks, GluedDecorationIsSplitOff) {
  auto run = run_rule(SceneBreaksRule(),
                      {"他惨叹一声。", "————————————————虎都山下，龟兹军纷纷投降。", "乙。"});
  EXPECT_EQ(run.lines, (Lines{"他惨叹一声。", "<hr>", "虎都山下，龟兹军纷纷投降。", "乙。"}));
  ASSERT_EQ(run.repairs.size(), 1u);
  // (The repair keeps six characters of the unchanged text after the change.)
  EXPECT_EQ(run.repairs[0].after, "<scene break>\n虎都山下，龟…");
  // At the end of a line too.
  EXPECT_EQ(run_rule(SceneBreaksRule(), {"甲。◆◇◆", "乙。"}).lines,
            (Lines{"甲。", "<hr>", "乙。"}));
  // A dialogue dash at the start is no decoration.
  EXPECT_EQ(run_rule(SceneBreaksRule(), {"甲。", "——你說什麼？"}).lines,
            (Lines{"甲。", "——你說什麼？"}));
}

TEST(SceneBreaks, RunsCollapseAndChapterEndsHaveNone) {
  auto run = run_rule(SceneBreaksRule(), {"***", "甲。", "***", "<hr>", "===", "乙。", "◆◆◆"});
  EXPECT_EQ(run.lines, (Lines{"甲。", "<hr>", "乙。"}));
  ASSERT_EQ(run.repairs.size(), 4u);
  EXPECT_EQ(run.repairs[0].after, "");  // dropped: nothing before it
  EXPECT_EQ(run.repairs[1].after, "<scene break>");
  EXPECT_EQ(run.repairs[2].after, "");  // dropped: a break already stands there
  EXPECT_EQ(run.repairs[3].after, "");
}

}  // namespace novelbind

namespace novelbind {
namespace {

// A label framed by runs (unseen SF轻小说 and 从红月开始 crawls): a divider's word makes the line
// one break, not a break and the rest of the line; another label keeps its line as written.
TEST(SceneBreaks, AFramedLabelIsOneMark) {
  auto run = test::run_rule(
      SceneBreaksRule(), {"甲。", "————————分割线——————-——————", "乙。", "——————异世界分割——————",
                          "丙。", "－－－－－－题外话－－－－－－", "丁。"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"甲。", "<hr>", "乙。", "<hr>", "丙。",
                                                 "－－－－－－题外话－－－－－－", "丁。"}));
}

}  // namespace
}  // namespace novelbind
