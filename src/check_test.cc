#include "check.h"

#include <gtest/gtest.h>

#include "package.h"
#include "test_util.h"

namespace novelbind {

namespace {

// A correct little book as entries, which each test then damages.
std::vector<ZipEntry> good_entries() {
  Book b;
  b.meta.title = "t";
  b.meta.language = "zh";
  b.meta.identifier = "urn:uuid:1";
  RenderedBook r;
  std::string page =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">"
      "<head><title>a</title></head><body><p>a</p></body></html>";
  r.documents.push_back({"text/a.xhtml", "a", "application/xhtml+xml", page, "", true});
  r.documents.push_back({"text/b.xhtml", "b", "application/xhtml+xml", page, "", true});
  r.toc = {{"a", "text/a.xhtml#heading", {}}, {"b", "text/b.xhtml", {}}};
  return package_entries(b, r, Config{});
}

std::vector<std::string> check(const std::vector<ZipEntry>& entries) {
  test::TempDir dir;
  EXPECT_TRUE(write_zip(dir / "x.epub", entries, 0).ok());
  return check_epub(dir / "x.epub");
}

ZipEntry& entry(std::vector<ZipEntry>& entries, const std::string& name) {
  for (ZipEntry& e : entries)
    if (e.name == name) return e;
  throw std::runtime_error("no entry " + name);
}

}  // namespace

TEST(Check, GoodBookPasses) {
  EXPECT_EQ(check(good_entries()), std::vector<std::string>{});
}

TEST(Check, RejectsDeflatedMimetype) {
  auto e = good_entries();
  e[0].compress = true;
  auto problems = check(e);
  EXPECT_EQ(problems, (std::vector<std::string>{
                          "mimetype: compressed; it must be stored",
                          "mimetype: content at byte 38 is not 'application/epub+zip'"}));
}

TEST(Check, RejectsMimetypeNotFirst) {
  auto e = good_entries();
  std::swap(e[0], e[1]);
  auto problems = check(e);
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems[0], "mimetype: not the first entry (no 'mimetype' at byte 30)");
}

TEST(Check, RejectsMalformedChapter) {
  auto e = good_entries();
  entry(e, "EPUB/text/b.xhtml").data = "<html><body><p>unclosed</body></html>";
  auto problems = check(e);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].rfind("EPUB/text/b.xhtml: not well-formed XML: ", 0), 0u) << problems[0];
}

TEST(Check, RejectsManifestMissingAFile) {
  auto e = good_entries();
  std::erase_if(e, [](const ZipEntry& z) { return z.name == "EPUB/text/b.xhtml"; });
  auto problems = check(e);
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems[0],
            "EPUB/package.opf: manifest lists 'EPUB/text/b.xhtml', which is not in the archive");
}

TEST(Check, RejectsArchiveFileMissingFromManifest) {
  auto e = good_entries();
  e.push_back({"EPUB/stray.css", "p{}", true});
  EXPECT_EQ(check(e),
            std::vector<std::string>{
                "EPUB/stray.css: in the archive but not in the manifest of EPUB/package.opf"});
}

TEST(Check, RejectsTocOutOfSpineOrder) {
  auto e = good_entries();
  std::string& nav = entry(e, "EPUB/nav.xhtml").data;
  size_t a = nav.find("text/a.xhtml#heading");
  size_t b = nav.find("text/b.xhtml\"");
  nav.replace(b, 12, "text/a.xhtml");
  nav.replace(a, 12, "text/b.xhtml");
  EXPECT_EQ(check(e),
            std::vector<std::string>{"EPUB/nav.xhtml: toc entry 'b' is out of spine order"});
}

TEST(Check, RejectsNcxUidDifferentFromIdentifier) {
  auto e = good_entries();
  std::string& ncx = entry(e, "EPUB/toc.ncx").data;
  ncx.replace(ncx.find("urn:uuid:1"), 10, "urn:uuid:2");
  EXPECT_EQ(check(e), std::vector<std::string>{"EPUB/toc.ncx: dtb:uid 'urn:uuid:2' differs from "
                                               "the package identifier 'urn:uuid:1'"});
}

}  // namespace novelbind
