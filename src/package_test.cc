#include "package.h"

#include <gtest/gtest.h>
#include <pugixml.hpp>

namespace novelbind {

namespace {
Book book_with(int chapters) {
  Book b;
  b.meta.title = "書 & 名";
  b.meta.author = "作者";
  b.meta.language = "zh-Hant";
  b.meta.identifier = "urn:uuid:00000000-0000-5000-8000-000000000000";
  b.meta.modified = 1700000000;
  for (int i = 0; i < chapters; ++i) b.chapters.push_back(Chapter{});
  return b;
}

RenderedBook rendered_with(int chapters) {
  RenderedBook r;
  for (int i = 1; i <= chapters; ++i) {
    std::string id = "ch" + std::to_string(i);
    r.documents.push_back({"text/" + id + ".xhtml", id, "application/xhtml+xml", "<x/>", "", true});
    r.toc.push_back({"第" + std::to_string(i) + "章", "text/" + id + ".xhtml#heading", {}});
  }
  r.landmarks.push_back({"bodymatter", "第1章", "text/ch1.xhtml"});
  return r;
}
}  // namespace

TEST(Package, OpfHasRequiredMetadataAndSpineInOrder) {
  std::string opf = make_opf(book_with(3), rendered_with(3), Config{});
  pugi::xml_document doc;
  ASSERT_TRUE(doc.load_string(opf.c_str()));
  pugi::xml_node p = doc.child("package");
  EXPECT_STREQ(p.attribute("version").value(), "3.0");
  EXPECT_STREQ(p.attribute("unique-identifier").value(), "pub-id");
  pugi::xml_node m = p.child("metadata");
  EXPECT_STREQ(m.child("dc:identifier").attribute("id").value(), "pub-id");
  EXPECT_STREQ(m.child_value("dc:title"), "書 & 名");
  EXPECT_STREQ(m.child_value("dc:language"), "zh-Hant");
  EXPECT_STREQ(m.find_child_by_attribute("meta", "property", "dcterms:modified").child_value(),
               "2023-11-14T22:13:20Z");
  std::vector<std::string> spine;
  for (pugi::xml_node ref : p.child("spine").children("itemref"))
    spine.push_back(ref.attribute("idref").value());
  EXPECT_EQ(spine, (std::vector<std::string>{"nav", "ch1", "ch2", "ch3"}));
  EXPECT_EQ(opf.rfind("<?xml version=\"1.0\" encoding=\"utf-8\"?>", 0), 0u);
}

TEST(Package, VerticalBookGoesRightToLeft) {
  Config c;
  c.style.writing_mode = "vertical";
  std::string opf = make_opf(book_with(1), rendered_with(1), c);
  EXPECT_NE(opf.find("page-progression-direction=\"rtl\""), std::string::npos);
  EXPECT_NE(opf.find("name=\"primary-writing-mode\" content=\"vertical-rl\""), std::string::npos);
}

TEST(Package, NavAndNcxListChaptersAndShareTheIdentifier) {
  Book b = book_with(2);
  RenderedBook r = rendered_with(2);
  std::string nav = make_nav(b, r, Config{});
  EXPECT_NE(nav.find("<nav epub:type=\"toc\" id=\"toc\">"), std::string::npos);
  EXPECT_NE(nav.find("<a href=\"text/ch2.xhtml#heading\">第2章</a>"), std::string::npos);
  EXPECT_NE(nav.find("epub:type=\"bodymatter\""), std::string::npos);
  std::string ncx = make_ncx(b, r);
  EXPECT_NE(ncx.find("<meta name=\"dtb:uid\" content=\"" + b.meta.identifier + "\" />"),
            std::string::npos);
  EXPECT_NE(ncx.find("<content src=\"text/ch1.xhtml#heading\" />"), std::string::npos);
  EXPECT_NE(ncx.find("playOrder=\"2\""), std::string::npos);
}

TEST(Package, EntriesStartWithMimetypeAndContainer) {
  auto entries = package_entries(book_with(1), rendered_with(1), Config{});
  ASSERT_GE(entries.size(), 5u);
  EXPECT_EQ(entries[0].name, "mimetype");
  EXPECT_FALSE(entries[0].compress);
  EXPECT_EQ(entries[1].name, "META-INF/container.xml");
  EXPECT_NE(entries[1].data.find("full-path=\"EPUB/package.opf\""), std::string::npos);
  for (const ZipEntry& e : entries)
    for (unsigned char ch : e.name) EXPECT_LT(ch, 0x80) << e.name;
}

}  // namespace novelbind
