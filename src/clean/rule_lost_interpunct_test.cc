#include "clean/rule_lost_interpunct.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <ctime>
#include "clean/rule_test_util.h"

namespace novelbind {

using test::run_line;
using test::run_rule;

namespace {
test::Decided learned(const std::vector<std::string>& lines) {
  Chapter c;
  for (const std::string& l : lines) c.paragraphs.push_back({l, 1, false});
  return test::Decided(LostInterpunctRule(), {c});
}
}  // namespace

TEST(LostInterpunct, RestoresTheDotInNames) {
  // The seed chapter: 毗伽?那仁 four times over, so the book lost its names' dots, and 娑葛?答摩,
  // met once, is a name too.
  test::Decided rule = learned({"毗伽?那仁滾鞍下馬", "毗伽?那仁猛地站起身"});
  EXPECT_EQ(run_line(rule, "而此刻，毗伽?那仁已經帶著親衛。"), "而此刻，毗伽·那仁已經帶著親衛。");
  EXPECT_EQ(run_line(rule, "“啟稟葉護！娑葛?答摩……那個卑鄙小人！”"),
            "“啟稟葉護！娑葛·答摩……那個卑鄙小人！”");
  EXPECT_EQ(run_line(LostInterpunctRule(), "約翰\uFFFD史密斯"), "約翰·史密斯");
  // Without such evidence, a name is guessed only between the syllables foreign names are spelled
  // in (约翰?史密斯); 九宫山?死之自成 (an unseen 雪山飞狐's afterword, a lost 缢) stays.
  LostInterpunctRule plain;
  EXPECT_EQ(run_line(plain, "约翰?史密斯走了进来。"), "约翰·史密斯走了进来。");
  EXPECT_EQ(run_line(plain, "《明史》于九宫山?死之自成"), "《明史》于九宫山?死之自成");
  auto run = run_rule(rule, {"毗伽?那仁滾鞍下馬"});
  ASSERT_EQ(run.repairs.size(), 1u);
  EXPECT_EQ(run.repairs[0].rule, "lost_interpunct");
  EXPECT_EQ(run.repairs[0].after, "毗伽·那仁滾鞍下馬");
}

TEST(LostInterpunct, KeepsRealQuestions) {
  LostInterpunctRule rule;
  for (const char* question : {"你去嗎?我不去。", "他是誰?我不認識。", "去不去?快說。",
                               "這經書到了手,又有何分别?小僧今日狂妄。", "你吃了什麼?快吐出來。",
                               "好嗎?", "為什麼? 因為"}) {
    EXPECT_EQ(run_line(rule, question), question);
  }
}

TEST(LostInterpunct, BookEvidenceDecides) {
  // The name is written with a dot elsewhere, so even inside a question it is a name.
  test::Decided rule = learned({"阿史那·社爾來了。"});
  EXPECT_EQ(run_line(rule, "誰說阿史那?社爾不來？"), "誰說阿史那·社爾不來？");
  // A book that writes '?' as its question mark: no guessing from the clause.
  test::Decided ascii = learned({"你好?", "他來了?", "走吧?", "真的?"});
  EXPECT_EQ(run_line(ascii, "他來了?我不知道。"), "他來了?我不知道。");
  // A book that asks with '?' between sentences run together (这意味着什么?这霸绝天下): its
  // questions' particles before the mark show it, and a question without one stays too.
  test::Decided asked = learned({"这意味着什么?这霸绝天下。", "你这是何苦呢?你带给我的。",
                                 "他会去修炼他的武魂么?他的武魂又是什么呢？"});
  EXPECT_EQ(run_line(asked, "会不逃?你见过一个叛徒会以死明志?你见过吗？"),
            "会不逃?你见过一个叛徒会以死明志?你见过吗？");
  // A question the book asks again and again after its particle (你知道吗?我…) is no name,
  // however often its two characters meet at the mark.
  test::Decided again = learned({"你愿意嫁给我吗?我终于有资格了。", "你知道吗?我真的好想娶你。"});
  EXPECT_EQ(run_line(again, "小舞，你知道吗?我这一生中最快乐。"),
            "小舞，你知道吗?我这一生中最快乐。");
  // Two questions asked with '?' are enough: a lone mark between a noun and the next
  // question (“玄牝?大梁司天监？) is no name either.
  test::Decided twice =
      learned({"知道这天书是谁给我的吗?是老君爷给我的！", "是真不会感受到疼的吗?”"});
  EXPECT_EQ(run_line(twice, "“玄牝?大梁司天监？搞什么鬼？”"), "“玄牝?大梁司天监？搞什么鬼？”");
  // And one, at a line's end (an unseen 69shuba crawl of four chapters: 你管这叫十分虚弱?), is
  // enough too: 抄?读书人的事 is a question run into the next clause, not a name.
  test::Decided once = learned({"你管这叫十分虚弱?"});
  EXPECT_EQ(run_line(once, "【抄?读书人的事，那能叫抄么？】"), "【抄?读书人的事，那能叫抄么？】");
  // A book where '?' replaced lost characters (三國演義 as found): no guessing either.
  test::Decided lossy = learned({"好大事！”?得玄德面如土色。", "太守刘?，捕七人罪之。"});
  EXPECT_EQ(run_line(lossy, "却反来?吓，何也？"), "却反来?吓，何也？");
}

TEST(LostInterpunct, UsesTheBooksOwnDot) {
  test::Decided rule = learned({"約翰‧史密斯", "瑪莉‧安"});
  EXPECT_EQ(run_line(rule, "喬?華盛頓"), "喬‧華盛頓");
}

TEST(LostInterpunct, AFunctionWordBesideTheMarkIsNoName) {
  LostInterpunctRule rule;
  EXPECT_EQ(test::run_line(rule, "劉?不信，又問道。"), "劉?不信，又問道。");
  EXPECT_EQ(test::run_line(learned({"娑葛?答摩來了", "娑葛?答摩走了"}), "娑葛?答摩那個卑鄙小人"),
            "娑葛·答摩那個卑鄙小人");
}

// A long clause of names whose dots were lost (a book-wide pair, so each mark becomes a dot)
// costs about what short clauses cost: each mark once read its clause from the start
// (quadratic: 22 s against 0.01 s for this line).
TEST(LostInterpunct, ALongClauseOfLostMarksIsQuick) {
  auto seconds = [](const std::string& line) {
    test::Decided rule = learned({line});
    std::clock_t start = std::clock();
    std::string out = run_line(rule, line);
    double s = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
    EXPECT_EQ(out.find('?'), std::string::npos) << "every mark is a dot";
    return s;
  };
  std::string one_clause, short_clauses;
  for (int i = 0; i < 20000; ++i) one_clause += "阿史那?社爾";
  for (int i = 0; i < 20000; ++i) short_clauses += "阿史那?社爾。";
  double reference = seconds(short_clauses);
  double hostile = seconds(one_clause);
  std::printf("short clauses %.3f s, one clause %.3f s\n", reference, hostile);
  EXPECT_LT(hostile, 10 * reference + 0.05);
}

}  // namespace novelbind
