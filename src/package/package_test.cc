#include "package/package.h"

#include <gtest/gtest.h>
#include <pugixml.hpp>

#include "base/test_util.h"

namespace novelbind {
namespace {

Book book_with_metadata() {
  Book b;
  b.meta.title = "三體";
  b.meta.author = "劉慈欣";
  b.meta.language = "zh-Hant";
  b.meta.identifier = "urn:uuid:00000000-0000-4000-8000-000000000000";
  b.meta.description = "地球往事。";
  b.meta.publisher = "重慶出版社";
  b.meta.subjects = {"科幻", "長篇小說"};
  b.meta.series = "地球往事";
  b.meta.series_index = "1";
  b.meta.date = "2008-01";
  Chapter c;
  c.title = "第一章 瘋狂年代";
  c.paragraphs.push_back({"中國，1967年。", 1, false});
  b.chapters.push_back(c);
  return b;
}

RenderedBook render(Book book, const RenderOptions& options) {
  auto templates = Templates::load();
  auto rendered = render_book(book, *templates, options);
  EXPECT_TRUE(rendered.ok()) << rendered.message();
  return *rendered;
}

struct Parsed {
  pugi::xml_document doc;
  std::string select(const char* xpath) const { return doc.select_node(xpath).node().text().get(); }
  std::string attr(const char* xpath) const { return doc.select_node(xpath).attribute().value(); }
  std::vector<std::string> all(const char* xpath) const {
    std::vector<std::string> out;
    for (const pugi::xpath_node& n : doc.select_nodes(xpath))
      out.push_back(n.attribute() ? n.attribute().value() : n.node().text().get());
    return out;
  }
};

std::unique_ptr<Parsed> parse(const std::string& xml) {
  auto p = std::make_unique<Parsed>();
  EXPECT_TRUE(p->doc.load_string(xml.c_str())) << xml;
  return p;
}

TEST(PackageDocument, AccessibilityMetadataTrueOfEveryBookAndNoConformanceClaim) {
  Book book = book_with_metadata();
  Config config;
  auto opf = parse(make_opf(book, render(book, {}), config));
  EXPECT_EQ(opf->all("//meta[@property='schema:accessMode']"),
            (std::vector<std::string>{"textual", "visual"}));
  EXPECT_EQ(opf->all("//meta[@property='schema:accessModeSufficient']"),
            std::vector<std::string>{"textual"});
  EXPECT_EQ(opf->all("//meta[@property='schema:accessibilityFeature']"),
            (std::vector<std::string>{"structuralNavigation", "tableOfContents", "readingOrder",
                                      "alternativeText"}));
  EXPECT_EQ(opf->all("//meta[@property='schema:accessibilityHazard']"),
            std::vector<std::string>{"none"});
  EXPECT_EQ(opf->attr("//meta[@property='schema:accessibilitySummary']/@xml:lang"), "en");
  EXPECT_NE(
      opf->select("//meta[@property='schema:accessibilitySummary']").find("not been evaluated"),
      std::string::npos);
  EXPECT_TRUE(opf->all("//meta[@property='dcterms:conformsTo']").empty());
  EXPECT_TRUE(opf->all("//link[@rel='dcterms:conformsTo']").empty());
  // The nav's contents list carries the ARIA role matching its epub:type.
  auto nav = parse(make_nav(book, render(book, {}), config));
  EXPECT_EQ(nav->attr("//nav[@epub:type='toc']/@role"), "doc-toc");
}

TEST(PackageDocument, MetadataForEpub3AndCalibre) {
  Book book = book_with_metadata();
  Config config;
  auto opf = parse(make_opf(book, render(book, {}), config));
  EXPECT_EQ(opf->select("//dc:creator[@id='creator']"), "劉慈欣");
  EXPECT_EQ(opf->select("//meta[@refines='#creator'][@property='role']"), "aut");
  EXPECT_EQ(opf->select("//dc:publisher"), "重慶出版社");
  EXPECT_EQ(opf->all("//dc:subject"), (std::vector<std::string>{"科幻", "長篇小說"}));
  EXPECT_EQ(opf->select("//dc:date"), "2008-01");
  EXPECT_EQ(opf->select("//dc:description"), "地球往事。");
  // EPUB 3 collection...
  EXPECT_EQ(opf->select("//meta[@property='belongs-to-collection'][@id='series']"), "地球往事");
  EXPECT_EQ(opf->select("//meta[@refines='#series'][@property='collection-type']"), "series");
  EXPECT_EQ(opf->select("//meta[@refines='#series'][@property='group-position']"), "1");
  // ...and calibre's own, which calibre and Kindle conversions read.
  EXPECT_EQ(opf->attr("//meta[@name='calibre:series']/@content"), "地球往事");
  EXPECT_EQ(opf->attr("//meta[@name='calibre:series_index']/@content"), "1");
}

TEST(PackageDocument, CoverImageHasPropertyAndKoboMeta) {
  Book book = book_with_metadata();
  RenderOptions options;
  auto img = identify_image(test::read_file(test::source_dir() / "tests/fixtures/cover.png"), "c");
  options.cover = *img;
  Config config;
  auto opf = parse(make_opf(book, render(book, options), config));
  EXPECT_EQ(opf->attr("//item[@properties='cover-image']/@href"), "images/cover.png");
  EXPECT_EQ(opf->attr("//item[@properties='cover-image']/@media-type"), "image/png");
  std::string id = opf->attr("//item[@properties='cover-image']/@id");
  EXPECT_EQ(opf->attr("//meta[@name='cover']/@content"), id);
  // The cover page comes first in the spine.
  EXPECT_EQ(opf->attr("//spine/itemref[1]/@idref"), "cover");
  EXPECT_EQ(opf->attr("//item[@id='cover']/@href"), "text/cover.xhtml");
}

TEST(PackageDocument, VerticalBooksGoRightToLeft) {
  Book book = book_with_metadata();
  Config config;
  config.style.writing_mode = "vertical";
  RenderOptions options;
  options.vertical = true;
  auto opf = parse(make_opf(book, render(book, options), config));
  EXPECT_EQ(opf->attr("//spine/@page-progression-direction"), "rtl");
  EXPECT_EQ(opf->attr("//meta[@name='primary-writing-mode']/@content"), "vertical-rl");
  config.style.writing_mode = "horizontal";
  auto h = parse(make_opf(book, render(book, {}), config));
  EXPECT_EQ(h->attr("//spine/@page-progression-direction"), "");
}

TEST(PackageDocument, WithAContentsPageTheNavLeavesTheSpine) {
  Book book = book_with_metadata();
  Config config;
  auto opf = parse(make_opf(book, render(book, {}), config));
  EXPECT_EQ(opf->all("//spine/itemref/@idref"),
            (std::vector<std::string>{"cover", "titlepage", "intro", "contents", "ch0001"}));
  auto nav = parse(make_nav(book, render(book, {}), config));
  EXPECT_EQ(nav->all("//nav[@epub:type='landmarks']//a/@epub:type"),
            (std::vector<std::string>{"cover", "titlepage", "toc", "bodymatter"}));
  EXPECT_EQ(nav->attr("//nav[@epub:type='landmarks']//a[@epub:type='toc']/@href"),
            "text/toc.xhtml");
}

TEST(PackageDocument, WithoutAContentsPageTheNavIsInTheSpine) {
  Book book = book_with_metadata();
  Config config;
  RenderOptions options;
  options.toc_page = false;
  RenderedBook rendered = render(book, options);
  auto opf = parse(make_opf(book, rendered, config));
  EXPECT_EQ(opf->all("//spine/itemref/@idref"),
            (std::vector<std::string>{"cover", "titlepage", "intro", "nav", "ch0001"}));
  auto nav = parse(make_nav(book, rendered, config));
  EXPECT_EQ(nav->all("//nav[@epub:type='landmarks']//a/@epub:type"),
            (std::vector<std::string>{"cover", "titlepage", "toc", "bodymatter"}));
  EXPECT_EQ(nav->attr("//nav[@epub:type='landmarks']//a[@epub:type='toc']/@href"), "nav.xhtml#toc");
}

TEST(PackageDocument, SimplifiedBooksGetSimplifiedLabels) {
  Book book = book_with_metadata();
  book.meta.language = "zh-Hans";
  Config config;
  auto nav = parse(make_nav(book, render(book, {}), config));
  EXPECT_EQ(nav->select("//nav[@epub:type='toc']/h1"), "目录");
  auto traditional =
      parse(make_nav(book_with_metadata(), render(book_with_metadata(), {}), config));
  EXPECT_EQ(traditional->select("//nav[@epub:type='toc']/h1"), "目錄");
}

}  // namespace
}  // namespace novelbind

