#include "ingest/nav_links.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

// An unseen 呐喊, saved from a CHM: each heading behind the page's link to its contents.
TEST(NavLinks, ALinkToTheContentsBeforeALineGoes) {
  std::string text =
      "     -返回目录-狂人日记\n　　某君昆仲，今隐其名。\n     "
      "-返回目录-一\n　　今天晚上，很好的月光。\n"
      "【返回目录】第二章 风起\n[返回目录]\n他说要返回目录页看看。\n";
  NavLinks links = strip_nav_links(&text);
  EXPECT_EQ(text,
            "     狂人日记\n　　某君昆仲，今隐其名。\n     一\n　　今天晚上，很好的月光。\n"
            "第二章 风起\n[返回目录]\n他说要返回目录页看看。\n");
  EXPECT_EQ(links.lines, 3);
  EXPECT_EQ(links.first_line, 1);
}

TEST(NavLinks, ATextWithoutLinksIsLeftAsItIs) {
  std::string text = "第一章 甲\n　　他走了。\n";
  EXPECT_EQ(strip_nav_links(&text).lines, 0);
  EXPECT_EQ(text, "第一章 甲\n　　他走了。\n");
}

}  // namespace
}  // namespace novelbind
