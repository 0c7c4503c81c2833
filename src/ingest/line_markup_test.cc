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
  // Each reference and tag of the list counts alone too.
  for (const char* marked :
       {"&ensp;他走了。", "&#xa0;他走了。", "&#12288;他走了。", "他走了。</p>"}) {
    std::string one = marked;
    EXPECT_EQ(strip_line_markup(&one).lines, 1) << marked;
    EXPECT_EQ(one, "他走了。") << marked;
  }
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

// A page's source with its lines run together: the breaks are its line ends.
TEST(LineMarkup, LinesRunTogetherWithBreakTagsAreLinesAgain) {
  std::string text =
      "&nbsp;&nbsp;第一章 风起<br /><br />&nbsp;&nbsp;他走了。<br/>&nbsp;&nbsp;夜色渐深。<BR>"
      "<p>风声在回荡。</p><p>第二章 归来</p>";
  LineMarkup m = strip_line_markup(&text);
  EXPECT_EQ(text, "第一章 风起\n\n他走了。\n夜色渐深。\n风声在回荡。\n第二章 归来\n");
  EXPECT_EQ(m.breaks, 6);
}

// A text that keeps its lines, with a run of breaks inside one (a page's paragraph break the
// crawl did not turn into a line end): each run is one line end, and the paragraphs are two
// again; they were one. A run at a line's edge is the edge's markup, as before.
TEST(LineMarkup, ARunOfBreaksInsideALineIsAParagraphBreak) {
  std::string text =
      "第一回 宴桃园\n"
      "　　时巨鹿郡有兄弟三人。<br /><br />青、幽、徐、冀八州之人。\n"
      "　　他走了。<br>夜色渐深。<BR/> &nbsp;<br>风声。\n"
      "　　归来。<br />\n"
      "　　天明。\n　　上路。\n";
  LineMarkup m = strip_line_markup(&text);
  EXPECT_EQ(text,
            "第一回 宴桃园\n"
            "　　时巨鹿郡有兄弟三人。\n青、幽、徐、冀八州之人。\n"
            "　　他走了。\n夜色渐深。\n风声。\n"
            "　　归来。\n"
            "　　天明。\n　　上路。\n");
  EXPECT_EQ(m.breaks, 3);
  EXPECT_TRUE(m.inner_only);
  EXPECT_EQ(m.first_break_line, 2);
  // Text that only looks like a tag stays.
  std::string story = "他说：<系统提示>已开启。\n";
  EXPECT_EQ(strip_line_markup(&story).breaks, 0);
  EXPECT_EQ(story, "他说：<系统提示>已开启。\n");
}

// A page's source saved as text: what a browser never shows goes (a comment over several lines,
// a script, the head whose <title> repeats the heading), its line ends kept; a heading wrapped
// in <h2> is the heading's line. The story, and what only looks like a tag, stay.
TEST(LineMarkup, WhatABrowserNeverShowsGoesAndWrappedLinesAreRead) {
  std::string text =
      "<html><head><title>第一回</title></head><body>\n"
      "<h2>第一回 宴桃园豪杰三结义</h2>\n"
      "　　时巨鹿郡有兄弟三人。<!-- 广告位 -->\n"
      "<!--\n广告代码\n-->\n"
      "<script>var a=1;document.write(\"广告\");</script>\n"
      "<div>　　青、幽、徐、冀八州之人。</div>\n"
      "　　他说：<系统提示>已开启。<!-- 未闭合\n"
      "</body></html>\n";
  LineMarkup m = strip_line_markup(&text);
  EXPECT_EQ(text,
            "\n"
            "第一回 宴桃园豪杰三结义\n"
            "　　时巨鹿郡有兄弟三人。\n"
            "\n\n\n"
            "\n"
            "青、幽、徐、冀八州之人。\n"
            "　　他说：<系统提示>已开启。<!-- 未闭合\n"
            "\n");
  EXPECT_EQ(m.hidden, 4);
  EXPECT_EQ(m.first_hidden_line, 1);
  // A tag's name that only begins like one (<header>, <scripture>) is no such span.
  std::string other = "<header>第一回</header>\n<scripture>经文</scripture>\n";
  std::string before = other;
  EXPECT_EQ(strip_line_markup(&other).hidden, 0);
  EXPECT_EQ(other, before);
}

}  // namespace
}  // namespace novelbind
