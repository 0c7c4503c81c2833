#include "clean/rule_punctuation.h"

#include <gtest/gtest.h>

#include "clean/rule_test_util.h"

namespace novelbind {

using test::run_line;
using test::run_rule;

TEST(Punctuation, HalfWidthBecomesFullWidthAfterChinese) {
  PunctuationRule rule;
  EXPECT_EQ(run_line(rule, "他說,我們走吧!好嗎?"), "他說，我們走吧！好嗎？");
  EXPECT_EQ(run_line(rule, "原因有二:其一;其二"), "原因有二：其一；其二");
  // The space typed after an ASCII mark goes with it before Chinese (an unseen 晋江 download:
  // 在鬼节遇到了崽崽, 开心。); before Latin it stays.
  EXPECT_EQ(run_line(rule, "在鬼节遇到了崽崽, 开心。他说:  “走吧。”"),
            "在鬼节遇到了崽崽，开心。他说：“走吧。”");
  EXPECT_EQ(run_line(rule, "他说: hello"), "他说： hello");
  // Numbers and Latin text keep theirs.
  EXPECT_EQ(run_line(rule, "時間是12:30, OK?"), "時間是12:30, OK?");
  EXPECT_EQ(run_line(rule, "共3,000人"), "共3,000人");
  EXPECT_EQ(run_line(rule, "他說“好”,然後走了"), "他說“好”，然後走了");
  // English, a translator's: a paragraph of Latin words keeps its commas after a quote, and so
  // does an English clause beside a gloss (an unseen bilingual translation's notes).
  EXPECT_EQ(run_line(rule, "the words “Jiang Hu” and “Sect”, along with"),
            "the words “Jiang Hu” and “Sect”, along with");
  EXPECT_EQ(run_line(rule, "垂 means “hanging down”, and 髫 means “Empty”, “Void”, or “Sky”."),
            "垂 means “hanging down”, and 髫 means “Empty”, “Void”, or “Sky”.");
  // A '?' that stands for a character lost in decoding is no question mark.
  EXPECT_EQ(run_line(rule, "太守刘?，捕七人"), "太守刘?，捕七人");
  EXPECT_EQ(run_line(rule, "好大事！”?得玄德面如土色"), "好大事！”?得玄德面如土色");
}

TEST(Punctuation, NormalizeMakesEllipsesTheDoubleEllipsis) {
  PunctuationRule rule(true);
  EXPECT_EQ(run_line(rule, "那……依你之見"), "那……依你之見");
  EXPECT_EQ(run_line(rule, "那...依你之見"), "那……依你之見");
  EXPECT_EQ(run_line(rule, "那。。。依你之見"), "那……依你之見");
  EXPECT_EQ(run_line(rule, "那…依你之見"), "那……依你之見");
  EXPECT_EQ(run_line(rule, "那…………依你之見"), "那……依你之見");
  EXPECT_EQ(run_line(rule, "那…...依你之見"), "那……依你之見");
  EXPECT_EQ(run_line(rule, "他走了。。"), "他走了。。");
  EXPECT_EQ(run_line(rule, "他走了……。"), "他走了……。");
  EXPECT_EQ(run_line(rule, "他走了…。"), "他走了……。");
  EXPECT_EQ(run_line(rule, "Wait... what"), "Wait... what");
  EXPECT_EQ(run_line(rule, "π是3.14"), "π是3.14");
}

TEST(Punctuation, NormalizeMakesDashesTheDoubleDash) {
  PunctuationRule rule(true);
  EXPECT_EQ(run_line(rule, "唉——你個——唉！"), "唉——你個——唉！");
  EXPECT_EQ(run_line(rule, "唉--你個—唉"), "唉——你個——唉");
  EXPECT_EQ(run_line(rule, "—狼煙放起"), "——狼煙放起");
  EXPECT_EQ(run_line(rule, "唉———你"), "唉——你");
  EXPECT_EQ(run_line(rule, "唉――你"), "唉——你");
  EXPECT_EQ(run_line(rule, "1990-2000 well-known"), "1990-2000 well-known");
}

TEST(Punctuation, NormalizeRemovesSpacesBetweenChinese) {
  PunctuationRule rule(true);
  EXPECT_EQ(run_line(rule, "“回鶻……” 這兩個字"), "“回鶻……”這兩個字");
  EXPECT_EQ(run_line(rule, "他 走 了\u3000。"), "他走了。");
  EXPECT_EQ(run_line(rule, "过大年!!!"), "过大年！！！");
  EXPECT_EQ(run_line(rule, "他買了 iPhone 手機"), "他買了 iPhone 手機");
  EXPECT_EQ(run_line(rule, "去。  \u3000\u3000原来"), "去。原来");
  // Separators between words stay.
  EXPECT_EQ(run_line(rule, "人参二钱 白术二钱土炒 云苓三钱 白"),
            "人参二钱 白术二钱土炒 云苓三钱 白");
  EXPECT_EQ(run_line(rule, "第1章 宴桃园豪杰三结义 斩黄巾英雄首立功"),
            "第1章 宴桃园豪杰三结义 斩黄巾英雄首立功");
  auto run = run_rule(rule, {"“回鶻……” 這兩個字"});
  ASSERT_EQ(run.repairs.size(), 1u);
  EXPECT_EQ(run.repairs[0].rule, "punctuation");
}

// Do no harm: by default only damage is repaired.
TEST(Punctuation, ExpressiveRunsStayAsWritten) {
  PunctuationRule rule;
  for (const char* line : {"卧槽~~~~~~~~~~", "叮——————————————", "过大年!!!", "那……依你之見",
                           "他走了...", "那。。。依你之見", "—狼煙放起", "唉--你個—唉", "什么?!"})
    EXPECT_EQ(run_line(rule, line), line);
}

TEST(Punctuation, SpacingIsKeptUnlessItShowsDamage) {
  PunctuationRule rule;
  EXPECT_EQ(run_line(rule, "第162章 妈"), "第162章 妈");
  EXPECT_EQ(run_line(rule, "你别走， 我还有话"), "你别走， 我还有话");
  EXPECT_EQ(run_line(rule, "去。  \u3000\u3000原来"), "去。  \u3000\u3000原来");
  EXPECT_EQ(run_line(rule, "他 走 了。"), "他走了。");
  EXPECT_EQ(run_line(rule, "尾 声"), "尾 声");
  EXPECT_EQ(run_line(rule, "目\u3000錄"), "目\u3000錄");
  // One space after a closing quote is the author's; a chapter that does it twice has the habit.
  EXPECT_EQ(run_line(rule, "“回鶻……” 這兩個字"), "“回鶻……” 這兩個字");
  auto habit = run_rule(rule, {"“回鶻……” 這兩個字", "「傳令……」 他的聲音"});
  EXPECT_EQ(habit.lines, (std::vector<std::string>{"“回鶻……”這兩個字", "「傳令……」他的聲音"}));
  // A writer who pads quotations pads both sides (an unseen web novel: 喊 “打 120” 的声音): the
  // space before the opening quote goes with the habit too, not the closing one's alone. The
  // spaces inside the quotation are the writer's.
  auto padded = run_rule(rule, {"同事喊 “打 120” 的声音", "还是 “皇帝” 这种工作，他说： “好。”"});
  EXPECT_EQ(padded.lines,
            (std::vector<std::string>{"同事喊“打 120”的声音", "还是“皇帝”这种工作，他说：“好。”"}));
  EXPECT_EQ(run_line(rule, "同事喊 “打 120”"), "同事喊 “打 120”");  // once, no habit
}

TEST(Punctuation, ALostCharacterStaysAndIsReported) {
  PunctuationRule rule;
  std::vector<Paragraph> paragraphs = {{"劉?不信，又問", 7, false}};
  std::vector<Repair> repairs;
  std::vector<Diagnostic> warnings;
  RepairLog log("punctuation", "t.txt", &repairs, &warnings);
  rule.apply(paragraphs, CleanContext{}, log);
  EXPECT_EQ(paragraphs[0].text, "劉?不信，又問");
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].line, 7);
  EXPECT_EQ(warnings[0].file, "t.txt");
  // A question is still a question.
  EXPECT_EQ(run_line(rule, "你去吗?我不去"), "你去吗？我不去");
}

