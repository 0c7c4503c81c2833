#include "order/headingless_files.h"

#include <gtest/gtest.h>

#include "base/test_util.h"
#include "structure/heading_shape.h"

namespace novelbind {
namespace {

// A chapter of `file`: with a numbered heading when `number` > 0, else as a file without one.
Chapter numbered_file(const std::string& file, long long number, std::vector<std::string> text) {
  Chapter c;
  c.sources = {file};
  if (number > 0) {
    c.title = c.heading = "第" + std::to_string(number) + "章 題" + std::to_string(number);
    c.number = number;
    c.heading_line = 1;
  }
  int line = number > 0 ? 2 : 1;
  for (std::string& p : text) c.paragraphs.push_back({std::move(p), line++, false});
  return c;
}

struct Placed {
  std::vector<Chapter> chapters;
  std::vector<Diagnostic> warnings;
};

Placed placed(std::vector<Chapter> chapters) {
  TextFolder folder;
  std::vector<ChapterPrints> prints;
  for (const Chapter& c : chapters) prints.push_back(chapter_prints(c, folder));
  Placed out;
  place_headingless_files(chapters, prints, &out.warnings);
  EXPECT_EQ(prints.size(), chapters.size());
  for (size_t i = 0; i < chapters.size(); ++i)
    EXPECT_EQ(prints[i].prints.size(), chapters[i].paragraphs.size()) << i;
  out.chapters = std::move(chapters);
  return out;
}

using Texts = std::vector<std::string>;

Texts titles(const Placed& p) {
  Texts out;
  for (const Chapter& c : p.chapters) out.push_back(c.title);
  return out;
}

// The files a splitting tool left beside the chapters go, with a warning naming each; a note
// of the author's without a heading, or a file named in characters, stays.
TEST(HeadinglessFiles, AToolsRecordFilesAreLeftOut) {
  std::vector<Chapter> chapters = {
      numbered_file("斗罗大陆1/metadata.txt", 0, {"title: 斗罗大陆1", "author: 作者：唐家三少"}),
      numbered_file("斗罗大陆1/split_stats.txt", 0,
                    {"处理统计:", "- 总章节数: 40", "- 处理时间: 2025-08-01 10:00:00"}),
      numbered_file("斗罗大陆1/notes.txt", 0, {"求推荐票！明天三更。"}),
      numbered_file("斗罗大陆1/说明.txt", 0, {"状态: 完结"}),
      numbered_file("斗罗大陆1/第一章.txt", 1, {"巴蜀，历来有天府之国的美誉。"}),
      numbered_file("斗罗大陆1/第二章.txt", 2, {"斗罗大陆，天斗帝国西南。"})};
  TextFolder folder;
  std::vector<ChapterPrints> prints;
  for (const Chapter& c : chapters) prints.push_back(chapter_prints(c, folder));
  std::vector<Diagnostic> warnings;
  remove_tool_records(chapters, prints, &warnings);
  ASSERT_EQ(chapters.size(), 4u);
  EXPECT_EQ(prints.size(), 4u);
  EXPECT_EQ(chapters[0].sources[0], "斗罗大陆1/notes.txt");
  EXPECT_EQ(chapters[1].sources[0], "斗罗大陆1/说明.txt");
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0].rule, "tool_record");
  EXPECT_EQ(warnings[0].file, "斗罗大陆1/metadata.txt");
  EXPECT_EQ(warnings[1].file, "斗罗大陆1/split_stats.txt");
}

TEST(HeadinglessFiles, AFileBetweenConsecutiveNumbersIsTheNextPageOfTheChapterBefore) {
  Placed p = placed({numbered_file("1.txt", 1, {"甲一。", "甲二。"}),
                     numbered_file("2.txt", 0, {"甲三。"}), numbered_file("3.txt", 0, {"甲四。"}),
                     numbered_file("4.txt", 2, {"乙。"}), numbered_file("5.txt", 3, {"丙。"})});
  EXPECT_EQ(titles(p), (Texts{"第1章 題1", "第2章 題2", "第3章 題3"}));
  EXPECT_EQ(test::paragraph_texts(p.chapters[0]), (Texts{"甲一。", "甲二。", "甲三。", "甲四。"}));
  EXPECT_EQ(p.chapters[0].sources, (Texts{"1.txt", "2.txt", "3.txt"}));
  ASSERT_EQ(p.chapters[0].repairs.size(), 2u);
  EXPECT_EQ(p.chapters[0].repairs[0].rule, "page_merge");
  EXPECT_EQ(p.chapters[0].repairs[0].file, "2.txt");
  EXPECT_EQ(p.chapters[0].repairs[0].before, "");
  EXPECT_EQ(p.chapters[0].repairs[0].after, "joined to '第1章 題1' as its next page");
  ASSERT_EQ(p.warnings.size(), 2u);
  EXPECT_EQ(p.warnings[0].file, "2.txt");
  EXPECT_EQ(p.warnings[0].message,
            "has no heading and sits between '第1章 題1' and '第2章 題2', whose numbers follow "
            "each other: joined to '第1章 題1' (1.txt) as its next page; give the file a heading, "
            "or list titles in [chapters] titles, to keep it a chapter of its own");
}