namespace novelbind {
namespace {

std::vector<ZipEntry> entries_of(Book book) {
  auto templates = Templates::load();
  RenderOptions options;
  auto rendered = render_book(book, *templates, options);
  EXPECT_TRUE(rendered.ok()) << rendered.message();
  return package_entries(book, std::move(*rendered), Config{});
}

}  // namespace

TEST(PackageContainer, EntriesStartWithMimetypeAndContainerAndAreAscii) {
  Book b = book_with_metadata();
  b.meta.modified = 1700000000;
  auto entries = entries_of(b);
  ASSERT_GE(entries.size(), 5u);
  EXPECT_EQ(entries[0].name, "mimetype");
  EXPECT_EQ(entries[0].data, "application/epub+zip");
  EXPECT_FALSE(entries[0].compress);
  EXPECT_EQ(entries[1].name, "META-INF/container.xml");
  EXPECT_NE(entries[1].data.find("full-path=\"EPUB/package.opf\""), std::string::npos);
  for (const ZipEntry& e : entries) {
    for (unsigned char ch : e.name) EXPECT_TRUE(ch > 0x20 && ch < 0x80) << e.name;
  }
}

TEST(PackageContainer, NcxSharesTheIdentifierAndListsTheChapters) {
  Book b = book_with_metadata();
  b.meta.modified = 1700000000;
  // As a reader gets them: written to an archive and read back (the package document, nav and
  // NCX come deflated ahead of time).
  test::TempDir dir;
  ASSERT_TRUE(write_zip(dir / "b.epub", entries_of(b), b.meta.modified).ok());
  std::map<std::string, std::string> by_name = test::read_epub(dir / "b.epub");
  auto ncx = parse(by_name["EPUB/toc.ncx"]);
  EXPECT_EQ(ncx->attr("//meta[@name='dtb:uid']/@content"), b.meta.identifier);
  EXPECT_EQ(ncx->all("//navPoint/navLabel/text"), (std::vector<std::string>{"第一章 瘋狂年代"}));
  auto opf = parse(by_name["EPUB/package.opf"]);
  EXPECT_EQ(opf->select("//*[local-name()='meta'][@property='dcterms:modified']"),
            "2023-11-14T22:13:20Z");
  EXPECT_EQ(opf->select("//*[local-name()='identifier'][@id='pub-id']"), b.meta.identifier);
}

}  // namespace novelbind
