#include "package/epub_writer.h"

#include <zip.h>

#include <chrono>
#include <future>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "base/content_hash.h"
#include "base/test_util.h"
#include "base/zip_library.h"

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
  std::string text;  // a chapter's size
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
  ASSERT_TRUE(write_zip(dir / "plain.epub", plain, 1700000000, &checksum).ok());
  EXPECT_EQ(checksum, ContentHash().add_bytes(test::read_file(dir / "plain.epub")).hex());
  ASSERT_TRUE(write_zip(dir / "pre.epub", pre, 1700000000).ok());
  EXPECT_EQ(test::read_epub(dir / "pre.epub")["EPUB/a.xhtml"], text);
  // libzip (zlib) and deflate_entry (libdeflate) compress alike but not to the same bytes:
  // the documents are the same, and the pre-deflated book is no larger.
  EXPECT_EQ(test::read_epub(dir / "plain.epub"), test::read_epub(dir / "pre.epub"));
  EXPECT_LE(test::read_file(dir / "pre.epub").size(), test::read_file(dir / "plain.epub").size());
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
  ASSERT_TRUE(write_zip(dir / "x.epub", entries, 1700000000, &checksum).ok());
  // A header rewritten after its window went out: the checksum is given up, never wrong.
  if (!checksum.empty()) {
    EXPECT_EQ(checksum, ContentHash().add_bytes(test::read_file(dir / "x.epub")).hex());
  }
  auto files = test::read_epub(dir / "x.epub");
  EXPECT_EQ(files["mimetype"], "application/epub+zip");
  EXPECT_EQ(files["EPUB/big.bin"], big);
  EXPECT_EQ(files["EPUB/big.xhtml"], big);
  EXPECT_EQ(files["EPUB/after.xhtml"], after);
  EXPECT_EQ(files.size(), 4u);
  // Local headers agree with the central directory (libzip's consistency check).
  int err = 0;
  zip_t* za = zip_api().zip_open((dir / "x.epub").c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &err);
  ASSERT_NE(za, nullptr) << err;
  zip_api().zip_discard(za);
}

namespace {
std::string navigation_like(int entries, int changed = -1) {
  std::string text = "<?xml version=\"1.0\"?>\n<ncx>\n";
  for (int i = 0; i < entries; ++i) {
    text += "  <navPoint id=\"np" + std::to_string(i) + "\"><text>第" + std::to_string(i) +
            (i == changed ? "章 改過的標題" : "章 標題") + "</text><content src=\"text/ch" +
            std::to_string(i) + ".xhtml\"/></navPoint>\n";
  }
  return text + "</ncx>\n";
}
}  // namespace

TEST(EpubWriter, LargeTextsDeflateInPiecesThatJoinIntoOneStream) {
  std::string text = navigation_like(4000);
  std::vector<std::string_view> pieces = deflate_pieces(text);
  ASSERT_GT(pieces.size(), 3u);
  std::string joined;
  for (size_t i = 0; i < pieces.size(); ++i) {
    joined += pieces[i];
    if (i + 1 < pieces.size()) {
      EXPECT_GE(pieces[i].size(), 16u << 10);
      EXPECT_LE(pieces[i].size(), (128u << 10) + 200);  // up to the end of the line
      EXPECT_EQ(pieces[i].back(), '\n');
    }
  }
  EXPECT_EQ(joined, text);

  std::vector<std::string> deflated;
  for (std::string_view p : pieces) deflated.push_back(deflate_piece(p).value());
  std::string blob =
      join_deflated_pieces(text, std::vector<std::string_view>(deflated.begin(), deflated.end()));
  EXPECT_LT(blob.size(), text.size() / 4);
  test::TempDir dir;
  std::vector<ZipEntry> entries = {{"mimetype", "application/epub+zip", false},
                                   ZipEntry::predeflated("EPUB/toc.ncx", blob)};
  ASSERT_TRUE(write_zip(dir / "x.epub", entries, 1700000000).ok());
  int err = 0;  // libzip checks the CRC as it reads the entry to its end
  zip_t* za = zip_api().zip_open((dir / "x.epub").c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &err);
  ASSERT_NE(za, nullptr);
  zip_api().zip_discard(za);
  EXPECT_EQ(test::read_epub(dir / "x.epub")["EPUB/toc.ncx"], text);
}

TEST(EpubWriter, AChangedLineChangesOnlyThePiecesAroundIt) {
  std::string before = navigation_like(4000);
  std::string after = navigation_like(4000, 2000);  // one title in the middle
  std::string appended = navigation_like(4001);     // one more at the end
  auto pieces_of = [](const std::string& text) {
    std::vector<std::string_view> views = deflate_pieces(text);
    return std::set<std::string>(views.begin(), views.end());
  };
  std::set<std::string> old_pieces = pieces_of(before);
  for (const std::string& text : {after, appended}) {
    size_t changed = 0;
    for (const std::string& p : pieces_of(text)) changed += !old_pieces.count(p);
    EXPECT_LE(changed, 2u);
    EXPECT_GE(old_pieces.size(), 10u);
  }
}

