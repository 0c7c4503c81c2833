#include "ingest/epub_source.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

#include "ingest/epub_test_books.h"

namespace novelbind {
namespace {

using test::EpubBook;
using test::make_epub;
using test::xhtml_page;

Result<EpubSource> read(const EpubBook& book, const ZipLimits& limits = kEpubInputLimits) {
  return read_epub_source_bytes(make_epub(book), "book.epub", limits);
}

// A kaf-cli-like book: a document per chapter, its title in <h3>, listed by the nav.
EpubBook chapter_per_document() {
  EpubBook b;
  b.documents = {{"text/intro.xhtml", xhtml_page("<p>本书由某站整理</p>")},
                 {"text/c1.xhtml", xhtml_page("<h3>第1章 少年</h3>\n<p>天亮了。</p>")},
                 {"text/c2.xhtml", xhtml_page("<h3>第2章 出山</h3>\n<p>他走了。</p><p>雨。</p>")}};
  b.toc = {{"第1章 少年", "text/c1.xhtml"}, {"第2章 出山", "text/c2.xhtml"}};
  return b;
}

TEST(EpubSource, EachContentsEntryStartsASectionTitledByIt) {
  auto s = read(chapter_per_document());
  ASSERT_TRUE(s) << s.message();
  ASSERT_EQ(s->sections.size(), 3u);
  EXPECT_EQ(s->sections[0].title, "");  // the text before the first entry
  EXPECT_EQ(s->sections[0].text->text, "本书由某站整理\n");
  EXPECT_EQ(s->sections[1].title, "第1章 少年");
  EXPECT_EQ(s->sections[1].display, "book.epub:OEBPS/text/c1.xhtml");
  // The heading stands apart, as in a .txt.
  EXPECT_EQ(s->sections[1].text->text, "第1章 少年\n\n天亮了。\n");
  EXPECT_EQ(s->sections[2].text->text, "第2章 出山\n\n他走了。\n雨。\n");
}

TEST(EpubSource, EveryLineKnowsTheDocumentAndLineItCameFrom) {
  auto s = read(chapter_per_document());
  ASSERT_TRUE(s);
  const MadeText& t = *s->sections[2].text;
  ASSERT_EQ(t.documents, std::vector<std::string>{"book.epub:OEBPS/text/c2.xhtml"});
  ASSERT_EQ(t.lines.size(), 4u);
  EXPECT_EQ(t.lines[0].line, 5);  // the heading, on the page's fifth line
  EXPECT_EQ(t.lines[1].line, 0);  // the blank line after it is made up
  EXPECT_EQ(t.lines[2].line, 6);
  EXPECT_EQ(t.lines[3].line, 6);
}

TEST(EpubSource, AContentsOfOneEntryCutsNothingAndDocumentsSplitMidChapterJoin) {
  // calibre from a .txt: the flow split into index_split_NNN at any paragraph, a title page
  // with the cover, and a contents that only names the start.
  EpubBook b;
  b.epub2 = true;
  b.documents = {
      {"titlepage.xhtml", xhtml_page("<div><svg xmlns=\"http://www.w3.org/2000/svg\"><image "
                                     "width=\"1\" height=\"1\"/></svg></div>")},
      {"index_split_000.html", xhtml_page("<p class=\"c\">第一章 雪</p><p>他走</p>")},
      {"index_split_001.html", xhtml_page("<p>了。</p><p>第二章 风</p><p>风起。</p>")}};
  b.toc = {{"Start", "titlepage.xhtml"}};
  auto s = read(b);
  ASSERT_TRUE(s) << s.message();
  ASSERT_EQ(s->sections.size(), 1u);
  EXPECT_EQ(s->sections[0].text->text, "第一章 雪\n他走\n\n了。\n第二章 风\n风起。\n");
  EXPECT_EQ(s->sections[0].text->documents.size(), 2u);
}

TEST(EpubSource, EntriesPointingInsideADocumentCutItThere) {
  EpubBook b;
  b.epub2 = true;
  b.documents = {{"all.html", xhtml_page("<h2 id=\"a\">楔子</h2><p>一。</p>"
                                         "<h2 id=\"b\">第一章</h2><p>二。</p>")}};
  b.toc = {{"楔子", "all.html#a"}, {"第一章", "all.html#b"}};
  auto s = read(b);
  ASSERT_TRUE(s);
  ASSERT_EQ(s->sections.size(), 2u);
  EXPECT_EQ(s->sections[0].text->text, "楔子\n\n一。\n");
  EXPECT_EQ(s->sections[1].text->text, "第一章\n\n二。\n");
  EXPECT_EQ(s->sections[1].display, "book.epub:OEBPS/all.html#b");
}

TEST(EpubSource, CoverTitlePageContentsAndNonLinearDocumentsAreNotText) {
  EpubBook b = chapter_per_document();
  b.documents.insert(
      b.documents.begin(),
      {{"cover.xhtml", xhtml_page("<p>封面</p>", " epub:type=\"cover\"")},
       {"title.xhtml", xhtml_page("<section epub:type=\"titlepage\"><h1>书</h1></section>")},
       {"notes.xhtml", xhtml_page("<p>注释</p>"), false}});
  auto s = read(b);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->sections[0].text->text, "本书由某站整理\n");
}

TEST(EpubSource, MetadataAndCoverAreRead) {
  EpubBook b = chapter_per_document();
  b.epub2 = true;
  b.metadata =
      "<dc:title>天龙八部</dc:title><dc:creator opf:role=\"aut\">金庸</dc:creator>"
      "<dc:creator opf:role=\"edt\">某人</dc:creator><dc:language>zh-CN</dc:language>"
      "<dc:description>&lt;p&gt;一个&lt;/p&gt;&lt;p&gt;故事&lt;/p&gt;</dc:description>"
      "<dc:subject>武侠</dc:subject><dc:date>1963-05-01T00:00:00+00:00</dc:date>"
      "<meta name=\"calibre:series\" content=\"金庸作品集\"/>"
      "<meta name=\"calibre:series_index\" content=\"3.0\"/><meta name=\"cover\" content=\"img\"/>";
  b.extra_manifest = "<item id=\"img\" href=\"images/c.jpg\" media-type=\"image/jpeg\"/>";
  b.extra_entries = {{"OEBPS/images/c.jpg", "JPEGBYTES"}};
  auto s = read(b);
  ASSERT_TRUE(s) << s.message();
  const Metadata& m = s->book.metadata;
  EXPECT_EQ(m.title, "天龙八部");
  EXPECT_EQ(m.author, "金庸");
  EXPECT_EQ(m.language, "zh-CN");
  EXPECT_EQ(m.description, "一个\n故事");
  EXPECT_EQ(m.subjects, std::vector<std::string>{"武侠"});
  EXPECT_EQ(m.date, "1963-05-01");
  EXPECT_EQ(m.series, "金庸作品集");
  EXPECT_EQ(m.series_index, "3");
  EXPECT_EQ(s->book.cover, "JPEGBYTES");
  EXPECT_EQ(s->book.cover_name, "book.epub:OEBPS/images/c.jpg");
}

TEST(EpubSource, BytesThatAreNoArchiveAreAClearError) {
  auto s = read_epub_source_bytes("PK\x03\x04 not really", "book.epub");
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(),
            "book.epub: not an EPUB (not a readable ZIP archive); give an EPUB, a .txt, a folder "
            "of chapter files or a book.toml");
}

