#include "structure/running_header.h"

#include <gtest/gtest.h>

#include <string>

#include "structure/split.h"

namespace novelbind {
namespace {

const std::string kFrame(30, '=');

TEST(RunningHeader, AFramedHeadingGivesItsNumber) {
  std::string_view after;  // a view into the line: the lines are kept while it is read
  const std::string header = kFrame + "《神雕侠侣》第三十二回" + kFrame;
  EXPECT_EQ(framed_heading_number(header, &after), 32);
  EXPECT_EQ(after, "");
  const std::string glued = header + "返回目录";
  EXPECT_EQ(framed_heading_number(glued, &after), 32);
  EXPECT_EQ(after, "返回目录");
  EXPECT_EQ(framed_heading_number("=====第12章=====", nullptr), 12);
  // Not framed, a frame too short, or no heading inside: no number.
  EXPECT_FALSE(framed_heading_number("第12章 归来", nullptr));
  EXPECT_FALSE(framed_heading_number("==第12章==", nullptr));
  EXPECT_FALSE(framed_heading_number("=====三天后=====", nullptr));
}

TEST(RunningHeader, DroppedBeforeTheHeadingItRepeatsOnly) {
  SourceText source;
  source.path = "sdxl.txt";
  source.text = kFrame + "《神雕侠侣》第一回" + kFrame +
                "\n返回目录\n第一回 风月无情\n越女采莲秋水畔。\n" + kFrame + "《神雕侠侣》第五回" +
                kFrame + "\n第二回 故人之子\n他走了。\n";
  FileStructure structure;
  for (auto [line, number] : {std::pair{3, 1}, {6, 2}}) {
    LineDecision d;
    d.line = line;
    d.role = LineRole::kChapter;
    d.number = number;
    structure.lines.push_back(d);
  }
  auto chapters = split_chapters(source, structure);
  ASSERT_EQ(chapters.size(), 3u);  // the front section (返回目录), and two chapters
  ASSERT_FALSE(chapters[0].repairs.empty());
  EXPECT_EQ(chapters[0].repairs[0].rule, "heading_echo");
  EXPECT_EQ(chapters[0].paragraphs[0].text, "返回目录");
  // The frame before 第二回 says 第五回: not its header, so it stays as text.
  ASSERT_EQ(chapters[1].paragraphs.size(), 2u);
  EXPECT_EQ(chapters[1].paragraphs[1].text, kFrame + "《神雕侠侣》第五回" + kFrame);
}

// A file named by its heading (第一回 风月无情.txt): the page's frame that repeats its number is
// the page's header wherever the chapter has no more text above it than an echo may have under
// it (two short lines), however far down the file (a contents block above it, blank lines).
TEST(RunningHeader, DroppedUnderAFilesNameHeadingWithNoStoryAbove) {
  auto split = [](const std::string& text) {
    SourceText source;
    source.path = "0001 第一回 风月无情.txt";
    source.text = text;
    FileStructure structure;
    LineDecision d;
    d.line = 0;
    d.role = LineRole::kChapter;
    d.number = 1;
    d.text = "第一回 风月无情";
    structure.lines.push_back(d);
    return split_chapters(source, structure);
  };
  const std::string frame = kFrame + "《神雕侠侣》第一回" + kFrame;
  auto chapters =
      split("本书来自www.wmtxt.com\n" + std::string(12, '\n') + frame + "\n越女采莲秋水畔。\n");
  ASSERT_EQ(chapters.size(), 1u);
  ASSERT_EQ(chapters[0].paragraphs.size(), 2u);
  EXPECT_EQ(chapters[0].paragraphs[1].text, "越女采莲秋水畔。");
  // Under three paragraphs of the story, the same frame is text.
  const std::string story =
      "一阵轻柔婉转的歌声，飘在烟水蒙蒙的湖面上。\n歌声发自一艘小船之中。\n船里五个少女和歌嘻笑。";
  chapters = split(story + "\n" + std::string(12, '\n') + frame + "\n越女采莲秋水畔。\n");
  ASSERT_EQ(chapters.size(), 1u);
  EXPECT_EQ(chapters[0].paragraphs.size(), 5u);
}

}  // namespace
}  // namespace novelbind
