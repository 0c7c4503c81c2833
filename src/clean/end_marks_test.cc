#include "clean/end_marks.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "clean/rule_site_residue.h"
#include "clean/rule_test_util.h"

namespace novelbind {
namespace {

// A chapter of story paragraphs; `ends[i]`, when not empty, is glued before the closing 。 of
// paragraph i.
Chapter chapter_with(const std::vector<std::string>& ends) {
  const char* story[] = {"萧炎瞟了一眼，便是收进了纳戒之中",
                         "小医仙迅速的将玉瓶收进怀中",
                         "骤然间在石室内响起地轻微脆响声",
                         "望着那弹射而回地金属扣",
                         "萧炎双掌抱着石盒，想要将之抱起",
                         "十几道影子缓缓从门外的黑暗中行出",
                         "药老顿时乐了起来",
                         "萧炎只觉得以前的自己犹如井底之蛙",
                         "目光首先扫到那玲珑身躯",
                         "他终于知道传说并不只是传说"};
  Chapter c;
  for (std::size_t i = 0; i < 10; ++i) {
    std::string text = story[i];
    if (i < ends.size()) text += ends[i];
    c.paragraphs.push_back({text + "。", static_cast<int>(i + 1), false});
  }
  return c;
}

std::vector<std::string> texts(const CleanRule& rule, const Chapter& c) {
  std::vector<std::string> lines;
  for (const Paragraph& p : c.paragraphs) lines.push_back(p.text);
  return test::run_rule(rule, lines).lines;
}

TEST(EndMarks, AWatermarkGluedBeforeTheStopOfManyParagraphsIsCut) {
  std::vector<Chapter> book = {chapter_with({"武动乾坤", "", "武动乾坤", "", "", "武动乾坤"}),
                               chapter_with({"", "武动乾坤", "", "武动乾坤"})};
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  std::vector<std::string> out = texts(learned, book[0]);
  EXPECT_EQ(out[0], "萧炎瞟了一眼，便是收进了纳戒之中。");
  EXPECT_EQ(out[2], "骤然间在石室内响起地轻微脆响声。");
  for (const std::string& line : out) EXPECT_EQ(line.find("武动乾坤"), std::string::npos) << line;
  // A paragraph of another chapter with the mark once is cut too: the mark is the book's.
  Chapter once = chapter_with({"武动乾坤"});
  EXPECT_EQ(texts(learned, once)[0], "萧炎瞟了一眼，便是收进了纳戒之中。");
}

// The mark glued after the story's own last letters, some of which end many paragraphs (了。,
// 起来。): a longer run that takes them (了武动乾坤, 起来武动乾坤) is no mark, so they stay.
TEST(EndMarks, TheStorysLettersBeforeTheMarkStay) {
  std::vector<Chapter> book;
  for (int c = 0; c < 4; ++c) {
    Chapter chapter = chapter_with({});
    auto& ps = chapter.paragraphs.edit();
    for (std::size_t i = 0; i < ps.size(); ++i) {
      std::string body = ps[i].text.substr(0, ps[i].text.size() - std::string("。").size());
      const char* before = i % 3 == 0 ? "了" : i % 3 == 1 ? "起来" : "";
      ps[i].text = body + before + "武动乾坤。";
    }
    book.push_back(chapter);
  }
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  std::vector<std::string> out = texts(learned, book[0]);
  EXPECT_EQ(out[0], "萧炎瞟了一眼，便是收进了纳戒之中了。");
  EXPECT_EQ(out[1], "小医仙迅速的将玉瓶收进怀中起来。");
  EXPECT_EQ(out[2], "骤然间在石室内响起地轻微脆响声。");
}

// A line the book repeats, some copies with the mark before their stop and some without: one
// line, as often as both together, and so the site's.
TEST(EndMarks, ARepeatedLineWithAndWithoutTheMarkIsOneLine) {
  const std::string credit = "Д任何人不得未经原作者同意将作品用于商业用途，否则后果自负";
  std::vector<Chapter> book;
  for (int c = 0; c < 5; ++c) {
    Chapter chapter = chapter_with({"武动乾坤", "", "武动乾坤", "", "武动乾坤"});
    chapter.paragraphs.push_back({credit + (c < 3 ? "武动乾坤。" : "。"), 11, false});
    book.push_back(chapter);
  }
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  std::vector<std::string> out = texts(learned, book[0]);
  EXPECT_EQ(out.size(), 10u);  // the credit is dropped
  for (const std::string& line : out) EXPECT_EQ(line.find("Д"), std::string::npos) << line;
}

TEST(EndMarks, TheAuthorsOwnEndingsStay) {
  struct Case {
    const char* why;
    std::vector<std::string> ends;
  };
  const Case cases[] = {
      {"a clause after a comma", {"，不在话下", "", "，不在话下", "", "，不在话下"}},
      {"a speech tag after a quotation", {"”她笑道", "”她笑道", "”她笑道", "", "”她笑道"}},
      {"an exclamation of one character", {"哈哈哈", "哈哈哈", "", "哈哈哈", "哈哈哈"}},
      {"a sentence the chapter repeats, longer than a mark",
       {"，只剩下风声在院子里回荡", "，只剩下风声在院子里回荡", "", "，只剩下风声在院子里回荡",
        "，只剩下风声在院子里回荡"}},
  };
  for (const Case& c : cases) {
    std::vector<Chapter> book = {chapter_with(c.ends), chapter_with(c.ends)};
    SiteResidueRule rule;
    test::Decided learned(rule, book);
    std::vector<std::string> before;
    for (const Paragraph& p : book[0].paragraphs) before.push_back(p.text);
    EXPECT_EQ(texts(learned, book[0]), before) << c.why;
  }
}

TEST(EndMarks, AFormulaThatClosesEachChapterOnceIsNoMark) {
  std::vector<Chapter> book;
  for (int i = 0; i < 8; ++i)
    book.push_back(chapter_with({"", "", "", "", "", "", "", "", "", "下回分解"}));
  std::map<std::string, int> tally;
  std::vector<std::string_view> lines;
  std::vector<std::size_t> starts;
  for (const Chapter& c : book) {
    starts.push_back(lines.size());
    for (const Paragraph& p : c.paragraphs) lines.push_back(p.text);
  }
  tally_end_marks(lines, starts, &tally);
  EXPECT_TRUE(learn_end_marks(tally).empty());
}

// A song's refrain at the ends of many lines of one chapter (龙族's 已经是朋友, 从心里是朋友,
// 凝视也是朋友, …): a chapter of its own, in a crawler's folder, sees it nowhere else, yet it is
// the author's. A mark stands in two chapters or more.
TEST(EndMarks, ARefrainOfOneChapterIsNoMark) {
  std::vector<Chapter> book = {
      chapter_with({"是朋友", "是朋友", "", "是朋友", "是朋友", "是朋友", "", "是朋友"})};
  for (int i = 0; i < 3; ++i) book.push_back(chapter_with({}));
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  EXPECT_EQ(texts(learned, book[0])[0], "萧炎瞟了一眼，便是收进了纳戒之中是朋友。");
}

TEST(EndMarks, AWordTheStoryUsesElsewhereIsNoMark) {
  std::vector<Chapter> book = {chapter_with({"点了点头", "", "点了点头", "", "点了点头"}),
                               chapter_with({"点了点头", "", "点了点头"})};
  for (int i = 0; i < 4; ++i)
    book[1].paragraphs.push_back({"他点了点头，转身走了。", 20 + i, false});
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  EXPECT_EQ(texts(learned, book[0])[0], "萧炎瞟了一眼，便是收进了纳戒之中点了点头。");
}

}  // namespace
}  // namespace novelbind
