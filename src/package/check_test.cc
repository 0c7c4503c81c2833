#include "package/check.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include "base/test_util.h"
#include "package/package.h"

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

// A document checked in memory before it was written (as a build checks each chapter it
// renders) is known by its CRC-32 and size and not inflated again; any other still is.
TEST(Check, DocumentsCheckedBeforeWritingAreNotReadAgain) {
  EXPECT_TRUE(check_document("<html><body><p>a</p></body></html>"));
  EXPECT_FALSE(check_document("<html><body><p>unclosed</body></html>"));
  EXPECT_FALSE(check_document("<p>&#1;</p>"));

  auto e = good_entries();
  const std::string bad = "<html><body><p>unclosed</body></html>";
  entry(e, "EPUB/text/b.xhtml").data = bad;
  test::TempDir dir;
  ASSERT_TRUE(write_zip(dir / "x.epub", e, 0).ok());
  CheckedDocuments other;
  other.add(static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>("x"), 1)), 1);
  EXPECT_EQ(check_epub(dir / "x.epub", {}, nullptr, &other).size(), 1u);
  // (Only a document that passed check_document is ever added: this one stands for a
  // mistake of the caller, to show that the entry is then not read.)
  CheckedDocuments known;
  known.add(static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(bad.data()),
                                             static_cast<uInt>(bad.size()))),
            bad.size());
  EXPECT_TRUE(
      known.has(static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(bad.data()),
                                                 static_cast<uInt>(bad.size()))),
                bad.size()));
  EXPECT_TRUE(check_epub(dir / "x.epub", {}, nullptr, &known).empty());
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

namespace novelbind {
namespace {

std::string epub_bytes(const std::vector<ZipEntry>& entries) {
  test::TempDir dir;
  EXPECT_TRUE(write_zip(dir / "x.epub", entries, 0).ok());
  return test::read_file(dir / "x.epub");
}

void put32(std::string& bytes, size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes[at + i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}

// Sets the uncompressed size the archive declares for `name`, in its local header and its
// central directory record, as a forger would.
void declare_size(std::string& bytes, const std::string& name, std::uint32_t size) {
  for (size_t at = 0; (at = bytes.find(name, at)) != std::string::npos; at += name.size()) {
    if (at >= 30 && bytes.compare(at - 30, 4, "PK\x03\x04") == 0) put32(bytes, at - 30 + 22, size);
    if (at >= 46 && bytes.compare(at - 46, 4, "PK\x01\x02") == 0) put32(bytes, at - 46 + 24, size);
  }
}

}  // namespace

TEST(CheckHostile, ForgedDeclaredSizeIsRefusedWithoutAllocatingIt) {
  std::string bytes = epub_bytes(good_entries());
  declare_size(bytes, "EPUB/text/a.xhtml", 0xFFFFFFF0u);
  auto problems = check_epub_bytes(bytes);
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(problems[0],
            "EPUB/text/a.xhtml: declares 4294967280 bytes, more than the 268435456 a document of "
            "a book may have; refused (a damaged or forged archive)");
}

TEST(CheckHostile, RatioAboveWhatDeflateGivesIsRefused) {
  std::string bytes = epub_bytes(good_entries());
  declare_size(bytes, "EPUB/text/a.xhtml", 50u << 20);  // 50 MB from about 100 bytes
  auto problems = check_epub_bytes(bytes);
  ASSERT_FALSE(problems.empty());
  EXPECT_NE(problems[0].find("EPUB/text/a.xhtml: declares 52428800 bytes from "), std::string::npos)
      << problems[0];
  EXPECT_NE(problems[0].find("a ratio above 1100 that deflate cannot give; refused (a zip bomb"),
            std::string::npos)
      << problems[0];
}

TEST(CheckHostile, ZipBombBeyondTheEntryLimitIsNeverInflated) {
  auto entries = good_entries();
  // 4 MB of one repeated line deflates about 1000 to 1: a bomb in small, against a 1 MB limit.
  std::string page =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<html "
      "xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>a</title></head><body>";
  while (page.size() < (4u << 20)) page += "<p>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</p>";
  page += "</body></html>";
  for (ZipEntry& e : entries)
    if (e.name == "EPUB/text/a.xhtml") e.data = page;
  CheckLimits limits;
  limits.max_entry_bytes = 1u << 20;
  auto problems = check_epub_bytes(epub_bytes(entries), limits);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("EPUB/text/a.xhtml: declares "), std::string::npos);
  EXPECT_NE(problems[0].find("more than the 1048576 a document of a book may have"),
            std::string::npos);
  // A total limit catches many entries each under the entry limit.
  limits.max_entry_bytes = 8u << 20;
  limits.max_total_bytes = 1u << 20;
  problems = check_epub_bytes(epub_bytes(entries), limits);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("the archive's documents come to more than 1048576 bytes"),
            std::string::npos);
}

TEST(CheckHostile, CharacterReferenceXmlForbidsIsRejected) {
  auto entries = good_entries();
  for (ZipEntry& e : entries) {
    if (e.name != "EPUB/text/b.xhtml") continue;
    size_t at = e.data.find("<p>a</p>");
    e.data.replace(at, 8, "<p>A&#01;B</p>");
  }
  auto problems = check(entries);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("EPUB/text/b.xhtml: holds the character U+0001 at byte "),
            std::string::npos)
      << problems[0];
}

TEST(CheckHostile, GarbageIsNotAnArchive) {
  EXPECT_EQ(check_epub_bytes("PK\x03\x04 not really"),
            std::vector<std::string>{"not a readable ZIP archive"});
  EXPECT_EQ(check_epub_bytes(""), std::vector<std::string>{"not a readable ZIP archive"});
}

namespace {

// A character XML forbids, raw or as a reference, at every place of an eight-byte stretch (the
// scan passes over eight bytes at a time where none is a control character or '&'): found.
TEST(Check, FindsAForbiddenCharacterWhereverItFalls) {
  const std::string han = "<p>他走到窗前看着远处的山峦</p>";
  EXPECT_TRUE(check_rendered_document(han));
  for (std::string_view bad : {std::string_view("\x01", 1), std::string_view("\x1F", 1),
                               std::string_view("&#1;"), std::string_view("&#x1F;")}) {
    for (std::size_t at = 3; at + 4 <= han.size(); ++at) {
      std::string text = han.substr(0, at) + std::string(bad) + han.substr(at);
      EXPECT_FALSE(check_rendered_document(text)) << at;
    }
  }
  EXPECT_TRUE(check_rendered_document("<p>a&amp;b&#x4E00;\t\n</p>"));
}

}  // namespace
}  // namespace novelbind
