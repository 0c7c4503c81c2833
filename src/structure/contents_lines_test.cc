#include "structure/contents_lines.h"

#include <gtest/gtest.h>

#include "structure/split.h"

namespace novelbind {
namespace {

// Three chapters headed by a bare numeral and a title, and the contents of the book's first
// part in front of them, its titles run together on one line after the name of a poem.
const char* kBook =
    "天龙八部\n"
    "一、少年游青衫磊落险峰行  玉璧月华明  马疾香幽\n"
    "这部书写了很多年，青衫磊落险峰行是第一回。\n"
    "一　　青衫磊落险峰行\n"
    "青光闪动，一柄青钢剑倏地刺出。\n"
    "二　　玉璧月华明\n"
    "两人剑法迅捷，全力相搏。\n"
    "三　　马疾香幽\n"
    "段誉道：“青衫磊落险峰行、玉璧月华明、马疾香幽，都是好名字。”\n";

FileStructure structure() {
  FileStructure s;
  for (int line : {4, 6, 8}) {
    LineDecision d;
    d.line = line;
    d.role = LineRole::kChapter;
    d.number = line / 2 - 1;
    s.lines.push_back(d);
  }
  return s;
}

TEST(ContentsLines, AFrontMatterLineOfChapterTitlesIsContents) {
  ContentsLines contents(kBook, structure());
  EXPECT_TRUE(contents.is_contents("一、少年游青衫磊落险峰行  玉璧月华明  马疾香幽"));
  // A sentence that names one title is story; so is a line with too few titles in it.
  EXPECT_FALSE(contents.is_contents("这部书写了很多年，青衫磊落险峰行是第一回。"));
  EXPECT_FALSE(
      contents.is_contents("他说青衫磊落险峰行、玉璧月华明、马疾香幽都是他年轻时听过的故事名字，"
                           "后来才知道是一部书里的回目，那部书他找了很多年也没有找到。"));
}

TEST(ContentsLines, TheSplitDropsItFromTheFrontMatterOnly) {
  SourceText source;
  source.path = "tlbb.txt";
  source.text = kBook;
  auto chapters = split_chapters(source, structure());
  ASSERT_EQ(chapters.size(), 4u);  // the front matter and three chapters
  ASSERT_EQ(chapters[0].paragraphs.size(), 2u);
  EXPECT_EQ(chapters[0].paragraphs[0].text, "天龙八部");
  EXPECT_EQ(chapters[0].paragraphs[1].text, "这部书写了很多年，青衫磊落险峰行是第一回。");
  ASSERT_EQ(chapters[0].repairs.size(), 1u);
  EXPECT_EQ(chapters[0].repairs[0].rule, "contents_block");
  EXPECT_EQ(chapters[0].repairs[0].line, 2);
  // The same titles in a chapter's dialogue stay.
  EXPECT_EQ(chapters[3].paragraphs.back().text,
            "段誉道：“青衫磊落险峰行、玉璧月华明、马疾香幽，都是好名字。”");
}

}  // namespace
}  // namespace novelbind