TEST(EpubWriter, EntriesMadeLaterAreWaitedForAndTheirErrorsFailTheArchive) {
  test::TempDir dir;
  std::promise<Result<SharedBytes>> nav;
  std::shared_future<Result<SharedBytes>> nav_later = nav.get_future().share();
  std::thread maker([&nav] {  // made while the archive is being written
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    nav.set_value(Result<SharedBytes>(SharedBytes(deflate_entry("<nav>目錄</nav>").value())));
  });
  std::vector<ZipEntry> entries = {{"mimetype", "application/epub+zip", false},
                                   {"EPUB/a.xhtml", "<p>甲</p>", true},
                                   ZipEntry::made_later("EPUB/nav.xhtml", nav_later)};
  ASSERT_TRUE(write_zip(dir / "x.epub", entries, 1700000000).ok());
  maker.join();
  auto files = test::read_epub(dir / "x.epub");
  EXPECT_EQ(files["EPUB/nav.xhtml"], "<nav>目錄</nav>");
  EXPECT_EQ(files["EPUB/a.xhtml"], "<p>甲</p>");

  std::promise<Result<SharedBytes>> broken;
  broken.set_value(Status::Error("the template toc.xhtml: no closing tag"));
  entries.back() = ZipEntry::made_later("EPUB/text/toc.xhtml", broken.get_future().share());
  Status s = write_zip(dir / "y.epub", entries, 1700000000);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), "EPUB/text/toc.xhtml: the template toc.xhtml: no closing tag");
  EXPECT_FALSE(std::filesystem::exists(dir / "y.epub"));
  size_t files_left = 0;  // x.epub only: no temporary file of y.epub
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path()))
    ++files_left;
  EXPECT_EQ(files_left, 1u);
}

// A picture made on another thread (the drawn cover) is stored as it comes: the archive is the
// same, byte for byte, as one written with the picture at hand.
TEST(EpubWriter, APictureMadeLaterIsStoredAsIfItWereThereAtOnce) {
  test::TempDir dir;
  std::string png(200000, '\0');
  for (size_t i = 0; i < png.size(); ++i) png[i] = static_cast<char>(i * 7919 % 251);
  std::promise<Result<SharedBytes>> drawn;
  std::thread drawer([&drawn, png] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    drawn.set_value(Result<SharedBytes>(SharedBytes(png)));
  });
  std::vector<ZipEntry> at_once = {{"mimetype", "application/epub+zip", false},
                                   {"EPUB/a.xhtml", "<p>甲</p>", true},
                                   {"EPUB/images/cover.png", png, false}};
  std::vector<ZipEntry> later = at_once;
  later.back() = ZipEntry::stored_later("EPUB/images/cover.png", drawn.get_future().share());
  ASSERT_TRUE(write_zip(dir / "at_once.epub", at_once, 1700000000).ok());
  ASSERT_TRUE(write_zip(dir / "later.epub", later, 1700000000).ok());
  drawer.join();
  EXPECT_EQ(test::read_epub(dir / "later.epub")["EPUB/images/cover.png"], png);
  EXPECT_EQ(test::read_file(dir / "later.epub"), test::read_file(dir / "at_once.epub"));
}

}  // namespace novelbind

namespace novelbind {

// The output's folder removed while the archive is written (here by the entry made last, as
// another process might at any moment): the book cannot be moved into place, the error says
// why, and nothing is left.
TEST(EpubWriter, AFolderRemovedWhileWritingIsAnErrorThatSaysSo) {
  test::TempDir dir;
  std::filesystem::create_directories(dir / "out");
  auto removes_the_folder = std::async(std::launch::deferred, [&]() -> Result<SharedBytes> {
    std::filesystem::remove_all(dir / "out");
    return SharedBytes(deflate_entry("<nav/>").value());
  });
  std::vector<ZipEntry> entries = {
      {"mimetype", "application/epub+zip", false},
      {"EPUB/a.xhtml", "<p>甲</p>", true},
      ZipEntry::made_later("EPUB/nav.xhtml", removes_the_folder.share())};
  Status s = write_zip(dir / "out" / "x.epub", entries, 1700000000);
  EXPECT_EQ(s.message(), (dir / "out" / "x.epub").string() +
                             ": cannot write the book (No such file or directory: the output "
                             "folder " +
                             (dir / "out").string() +
                             " was removed during the build); create it again, or choose "
                             "another -o");
  EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

}  // namespace novelbind
