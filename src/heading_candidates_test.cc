#include "heading_candidates.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

TEST(HeadingCandidates, ShortHeadingShapedLinesWithTheirPlace) {
  FileCandidates c = collect_candidates("　　第一章 远行\n他走了。\n\n第二章 归来\n", 60);
  ASSERT_EQ(c.lines.size(), 2u);
  EXPECT_EQ(c.lines[0].line, 1);
  EXPECT_EQ(c.lines[0].text, "第一章 远行");
  EXPECT_EQ(c.lines[0].before, 0u);
  EXPECT_EQ(c.lines[0].length, 5u);  // non-space characters
  EXPECT_EQ(c.lines[1].line, 4);
  EXPECT_EQ(c.lines[1].before, 9u);
  EXPECT_EQ(c.chars, 14u);
  EXPECT_TRUE(collect_candidates("第一章 远行\n", 3).lines.empty());  // longer than the limit
}

TEST(HeadingCandidates, AFileNameTitlesAFileOnlyWhenItSaysSoPlainly) {
  FileCandidates c = collect_candidates("他走了。\n", 60);
  add_file_name(&c, "第三十三章 回营", 60);
  ASSERT_EQ(c.lines.size(), 1u);
  EXPECT_EQ(c.lines[0].line, 0);
  FileCandidates bare = collect_candidates("他走了。\n", 60);
  add_file_name(&bare, "001", 60);
  EXPECT_TRUE(bare.lines.empty());
  FileCandidates own = collect_candidates("第一章 远行\n他走了。\n", 60);
  add_file_name(&own, "第三十三章 回营", 60);
  ASSERT_EQ(own.lines.size(), 1u);
  EXPECT_EQ(own.lines[0].text, "第一章 远行");
}

}  // namespace
}  // namespace novelbind