// A book that asks with '?' (大几啊?”, 新生?” …) and has lost no character to it: a '?'
// between two characters is one of its questions too (京城?兄弟, an unseen 校花学姐's), made
// full width without a warning of a lost character.
TEST(Punctuation, AQuestionMarkBetweenCharactersInABookThatAsksWithIt) {
  PunctuationRule rule;
  std::vector<Chapter> book(1);
  book[0].paragraphs = {{"“学姐，你今年大几啊?”", 1, false},
                        {"“你是新生?”", 2, false},
                        {"“去哪里?”他问。", 3, false},
                        {"“京城?兄弟，大城市来的啊。”", 4, false}};
  test::Decided asks(rule, book);
  std::vector<Paragraph> paragraphs = {{"“京城?兄弟，大城市来的啊。”", 4, false}};
  std::vector<Repair> repairs;
  std::vector<Diagnostic> warnings;
  RepairLog log("punctuation", "t.txt", &repairs, &warnings);
  asks.apply(paragraphs, CleanContext{}, log);
  EXPECT_EQ(paragraphs[0].text, "“京城？兄弟，大城市来的啊。”");
  EXPECT_TRUE(warnings.empty());
  // Where the book has lost characters to '?' (刘?，), it stays and is reported.
  book[0].paragraphs.push_back({"刘?，他说", 5, false});
  book[0].paragraphs.push_back({"张?。", 6, false});
  test::Decided lost(rule, book);
  EXPECT_EQ(run_line(lost, "“京城?兄弟，大城市来的啊。”"), "“京城?兄弟，大城市来的啊。”");
}

TEST(Punctuation, CleanTextIsUnchanged) {
  EXPECT_TRUE(
      run_rule(PunctuationRule(), {"他說：「我們走吧！」", "好……好吧——走。"}).repairs.empty());
}

}  // namespace novelbind
