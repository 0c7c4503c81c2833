#include "cache/incremental.h"
#include "cache/page_cache.h"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <thread>

#include "base/test_util.h"
#include "ingest/ingest.h"
#include "package/epub_writer.h"

namespace novelbind {

namespace {
InputPlan plan_of(const test::TempDir& dir) {
  auto plan = plan_input(dir / "book", Config{});
  EXPECT_TRUE(plan.ok()) << plan.message();
  return *plan;
}
}  // namespace

TEST(BookCacheKey, ChangesWithEverythingThatMakesTheBook) {
  test::TempDir dir;
  test::write_file(dir / "book" / "1.txt", "第一章\n正文。\n");
  test::write_file(dir / "book" / "2.txt", "第二章\n正文。\n");
  Config config;
  std::string base = *book_cache_key(plan_of(dir), config);
  EXPECT_EQ(*book_cache_key(plan_of(dir), config), base);
  EXPECT_NE(*book_cache_key(plan_of(dir), config, "99.0.0"), base);  // another novelbind

  Config titled = config;
  titled.book.title = "別的書名";
  EXPECT_NE(*book_cache_key(plan_of(dir), titled), base);
  Config vertical = config;
  vertical.style.writing_mode = "vertical";
  EXPECT_NE(*book_cache_key(plan_of(dir), vertical), base);

  auto time = std::filesystem::last_write_time(dir / "book" / "2.txt");
  test::write_file(dir / "book" / "2.txt", "第二章\n改過的正文。\n");
  std::filesystem::last_write_time(dir / "book" / "2.txt", time);
  EXPECT_NE(*book_cache_key(plan_of(dir), config), base);  // bytes, even at the same time
}

TEST(BookCacheKey, UnreadableNamedFileIsAnError) {
  test::TempDir dir;
  test::write_file(dir / "book" / "1.txt", "第一章\n正文。\n");
  Config config;
  config.project_dir = dir.path();
  config.convert.phrases = "names.txt";
  auto key = book_cache_key(plan_of(dir), config);
  ASSERT_FALSE(key.ok());
  EXPECT_EQ(key.message(),
            (dir / "names.txt").string() + ": cannot read the phrase list; check the path");
}

TEST(BuildCacheKeys, AnUnchangedFileIsKnownByItsStampAndAnyWriteIsSeen) {
  test::TempDir dir;
  test::write_file(dir / "book" / "1.txt", "第一章\n正文。\n");
  test::write_file(dir / "book" / "2.txt", "第二章\n正文。\n");
  auto cache = BuildCache::open(dir / "cache");
  ASSERT_TRUE(cache.ok());
  Config config;
  auto keys = [&] {
    auto k = build_cache_keys(plan_of(dir), config, NOVELBIND_VERSION, cache->get());
    EXPECT_TRUE(k.ok()) << k.message();
    return *k;
  };
  // Files written just now are "racy": a second write within the file system's clock tick
  // could keep the stamp, so they are read on every build until they are old enough.
  BuildKeys first = keys();
  EXPECT_EQ(first.files_read, 2);
  EXPECT_EQ(keys().files_read, 2);
  EXPECT_EQ(keys().units, first.units);

  std::this_thread::sleep_for(std::chrono::milliseconds(2100));
  EXPECT_EQ(keys().files_read, 2);  // hashed now, well after the files were written
  BuildKeys known = keys();
  EXPECT_EQ(known.files_read, 0);  // every hash taken from the stamps
  EXPECT_EQ(known.units, first.units);
  EXPECT_EQ(known.book, first.book);

  // The same size and modification time, other bytes: the change time still tells, also once
  // the write is old enough not to be racy.
  auto time = std::filesystem::last_write_time(dir / "book" / "2.txt");
  test::write_file(dir / "book" / "2.txt", "第二章\n正文！\n");
  std::filesystem::last_write_time(dir / "book" / "2.txt", time);
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));
  BuildKeys edited = keys();
  EXPECT_EQ(edited.files_read, 1);
  EXPECT_EQ(edited.units[0], first.units[0]);
  EXPECT_NE(edited.units[1], first.units[1]);

  // A damaged record of the stamps is not trusted: every file is read again.
  for (const auto& entry : std::filesystem::directory_iterator(dir / "cache" / "inputs"))
    test::write_file(entry.path(), "damaged");
  BuildKeys again = keys();
  EXPECT_EQ(again.files_read, 2);
  EXPECT_EQ(again.units, edited.units);
}

TEST(DocumentDeflater, ALargeDocumentOneLineApartReusesAllButItsChangedPieces) {
  test::TempDir dir;
  auto cache = BuildCache::open(dir / "cache");
  ASSERT_TRUE(cache.ok());
  auto nav = [](int changed) {
    std::string text = "<nav>\n";
    for (int i = 0; i < 5000; ++i)
      text += "<li><a href=\"text/ch" + std::to_string(i) + ".xhtml\">第" + std::to_string(i) +
              (i == changed ? "章 新標題" : "章") + "</a></li>\n";
    return text + "</nav>\n";
  };
  auto stored_keys = [&] {
    std::set<std::string> keys;
    CachePack pack(**cache, "deflate");
    for (const auto& [key, record] : pack.records()) keys.emplace(key);
    return keys;
  };
  std::string first = nav(-1), second = nav(2500);
  {
    DocumentDeflater deflater(cache->get());
    auto blob = deflater.deflate(first);
    ASSERT_TRUE(blob.ok());
    deflater.commit();
  }
  std::set<std::string> before = stored_keys();
  ASSERT_GE(before.size(), 5u);
  SharedBytes again;
  {
    DocumentDeflater deflater(cache->get());
    auto blob = deflater.deflate(second);
    ASSERT_TRUE(blob.ok());
    again = *blob;
    deflater.commit();
  }
  std::set<std::string> after = stored_keys();
  size_t added = 0;
  for (const std::string& key : after) added += !before.count(key);
  EXPECT_GE(added, 1u);
  EXPECT_LE(added, 2u);
  // And the joined result is the document: written and read back by libzip (CRC checked).
  std::vector<ZipEntry> entries = {{"mimetype", "application/epub+zip", false},
                                   ZipEntry::predeflated("EPUB/nav.xhtml", again)};
  ASSERT_TRUE(write_zip(dir / "x.epub", entries, 1700000000).ok());
  EXPECT_EQ(test::read_epub(dir / "x.epub")["EPUB/nav.xhtml"], second);
}

}  // namespace novelbind
