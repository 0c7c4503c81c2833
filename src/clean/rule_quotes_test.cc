#include "clean/rule_quotes.h"

#include <gtest/gtest.h>

#include "clean/rule_test_util.h"

namespace novelbind {

using test::run_line;
using test::run_rule;

TEST(Quotes, CornerStyleNestsByLevel) {
  QuotesRule rule;
  EXPECT_EQ(run_line(rule, "他說：“她說‘走’了。”", "corner"), "他說：「她說『走』了。」");
  // Do no harm: nesting written with one kind is the author's style, converted only in style.
  EXPECT_EQ(run_line(rule, "他說：「她說「走」了。」", "corner"), "他說：「她說「走」了。」");
  EXPECT_EQ(run_line(rule, "“一‘二“三”二’一”", "corner"), "「一『二「三」二』一」");
  EXPECT_EQ(run_line(rule, "「她說『走』了。」", "corner"), "「她說『走』了。」");
  EXPECT_EQ(run_line(rule, "「已經是直角引號」", "corner"), "「已經是直角引號」");
}

TEST(Quotes, CurlyStyleNestsByLevel) {
  QuotesRule rule;
  EXPECT_EQ(run_line(rule, "他說：「她說『走』了。」", "curly"), "他說：“她說‘走’了。”");
  EXPECT_EQ(run_line(rule, "他說：「她說「走」了。」", "curly"), "他說：“她說“走”了。”");
}

TEST(Quotes, CornerBracketsOutsideQuotationsStayInACurlyBook) {
  // 『』 around a name, outside any quotation: brackets the author chose, not nesting.
  QuotesRule rule;
  EXPECT_EQ(run_line(rule, "他进入了『古宅惊魂』副本。", "curly"), "他进入了『古宅惊魂』副本。");
  EXPECT_EQ(run_line(rule, "「走吧，」他看着『古宅惊魂』说。", "curly"),
            "“走吧，”他看着『古宅惊魂』说。");
  // Inside a quotation they are its inner quotes, and a pair that does not match is converted.
  EXPECT_EQ(run_line(rule, "“她说『走』了。”", "curly"), "“她说‘走’了。”");
  EXPECT_EQ(run_line(rule, "『走吧’他说。", "curly"), "‘走吧’他说。");
  // A corner book keeps its own.
  EXPECT_EQ(run_line(rule, "他进入了『古宅惊魂』副本。", "corner"), "他进入了『古宅惊魂』副本。");
  // 「」 the author put inside a “” quotation for a term stay: made “”, they would nest the
  // quotation in itself. So do “” inside 「」 in a corner book.
  EXPECT_EQ(run_line(rule, "“只需要记住，「规则是绝对的」。”", "curly"),
            "“只需要记住，「规则是绝对的」。”");
  EXPECT_EQ(run_line(rule, "「只需要记住，“规则”。」", "corner"), "「只需要记住，“规则”。」");
  EXPECT_EQ(run_line(rule, "「他說「走」了。」", "curly"), "“他說“走”了。”");
}

// A paragraph whose straight quotes do not pair as they alternate (one typed as ' in 楊太真外傳:
// 曰："陛下能從臣月中游乎？'乃…): the pairing would close a quotation right after 曰：, and turn
// every quote after it the wrong way; they stay as written.
TEST(Quotes, StraightQuotesThatDoNotPairStayAsWritten) {
  QuotesRule rule;
  const std::string line =
      "又《逸史》云：\"羅公遠中秋侍玄宗，曰：\"陛下能從臣月中游乎？'乃取一枝。"
      "上問曰：\"此何曲也？\"曰：\"霓裳羽衣也。\"";
  EXPECT_EQ(run_line(rule, line, "corner"), line);
  EXPECT_EQ(run_line(rule, "上問曰：\"此何曲也？\"曰：\"霓裳羽衣也。\"", "corner"),
            "上問曰：「此何曲也？」曰：「霓裳羽衣也。」");
}

TEST(Quotes, StraightQuotesArePaired) {
  QuotesRule rule;
  EXPECT_EQ(run_line(rule, "他說:\"走吧\"，她說\"好\"。", "corner"), "他說:「走吧」，她說「好」。");
  EXPECT_EQ(run_line(rule, "他說：“她說\"走\"了。”", "curly"), "他說：“她說‘走’了。”");
  EXPECT_EQ(run_line(rule, "他說\"走吧\"", "keep"), "他說“走吧”");
  EXPECT_EQ(run_line(rule, "「他說\"走吧\"」", "keep"), "「他說『走吧』」");
}

TEST(Quotes, AnUnpairedStraightQuoteClosesTheOpenQuotation) {
  EXPECT_EQ(run_line(QuotesRule(), "鴛鴦叫道：“不要五！\"那骰子轉出一個五來。", "curly"),
            "鴛鴦叫道：“不要五！”那骰子轉出一個五來。");
  // A full-width ＂ among typed quotes is the author's glyph (红楼梦 writes it so).
  EXPECT_EQ(run_line(QuotesRule(), "鴛鴦叫道：“不要五！＂那骰子轉出一個五來。", "curly"),
            "鴛鴦叫道：“不要五！＂那骰子轉出一個五來。");
}

// A text that opens with “ and closes with a straight quote (a Gutenberg 紅樓夢): each straight
// quote that ends an utterance no later typed quote closes is the closer, not a nested opener.
TEST(Quotes, StraightClosersOfTypedQuotations) {
  EXPECT_EQ(
      run_line(QuotesRule(),
               "那些人只嚷：“快請出甄爺來！\"封肅忙陪笑道：“小人姓封，不知可是問他？\"那些公人道",
               "corner"),
      "那些人只嚷：「快請出甄爺來！」封肅忙陪笑道：「小人姓封，不知可是問他？」那些公人道");
  // A typed closer later in the line that a later typed opener takes is that one's: the
  // straight quote still closes the first quotation (the same text, whose quotations end now
  // with ", now with ”; it read 「老先生何興至此？『士隱笑道：…).
  EXPECT_EQ(
      run_line(QuotesRule(), "因問：“老先生何興至此？\"士隱笑道：“今夜中秋。\"便道：“兄何不早言。”",
               "corner"),
      "因問：「老先生何興至此？」士隱笑道：「今夜中秋。」便道：「兄何不早言。」");
  // A quotation nested in one a typed quote closes later, or one a word opens, stays nested.
  EXPECT_EQ(run_line(QuotesRule(), "他說：“她說了\"走吧！\"就走了。”", "curly"),
            "他說：“她說了‘走吧！’就走了。”");
  EXPECT_EQ(run_line(QuotesRule(), "他說：“她說\"走吧\"，然後", "curly"),
            "他說：“她說‘走吧’，然後");
  // 「」 inside a straight quotation stay the author's inner marks (an unseen AI serial).
  EXPECT_EQ(run_line(QuotesRule(), "create_issue(\"我们是否应该给AI说「谢谢」的机会？\")", "curly"),
            "create_issue(“我们是否应该给AI说「谢谢」的机会？”)");
  // A space between the utterance's stop and the straight quote (an unseen 余华 story).
  EXPECT_EQ(
      run_line(QuotesRule(), "“你无耻！ \"林红在电话里喊叫起来，\"你破坏了我们的家庭……“", "curly"),
      "“你无耻！ ”林红在电话里喊叫起来，“你破坏了我们的家庭……“");  // (typed: as written)
}

// A paragraph of Latin words without an ideograph keeps its quotes as typed, in either style:
// an unseen fan translation's "Swindler! Great swindler!" became 「Swindler! Great swindler!」
// and call him ‘Brother.’” became call him ‘Brother.』」. Marks alone take the book's style.
TEST(Quotes, EnglishKeepsItsOwnQuotes) {
  EXPECT_EQ(run_line(QuotesRule(), "\"Swindler! Great swindler!\"", "corner"),
            "\"Swindler! Great swindler!\"");
  EXPECT_EQ(run_line(QuotesRule(), "call him ‘Brother.’”", "corner"), "call him ‘Brother.’”");
  EXPECT_EQ(run_line(QuotesRule(), "“……”", "corner"), "「……」");
  EXPECT_EQ(run_line(QuotesRule(), "他說\"OK\"", "corner"), "他說「OK」");
}

TEST(Quotes, AnUnpairedLineKeepsTheAuthorsLevels) {
  // One ‘ too many: the pairing is unknown, so nothing moves between levels.
  EXPECT_EQ(run_line(QuotesRule(), "“甲‘乙’丙‘‘丁’戊”", "corner"), "「甲『乙』丙『『丁』戊」");
}

TEST(Quotes, KeepLeavesTypographicQuotesAlone) {
  EXPECT_EQ(run_line(QuotesRule(), "“她說「走」了。”", "keep"), "“她說「走」了。”");
}

TEST(Quotes, LineFinalOpeningQuoteStaysAsWritten) {
  // Do no harm: which of the two quotes is wrong cannot be shown from the line.
  EXPECT_EQ(run_line(QuotesRule(), "袭人笑道：“晚上我亲自过来。“", "curly"),
            "袭人笑道：“晚上我亲自过来。“");
}

TEST(Quotes, AMissingCloserIsNotNesting) {
  // 紅樓夢 lost a ” before 如海笑道; the second “ opens a new quotation at the top level.
  EXPECT_EQ(run_line(QuotesRule(), "又問：“不敢進謁。如海笑道：“若論舍親，乃榮公之孫。”", "corner"),
            "又問：「不敢進謁。如海笑道：「若論舍親，乃榮公之孫。」");
}

TEST(Quotes, SecondaryQuotesAtTheTopOfAContinuedQuotationStay) {
  // A paragraph inside a quotation that began paragraphs earlier.
  EXPECT_EQ(run_line(QuotesRule(), "這病就是打這‘用心太過’上得的。", "corner"),
            "這病就是打這『用心太過』上得的。");
}

TEST(Quotes, ApostrophesStay) {
  EXPECT_EQ(run_line(QuotesRule(), "他唱著 don’t cry 走了", "corner"), "他唱著 don’t cry 走了");
}

TEST(Quotes, AQuotationContinuedFromTheLineBefore) {
  // The closing quote of a quotation that spans paragraphs.
  EXPECT_EQ(run_line(QuotesRule(), "”說著便走了。", "corner"), "」說著便走了。");
}

// A straight quote that ends a line after a word or a stop, no quotation open in the line,
// closes one opened paragraphs before (an unseen 龙族: a letter quoted over several paragraphs,
// 诺玛", once made 诺玛“; an unseen 鼠疫, whose opening quote was lost). After a colon it opens.
TEST(Quotes, ALineFinalStraightQuoteClosesAQuotationOpenedBefore) {
  QuotesRule rule;
  EXPECT_EQ(run_line(rule, "　　您诚挚的，乔薇尼\"", "curly"), "　　您诚挚的，乔薇尼”");
  EXPECT_EQ(run_line(rule, "感谢你对本学院的兴趣，但是很遗憾的……\"", "curly"),
            "感谢你对本学院的兴趣，但是很遗憾的……”");
  EXPECT_EQ(run_line(rule, "里厄打断了他的话说：当然，那么我去报告。\"", "curly"),
            "里厄打断了他的话说：当然，那么我去报告。”");
  EXPECT_EQ(run_line(rule, "他大声说：\"", "curly"), "他大声说：“");
  EXPECT_EQ(run_line(rule, "\"亲爱的路明非：", "curly"), "“亲爱的路明非：");
  EXPECT_EQ(run_line(rule, "他说\"走吧\"", "curly"), "他说“走吧”");
}

TEST(Quotes, RecordsTheChange) {
  auto run = run_rule(QuotesRule(), {"“走！”", "沒有引號"}, "corner");
  EXPECT_EQ(run.lines, (std::vector<std::string>{"「走！」", "沒有引號"}));
  ASSERT_EQ(run.repairs.size(), 1u);
  EXPECT_EQ(run.repairs[0].rule, "quotes");
  EXPECT_EQ(run.repairs[0].before, "“走！”");
}

}  // namespace novelbind