TEST(HeadinglessFiles, AParagraphRepeatedAtTheSeamIsKeptOnce) {
  Placed p = placed({numbered_file("1.txt", 1, {"甲一。", "他說：「走吧。」"}),
                     numbered_file("2.txt", 0, {"他说：“走吧。”", "甲三。"}),
                     numbered_file("3.txt", 2, {"乙。"})});
  ASSERT_EQ(p.chapters.size(), 2u);
  EXPECT_EQ(test::paragraph_texts(p.chapters[0]), (Texts{"甲一。", "他說：「走吧。」", "甲三。"}));
  ASSERT_EQ(p.chapters[0].repairs.size(), 2u);
  EXPECT_EQ(p.chapters[0].repairs[0].rule, "page_seam");
  EXPECT_EQ(p.chapters[0].repairs[1].rule, "page_merge");
}

TEST(HeadinglessFiles, AFileInAGapOrAfterTheLastChapterStaysAChapter) {
  // 第2章 is missing: the file may be it, with its heading lost.
  Placed gap = placed({numbered_file("1.txt", 1, {"一。"}), numbered_file("2.txt", 0, {"二。"}),
                       numbered_file("3.txt", 3, {"三。"}), numbered_file("4.txt", 4, {"四。"})});
  EXPECT_EQ(gap.chapters.size(), 4u);
  EXPECT_TRUE(gap.warnings.empty());
  // After the last chapter: an afterword as likely as a last page.
  Placed after = placed({numbered_file("1.txt", 1, {"一。"}), numbered_file("2.txt", 2, {"二。"}),
                         numbered_file("3.txt", 0, {"完。"})});
  EXPECT_EQ(after.chapters.size(), 3u);
  EXPECT_EQ(after.chapters[2].title, "");
  EXPECT_FALSE(after.chapters[2].front_matter);
}

TEST(HeadinglessFiles, FilesBeforeChapterOneAreFrontMatter) {
  Placed p = placed({numbered_file("0.txt", 0, {"簡介。"}), numbered_file("1.txt", 1, {"一。"}),
                     numbered_file("2.txt", 2, {"二。"})});
  ASSERT_EQ(p.chapters.size(), 3u);
  EXPECT_TRUE(p.chapters[0].front_matter);
  EXPECT_EQ(p.chapters[0].title, "前言");
  EXPECT_TRUE(p.warnings.empty());
  // Before 第2章 the file is more likely 第1章 without its heading: left to be titled by place.
  Placed lost = placed({numbered_file("1.txt", 0, {"一。"}), numbered_file("2.txt", 2, {"二。"}),
                        numbered_file("3.txt", 3, {"三。"})});
  EXPECT_FALSE(lost.chapters[0].front_matter);
  EXPECT_EQ(lost.chapters[0].title, "");
}

TEST(HeadinglessFiles, ABookOfMostlyHeadinglessFilesKeepsEveryFile) {
  // Two stray headings among four heading-less files: the files are the chapters.
  Placed p = placed({numbered_file("1.txt", 1, {"一。"}), numbered_file("2.txt", 0, {"二。"}),
                     numbered_file("3.txt", 0, {"三。"}), numbered_file("4.txt", 2, {"四。"}),
                     numbered_file("5.txt", 0, {"五。"}), numbered_file("6.txt", 0, {"六。"})});
  EXPECT_EQ(p.chapters.size(), 6u);
  EXPECT_TRUE(p.warnings.empty());
}

TEST(HeadinglessFiles, ALongRunIsNotTakenForPages) {
  std::vector<Chapter> chapters;
  for (long long n = 1; n <= 12; ++n)
    chapters.push_back(numbered_file(std::to_string(n), n, {"一。"}));
  for (size_t i = 0; i <= kMaxHeadinglessPages; ++i)
    chapters.insert(chapters.begin() + 1, numbered_file("x" + std::to_string(i), 0, {"無題。"}));
  Placed p = placed(std::move(chapters));
  EXPECT_EQ(p.chapters.size(), 12u + kMaxHeadinglessPages + 1);
  EXPECT_TRUE(p.warnings.empty());
}

