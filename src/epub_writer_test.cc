#include "epub_writer.h"

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
