#include "order/order.h"

#include <gtest/gtest.h>

#include "structure/split.h"

namespace novelbind {
namespace {

// A book made by splitting files given as {name, text}, in this (file-name) order.
Book book_of(const std::vector<std::pair<std::string, std::string>>& files) {
  auto headings = HeadingRecognizer::create(ChaptersConfig{});
  EXPECT_TRUE(headings.ok());
  Book book;
  for (size_t i = 0; i < files.size(); ++i) {
    SourceText source;
    source.path = files[i].first;
    source.text = files[i].second;
    source.index = static_cast<int>(i);
    for (Chapter& c : split_chapters(source, *headings)) book.chapters.push_back(std::move(c));
  }
  return book;
}

std::vector<std::string> titles(const Book& book) {
  std::vector<std::string> out;
  for (const Chapter& c : book.chapters) out.push_back(c.title);
  return out;
}

std::vector<std::string> rules(const Book& book) {
  std::vector<std::string> out;
  for (const Diagnostic& d : book.warnings) out.push_back(d.rule);
  return out;
}

using Texts = std::vector<std::string>;

// The sections after the last chapter of a book in volumes (尾声, 完本感言) are the whole book's,
// with no end mark too (an unseen book's 尾声 and 完本感言 stood inside its 第二卷); a 番外 inside
// a volume, with chapters after it, stays in it.
TEST(OrderTest, TheSectionsAfterTheLastChapterAreInNoVolume) {
  Book book =
      book_of({{"a.txt",
                "第一卷 起\n第一章 甲\n一。\n番外一 雪夜\n二。\n第二卷 又起\n第二章 乙\n三。\n"
                "尾声\n四。\n完本感言\n谢谢大家。\n"}});
  order_chapters(book, ChaptersConfig{});
  std::vector<std::string> volumes;
  for (const Chapter& c : book.chapters) volumes.push_back(c.title + "|" + c.volume);
  EXPECT_EQ(volumes, (Texts{"第一章 甲|第一卷 起", "番外一 雪夜|第一卷 起", "第二章 乙|第二卷 又起",
                            "尾声|", "完本感言|"}));
}

TEST(OrderTest, FilesFollowTheirHeadingNumbers) {
  Book book = book_of({{"x9.txt", "第三章 丙\n三。\n"},
                       {"x1.txt", "第一章 甲\n一。\n"},
                       {"x5.txt", "第2章 乙\n二。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"第一章 甲", "第2章 乙", "第三章 丙"}));
  EXPECT_TRUE(book.warnings.empty());
}

// What opens after the book's end mark (（全书完）) is the book's back matter, in no volume: the
// table of contents shows 完本感言 and 番外 beside the volumes, not inside the last one. An
// omnibus's next book, under a volume heading of its own, is in that volume.
TEST(OrderTest, BackMatterAfterTheEndMarkIsInNoVolume) {
  Book book =
      book_of({{"a.txt",
                "第一卷 起\n第一章 甲\n一。\n第二章 乙\n二。\n（全书完）\n完本感言\n谢谢。\n"
                "番外一 归来\n三。\n第二卷 又起\n第三章 丙\n四。\n"}});
  order_chapters(book, ChaptersConfig{});
  std::vector<std::string> volumes;
  for (const Chapter& c : book.chapters) volumes.push_back(c.title + "|" + c.volume);
  EXPECT_EQ(volumes, (Texts{"第一章 甲|第一卷 起", "第二章 乙|第一卷 起", "完本感言|",
                            "番外一 归来|", "第三章 丙|第二卷 又起"}));
}

TEST(OrderTest, ChaptersInsideAFileKeepTheirOrder) {
  Book book = book_of({{"b.txt", "第三章 丙\n三。\n第四章 丁\n四。\n"},
                       {"a.txt", "第一章 甲\n一。\n第二章 乙\n二。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"第一章 甲", "第二章 乙", "第三章 丙", "第四章 丁"}));
}

TEST(OrderTest, ExplicitListKeepsTheInputOrder) {
  Book book = book_of({{"b.txt", "第二章 乙\n二。\n"}, {"a.txt", "第一章 甲\n一。\n"}});
  ChaptersConfig config;
  config.files = {"b.txt", "a.txt"};
  order_chapters(book, config);
  EXPECT_EQ(titles(book), (Texts{"第二章 乙", "第一章 甲"}));
  EXPECT_EQ(rules(book), Texts{"numbering_order"});
}

TEST(OrderTest, ProloguesFirstEpiloguesLast) {
  Book book = book_of({{"1.txt", "番外 雪夜\n外。\n"},
                       {"2.txt", "第二章 乙\n二。\n"},
                       {"3.txt", "楔子\n楔。\n"},
                       {"4.txt", "第一章 甲\n一。\n"},
                       {"5.txt", "後記\n完。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"楔子", "第一章 甲", "第二章 乙", "番外 雪夜", "後記"}));
}

TEST(OrderTest, FileWithoutHeadingStaysAfterTheFileItFollowsByName) {
  Book book = book_of({{"01.txt", "第二章 乙\n二。\n"},
                       {"02.txt", "沒有標題的一頁。\n"},
                       {"03.txt", "第一章 甲\n一。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"第一章 甲", "第二章 乙", "第三章"}));
}

TEST(OrderTest, GapsAndRepeatsAreWarningsNamingTheFiles) {
  Book book = book_of({{"a.txt", "第十一章 甲\n一。\n"},
                       {"b.txt", "第十三章 乙\n二。\n"},
                       {"c.txt", "第四十章 丙\n三。\n"},
                       {"d.txt", "第40章 丁\n四。\n"}});
  order_chapters(book, ChaptersConfig{});
  ASSERT_EQ(book.warnings.size(), 3u);
  EXPECT_EQ(book.warnings[0].rule, "numbering_gap");
  EXPECT_EQ(book.warnings[0].file, "b.txt");
  EXPECT_EQ(book.warnings[0].line, 1);
  EXPECT_EQ(book.warnings[0].message,
            "chapter 12 is missing between '第十一章 甲' (a.txt:1) and '第十三章 乙' (b.txt:1); "
            "add the missing file(s) or ignore if the source skips them");
  EXPECT_EQ(book.warnings[1].rule, "numbering_gap");
  EXPECT_NE(book.warnings[1].message.find("chapters 14-39 are missing"), std::string::npos);
  EXPECT_EQ(book.warnings[2].rule, "numbering_repeat");
  EXPECT_EQ(book.warnings[2].message,
            "chapter number 40 appears twice: '第四十章 丙' (c.txt:1) and '第40章 丁' (d.txt:1); "
            "check whether one of the files is misnamed or misnumbered");
  EXPECT_EQ(book.chapters.size(), 4u);  // different text: both kept
}

TEST(OrderTest, AnAfterwordNumberedZeroGoesAfterTheChapters) {
  Book book = book_of({{"第0章 完结感言.txt", "第0章 完结感言\n感谢。\n"},
                       {"第1章 师傅死了.txt", "第1章 师傅死了\n一。\n"},
                       {"第2章 我疯了.txt", "第2章 我疯了\n二。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"第1章 师傅死了", "第2章 我疯了", "第0章 完结感言"}));
  // A 第0章 of the story is its prologue, first.
  Book prologue = book_of({{"b.txt", "第1章 甲\n一。\n"}, {"a.txt", "第0章 楔子之前\n零。\n"}});
  order_chapters(prologue, ChaptersConfig{});
  EXPECT_EQ(titles(prologue), (Texts{"第0章 楔子之前", "第1章 甲"}));
}

TEST(OrderTest, PartsOfOneChapterAreNoRepeat) {
  // An author's chapter in parts, one file each: one number, no warning.
  Book book = book_of({{"a.txt", "第七章 小舞（一）\n一。\n"},
                       {"b.txt", "第七章 小舞（三）\n二。\n"},
                       {"c.txt", "第八章 唐门(上)\n三。\n"},
                       {"d.txt", "第八章 唐门(下)\n四。\n"},
                       {"e.txt", "第九章 甲（上）\n五。\n"},
                       {"f.txt", "第九章 乙（下）\n六。\n"}});
  order_chapters(book, ChaptersConfig{});
  ASSERT_EQ(book.warnings.size(), 1u);  // 第九章 甲 and 乙 are two chapters of one number
  EXPECT_EQ(book.warnings[0].rule, "numbering_repeat");
  EXPECT_NE(book.warnings[0].message.find("'第九章 甲（上）'"), std::string::npos);
}

// A splitter that cut a book at its chapter headings leaves a volume heading as the last line of
// the chapter before (an unseen zzk6780051 folder, 超维观测日志: 第二卷：新纪：黑暗时代 at the end
// of 第64章's file, once lost without a word): the volume goes on in the files after it, without an
// empty chapter's warning.
TEST(OrderTest, AVolumeHeadingThatEndsAFileGoesOnInTheNext) {
  Book book = book_of({{"a.txt", "第1章 甲\n一。\n"},
                       {"b.txt", "第2章 乙\n二。\n\n第二卷：新纪\n"},
                       {"c.txt", "第3章 丙\n三。\n"},
                       {"d.txt", "第4章 丁\n四。\n"}});
  order_chapters(book, ChaptersConfig{});
  std::vector<std::string> volumes;
  for (const Chapter& c : book.chapters) volumes.push_back(c.volume);
  ASSERT_EQ(book.chapters.size(), 5u);
  EXPECT_EQ(book.chapters[2].title, "第二卷：新纪");
  EXPECT_EQ(volumes, (Texts{"", "", "第二卷：新纪", "第二卷：新纪", "第二卷：新纪"}));
  EXPECT_TRUE(book.warnings.empty());
}

TEST(OrderTest, VolumesRestartNumbering) {
  Book book = book_of({{"a.txt", "第二卷 北伐\n第1章 丙\n三。\n"},
                       {"b.txt", "第一卷 起兵\n第1章 甲\n一。\n"},
                       {"c.txt", "第2章 乙\n二。\n"},
                       {"d.txt", "第二卷 北伐\n第2章 丁\n四。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"第1章 甲", "第2章 乙", "第1章 丙", "第2章 丁"}));
  EXPECT_EQ(book.chapters[1].volume, "第一卷 起兵");  // c.txt joins the volume before it
  EXPECT_EQ(book.chapters[2].volume, "第二卷 北伐");
  EXPECT_TRUE(book.warnings.empty());
}

// A crawler's folder of a book in parts, each numbered afresh and named by no volume: the files'
// numbers give the order, which the headings alone would deal into one another.
TEST(OrderTest, NumberedFilesKeepTheirOrderWhereTheChapterNumbersStartAgain) {
  Book book = book_of({{"0001.txt", "第一幕 甲\n一。\n"},
                       {"0002.txt", "第二幕 乙\n二。\n"},
                       {"0003.txt", "尾声\n完。\n"},
                       {"0004.txt", "第一章 丙\n三。\n"},
                       {"0005.txt", "第二章 丁\n四。\n"},
                       {"0006.txt", "第三章 戊\n五。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book),
            (Texts{"第一幕 甲", "第二幕 乙", "尾声", "第一章 丙", "第二章 丁", "第三章 戊"}));
  EXPECT_TRUE(book.warnings.empty()) << book.warnings.front().message;
}

// The names alone do not decide: a number that goes down but to 1 (0003.txt holds chapter 2
// after chapter 3), or names that open with no number, and the headings give the order.
TEST(OrderTest, NamesThatContradictTheNumbersDoNotGiveTheOrder) {
  Book book = book_of({{"0001.txt", "第一章 甲\n一。\n"},
                       {"0002.txt", "第三章 丙\n三。\n"},
                       {"0003.txt", "第二章 乙\n二。\n"},
                       {"0004.txt", "第一章 丁\n四。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"第一章 甲", "第一章 丁", "第二章 乙", "第三章 丙"}));
  Book named = book_of({{"a.txt", "第一章 甲\n一。\n"},
                        {"b.txt", "第二章 乙\n二。\n"},
                        {"c.txt", "第一章 丙\n三。\n"}});
  order_chapters(named, ChaptersConfig{});
  EXPECT_EQ(titles(named), (Texts{"第一章 甲", "第一章 丙", "第二章 乙"}));
}

// Files after the story named by their titles alone are read as a book orders them: the story's
// end, its side stories, then the author's afterword (an unseen folder read 后记, 完本感言, 尾声,
// 番外 in the characters' order: the farewell before the ending). Files named in order keep it.
TEST(OrderTest, SectionsAfterTheStoryInTheirPlaces) {
  // Each file's heading is its name, without the order number a name may start with.
  auto titled = [](const std::vector<std::string>& names) {
    std::vector<std::pair<std::string, std::string>> files;
    for (const std::string& n : names) {
      std::string title = n.substr(0, n.size() - 4);
      if (title.size() > 5 && title[4] == ' ') title = title.substr(5);
      files.push_back({n, title + "\n他走到窗前，看着" + title + "的远山。\n"});
    }
    return files;
  };
  Book book = book_of(titled({"后记.txt", "完本感言.txt", "尾声.txt", "楔子.txt",
                              "番外 关公夜读.txt", "第1章 桃园.txt", "第2章 鞭督邮.txt"}));
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"楔子", "第1章 桃园", "第2章 鞭督邮", "尾声", "番外 关公夜读",
                                 "后记", "完本感言"}));
  Book named = book_of(titled({"0001 第1章 桃园.txt", "0002 完本感言.txt", "0003 番外一.txt"}));
  order_chapters(named, ChaptersConfig{});
  EXPECT_EQ(titles(named), (Texts{"第1章 桃园", "完本感言", "番外一"}));
}

TEST(OrderTest, UntitledChaptersAreNumberedByPosition) {
  Book book = book_of({{"0.txt", "一。\n"}, {"1.txt", "二。\n"}, {"2.txt", "三。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"第一章", "第二章", "第三章"}));
}

// A book downloaded from its 79th chapter on: a chapter without a heading after 第79章 and 第80章
// is the 81st, not the 3rd by its place (an unseen translation's Chapter_00081.txt was 第三章
// between Chapter 79 and Chapter 80's neighbours). Where the numbers after it leave no room
// (a continued page between 第1章 and 第2章) the place still numbers it.
TEST(OrderTest, AnUntitledChapterTakesTheNumberAfterTheNumberedOnes) {
  const std::string story = "他回到了城里，天色已晚。\n";
  Book book = book_of({{"0079.txt", "第79章 甲\n" + story},
                       {"0080.txt", "第80章 乙\n" + story},
                       {"0081.txt", "感谢大家的支持，新的一卷开始了。\n" + story}});
  order_chapters(book, ChaptersConfig{});
  // (Written as the book writes its numbers: 第81章 beside 第80章; it was 第八十一章.)
  EXPECT_EQ(titles(book), (Texts{"第79章 甲", "第80章 乙", "第81章"}));
  Book in_numerals = book_of({{"1.txt", "第一回 甲\n" + story},
                              {"2.txt", "第二回 乙\n" + story},
                              {"3.txt", "感谢大家的支持，新的一卷开始了。\n" + story}});
  order_chapters(in_numerals, ChaptersConfig{});
  EXPECT_EQ(titles(in_numerals), (Texts{"第一回 甲", "第二回 乙", "第三回"}));
  Book no_room = book_of({{"1.txt", "第1章 甲\n" + story + "\n" + story},
                          {"1b.txt", "续。\n" + story},
                          {"2.txt", "第2章 乙\n" + story}});
  ChaptersConfig config;
  config.titles = {};
  order_chapters(no_room, config);
  for (const Chapter& c : no_room.chapters) EXPECT_NE(c.title, "第二章");
}

// In an English translation a chapter without a heading is Chapter N, not 第N章.
TEST(OrderTest, AnUntitledChapterOfAnEnglishBookIsChapterN) {
  const std::string story =
      "The old man looked up at the sky and said that the rain would come before the night.\n";
  Book book = book_of({{"Chapter_00079.txt", "Chapter 79: The Gate\nIt was dawn.\n" + story},
                       {"Chapter_00080.txt", "Chapter 80: Da Niu\nDa Niu came home.\n" + story},
                       {"Chapter_00081.txt", "Here is a letter to the readers.\n" + story}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"Chapter 79: The Gate", "Chapter 80: Da Niu", "Chapter 81"}));
}

// A file of its own without a heading, named in words, is titled by its name (an unseen light
// novel's Interlude 1.txt and ⑩于是，比企谷八幡如是说。.txt were 第一章 and 第二章); a first line
// that repeats the name goes as its echo, also without the name's number and with dots after it
// (Interlude...... stayed as the first paragraph). A name that is a code is no title.
TEST(OrderTest, AnUntitledFileNamedInWordsIsTitledByItsName) {
  Book book =
      book_of({{"Interlude 1.txt", "Interlude......\n在黑暗中抬头望见的小窗。\n"},
               {"⑩于是，比企谷八幡如是说。.txt", "⑩于是，比企谷八幡如是说。\n车站前的人海。\n"},
               {"chapter_12.txt", "三。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"Interlude 1", "⑩于是，比企谷八幡如是说。", "第三章"}));
  // (Interlude...... is the name without its number and with dots after it: the echo too.)
  EXPECT_EQ(test::paragraph_texts(book.chapters[0]), (Texts{"在黑暗中抬头望见的小窗。"}));
  EXPECT_EQ(test::paragraph_texts(book.chapters[1]), (Texts{"车站前的人海。"}));
}

TEST(OrderTest, HeadinglessFilesArePlacedByTheNumbersAroundThem) {
  Book book = book_of({{"0.txt", "簡介。\n"},
                       {"1.txt", "第一章 甲\n一。\n"},
                       {"2.txt", "一續。\n"},
                       {"3.txt", "第二章 乙\n二。\n"},
                       {"4.txt", "第三章 丙\n三。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"前言", "第一章 甲", "第二章 乙", "第三章 丙"}));
  EXPECT_EQ(book.chapters[1].sources, (Texts{"1.txt", "2.txt"}));
  EXPECT_EQ(rules(book), Texts{"page_merge"});
  // Titles given for the heading-less files: each is a chapter of its own.
  Book titled = book_of({{"1.txt", "第一章 甲\n一。\n"},
                         {"2.txt", "插曲。\n"},
                         {"3.txt", "第二章 乙\n二。\n"},
                         {"4.txt", "第三章 丙\n三。\n"}});
  ChaptersConfig config;
  config.titles = {"插曲"};
  order_chapters(titled, config);
  EXPECT_EQ(titles(titled), (Texts{"第一章 甲", "插曲", "第二章 乙", "第三章 丙"}));
}

// Files without a heading filling a gap in the numbers exactly (2.txt and 3.txt between 第1章
// and 第4章): the chapters 2 and 3, no numbering_gap warning saying they are missing. A gap they
// do not fill is still one.
TEST(OrderTest, HeadinglessFilesThatFillAGapAreNotMissing) {
  const std::string story = "他走到窗前，看着远处的山峦，心里想着许多事情，久久没有说话。\n";
  Book book = book_of({{"1.txt", "第1章 甲\n" + story},
                       {"2.txt", "夜色渐深，风声在院子里回荡，众人各自散去，只剩他一人。\n"},
                       {"3.txt", "次日天明，他收拾行装，辞别众人，独自上路往北而去。\n"},
                       {"4.txt", "第4章 丁\n" + story}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(book.chapters.size(), 4u);
  const Texts found = rules(book);
  EXPECT_EQ(std::count(found.begin(), found.end(), "numbering_gap"), 0) << found.size();
  Book gap = book_of({{"1.txt", "第1章 甲\n" + story},
                      {"2.txt", "夜色渐深，风声在院子里回荡，众人各自散去，只剩他一人。\n"},
                      {"5.txt", "第5章 戊\n" + story}});
  order_chapters(gap, ChaptersConfig{});
  const Texts gap_found = rules(gap);
  EXPECT_EQ(std::count(gap_found.begin(), gap_found.end(), "numbering_gap"), 1);
}

TEST(OrderTest, TitlesFromTheConfiguration) {
  Book book = book_of({{"0.txt", "一。\n"}, {"1.txt", "第二章 有題\n二。\n"}, {"2.txt", "三。\n"}});
  ChaptersConfig config;
  config.titles = {"開端", "結局"};
  order_chapters(book, config);
  EXPECT_EQ(titles(book), (Texts{"開端", "第二章 有題", "結局"}));
  EXPECT_TRUE(book.warnings.empty());
}

TEST(OrderTest, FrontMatterIsKeptAndEmptyOnesDropped) {
  Book book = book_of({{"0.txt", "作者的話。\n第一章 甲\n一。\n"}, {"1.txt", "第二章 乙\n二。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"前言", "第一章 甲", "第二章 乙"}));

  Book emptied = book_of({{"0.txt", "廣告。\n第一章 甲\n一。\n"}});
  emptied.chapters[0].paragraphs.clear();  // as cleaning does with a site notice
  order_chapters(emptied, ChaptersConfig{});
  EXPECT_EQ(titles(emptied), Texts{"第一章 甲"});
}

TEST(OrderTest, HeaderRepeatedAtTheTopOfEveryFileIsKeptOnce) {
  Book book = book_of({{"3.txt", "三國演義\n羅貫中 著\n第三章 丙\n三。\n"},
                       {"1.txt", "三國演義\n羅貫中 著\n第一章 甲\n一。\n"},
                       {"2.txt", "三国演义\n罗贯中 著\n第二章 乙\n二。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"前言", "第一章 甲", "第二章 乙", "第三章 丙"}));
  EXPECT_EQ(book.chapters[0].sources[0], "1.txt");
  ASSERT_EQ(rules(book), Texts{"repeated_front_matter"});
  EXPECT_EQ(book.warnings[0].message,
            "the text before the first heading of this file is repeated before the first heading "
            "of 2 other file(s) (2.txt, 3.txt); kept it once, here");
}

TEST(OrderTest, PagesInShuffledFilesAreMergedInPageOrder) {
  Book book = book_of({{"f1.txt", "第二十回 劫法場（2/2）\n乙。\n"},
                       {"f2.txt", "第二十一回 回家\n丙。\n"},
                       {"f3.txt", "第二十回 劫法場（1/2）\n甲。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"第二十回 劫法場", "第二十一回 回家"}));
  ASSERT_EQ(book.chapters[0].paragraphs.size(), 2u);
  EXPECT_EQ(book.chapters[0].paragraphs[0].text, "甲。");
  EXPECT_TRUE(book.warnings.empty());
}

TEST(OrderTest, RepeatedChapterIsDroppedNotMergedAsAPage) {
  std::string text = "第五章 重複\n";
  for (int i = 0; i < 20; ++i) text += "這是第" + std::to_string(i) + "段很長的正文內容。\n";
  Book book = book_of({{"a.txt", text}, {"b.txt", text}});
  order_chapters(book, ChaptersConfig{});
  ASSERT_EQ(book.chapters.size(), 1u);
  EXPECT_EQ(book.chapters[0].paragraphs.size(), 20u);
  EXPECT_EQ(rules(book), Texts{"duplicate_chapter"});
  EXPECT_EQ(book.warnings[0].file, "b.txt");
}

TEST(OrderTest, FilesOfTheSameNumberGoInTheOrderTheirTextRunsOn) {
  // A crawl that saved chapter 48 as a second 第四十七章: the names do not order the two files
  // (天 sorts before 灵), the text does.
  auto files = [](const std::string& prefix) {
    return std::vector<std::pair<std::string, std::string>>{
        {prefix + "第四十六章 封印.txt", "第四十六章 封印\n牧尘听了，问道：“灵阵？我没学过啊。”\n"},
        {prefix + "第四十七章 天赋.txt",
         "第四十七章 天赋\n温灵望着凝炼灵印的少年。半月后，他终于将小灵阵布置了出来。\n"},
        {prefix + "第四十七章 灵阵.txt",
         "第四十七章 灵阵\n第二天，牧锋为他找来灵阵老师温灵。温灵让他先凝炼灵印。\n"},
        {prefix + "第四十九章 行动.txt", "第四十九章 行动\n小灵阵布置出来之后，温灵点了点头。\n"}};
  };
  Book book = book_of(files(""));
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book),
            (Texts{"第四十六章 封印", "第四十七章 灵阵", "第四十七章 天赋", "第四十九章 行动"}));
  EXPECT_EQ(rules(book), (Texts{"order_by_text", "numbering_repeat", "numbering_gap"}));
  EXPECT_EQ(book.warnings[0].file, "第四十七章 灵阵.txt");
  EXPECT_EQ(book.warnings[0].message,
            "2 files open with the same chapter number; read in the order their text runs on "
            "from the chapters around them: '第四十七章 灵阵', then '第四十七章 天赋'; list the "
            "files in [chapters] files to fix the order");

  // Numbered names order the files themselves: 0047 before 0048, whatever the text says.
  auto numbered = files("");
  numbered[1].first = "0048 " + numbered[1].first;
  numbered[2].first = "0047 " + numbered[2].first;
  std::swap(numbered[1], numbered[2]);
  std::swap(numbered[1].second, numbered[2].second);  // 0047 now holds 天赋's text
  book = book_of(numbered);
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book),
            (Texts{"第四十六章 封印", "第四十七章 天赋", "第四十七章 灵阵", "第四十九章 行动"}));
}

TEST(OrderTest, UnnumberedSideStoriesKeepTheOrderOfTheirNames) {
  // Two 番外 files whose text happens to run on the other way: they are no sequence.
  Book book =
      book_of({{"a.txt", "第一章 灵阵\n牧尘问道：“灵阵？我没学过啊。”\n"},
               {"番外 雪夜.txt", "番外 雪夜\n温灵望着凝炼灵印的少年，终于将小灵阵布置了出来。\n"},
               {"番外 风起.txt", "番外 风起\n牧锋为他找来灵阵老师温灵。温灵让他先凝炼灵印。\n"}});
  order_chapters(book, ChaptersConfig{});
  EXPECT_EQ(titles(book), (Texts{"第一章 灵阵", "番外 雪夜", "番外 风起"}));
  EXPECT_TRUE(book.warnings.empty());
}

}  // namespace
}  // namespace novelbind

namespace novelbind {
namespace {

// A front matter the cleaning emptied goes, but what was said of it (a decoding warning of its
// file, the lines dropped from it) stays in the book, with the chapter after it.
TEST(OrderTest, AnEmptiedFrontMatterLeavesItsWarningsAndRepairs) {
  Book book = book_of({{"a.txt", "站名\n第一章 甲\n一。\n"}});
  ASSERT_EQ(book.chapters.size(), 2u);
  Chapter& front = book.chapters.front();
  ASSERT_TRUE(front.front_matter);
  front.paragraphs.clear();  // as site_residue leaves it
  front.warnings.push_back({"encoding", "a.txt", 1, "replaced undecodable byte"});
  front.repairs.push_back({"site_residue", "a.txt", 1, "站名", ""});
  order_chapters(book, ChaptersConfig{});
  ASSERT_EQ(titles(book), Texts{"第一章 甲"});
  ASSERT_EQ(book.chapters[0].warnings.size(), 1u);
  EXPECT_EQ(book.chapters[0].warnings[0].rule, "encoding");
  ASSERT_EQ(book.chapters[0].repairs.size(), 1u);
  EXPECT_EQ(book.chapters[0].repairs[0].before, "站名");
}

}  // namespace
}  // namespace novelbind