// 天龙八部's essay after its last chapter, a file of its own in a folder whose files open with
// their headings: its first line 释名 is its title. A sentence, a long line or a line with little
// after it is no title, nor is anything in a file the structure did not mark.
TEST(HeadinglessFiles, AMarkedFileIsTitledByItsShortFirstLine) {
  const std::string essay =
      "“天龙八部”这名词出于佛经。许多大乘佛经叙述佛向诸菩萨、比丘等说法时，常有天龙八部参与听法。";
  // (The book's other files open with their headings.)
  std::vector<Chapter> chapters = {numbered_file("0050.txt", 50, {essay}),
                                   numbered_file("0051.txt", 0, {"释名", essay}),
                                   numbered_file("0052.txt", 0, {"他走了。", essay}),
                                   numbered_file("0053.txt", 0, {"后记", "完。"}),
                                   numbered_file("0054.txt", 0, {"后记", essay})};
  for (size_t i = 1; i < 4; ++i) chapters[i].first_line_title = true;
  title_headingless_by_first_line(chapters);
  EXPECT_EQ(chapters[1].title, "释名");
  EXPECT_EQ(chapters[1].heading, "释名");
  EXPECT_EQ(chapters[1].heading_line, 1);
  EXPECT_EQ(test::paragraph_texts(chapters[1]), std::vector<std::string>{essay});
  ASSERT_EQ(chapters[1].repairs.size(), 1u);
  EXPECT_EQ(chapters[1].repairs[0].rule, "first_line_title");
  for (size_t i = 2; i < 5; ++i) {
    EXPECT_EQ(chapters[i].title, "") << i;
    EXPECT_EQ(chapters[i].paragraphs.size(), 2u) << i;
  }
}

// A Markdown heading opening a file without another (a crawler's 002.md: # 《一层楼》诗) is its
// title, whatever the structure marked; its marks go.
TEST(HeadinglessFiles, AMarkdownHeadingOpeningAFileIsItsTitle) {
  const std::string poem = "深院东风任恣吹，浅绿嫩红乱纷飞，书生感怀餂笔处，春光复归花复开。";
  std::vector<Chapter> chapters = {numbered_file("000.md", 0, {"写在前面", poem}),
                                   numbered_file("002.md", 0, {"# 《一层楼》诗", poem}),
                                   numbered_file("003.md", 0, {"#没有空格", poem})};
  chapters[0].title = chapters[0].heading = "序";
  title_headingless_by_first_line(chapters);
  EXPECT_EQ(chapters[1].title, "《一层楼》诗");
  EXPECT_EQ(test::paragraph_texts(chapters[1]), std::vector<std::string>{poem});
  EXPECT_EQ(chapters[2].title, "");  // (no space after the mark: a tag, not a heading)
}

// The text before a book's first heading, named 前言 for want of a title, that opens with a
// title of its own (写在连载前, then the author's foreword): that line is its title.
TEST(HeadinglessFiles, TheFrontSectionIsTitledByItsOwnFirstLine) {
  const std::string essay =
      "亲爱的读者大大们，说心里话，我现在心里既激动，又难过。激动的是，你们又可以登上我的小车。";
  auto front = [&](std::vector<std::string> lines) {
    Chapter c = numbered_file("三寸人间.txt", 0, lines);
    c.front_matter = true;
    c.title = front_section_title();
    return c;
  };
  std::vector<Chapter> chapters = {front({"写在连载前", essay}), front({"他走了。", essay}),
                                   numbered_file("三寸人间.txt", 1, {essay})};
  title_headingless_by_first_line(chapters);
  EXPECT_EQ(chapters[0].title, "写在连载前");
  EXPECT_TRUE(chapters[0].front_matter);
  EXPECT_EQ(test::paragraph_texts(chapters[0]), std::vector<std::string>{essay});
  EXPECT_EQ(chapters[1].title, front_section_title());
  EXPECT_EQ(chapters[1].paragraphs.size(), 2u);
}