TEST(EpubSource, AnArchiveWithoutContainerIsNotAnEpub) {
  auto s = read_epub_source_bytes(test::zip_bytes({{"a.txt", "x"}}), "book.epub");
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message().rfind("book.epub: not an EPUB (no META-INF/container.xml)", 0), 0u)
      << s.message();
}

TEST(EpubSource, AMissingSpineDocumentIsNamed) {
  EpubBook b = chapter_per_document();
  std::string bytes = make_epub(b);
  // The same book without c2.xhtml.
  b.documents.pop_back();
  b.documents.push_back({"text/c2.xhtml", ""});
  auto without = read_epub_source_bytes(
      test::zip_bytes({{"mimetype", "application/epub+zip"},
                       {"META-INF/container.xml",
                        "<container><rootfiles><rootfile full-path=\"p.opf\"/></rootfiles>"
                        "</container>"},
                       {"p.opf",
                        "<package version=\"3.0\"><metadata/><manifest><item id=\"a\" "
                        "href=\"gone.xhtml\" media-type=\"application/xhtml+xml\"/></manifest>"
                        "<spine><itemref idref=\"a\"/></spine></package>"}}),
      "book.epub");
  ASSERT_FALSE(without);
  EXPECT_EQ(without.message().rfind("book.epub: gone.xhtml is missing; the EPUB is damaged", 0), 0u)
      << without.message();
}

TEST(EpubSource, ADamagedDocumentIsNamedWithItsLine) {
  EpubBook b = chapter_per_document();
  b.documents[1].content = "<html><body>\n<p>a</i></body></html>";
  auto s = read(b);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message().rfind("book.epub:OEBPS/text/c1.xhtml:2: not well-formed XHTML", 0), 0u)
      << s.message();
}

TEST(EpubSource, AnEntryAboveTheLimitsIsRefusedUnread) {
  EpubBook b = chapter_per_document();
  b.documents[2].content = xhtml_page("<p>" + std::string(200000, 'a') + "</p>");
  auto s = read(b, ZipLimits{100000, 1u << 30, 1100});
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("book.epub: OEBPS/text/c2.xhtml: declares"), std::string::npos)
      << s.message();
  EXPECT_NE(s.message().find("refused"), std::string::npos);
  // The same text far more compressed than deflate can: a bomb.
  auto bomb = read(b, ZipLimits{1u << 30, 1u << 30, 50});
  ASSERT_FALSE(bomb);
  EXPECT_NE(bomb.message().find("a zip bomb or a forged archive"), std::string::npos)
      << bomb.message();
}

TEST(EpubSource, AnEpubOfPicturesHasNoTextToBuild) {
  EpubBook b;
  b.documents = {{"p1.xhtml", xhtml_page("<img src=\"a.png\" alt=\"\"/>")}};
  auto s = read(b);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.message(),
            "book.epub: the spine's documents hold no text; nothing to build (an EPUB of pictures "
            "cannot be rebuilt as text)");
}

}  // namespace
}  // namespace novelbind
