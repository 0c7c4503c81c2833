#include "structure/heading_scheme.h"

#include <gtest/gtest.h>

#include <functional>

#include "base/chinese_number.h"
#include "base/utf8.h"
#include "structure/heading_candidates.h"
#include "structure/scheme_test_books.h"
#include "structure/split.h"

namespace novelbind {
namespace {

using namespace scheme_test;

struct Scheme {
  const char* name;
  std::function<std::string(int)> heading;
};

// A jjwxc download marks every chapter with ☆、: ☆、第121章 … where the author numbered them,
// ☆、天官赐福 where not (an unseen 天官赐福: its first 120 chapters, unnumbered, were run into
// its blurb, the numbered ones the book's only chapters). The ornament makes both headings; the
// titles are what follows it.
TEST(HeadingScheme, AnOrnamentBeforeEveryHeadingMakesTheUnnumberedOnesHeadingsToo) {
  const char* names[] = {"天官赐福", "破烂仙人", "三登仙京", "鬼市探花", "血雨红伞",
                         "铜炉山开", "半月关中", "风师水师", "灵文殿外", "太子悦神"};
  std::string text = "文案\n\n为你，所向披靡！\n\n==================\n\n";
  for (int i = 1; i <= 20; ++i) {
    text += i <= 10 ? "☆、" + std::string(names[i - 1])
                    : "☆、第" + std::to_string(i) + "章 " + names[i - 11] + "之后";
    text += "\n\n　　他抬头看了看天色，天边的云层越压越低。（" + std::to_string(i) +
            "）\n\n　　山路很长，一直延伸到看不见的远方，两旁的树木在风中摇晃。\n\n"
            "　　他走了很久，直到夜色降临，才看到前方有一点灯火。\n\n";
  }
  auto chapters = split_text(text);
  std::vector<std::string> titles;
  for (const Chapter& c : chapters)
    if (!c.front_matter) titles.push_back(c.title);
  ASSERT_EQ(titles.size(), 20u);
  EXPECT_EQ(titles[0], "天官赐福");
  EXPECT_EQ(titles[9], "太子悦神");
  EXPECT_EQ(titles[10], "第11章 天官赐福之后");
  EXPECT_EQ(titles[19], "第20章 太子悦神之后");
}

// An annotated edition (an unseen 野草 of 鲁迅): words of the text carry note marks (大欢喜〔３〕),
// and the notes, wrapped over lines, open with them (〔２〕　拟古的新打油诗　…). Taken for a 〔N〕
// heading scheme, the notes' first lines became chapter titles, their sentences cut in two, and
// the pieces ran together under them. Where the text refers to the marks as often as lines open
// with them, they are notes (drop_note_lines). Here: the marks counted, and a book of 〔N〕
// headings without such marks keeps them. (The excerpt of the unseen book that made the notes
// headings in the binary makes none in split_text; the whole book was checked by hand.)
TEST(HeadingScheme, BracketedNumbersTheTextRefersToAreNotes) {
  EXPECT_EQ(count_note_marks("秋　　夜〔１〕\n　　〔１〕　本篇\n大欢喜〔３〕，word[2] 又[12]\n"),
            4u);
  EXPECT_EQ(count_note_marks("〔１〕　本篇\n［2］ 他\n〔一〕 甲〔〕\n"), 0u);
  std::string headings;
  const char* pieces[] = {"题　　辞", "秋　　夜", "影的告别", "求　乞　者"};
  for (int i = 1; i <= 4; ++i)
    headings += "〔" + std::to_string(i) + "〕 " + pieces[i - 1] +
                "\n\n　　在我的后园，可以看见墙外有两株树，一株是枣树，还有一株也是枣树。\n\n"
                "　　这上面的夜的天空，奇怪而高，我生平没有见过这样奇怪而高的天空。\n\n";
  auto chapters = split_text(headings);
  ASSERT_EQ(chapters.size(), 4u);
  EXPECT_EQ(chapters[3].title, "〔4〕 求　乞　者");
}

// A title closed with a full stop after a spaced 第N章 is a heading where its number follows the
// heading before (斗破苍穹's last chapter, 第一千六百二十三章  结束，也是开始。, was run into the
// chapter before with the book's end); elsewhere it is a line of the story. And a title repeated
// right under another number, the site's own count (第一百七十六章 神秘的残破图片？ over
// 第一百八十二章 神秘的残破图片？), is its echo, not a chapter.
TEST(HeadingScheme, AStoppedTitleInSequenceAndARenumberedEcho) {
  const std::string story =
      "\n\n　　萧炎站在广场上，看着测验魔石碑上的五个大字，脸上露出苦涩的笑容。\n\n"
      "　　他叹了口气，转身离开了广场，背影显得有些落寞。\n\n";
  std::string text = "第一章 陨落的天才" + story + "第二章 斗之气" + story +
                     "第三章 客人\n\n　　第九章 客人" + story + "　　第五章 他走了。\n\n" +
                     "第四章  结束，也是开始。" + story;
  auto chapters = split_text(text);
  std::vector<std::string> titles;
  for (const Chapter& c : chapters) titles.push_back(c.title);
  EXPECT_EQ(titles, (std::vector<std::string>{"第一章 陨落的天才", "第二章 斗之气", "第三章 客人",
                                              "第四章  结束，也是开始。"}));
  bool story_line = false;
  for (const Paragraph& p : chapters[2].paragraphs)
    story_line |= p.text.find("第五章 他走了。") != std::string::npos;
  EXPECT_TRUE(story_line);
}

// A heading's words alone in the story, far out of the count, between two headings that keep
// it (第二回, then the page a character reads, 第一百零八回, then 第三回): a line of the chapter,
// not a chapter 第一百零八回 of its own (with a numbering_gap warning). A heading with a title,
// or one that the next heading counts on from, stays a chapter.
TEST(HeadingScheme, ABareNumberOutOfTheCountIsTheStorysLine) {
  const std::string story =
      "\n\n　　宝玉翻开那本旧书，只见第一页上写着几行小字，看了半日。\n\n"
      "　　次日，早有雨村遣人送了两封银子、四匹锦缎，答谢甄家娘子。\n\n";
  std::string text = "第一回 甄士隐梦幻识通灵" + story + "第二回 贾夫人仙逝扬州城" + story +
                     "　　第一百零八回\n\n　　后面的字都模糊了。" + story +
                     "第三回 托内兄如海荐西宾" + story;
  auto chapters = split_text(text);
  std::vector<std::string> titles;
  for (const Chapter& c : chapters) titles.push_back(c.title);
  EXPECT_EQ(titles, (std::vector<std::string>{"第一回 甄士隐梦幻识通灵", "第二回 贾夫人仙逝扬州城",
                                              "第三回 托内兄如海荐西宾"}));
  bool story_line = false;
  for (const Paragraph& p : chapters[1].paragraphs)
    story_line |= utf8::trim(p.text) == "第一百零八回";
  EXPECT_TRUE(story_line);
  // With a title, or counted on from by the next heading, it is a chapter.
  for (const std::string odd : {"第一百零八回 宝玉出家", "第九回"}) {
    std::string next = odd == "第九回" ? "第十回 托内兄如海荐西宾" : "第三回 托内兄如海荐西宾";
    auto kept = split_text("第一回 甄士隐梦幻识通灵" + story + "第二回 贾夫人仙逝扬州城" + story +
                           odd + story + next + story);
    EXPECT_EQ(kept.size(), 4u) << odd;
  }
}

TEST(HeadingScheme, EachCommonSchemeIsFoundFromTheBookItself) {
  auto zh = [](int i) { return chinese_numeral(i); };
  auto pad = [](int i) {
    std::string s = std::to_string(i);
    return std::string(3 - s.size(), '0') + s;
  };
  const char* roman[] = {"",    "I",    "II", "III", "IV", "V",  "VI",
                         "VII", "VIII", "IX", "X",   "XI", "XII"};
  std::vector<Scheme> schemes = {
      {"一、title", [&](int i) { return zh(i) + "、山雨欲来"; }},
      {"001 title", [&](int i) { return pad(i) + " 山雨欲来"; }},
      {"【第一章】title", [&](int i) { return "【第" + zh(i) + "章】山雨欲来"; }},
      {"（一）title", [&](int i) { return "（" + zh(i) + "）山雨欲来"; }},
      {"Chapter IV", [&](int i) { return std::string("Chapter ") + roman[i]; }},
      {"☆、title", [&](int i) { return "☆、山雨欲来之" + zh(i); }},
      {"正文 第12章 title", [&](int i) { return "正文 第" + std::to_string(i) + "章 山雨欲来"; }},
      {"# 第12章 title", [&](int i) { return "# 第" + std::to_string(i) + "章 山雨欲来"; }},
      {"#12 title", [&](int i) { return "#" + std::to_string(i) + " 山雨欲来"; }},
      {"12：title", [&](int i) { return std::to_string(i) + "：山雨欲来"; }},
      {"49title", [&](int i) { return std::to_string(i) + "上岛城"; }},
      {"一　　title", [&](int i) { return "　　" + zh(i) + "　　青衫磊落险峰行"; }},
      {"1.title", [&](int i) { return std::to_string(i) + ".失业"; }},
      {"第N回 title", [&](int i) { return "第" + zh(i) + "回 彭公授任"; }},
      {"Chapter.12", [&](int i) { return "Chapter." + std::to_string(i); }},
  };
  for (const Scheme& s : schemes) {
    auto chapters = split_text(book(12, s.heading));
    ASSERT_EQ(chapters.size(), 12u) << s.name;
    for (int i = 0; i < 12; ++i) {
      std::string want(utf8::trim(s.heading(i + 1)));
      if (want.rfind("# ", 0) == 0) want = want.substr(2);  // Markdown's mark is no title
      if (want.rfind("正文 ", 0) == 0) want = want.substr(std::string("正文 ").size());  // nor 正文
      if (want.rfind("☆、", 0) == 0) want = want.substr(std::string("☆、").size());  // nor ☆、
      EXPECT_EQ(chapters[i].title, want) << s.name;
      EXPECT_EQ(chapters[i].paragraphs.size(), 2u) << s.name;
    }
  }
}

// A web novel whose chapters were posted in parts, each part under the chapter's heading with
// its part mark (`## 第一章 斗罗大陆，异界唐三（一）`, …（四）): the number on four or five
// headings running is the chapters', not a volume's on every line of a crawl.
TEST(HeadingScheme, ChaptersPostedInPartsKeepTheirHeadings) {
  const char* parts[] = {"一", "二", "三", "四", "五"};
  std::string text;
  std::vector<std::string> want;
  int n = 0;
  for (int chapter = 1; chapter <= 6; ++chapter) {
    for (int part = 0; part < 3 + chapter % 3; ++part) {
      std::string heading =
          "## 第" + chinese_numeral(chapter) + "章 斗罗大陆，异界唐三（" + parts[part] + "）";
      ++n;
      text += heading + "\n\n" + story(n) + story(n + 100) + "\n";
      want.push_back(heading.substr(3));
    }
  }
  auto chapters = split_text(text);
  EXPECT_EQ(titles(chapters), want);
  // A volume's number on every line, its words the same on each, is no chapter scheme.
  std::string crawl;
  for (int i = 1; i <= 20; ++i) crawl += "第十三卷 灯火阑珊\n" + story(i) + story(i + 100);
  for (const Chapter& c : split_text(crawl)) EXPECT_NE(c.title, "第十三卷 灯火阑珊");
}

// A crawl that writes Markdown marks its other sections as it marks its chapters (`## 上架感言`
// before `## 第一章 陨落的天才`): headings too, their mark markup; not a page's button it kept.
TEST(HeadingScheme, MarkdownSectionsBesideMarkdownChapters) {
  std::string text =
      "## 上架感言\n" + story(1) + story(2) + "## 人物出场表\n" + story(3) + story(4);
  for (int i = 1; i <= 8; ++i) {
    text += "## 第" + chinese_numeral(i) + "章 风起云涌\n" + story(10 + i) + story(20 + i);
    if (i == 4) text += "## <<---展开全部章节--->>\n" + story(50) + story(51);
  }
  std::vector<std::string> want = {"上架感言", "人物出场表"};
  for (int i = 1; i <= 8; ++i) want.push_back("第" + chinese_numeral(i) + "章 风起云涌");
  EXPECT_EQ(titles(split_text(text)), want);
}

// A book whose chapters are Markdown headings of titles (`## 大嫂借种`): a heading of the same
// mark that opens with a number (`## 247 浴室下室种 3`, numbers in no sequence) is a chapter too.
TEST(HeadingScheme, MarkdownTitlesMarkNumberedTitlesToo) {
  std::string text;
  std::vector<std::string> want;
  const char* names[] = {"大嫂借种",         "大嫂借种 【二】", "勾引",
                         "告别处男",         "告别处男 【二】", "24 6 浴室下种 3",
                         "247 浴室下室种 3", "2848 浴室下种 4", "249 浴室下2种 5"};
  int n = 0;
  for (const char* name : names) {
    ++n;
    text += std::string("## ") + name + "\n" + story(n) + story(n + 100);
    want.push_back(name);
  }
  EXPECT_EQ(titles(split_text(text)), want);
}

// A folder that holds a few of a book's chapters (第1章, 第134章, 第183章, 第1002章), the last
// with the book's side stories under a volume: the chapters' numbers rise at every heading,
// however far apart, so they are the chapters, not the one volume and its 番外.
TEST(HeadingScheme, ChaptersFarApartThatRiseAreChapters) {
  std::string text;
  std::vector<std::string> want;
  int n = 0;
  for (const char* h : {"第1章 大巴", "第134章 参观", "第183章 抬头的人", "第1002章 新世界"}) {
    ++n;
    text += std::string(h) + "\n" + story(n) + story(n + 100);
    want.push_back(h);
  }
  text += "第二卷：番外\n";
  for (const char* h : {"番外一 照片", "番外二 梦", "番外三 雨夜", "番外四 归来", "番外五 旧友"}) {
    ++n;
    text += std::string(h) + "\n" + story(n) + story(n + 100) + story(n + 200);
    want.push_back(h);
  }
  std::vector<std::string> got;
  for (const Chapter& c : split_text(text))
    if (!c.title.empty()) got.push_back(c.title);
  EXPECT_EQ(got, want);
}

// A book whose last chapters lost their marker (神明降世: 第1489章 …, then 第1490
// 贯穿历史的鸣响！): a line of 第N and a title that continues the numbering, with a chapter's story
// after it, opens a chapter; one that does not continue it, or stands just above the chapter of its
// number, is story.
TEST(HeadingScheme, AChapterHeadingThatLostItsMarkerContinuesTheNumbering) {
  std::string text = book(12, [](int i) { return "第" + std::to_string(i) + "章 风起"; });
  text += "第13 贯穿历史的鸣响！\n" + story(13) + story(113);
  text += "第14 请呼唤我的名（终章）\n" + story(14) + story(114);
  EXPECT_EQ(titles(split_text(text)).back(), "第14 请呼唤我的名（终章）");
  EXPECT_EQ(split_text(text).size(), 14u);
  std::string skipped = book(12, [](int i) { return "第" + std::to_string(i) + "章 风起"; });
  skipped += "第20 另一件事\n" + story(20);
  EXPECT_EQ(split_text(skipped).size(), 12u);
  std::string above = "第1章 风起\n" + story(1) + "第2 天\n第2章 风起\n" + story(2) +
                      "第3章 风起\n" + story(3) + "第4章 风起\n" + story(4);
  EXPECT_EQ(split_text(above).size(), 4u);
  EXPECT_EQ(markerless_chapter_number("第1490 贯穿历史的鸣响！"), 1490);
  EXPECT_EQ(markerless_chapter_number("第一四九一：请呼唤我的名"), 1491);
  EXPECT_FALSE(markerless_chapter_number("第2名是他的弟弟"));
  EXPECT_FALSE(markerless_chapter_number("第2 名是他的弟弟，第3 名是别人。"));
  EXPECT_FALSE(markerless_chapter_number("第5章 风起"));
}

TEST(HeadingScheme, ANumberedListInsideAChapterDoesNotSplitTheBook) {
  std::string text = book(3, [](int i) { return "第" + chinese_numeral(i) + "章 远行"; });
  // A list inside chapter 2 written like a bare-number scheme.
  size_t at = text.find("第三章");
  text.insert(at, "1. 带上干粮\n2. 带上地图\n3. 带上刀\n" + story(7));
  auto chapters = split_text(text);
  EXPECT_EQ(titles(chapters),
            (std::vector<std::string>{"第一章 远行", "第二章 远行", "第三章 远行"}));
  EXPECT_EQ(chapters[1].paragraphs.size(), 6u);
}

TEST(HeadingScheme, ListsInAFileOfOnlyNumberedItemsAreNotChapters) {
  // One chapter whose list items are the only numbered lines: they make no scheme.
  std::string text = story(1) + "一、早起\n二、读书\n三、练剑\n" + story(2);
  auto chapters = split_text(text);
  ASSERT_EQ(chapters.size(), 1u);
  EXPECT_EQ(chapters[0].paragraphs.size(), 5u);
}

TEST(HeadingScheme, KeywordHeadingsJoinTheScheme) {
  std::string text = "楔子\n" + story(1) +
                     book(3, [](int i) { return std::to_string(i) + "、归来"; }) + "尾 声\n" +
                     story(2) + "Epilogue\n" + story(3);
  auto chapters = split_text(text);
  EXPECT_EQ(titles(chapters), (std::vector<std::string>{"楔子", "1、归来", "2、归来", "3、归来",
                                                        "尾 声", "Epilogue"}));
}

TEST(HeadingScheme, TheEvidenceNamesTheScheme) {
  FileCandidates c =
      collect_candidates(book(5, [](int i) { return "第" + chinese_numeral(i) + "章 远行"; }), 60);
  BookStructure s = decide_structure({&c});
  EXPECT_EQ(s.chapters, "第N章");
  EXPECT_NE(s.evidence.find("5 line(s) of shape 第N章, 5 numbered in sequence"), std::string::npos)
      << s.evidence;
}

TEST(HeadingScheme, FileNamesTitleChaptersAndNotesInABookOfFiles) {
  std::vector<FileCandidates> files(3);
  std::vector<std::string> stems = {"第一章 北灵院", "求推荐票！", "第二章 牧域"};
  for (size_t i = 0; i < 3; ++i) {
    files[i] = collect_candidates(story(int(i)), 60);
    add_file_name(&files[i], stems[i], 60);
  }
  BookStructure s = decide_structure({&files[0], &files[1], &files[2]}, stems);
  ASSERT_EQ(s.files[0].lines.size(), 1u);
  EXPECT_EQ(s.files[0].lines[0].text, "第一章 北灵院");
  EXPECT_EQ(s.files[1].note_title, "求推荐票！");
  EXPECT_EQ(s.files[2].lines[0].number, 2);
}

TEST(HeadingScheme, FilesWithoutHeadingsTakeTheTitlesTheirNamesGiveAfterANumber) {
  std::vector<std::string> stems = {"0001_张翼德怒鞭督邮", "0002_议温明董卓叱丁原", "0003_ab12"};
  std::vector<FileCandidates> files(3);
  for (size_t i = 0; i < 3; ++i) {
    files[i] = collect_candidates(story(int(i)), 60);
    add_file_name(&files[i], stems[i], 60);
  }
  BookStructure s = decide_structure({&files[0], &files[1], &files[2]}, stems);
  EXPECT_EQ(s.files[0].note_title, "张翼德怒鞭督邮");
  EXPECT_EQ(s.files[1].note_title, "议温明董卓叱丁原");
  EXPECT_EQ(s.files[2].note_title, "");  // no title in that name: titled by its place
  // Names that are only numbers order the files and title nothing.
  std::vector<std::string> numbers = {"0001", "0002", "0003"};
  BookStructure n = decide_structure({&files[0], &files[1], &files[2]}, numbers);
  EXPECT_EQ(n.files[0].note_title, "");
}

// A name of a weaker shape (2.走为上策) heads its file when the book's own lines use that shape;
// names alone of such a shape (0001 雪夜: a crawler's number and a title) are no scheme, and
// the files take the titles after the numbers.
TEST(HeadingScheme, AWeakShapedNameHeadsAFileOnlyBesideTheBooksOwnLines) {
  std::vector<std::string> stems = {"0001 1.失业", "0002 2.走为上策", "0003 3.人比人得死"};
  std::vector<FileCandidates> files(3);
  const char* texts[] = {"1.失业\n", "", "3.人比人得死\n"};
  for (size_t i = 0; i < 3; ++i) {
    files[i] = collect_candidates(texts[i] + story(int(i)), 60);
    add_file_name(&files[i], stems[i], 60);
  }
  BookStructure s = decide_structure({&files[0], &files[1], &files[2]}, stems);
  ASSERT_EQ(s.files[1].lines.size(), 1u);
  EXPECT_EQ(s.files[1].lines[0].line, 0);
  EXPECT_EQ(s.files[1].lines[0].text, "2.走为上策");
  EXPECT_EQ(s.files[1].lines[0].number, 2);
  ASSERT_EQ(s.files[0].lines.size(), 1u);
  EXPECT_EQ(s.files[0].lines[0].line, 1);  // the file's own heading, not its name

  std::vector<std::string> plain = {"0001 雪夜", "0002 风起", "0003 归来"};
  std::vector<FileCandidates> bare(3);
  for (size_t i = 0; i < 3; ++i) {
    bare[i] = collect_candidates(story(int(i)), 60);
    add_file_name(&bare[i], plain[i], 60);
  }
  BookStructure p = decide_structure({&bare[0], &bare[1], &bare[2]}, plain);
  EXPECT_EQ(p.chapters, "");
  EXPECT_EQ(p.files[1].note_title, "风起");
}

// In a book of files that open with their headings, a file without one is marked for its first
// line to title it; where the files mostly have none, nothing is marked.
TEST(HeadingScheme, AFileWithoutAHeadingAmongFilesThatOpenWithOneIsMarked) {
  std::vector<FileCandidates> files(4);
  for (size_t i = 0; i < 3; ++i)
    files[i] =
        collect_candidates("第" + chinese_numeral(long(i + 1)) + "章 远行\n" + story(int(i)), 60);
  files[3] = collect_candidates("释名\n" + story(3), 60);
  BookStructure s = decide_structure({&files[0], &files[1], &files[2], &files[3]});
  EXPECT_FALSE(s.files[0].first_line_title);
  EXPECT_TRUE(s.files[3].first_line_title);

  std::vector<FileCandidates> loose(4);
  loose[0] = files[0];
  for (size_t i = 1; i < 4; ++i) loose[i] = collect_candidates(story(int(i)), 60);
  BookStructure l = decide_structure({&loose[0], &loose[1], &loose[2], &loose[3]});
  for (size_t i = 0; i < 4; ++i) EXPECT_FALSE(l.files[i].first_line_title) << i;
}

// Headings after the book's name are the book's scheme where the name recurs; a story line
// with a heading after a name, once, is none.
TEST(HeadingScheme, HeadingsAfterTheBooksNameWhereTheNameRecurs) {
  std::string text;
  for (int i = 1; i <= 4; ++i)
    text += "彭公案 第" + chinese_numeral(i) + "回 題" + std::to_string(i) + "\n" + story(i);
  FileCandidates c = collect_candidates(text, 60);
  BookStructure s = decide_structure({&c});
  ASSERT_EQ(s.files[0].lines.size(), 4u);
  EXPECT_EQ(s.files[0].lines[3].number, 4);

  // A crawl's navigation before and after each chapter (当前：第二章 …, 上一章：第一章 …,
  // 下一章：第三章 …) names headings too; the headings themselves are the scheme.
  std::string nav;
  for (int i = 1; i <= 5; ++i) {
    nav += "当前：第" + chinese_numeral(i) + "章 題" + std::to_string(i) + "\n\n";
    if (i > 1) nav += "上一章：第" + chinese_numeral(i - 1) + "章 題\n";
    nav += "第" + chinese_numeral(i) + "章 題" + std::to_string(i) + "\n" + story(i);
    nav += "下一章：第" + chinese_numeral(i + 1) + "章 題\n";
  }
  FileCandidates n = collect_candidates(nav, 60);
  BookStructure ns = decide_structure({&n});
  std::vector<int> lines;
  for (const LineDecision& d : ns.files[0].lines)
    if (d.role == LineRole::kChapter) lines.push_back(d.line);
  ASSERT_EQ(lines.size(), 5u);
  for (int line : lines) {
    size_t start = 0;
    for (int l = 1; l < line; ++l) start = nav.find('\n', start) + 1;
    EXPECT_EQ(nav.compare(start, 3, "第"), 0) << nav.substr(start, 40);
  }

  // A contents block lists the chapters without the name: it is the scheme's contents.
  std::string listed;
  for (int i = 1; i <= 4; ++i)
    listed += "第" + chinese_numeral(i) + "回 題" + std::to_string(i) + "\n";
  listed += "\n" + text;
  FileCandidates b = collect_candidates(listed, 60);
  BookStructure bs = decide_structure({&b});
  size_t contents = 0, chapters = 0;
  for (const LineDecision& d : bs.files[0].lines) {
    contents += d.role == LineRole::kContents;
    chapters += d.role == LineRole::kChapter;
  }
  EXPECT_EQ(contents, 4u);
  EXPECT_EQ(chapters, 4u);

  std::string once = story(1) + "张三 第三章 不期而遇\n" + story(2) + story(3);
  FileCandidates o = collect_candidates(once, 60);
  BookStructure t = decide_structure({&o});
  EXPECT_TRUE(t.files[0].lines.empty());
}

TEST(HeadingScheme, ABookWithoutHeadingLinesBreaksItsChaptersAtWiderGaps) {
  // Paragraphs one blank line apart, chapters three; the title and author on top.
  std::string text = "三國演義\n羅貫中\n\n\n\n";
  for (int c = 0; c < 5; ++c) {
    if (c > 0) text += "\n\n\n";
    for (int p = 0; p < 20; ++p) text += story(c * 20 + p) + "\n";
  }
  auto chapters = split_text(text);
  ASSERT_EQ(chapters.size(), 6u);
  EXPECT_TRUE(chapters[0].front_matter);
  for (size_t i = 1; i < chapters.size(); ++i) {
    EXPECT_EQ(chapters[i].paragraphs.size(), 20u) << i;
    EXPECT_TRUE(chapters[i].title.empty());
  }
  // A gap or two does not make chapters: the text stays one.
  std::string few = "";
  for (int p = 0; p < 60; ++p) few += story(p) + (p == 20 || p == 40 ? "\n\n\n" : "\n");
  EXPECT_EQ(split_text(few).size(), 1u);
}

TEST(HeadingScheme, AHeadingEchoedOverTwoLinesIsOneHeading) {
  // A publisher's layout: "1 科学边界", then the number and the title again on lines of their
  // own. The heading comes first and is the chapter's; its two echoes go.
  std::string text;
  const char* names[] = {"科学边界", "台球", "射手和农场主", "三体", "叶文洁", "宇宙闪烁"};
  for (int i = 1; i <= 6; ++i)
    text += std::to_string(i) + " " + names[i - 1] + "\n　　" + std::to_string(i) + "\n　　" +
            names[i - 1] + "\n" + story(i) + story(i + 100);
  auto chapters = split_text(text);
  ASSERT_EQ(chapters.size(), 6u);
  EXPECT_EQ(chapters[0].title, "1 科学边界");
  EXPECT_EQ(chapters[5].title, "6 宇宙闪烁");
  for (const Chapter& c : chapters) {
    ASSERT_EQ(c.paragraphs.size(), 2u) << c.title;
    EXPECT_NE(c.paragraphs[0].text.find("他走到窗前"), std::string::npos) << c.title;
  }
}

}  // namespace
}  // namespace novelbind