// In a book without a heading anywhere (0001.txt, 0002.txt …, each opening with its title), the
// files' short first lines are their titles when two files in three or more open so; when
// fewer do, a short first line is the story's and stays.
TEST(HeadinglessFiles, FilesWithoutHeadingsAreTitledByTheirFirstLinesWhenMostOpenSo) {
  const std::string essay =
      "夜色渐深，风声在院子里回荡，屋里的灯一盏盏熄了，只剩下书房里还亮着一点光，照着窗纸。";
  auto book = [&](std::vector<std::string> firsts) {
    std::vector<Chapter> chapters;
    for (size_t i = 0; i < firsts.size(); ++i) {
      std::string name = "000" + std::to_string(i + 1) + ".txt";
      chapters.push_back(firsts[i].empty() ? numbered_file(name, 0, {essay, essay})
                                           : numbered_file(name, 0, {firsts[i], essay}));
      chapters.back().first_line_title = true;
    }
    title_headingless_by_first_line(chapters);
    std::vector<std::string> titles;
    for (const Chapter& c : chapters) titles.push_back(c.title);
    return titles;
  };
  EXPECT_EQ(book({"风起青萍", "初入江湖", "夜雨孤灯", ""}),
            (std::vector<std::string>{"风起青萍", "初入江湖", "夜雨孤灯", ""}));
  EXPECT_EQ(book({"清晨", "", "", ""}), (std::vector<std::string>{"", "", "", ""}));
}

// The text before a book's only heading, its back matter's (附錄), is its story (an unseen
// 長恨歌傳: 前言 and 附錄): titled with the book's title. Before a numbered chapter, or a
// heading of the story's own, it stays the front matter it is.
TEST(TitleLoneStory, TheTextBeforeTheBackMatterIsTheStory) {
  auto book = [](const std::string& after) {
    Chapter front;
    front.title = front_section_title();
    front.front_matter = true;
    front.paragraphs.push_back({"開元中，泰階平，四海無事。", 3, false});
    Chapter back;
    back.title = back.heading = after;
    back.paragraphs.push_back({"漢皇重色思傾國，御宇多年求不得。", 20, false});
    return std::vector<Chapter>{front, back};
  };
  std::vector<Chapter> story = book("附錄");
  EXPECT_TRUE(title_lone_story(story, "長恨歌傳"));
  EXPECT_EQ(story[0].title, "長恨歌傳");
  EXPECT_FALSE(story[0].front_matter);
  std::vector<Chapter> afterword = book("后记");
  EXPECT_TRUE(title_lone_story(afterword, "長恨歌傳"));
  for (const char* heading : {"第一章 開元", "楔子"}) {
    std::vector<Chapter> preface = book(heading);
    EXPECT_FALSE(title_lone_story(preface, "長恨歌傳")) << heading;
    EXPECT_EQ(preface[0].title, front_section_title()) << heading;
  }
}

// A 回's couplet on the line under its bare heading (older packs: 第一回, then 宴桃园豪杰三结义
// 斩黄巾英雄首立功): the heading's title, where most such headings have one; a short story line
// under a bare heading in a book whose other bare headings have none stays story.
TEST(TitleBareHeadings, TheLineUnderABareHeadingIsItsTitle) {
  auto chapter = [](const std::string& heading, long long n, std::vector<std::string> lines) {
    Chapter c;
    c.title = c.heading = heading;
    c.number = n;
    c.sources = {"三国演义.txt"};
    int line = 2;
    for (std::string& l : lines) c.paragraphs.push_back({std::move(l), line++, false});
    return c;
  };
  std::vector<Chapter> book = {
      chapter("第一回", 1, {"宴桃园豪杰三结义　斩黄巾英雄首立功", "话说天下大势，分久必合。"}),
      chapter("第二回", 2, {"张翼德怒鞭督邮　何国舅谋诛宦竖", "且说董卓字仲颖。"}),
      chapter("第三回", 3, {"议温明董卓叱丁原　馈金珠李肃说吕布", "且说曹操当日。"})};
  title_bare_headings_by_next_line(book);
  EXPECT_EQ(book[0].title, "第一回 宴桃园豪杰三结义　斩黄巾英雄首立功");
  EXPECT_EQ(book[2].title, "第三回 议温明董卓叱丁原　馈金珠李肃说吕布");
  EXPECT_EQ(test::paragraph_texts(book[1]), (std::vector<std::string>{"且说董卓字仲颖。"}));
  EXPECT_EQ(book[0].repairs.at(0).rule, "first_line_title");

  std::vector<Chapter> story = {chapter("第一章", 1, {"风停了", "他走进山里。"}),
                                chapter("第二章", 2, {"第二天早上，太阳照常升起。", "山里很静。"}),
                                chapter("第三章", 3, {"“走吧。”她说。", "他们走了。"})};
  title_bare_headings_by_next_line(story);
  EXPECT_EQ(story[0].title, "第一章");
  EXPECT_EQ(story[0].paragraphs.size(), 2u);
}

}  // namespace
}  // namespace novelbind
