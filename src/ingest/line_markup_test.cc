#include "ingest/line_markup.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

TEST(LineMarkup, LayoutMarkupAtTheEdgesOfLinesGoesAndLinesKeepTheirNumbers) {
  std::string text =
      "&nbsp;&nbsp;&nbsp;&nbsp;第一章 风起<br />\n"
      "\n"
      "&nbsp;&nbsp;&nbsp;&nbsp;他走了。<BR>\n"
      "　　夜色渐深。\n"
      "<p>&emsp;&emsp;风声在回荡。</p>";
  LineMarkup m = strip_line_markup(&text);
  EXPECT_EQ(text, "第一章 风起\n\n他走了。\n　　夜色渐深。\n风声在回荡。");
  EXPECT_EQ(m.lines, 3);
  EXPECT_EQ(m.first_line, 1);
}

TEST(LineMarkup, MarkupInsideALineAndTextWithoutMarkupStay) {
  // Inside a line, a reference is the html cleaning rule's (reported line by line).
  std::string text = "他说&nbsp;好。\n他走了&#8212;&#8212;\n<系统提示>\n";
  std::string before = text;
  LineMarkup m = strip_line_markup(&text);
  EXPECT_EQ(text, before);
  EXPECT_EQ(m.lines, 0);
  std::string plain = "　　他走了。\n";
  EXPECT_EQ(strip_line_markup(&plain).lines, 0);
  EXPECT_EQ(plain, "　　他走了。\n");
}

}  // namespace
}  // namespace novelbind
