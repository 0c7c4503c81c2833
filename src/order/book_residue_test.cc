#include "order/book_residue.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

#include <string>
#include <vector>

namespace novelbind {
namespace {

Chapter headed_chapter(const std::string& title, const std::string& heading,
                       std::vector<std::string> lines) {
  Chapter c;
  c.title = title;
  c.heading = heading;
  c.sources = {"book.txt"};
  int n = 0;
  for (std::string& l : lines) c.paragraphs.push_back(Paragraph{std::move(l), ++n, false});
  return c;
}

const std::vector<std::string> kResidueStory = {"他走进门来，看了看四周。",
                                                "屋里没有人，桌上放着一封信。",
                                                "他拆开信，读了两遍。", "窗外的雨下得更大了。"};

std::vector<std::string> story_and(std::vector<std::string> before,
                                   std::vector<std::string> after) {
  std::vector<std::string> out = std::move(before);
  out.insert(out.end(), kResidueStory.begin(), kResidueStory.end());
  out.insert(out.end(), after.begin(), after.end());
  return out;
}

TEST(BookResidue, AContentsLineForTheNextChapterGoes) {
  Book book;
  book.chapters = {
      headed_chapter("第1章 大巴", "第1章 大巴", story_and({}, {"2.第2章 无人的别墅区"})),
      headed_chapter("第2章 无人的别墅区", "第2章 无人的别墅区", story_and({}, {"3.第3章 尖叫"})),
      headed_chapter("第3章 尖叫", "第3章 尖叫", story_and({}, {}))};
  remove_book_residue(book, {});
  for (const Chapter& c : book.chapters)
    EXPECT_EQ(test::paragraph_texts(c), kResidueStory) << c.title;
  ASSERT_EQ(book.chapters[0].repairs.size(), 1u);
  EXPECT_EQ(book.chapters[0].repairs[0].rule, "contents_line");
  EXPECT_EQ(book.chapters[0].repairs[0].before, "2.第2章 无人的别墅区");
  EXPECT_EQ(book.chapters[0].repairs[0].line, 5);
}

TEST(BookResidue, ABreadcrumbWithTheBooksNamesGoes) {
  Book book;
  book.chapters = {headed_chapter("第一回 宴桃园豪杰三结义", "第一回 宴桃园豪杰三结义",
                                  story_and({"罗贯中--三国演义--第一回 宴桃园豪杰三结义"}, {})),
                   headed_chapter("第二回 张翼德怒鞭督邮", "第二回 张翼德怒鞭督邮",
                                  story_and({"罗贯中--三国演义--第二回 张翼德怒鞭督邮"}, {}))};
  remove_book_residue(book, {{"三国演义"}, {"罗贯中"}});
  for (const Chapter& c : book.chapters)
    EXPECT_EQ(test::paragraph_texts(c), kResidueStory) << c.title;
}

// A crawl's breadcrumb with the next chapter's number alone (an unseen 猎奇的后果 from xmtxt:
// 猎奇的后果 正文 第二章 ends 第一章  品川四郎, over 第二章  社长小偷). Without the book's name
// beside it, the number alone may be a heading's echo and stays.
// A site's path to the next chapter, its categories unknown to the book (首页 > 古典 > 红楼新编 >
// 第2章 …, before each heading of an unseen crawl, kept at every chapter's end): it goes. A
// story's arrow, or a path that does not end at a heading, stays.
TEST(BookResidue, ASitesPathToTheNextChapterGoes) {
  Book book;
  book.chapters = {
      headed_chapter("第1章 托内兄", "第1章 托内兄",
                     story_and({}, {"首页 > 古典 > 红楼新编 > 第2章 薄命女"})),
      headed_chapter("第2章 薄命女", "第2章 薄命女",
                     story_and({}, {"首页 » 古典 » 第3章 贾宝玉", "甲 > 乙 > 丙，他在纸上写道。"})),
      headed_chapter("第3章 贾宝玉", "第3章 贾宝玉", story_and({}, {}))};
  remove_book_residue(book, {});
  EXPECT_EQ(test::paragraph_texts(book.chapters[0]), kResidueStory);
  EXPECT_EQ(test::paragraph_texts(book.chapters[1]),
            story_and({}, {"甲 > 乙 > 丙，他在纸上写道。"}));
}

TEST(BookResidue, ABreadcrumbWithTheNextChaptersNumberAloneGoes) {
  Book book;
  book.chapters = {
      headed_chapter("第一章  品川四郎", "第一章  品川四郎",
                     story_and({}, {"猎奇的后果 正文 第二章"})),
      headed_chapter("第二章  社长小偷", "第二章  社长小偷", story_and({}, {"第三章"})),
      headed_chapter("第三章  郊区电影院", "第三章  郊区电影院", story_and({}, {}))};
  remove_book_residue(book, {{"猎奇的后果"}, {}});
  EXPECT_EQ(test::paragraph_texts(book.chapters[0]), kResidueStory);
  ASSERT_EQ(book.chapters[0].repairs.size(), 1u);
  EXPECT_EQ(book.chapters[0].repairs[0].rule, "contents_line");
  EXPECT_EQ(test::paragraph_texts(book.chapters[1]).back(), "第三章");
}

TEST(BookResidue, ABreadcrumbNamesTheAuthorTheBookDoesNot) {
  Book book;
  book.chapters = {headed_chapter("第一回　風月無情", "第一回　風月無情",
                                  story_and({}, {"金庸-->神雕俠侶-->第二回　故人之子"})),
                   headed_chapter("第二回　故人之子", "第二回　故人之子",
                                  story_and({}, {"金庸-->神雕俠侶-->第三回　求師終南"})),
                   headed_chapter("第三回　求師終南", "第三回　求師終南", kResidueStory)};
  EXPECT_EQ(remove_book_residue(book, {{"神雕俠侶"}, {}}), "金庸");
  for (const Chapter& c : book.chapters)
    EXPECT_EQ(test::paragraph_texts(c), kResidueStory) << c.title;
}

TEST(BookResidue, RunningHeadersAndABylineGo) {
  Book book;
  book.chapters = {
      headed_chapter("一 青衫磊落险峰行", "一　　青衫磊落险峰行", story_and({}, {"天龙八部"})),
      headed_chapter("二 玉壁月华明", "二　　玉壁月华明",
                     story_and({}, {"（全书完）", "天龙八部", "金庸"}))};
  remove_book_residue(book, {{"天龙八部"}, {}});
  EXPECT_EQ(test::paragraph_texts(book.chapters[0]), kResidueStory);
  EXPECT_EQ(test::paragraph_texts(book.chapters[1]), story_and({}, {"（全书完）"}));
  EXPECT_EQ(book.chapters[1].repairs.size(), 2u);
}

// A header's 佚名 ("anonymous") names no author: the byline under the running title still goes.
TEST(BookResidue, AnUnknownAuthorLeavesTheBylineToTheBook) {
  Book book;
  book.chapters = {
      headed_chapter("一 青衫磊落险峰行", "一　　青衫磊落险峰行", story_and({}, {"天龙八部"})),
      headed_chapter("二 玉壁月华明", "二　　玉壁月华明",
                     story_and({}, {"（全书完）", "天龙八部", "金庸"}))};
  remove_book_residue(book, {{"天龙八部"}, {"佚名"}});
  EXPECT_EQ(test::paragraph_texts(book.chapters[1]), story_and({}, {"（全书完）"}));
}

TEST(BookResidue, ATypistsCreditGoes) {
  Book book;
  book.chapters = {
      headed_chapter("第一回", "第一回", story_and({}, {"（陈真补输完此回，九七年元月四日。）"})),
      headed_chapter("第二回", "第二回", story_and({}, {"本回由小明录入"}))};
  remove_book_residue(book, {});
  for (const Chapter& c : book.chapters)
    EXPECT_EQ(test::paragraph_texts(c), kResidueStory) << c.title;
  EXPECT_EQ(book.chapters[0].repairs[0].rule, "credit_line");
}

TEST(BookResidue, StoryThatNamesAChapterOrTheBookStays) {
  Book book;
  // A title said in the story, the author's name as a place in one line, a scan in the story,
  // a short book title that is also a word, a game's message in brackets that holds 录入.
  std::vector<std::string> lines = {"决定离开。", "江南。", "他扫描了一下四周。",
                                    "“这是谁录入的？”",
                                    "【亏阴损德-20，已录入点卯簿，可进行点卯】"};
  book.chapters = {headed_chapter("决定离开", "115.决定离开", lines),
                   headed_chapter("回家", "116.回家", {"他回家了。", "回家"})};
  remove_book_residue(book, {{"回家"}, {"江南"}});
  EXPECT_EQ(test::paragraph_texts(book.chapters[0]), lines);
  EXPECT_EQ(test::paragraph_texts(book.chapters[1]),
            (std::vector<std::string>{"他回家了。", "回家"}));
}

// A line at the same edge of most chapters, in words no list knows (a page's banner over the
// text, a button after it): it goes there. A sentence the chapters end with stays, as does a
// line that only some chapters hold, or that stands elsewhere in a chapter.
TEST(BookResidue, ALineAtTheSameEdgeOfMostChaptersGoes) {
  Book book;
  for (int n = 1; n <= 8; ++n) {
    std::string heading = "第" + std::to_string(n) + "章 雨夜" + std::to_string(n);
    std::vector<std::string> before = {"本页内容由云端书架整理生成"};
    std::vector<std::string> after = {"欲知后事如何，且听下回分解。"};
    if (n != 3) after.push_back("阅读愉快　我们下次再见");      // one chapter without it
    if (n % 4 == 0) after.insert(after.begin(), "风吹过山岗");  // two in eight: story
    book.chapters.push_back(headed_chapter(heading, heading, story_and(before, after)));
  }
  // Inside a chapter's text, away from its edges, the same words stay.
  std::vector<std::string> inside = kResidueStory;
  inside.insert(inside.end(), kResidueStory.begin(), kResidueStory.end());
  inside.insert(inside.begin() + 4, "阅读愉快　我们下次再见");
  book.chapters.push_back(headed_chapter("第9章 尾声", "第9章 尾声", inside));
  remove_book_residue(book, {});
  for (int n = 0; n < 8; ++n) {
    std::vector<std::string> expected = kResidueStory;
    if ((n + 1) % 4 == 0) expected.push_back("风吹过山岗");
    expected.push_back("欲知后事如何，且听下回分解。");
    EXPECT_EQ(test::paragraph_texts(book.chapters[n]), expected) << n;
    for (const Repair& r : book.chapters[n].repairs) EXPECT_EQ(r.rule, "edge_line");
  }
  EXPECT_EQ(test::paragraph_texts(book.chapters[8]), inside);
  // Switched off, it stays.
  Book kept;
  for (int n = 1; n <= 8; ++n)
    kept.chapters.push_back(headed_chapter("第" + std::to_string(n) + "章",
                                           "第" + std::to_string(n) + "章",
                                           story_and({}, {"阅读愉快　我们下次再见"})));
  remove_book_residue(kept, {}, {"edge_line"});
  for (const Chapter& c : kept.chapters) EXPECT_EQ(c.paragraphs.size(), 5u);
}

// A site's banner at every chapter's end may close with its stop when its words are a site's
// (最新最全的日本动漫轻小说 轻小说文库 为你一网打尽！, after an unseen light novel's every
// chapter); the story's closing sentence, as recurrent, stays.
TEST(BookResidue, ASitesBannerWithItsStopGoes) {
  Book book;
  for (int n = 1; n <= 8; ++n) {
    std::string heading = "第" + std::to_string(n) + "章 雨夜" + std::to_string(n);
    book.chapters.push_back(
        headed_chapter(heading, heading,
                       story_and({}, {"欲知后事如何，且听下回分解。",
                                      "最新最全的日本动漫轻小说 轻小说文库 为你一网打尽！"})));
  }
  remove_book_residue(book, {});
  for (const Chapter& c : book.chapters)
    EXPECT_EQ(test::paragraph_texts(c), story_and({}, {"欲知后事如何，且听下回分解。"})) << c.title;
}

// A line of the story that recurs at chapters' ends is not one: 正是： before each chapter's
// closing couplet (a 章回 novel's every chapter), a letter's signature ——宝玉 记于怡红院, and
// what a line introduces (题曰：, then 红楼梦, the book's title).
TEST(BookResidue, WhatALineIntroducesAndASignatureAreTheStorys) {
  Book book;
  BookNames names;
  names.titles = {"红楼梦"};
  for (int n = 1; n <= 8; ++n) {
    std::string heading = "第" + std::to_string(n) + "回 雨夜" + std::to_string(n);
    std::vector<std::string> after = {"正是：",
                                      "欲除君侧宵人乱，须听朝中智士谋" + std::to_string(n) + "。"};
    if (n % 2 == 0) after = {"——宝玉 记于怡红院"};
    if (n == 3) after = {"空空道人将石上文字从头抄录，题曰：", "红楼梦"};
    book.chapters.push_back(headed_chapter(heading, heading, story_and({}, after)));
  }
  Book expected = book;
  remove_book_residue(book, names);
  for (std::size_t n = 0; n < book.chapters.size(); ++n)
    EXPECT_EQ(test::paragraph_texts(book.chapters[n]), test::paragraph_texts(expected.chapters[n]))
        << n;
}

TEST(BookResidue, ARuleSwitchedOffStays) {
  Book book;
  book.chapters = {headed_chapter("第1章 大巴", "第1章 大巴", story_and({}, {"2.第2章 尖叫"})),
                   headed_chapter("第2章 尖叫", "第2章 尖叫", kResidueStory)};
  remove_book_residue(book, {}, {"contents_line"});
  EXPECT_EQ(book.chapters[0].paragraphs.size(), 5u);
}

}  // namespace
}  // namespace novelbind
