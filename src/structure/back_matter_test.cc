#include "structure/back_matter.h"

#include <gtest/gtest.h>

#include "structure/scheme_test_books.h"

namespace novelbind {
namespace {

using namespace scheme_test;

// More than a chapter's worth of prose (kMinBackMatter).
std::string prose() {
  return story(7) + story(8) + story(9) + story(10);
}

std::string chapters_then(const std::string& tail) {
  return book(3, [](int i) { return chinese_numeral(i) + "　　青衫磊落"; }) + "　　（全书完）\n" +
         tail;
}

TEST(BackMatter, TheTitleLineBeforeProseAfterTheEndMarkOpensAChapter) {
  auto chapters = split_text(chapters_then("　　天龙八部\n　　金庸\n　　释名\n" + prose()));
  EXPECT_EQ(titles(chapters), (std::vector<std::string>{"一　　青衫磊落", "二　　青衫磊落",
                                                        "三　　青衫磊落", "释名"}));
  // The title lines before it stay where they were: nothing of the text is lost.
  const auto& last = chapters[2].paragraphs;
  ASSERT_GE(last.size(), 3u);
  EXPECT_EQ(last[last.size() - 2].text, "　　天龙八部");
  EXPECT_EQ(last.back().text, "　　金庸");
  EXPECT_EQ(chapters[3].paragraphs.size(), 4u);
}

// A site's line among the title lines (each page's footer) neither heads the prose nor is it.
TEST(BackMatter, ASitesLineAmongTheTitleLinesIsPassedOver) {
  auto chapters = split_text(chapters_then(
      "　　天龙八部\n　　金庸\n请记住本书首发域名：biqu5.com。笔趣阁手机版阅读网址：m.biqu5.com\n"
      "　　释名\n天才一秒记住本站地址：[笔趣阁] https://www.biqu5.com 最快更新！无广告！\n" +
      prose()));
  ASSERT_EQ(chapters.size(), 4u);
  EXPECT_EQ(chapters.back().title, "释名");
}

TEST(BackMatter, NoChapterForAdsShortTextOrAnAfterwordWithItsOwnHeading) {
  // A site's line after the mark is no title; a short note is no chapter's worth of prose.
  EXPECT_EQ(split_text(chapters_then("wwＷ。xiaoshuotxt=com\n" + prose())).size(), 3u);
  EXPECT_EQ(split_text(chapters_then("　　金庸\n" + story(7))).size(), 3u);
  // 后记 is a heading of its own; the title lines before it head nothing.
  auto chapters = split_text(chapters_then("　　金庸\n后记\n" + prose()));
  EXPECT_EQ(chapters.back().title, "后记");
  EXPECT_EQ(chapters.size(), 4u);
}

// Further on after the mark, a title line set apart by more blank lines than the book's lines
// have (诡秘之主: 完本感言（下） after 完本感言（上）'s text, then 番外 and its stories) opens a
// chapter when prose follows it; a sentence set apart, or a sign-off with little after it, does
// not.
TEST(BackMatter, TitleLinesSetApartFurtherOnOpenChaptersToo) {
  auto chapters = split_text(chapters_then(
      "完本感言（上）\n" + prose() + "　　嗯嗯，明天继续完本感言（下）。\n\n\n完本感言（下）\n" +
      prose() + "\n\n　　明天见，诸位。\n" + prose() + "\n\n番外\n\n\n一个普通人的日常（一）\n" +
      prose() + "\n\n\n一个普通人的日常（二）\n" + prose() + "\n\n\n　　乌贼\n" + story(7)));
  EXPECT_EQ(titles(chapters),
            (std::vector<std::string>{"一　　青衫磊落", "二　　青衫磊落", "三　　青衫磊落",
                                      "完本感言（上）", "完本感言（下）", "一个普通人的日常（一）",
                                      "一个普通人的日常（二）"}));
  // 番外 alone above its stories is the part they make, not a chapter without text; the
  // afterwords before it are in no volume.
  EXPECT_EQ(chapters[4].volume, "");
  EXPECT_EQ(chapters[5].volume, "番外");
  EXPECT_EQ(chapters[6].volume, "番外");
  EXPECT_EQ(chapters.back().paragraphs.back().text, story(7).substr(0, story(7).size() - 1));
  // Before the end mark the same lines are the story's (a volume's title between two runs of
  // chapters is unnumbered_volumes' to judge).
  auto before =
      split_text("完本感言（下）\n" + prose() + "\n\n\n一个普通人的日常（一）\n" + prose() +
                 book(3, [](int i) { return chinese_numeral(i) + "　　青衫磊落"; }));
  for (const Chapter& c : before) EXPECT_NE(c.title, "一个普通人的日常（一）");
}

TEST(BackMatter, AnEndMarkBetweenTheBooksOfAnOmnibusEndsOneBook) {
  // The next book's title page follows the mark, then its numbered chapters: no back matter.
  std::string text = chapters_then("　　龙族·悼亡者之瞳\n　　江南 著\n" + prose()) +
                     book(2, [](int i) { return "第" + chinese_numeral(i) + "章 又起"; });
  auto chapters = split_text(text);
  for (const Chapter& c : chapters) EXPECT_NE(c.title, "江南 著");
}

TEST(BackMatter, EndMarksInTheirUsualDress) {
  EXPECT_TRUE(is_end_mark("（全书完）"));
  EXPECT_TRUE(is_end_mark("－全书完－"));
  EXPECT_TRUE(is_end_mark("（全書完）"));
  EXPECT_TRUE(is_end_mark("全文完"));
  EXPECT_FALSE(is_end_mark("（第十一回完）"));
  EXPECT_FALSE(is_end_mark("他说全书完了。"));
}

}  // namespace
}  // namespace novelbind
