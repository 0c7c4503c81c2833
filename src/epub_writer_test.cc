#include "epub_writer.h"

#include <zip.h>

#include <gtest/gtest.h>

#include "test_util.h"

namespace novelbind {

TEST(EpubWriter, MimetypeFirstStoredWithoutExtraField) {
  test::TempDir dir;
  std::vector<ZipEntry> entries = {{"mimetype", "application/epub+zip", false},
                                   {"EPUB/a.xhtml", std::string(5000, 'x'), true}};
  ASSERT_TRUE(write_zip(dir / "b.epub", entries, 1700000000).ok());
  std::string bytes = test::read_file(dir / "b.epub");
  EXPECT_EQ(bytes.substr(0, 4), "PK\x03\x04");
  EXPECT_EQ(bytes[8], 0);   // method: stored
  EXPECT_EQ(bytes[28], 0);  // extra field length
  EXPECT_EQ(bytes[29], 0);
  EXPECT_EQ(bytes.substr(30, 8), "mimetype");
  EXPECT_EQ(bytes.substr(38, 20), "application/epub+zip");
  EXPECT_LT(bytes.size(), 1000u);  // the second entry was deflated
  auto read = test::read_epub(dir / "b.epub");
  EXPECT_EQ(read["EPUB/a.xhtml"], std::string(5000, 'x'));
}

TEST(EpubWriter, SameInputSameBytesWhateverTheTimeZone) {
  test::TempDir dir;
  std::vector<ZipEntry> entries = {{"mimetype", "application/epub+zip", false},
                                   {"EPUB/a.xhtml", "abc", true}};
  ASSERT_TRUE(write_zip(dir / "1.epub", entries, 1700000000).ok());
  setenv("TZ", "Asia/Taipei", 1);
  tzset();
  ASSERT_TRUE(write_zip(dir / "2.epub", entries, 1700000000).ok());
  unsetenv("TZ");
  tzset();
  EXPECT_EQ(test::read_file(dir / "1.epub"), test::read_file(dir / "2.epub"));
}

TEST(EpubWriter, MissingFolderIsAnErrorAndLeavesNothing) {
  test::TempDir dir;
  Status s = write_zip(dir / "no" / "b.epub", {{"mimetype", "x", false}}, 0);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), (dir / "no" / "b.epub").string() + ": the output folder " +
                             (dir / "no").string() +
                             " does not exist; create it or choose another -o");
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

}  // namespace novelbind

namespace novelbind {

TEST(EpubWriter, PreDeflatedEntriesAreCopiedAsTheSameBytes) {
  test::TempDir dir;
  std::string text;  // under 64 KiB, so that write_zip leaves the plain entry to libzip
  for (int i = 0; i < 3000; ++i) text += "第" + std::to_string(i) + "段。\n";
  ASSERT_LT(text.size(), 64u * 1024);
  auto blob = deflate_entry(text);
  ASSERT_TRUE(blob.ok()) << blob.message();
  EXPECT_LT(blob->size(), text.size() / 2);
  EXPECT_EQ(deflate_entry(text).value(), blob.value());  // deterministic

  std::vector<ZipEntry> plain = {{"mimetype", "application/epub+zip", false},
                                 {"EPUB/a.xhtml", text, true}};
  std::vector<ZipEntry> pre = {{"mimetype", "application/epub+zip", false},
                               ZipEntry::predeflated("EPUB/a.xhtml", blob.value())};
  std::string checksum;
  ASSERT_TRUE(write_zip(dir / "plain.epub", plain, 1700000000, 0, &checksum).ok());
  EXPECT_EQ(checksum, CacheKey().add_bytes(test::read_file(dir / "plain.epub")).hex());
  ASSERT_TRUE(write_zip(dir / "pre.epub", pre, 1700000000).ok());
  EXPECT_EQ(test::read_epub(dir / "pre.epub")["EPUB/a.xhtml"], text);
  // Same level, same deflate: the book does not depend on where the compression happened.
  EXPECT_EQ(test::read_file(dir / "plain.epub"), test::read_file(dir / "pre.epub"));
}

TEST(EpubWriter, DamagedPreDeflatedDataIsAnErrorAndLeavesNothing) {
  test::TempDir dir;
  std::vector<ZipEntry> entries = {
      {"mimetype", "application/epub+zip", false},
      ZipEntry::predeflated("EPUB/a.xhtml", std::string("not a deflated entry"))};
  Status s = write_zip(dir / "x.epub", entries, 0);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind(
                (dir / "x.epub").string() + ": cannot read the compressed data of EPUB/a.xhtml", 0),
            0u)
      << s.message();
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

TEST(EpubWriter, EntriesLargerThanTheWriteWindowComeOutWhole) {
  // The archive is written through a 4 MiB window; an entry larger than that makes libzip
  // seek back into bytes already written to finish its header.
  test::TempDir dir;
  std::string big;
  std::uint32_t x = 12345;
  while (big.size() < (9u << 20)) {
    x = x * 1103515245u + 12345u;
    big.push_back(static_cast<char>('a' + (x >> 24) % 26));
  }
  std::string after = "<p>after the large entry</p>";
  std::vector<ZipEntry> entries = {{"mimetype", "application/epub+zip", false},
                                   {"EPUB/big.bin", big, false},
                                   {"EPUB/big.xhtml", big, true},
                                   {"EPUB/after.xhtml", after, true}};
  std::string checksum;
  ASSERT_TRUE(write_zip(dir / "x.epub", entries, 1700000000, 0, &checksum).ok());
  // A header rewritten after its window went out: the checksum is given up, never wrong.
  if (!checksum.empty()) {
    EXPECT_EQ(checksum, CacheKey().add_bytes(test::read_file(dir / "x.epub")).hex());
  }
  auto files = test::read_epub(dir / "x.epub");
  EXPECT_EQ(files["mimetype"], "application/epub+zip");
  EXPECT_EQ(files["EPUB/big.bin"], big);
  EXPECT_EQ(files["EPUB/big.xhtml"], big);
  EXPECT_EQ(files["EPUB/after.xhtml"], after);
  EXPECT_EQ(files.size(), 4u);
  // Local headers agree with the central directory (libzip's consistency check).
  int err = 0;
  zip_t* za = zip_open((dir / "x.epub").c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &err);
  ASSERT_NE(za, nullptr) << err;
  zip_discard(za);
}

}  // namespace novelbind
