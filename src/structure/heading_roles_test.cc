#include "structure/heading_roles.h"

#include <gtest/gtest.h>

#include "base/utf8.h"

#include "base/chinese_number.h"
#include "structure/scheme_test_books.h"

namespace novelbind {
namespace {

using namespace scheme_test;

TEST(HeadingRoles, AContentsBlockAtTheTopIsDroppedAndReported) {
  std::string toc = "目录\n";
  for (int i = 1; i <= 5; ++i) toc += "第" + chinese_numeral(i) + "回 风月无情\n";
  auto chapters =
      split_text(toc + book(5, [](int i) { return "第" + chinese_numeral(i) + "回 风月无情"; }));
  ASSERT_EQ(chapters.size(), 5u);
  EXPECT_EQ(chapters[0].title, "第一回 风月无情");
  int dropped = 0;
  for (const Chapter& c : chapters)
    for (const Repair& r : c.repairs) dropped += r.rule == "contents_block";
  EXPECT_EQ(dropped, 6);  // the label and five entries
}

// A crawl that writes its headings in Markdown (## 1.失业) copies a list of chapters to come as
// text, without the marks: the list is a contents block all the same.
TEST(HeadingRoles, AContentsBlockListsMarkdownHeadingsWithoutTheirMarks) {
  std::string text = book(5, [](int i) { return "## " + std::to_string(i) + ".失业"; });
  for (int i = 6; i <= 10; ++i) text += std::to_string(i) + ".回家\n\n";
  text += book(5, [](int i) { return "## " + std::to_string(i + 5) + ".回家"; });
  auto chapters = split_text(text);
  ASSERT_EQ(chapters.size(), 10u) << ::testing::PrintToString(titles(chapters));
  int dropped = 0;
  for (const Repair& r : chapters[4].repairs) dropped += r.rule == "contents_block";
  EXPECT_EQ(dropped, 5);
}

// A site page's field that names a chapter (最新：第十三卷 灯火阑珊 第2088章 …) is no heading.
TEST(HeadingRoles, APagesFieldNamingTheLatestChapterIsNoHeading) {
  std::string text = "仙逆\n作者：耳根\n最新：第十三卷 灯火阑珊 第2088章 蓦然回首\n加入书架\n\n";
  text += book(
      4, [](int i) { return "## 第十三卷 灯火阑珊 第" + std::to_string(2084 + i) + "章 风起"; });
  auto chapters = split_text(text);
  ASSERT_EQ(chapters.size(), 5u);
  EXPECT_TRUE(chapters[0].front_matter);
  EXPECT_EQ(chapters[0].paragraphs.size(), 4u);
  EXPECT_EQ(chapters[4].title, "第2088章 风起");
}

TEST(HeadingRoles, HeadingLinesWithNoTextBetweenThemAreNotEmptyChapters) {
  std::string text = book(3, [](int i) { return std::to_string(i) + ".失业"; });
  text += "4.甲\n5.乙\n6.丙\n7.丁\n";  // headings whose text the source lost
  text += book(1, [](int) { return "8.回家"; });
  auto chapters = split_text(text);
  EXPECT_EQ(titles(chapters), (std::vector<std::string>{"1.失业", "2.失业", "3.失业", "8.回家"}));
}

TEST(HeadingRoles, EchoesOfAHeadingAreRemovedAndReported) {
  std::string text;
  for (int i = 1; i <= 4; ++i) {
    std::string h = std::to_string(i) + ".决定离开";
    text += h + "\n";
    if (i == 1) text += "　　" + h + "　　香橙失业了，她没想到会这样。" + story(i);
    if (i == 2) text += h + "(2121字)\n" + story(i) + story(i);
    if (i == 3) text += story(i) + story(i) + "3.第3章 决定离开\n";
    if (i == 4) text += story(i) + story(i);
  }
  auto chapters = split_text(text);
  ASSERT_EQ(chapters.size(), 4u);
  // The echo goes; the paragraphs glued after it stay, each a paragraph again (the story
  // here follows the first one after an indent, as a page that lost its line breaks has it).
  ASSERT_EQ(chapters[0].paragraphs.size(), 2u);
  EXPECT_EQ(chapters[0].paragraphs[0].text, "　　香橙失业了，她没想到会这样。");
  EXPECT_EQ(chapters[0].paragraphs[1].text,
            std::string(utf8::trim(story(1).substr(0, story(1).size() - 1))));
  EXPECT_EQ(chapters[1].paragraphs.size(), 2u);
  EXPECT_EQ(chapters[2].paragraphs.size(), 2u);
  for (int i = 0; i < 3; ++i) {
    ASSERT_GE(chapters[i].repairs.size(), 1u) << i;
    EXPECT_EQ(chapters[i].repairs[0].rule, "heading_echo");
  }
  ASSERT_EQ(chapters[0].repairs.size(), 2u);
  EXPECT_EQ(chapters[0].repairs[1].rule, "merged_paragraphs");
}

// A site's line between the heading and its echo (更新时间：… 本章字数：…): the echo still goes,
// whether it stands alone or has the first paragraph glued to it.
TEST(HeadingRoles, AnEchoUnderASitesLineIsStillAnEcho) {
  std::string text;
  for (int i = 1; i <= 4; ++i) {
    std::string h = std::to_string(i) + ".决定离开";
    text += h + "\n更新时间：2012-3-" + std::to_string(i) + " 12:21:33 本章字数：3211\n";
    if (i == 1) text += "　　" + h + "　　香橙失业了，她没想到会这样。\n" + story(i);
    if (i == 2) text += h + "\n" + story(i) + story(i);
    if (i >= 3) text += story(i) + story(i);
  }
  auto chapters = split_text(text);
  ASSERT_EQ(chapters.size(), 4u) << ::testing::PrintToString(titles(chapters));
  ASSERT_EQ(chapters[0].paragraphs.size(), 3u);
  EXPECT_EQ(chapters[0].paragraphs[1].text, "　　香橙失业了，她没想到会这样。");
  ASSERT_EQ(chapters[1].paragraphs.size(), 3u);
  EXPECT_EQ(chapters[1].paragraphs[1].text, story(2).substr(0, story(2).size() - 1));
  for (int i = 0; i < 2; ++i) {
    ASSERT_GE(chapters[i].repairs.size(), 1u) << i;
    EXPECT_EQ(chapters[i].repairs[0].rule, "heading_echo") << i;
  }
  // A line that starts with the heading's words past the chapter's first lines is story.
  std::string later = book(3, [](int i) { return std::to_string(i) + ".决定离开"; });
  later += "4.决定离开\n" + story(4) + story(5) + "　　4.决定离开 的那天，她哭了。\n";
  auto kept = split_text(later);
  ASSERT_EQ(kept.size(), 4u);
  EXPECT_EQ(kept[3].paragraphs.back().text, "　　4.决定离开 的那天，她哭了。");
}

// A site's notice glued before the echo: the echo goes, the notice stays with the paragraph
// (the cleaning cuts it where the book repeats it).
TEST(HeadingRoles, AnEchoAfterASitesNoticeStillGoes) {
  const std::string notice = "一秒记住【笔趣阁 www.biqu5.com】，精彩小说无弹窗免费阅读！";
  std::string text;
  for (int i = 1; i <= 4; ++i) {
    std::string h = std::to_string(i) + ".决定离开";
    text +=
        h + "\n　　" + notice + h + "　　香橙失业了，她没想到会这样。\n" + story(i) + story(i + 9);
  }
  auto chapters = split_text(text);
  ASSERT_EQ(chapters.size(), 4u);
  ASSERT_FALSE(chapters[0].paragraphs.empty());
  EXPECT_EQ(chapters[0].paragraphs[0].text, "　　" + notice + "香橙失业了，她没想到会这样。");
  ASSERT_FALSE(chapters[0].repairs.empty());
  EXPECT_EQ(chapters[0].repairs[0].rule, "heading_echo");
}

// An echo with a note in brackets after the title (the heading, as a file's name gives it, has
// none): the echo and its note go, glued to the story by spaces or by the closing bracket alone.
// A bracket that holds more than a short note, or a sentence, is story.
TEST(HeadingRoles, AnEchoWithANoteInBracketsStillGoes) {
  std::string text;
  const std::vector<std::string> after = {"（二更）　　香橙失业了。", "(加更)香橙失业了。",
                                          "【求月票】　香橙失业了。"};
  for (int i = 1; i <= 3; ++i) {
    std::string h = std::to_string(i) + ".决定离开";
    text += h + "\n　　" + h + after[i - 1] + "\n" + story(i) + story(i + 9);
  }
  for (const std::string kept :
       {"（她想了很久很久，还是不肯走）香橙失业了。", "（二更。）香橙失业了。"}) {
    std::string h = "4.决定离开";
    text += h + "\n　　" + h + kept + "\n" + story(4) + story(13);
  }
  auto chapters = split_text(text);
  ASSERT_EQ(chapters.size(), 5u);
  for (int i = 0; i < 3; ++i) {
    ASSERT_FALSE(chapters[i].paragraphs.empty());
    EXPECT_EQ(utf8::trim(chapters[i].paragraphs[0].text), "香橙失业了。") << i;
  }
  for (int i = 3; i < 5; ++i)
    EXPECT_NE(chapters[i].paragraphs[0].text.find("4.决定离开"), std::string::npos) << i;
}

// A site's section word before every heading (正文 1.失业): the title goes without it, and a
// contents block that lists the chapters without it is the scheme's contents.
TEST(HeadingRoles, ASectionWordBeforeTheHeadings) {
  std::string toc;
  for (int i = 1; i <= 4; ++i) toc += std::to_string(i) + ".决定离开\n";
  auto chapters =
      split_text(toc + book(4, [](int i) { return "正文 " + std::to_string(i) + ".决定离开"; }));
  ASSERT_EQ(chapters.size(), 4u);
  EXPECT_EQ(chapters[0].title, "1.决定离开");
  int dropped = 0;
  for (const Chapter& c : chapters)
    for (const Repair& r : c.repairs) dropped += r.rule == "contents_block";
  EXPECT_EQ(dropped, 4);
}

TEST(HeadingRoles, VolumesAboveChaptersAndNumberingFaultsAreWarnings) {
  std::string text = "第一卷 起兵\n" +
                     book(3, [](int i) { return "第" + chinese_numeral(i) + "回 出师"; }) +
                     "第二卷 北伐\n" + book(1, [](int) { return "第４回 再战"; }) +
                     book(1, [](int) { return "第三五十六回 又战"; });
  auto chapters = split_text(text);
  ASSERT_EQ(chapters.size(), 5u);
  EXPECT_EQ(chapters[0].volume, "第一卷 起兵");
  EXPECT_EQ(chapters[3].volume, "第二卷 北伐");
  ASSERT_EQ(chapters[3].warnings.size(), 1u);
  EXPECT_EQ(chapters[3].warnings[0].rule, "numbering_style");
  EXPECT_EQ(chapters[3].warnings[0].line, 12);
  ASSERT_EQ(chapters[4].warnings.size(), 1u);
  EXPECT_EQ(chapters[4].warnings[0].rule, "numbering_malformed");
  EXPECT_EQ(chapters[4].title, "第三五十六回 又战");
}

}  // namespace
}  // namespace novelbind
