#include "ingest/xhtml_text.h"

#include <gtest/gtest.h>

#include "base/test_util.h"
#include "ingest/epub_test_books.h"

namespace novelbind {
namespace {

std::vector<std::string> texts(const XhtmlText& t) {
  std::vector<std::string> out;
  for (const XhtmlLine& l : t.lines) out.push_back(l.text);
  return out;
}

TEST(XhtmlText, ParagraphsDivsAndBreaksAreLinesWithTheirLineNumbers) {
  auto t = read_xhtml_text(test::xhtml_page("<p>第一行</p>\n<div>甲<br/>乙</div>\n<p> </p>"), "a");
  ASSERT_TRUE(t) << t.message();
  EXPECT_EQ(texts(*t), (std::vector<std::string>{"第一行", "甲", "乙"}));
  EXPECT_EQ(t->lines[0].line, 5);
  EXPECT_EQ(t->lines[1].line, 6);
  EXPECT_EQ(t->lines[2].line, 6);
}

TEST(XhtmlText, HeadingsAreMarkedAndAnchorsPointAtTheirLine) {
  auto t = read_xhtml_text(
      test::xhtml_page("<p>前</p><section id=\"c2\"><h3>第二章 雪</h3><p>正文</p></section>"), "a");
  ASSERT_TRUE(t);
  ASSERT_EQ(t->lines.size(), 3u);
  EXPECT_EQ(t->lines[1].heading, 3);
  EXPECT_EQ(t->lines[2].heading, 0);
  EXPECT_EQ(t->anchors.at("c2"), 1u);
}

TEST(XhtmlText, InlineMarkupIsDroppedAndWhatIsNotReadIsLeftOut) {
  auto t = read_xhtml_text(test::xhtml_page("<p>他<b>说</b>：<ruby>汉<rt>han</rt></ruby>字"
                                            "<script>x()</script><span hidden=\"\">藏</span>"
                                            "<img src=\"a.png\" alt=\"图\"/></p>"),
                           "a");
  ASSERT_TRUE(t);
  EXPECT_EQ(texts(*t), (std::vector<std::string>{"他说：汉字"}));
}

TEST(XhtmlText, AWrappedChineseParagraphIsOneRunLatinWordsKeepTheirSpace) {
  auto t = read_xhtml_text(test::xhtml_page("<p>他走\n  了。</p><p>Chapter\n one&nbsp;x</p>"), "a");
  ASSERT_TRUE(t);
  EXPECT_EQ(texts(*t), (std::vector<std::string>{"他走了。", "Chapter one\u00a0x"}));
}

TEST(XhtmlText, TheBodysTypeSaysWhatTheDocumentIs) {
  auto t =
      read_xhtml_text(test::xhtml_page("<section epub:type=\"titlepage\"><h1>书</h1></section>",
                                       " epub:type=\"frontmatter\""),
                      "a");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->types, "frontmatter titlepage");
}

TEST(XhtmlText, ADocumentInAnotherDeclaredEncodingIsDecoded) {
  std::string gbk = test::encode_as(
      "<?xml version=\"1.0\" encoding=\"GBK\"?>\n<html><body><p>天龙八部</p></body></html>", "GBK");
  auto t = read_xhtml_text(gbk, "a");
  ASSERT_TRUE(t) << t.message();
  EXPECT_EQ(texts(*t), (std::vector<std::string>{"天龙八部"}));
}

TEST(XhtmlText, ADocumentThatIsNotWellFormedIsAnErrorNamingItsLine) {
  auto t = read_xhtml_text("<html>\n<body>\n<p>a</b>\n</body></html>", "book.epub:ch1.xhtml");
  ASSERT_FALSE(t);
  EXPECT_EQ(t.message().rfind("book.epub:ch1.xhtml:3: not well-formed XHTML (", 0), 0u)
      << t.message();
  EXPECT_NE(t.message().find("repair the EPUB"), std::string::npos);
}

TEST(XhtmlText, HtmlDescriptionsBecomePlainText) {
  EXPECT_EQ(html_to_plain_text("<div><p>一个&amp;少年</p><p>&#x4E8C;&#20108;</p></div>"),
            "一个&少年\n二二");
}

}  // namespace
}  // namespace novelbind
