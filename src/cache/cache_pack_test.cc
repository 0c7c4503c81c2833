#include "cache/cache_pack.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "base/test_util.h"

namespace novelbind {
namespace {

std::vector<std::string> index_of(const BuildCache& cache) {
  std::vector<std::string> names;
  std::string text = cache.get("units", "index").value_or("");
  for (size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    names.push_back(text.substr(start, end - start));
  return names;
}

// A rebuild adds a small segment instead of rewriting every record; records no build keeps
// are dropped, and once they would make up most of the bytes the segments merge into one.
TEST(CachePack, AddsSegmentsAndMergesThemWhenMostlyUnused) {
  test::TempDir dir;
  auto opened = BuildCache::open(dir / "cache");
  ASSERT_TRUE(opened.ok());
  const BuildCache& cache = **opened;
  {
    CachePack pack(cache, "units");
    EXPECT_TRUE(pack.records().empty());
    pack.add("a", std::string(100, 'a'));
    pack.add("b", std::string(100, 'b'));
    pack.commit();
  }
  EXPECT_EQ(index_of(cache).size(), 1u);
  {
    CachePack pack(cache, "units");
    ASSERT_EQ(pack.records().size(), 2u);
    EXPECT_EQ(pack.records().at("a"), std::string(100, 'a'));
    pack.keep("a");
    pack.keep("b");
    pack.add("c", "ccc");
    pack.commit();
  }
  EXPECT_EQ(index_of(cache).size(), 2u);  // the new record alone in a second segment
  {
    CachePack pack(cache, "units");
    ASSERT_EQ(pack.records().size(), 3u);
    EXPECT_EQ(pack.records().at("c"), "ccc");
    pack.keep("c");  // a and b are no longer used: most of the bytes
    pack.commit();
  }
  ASSERT_EQ(index_of(cache).size(), 1u);
  {
    CachePack pack(cache, "units");
    ASSERT_EQ(pack.records().size(), 1u);
    EXPECT_EQ(pack.records().at("c"), "ccc");
    pack.keep("c");
    pack.commit();  // nothing changed: nothing written
  }
  EXPECT_EQ(index_of(cache).size(), 1u);
  // Segments no longer listed are removed.
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir / "cache" / "units"))
    files += e.path().filename() != "index";
  EXPECT_EQ(files, 1u);
}

TEST(CachePack, DamagedSegmentMeansNoRecords) {
  test::TempDir dir;
  auto opened = BuildCache::open(dir / "cache");
  ASSERT_TRUE(opened.ok());
  const BuildCache& cache = **opened;
  {
    CachePack pack(cache, "units");
    pack.add("a", "aaaa");
    pack.commit();
  }
  std::filesystem::path segment = dir / "cache" / "units" / index_of(cache).front();
  std::string bytes = test::read_file(segment);
  bytes.back() ^= 0x55;
  test::write_file(segment, bytes);
  CachePack pack(cache, "units");
  EXPECT_TRUE(pack.records().empty());
}

// A large segment (checked through a buffer, piece by piece) damaged anywhere, even a byte in
// the middle of a record nobody reads, is not trusted; whole, all of it is found again.
TEST(CachePack, ALargeSegmentDamagedInTheMiddleMeansNoRecords) {
  test::TempDir dir;
  auto opened = BuildCache::open(dir / "cache");
  ASSERT_TRUE(opened.ok());
  const BuildCache& cache = **opened;
  std::string big(5 << 20, 'x');
  {
    CachePack pack(cache, "units");
    pack.add("big", big);
    pack.add("after", "after");
    pack.commit();
  }
  {
    CachePack pack(cache, "units");
    ASSERT_EQ(pack.records().size(), 2u);
    EXPECT_EQ(pack.records().at("after"), "after");
    EXPECT_EQ(pack.records().at("big").size(), big.size());
  }
  std::filesystem::path segment = dir / "cache" / "units" / index_of(cache).front();
  std::string bytes = test::read_file(segment);
  bytes[bytes.size() / 2 + 12345] ^= 0x01;
  test::write_file(segment, bytes);
  CachePack pack(cache, "units");
  EXPECT_TRUE(pack.records().empty());
}

// A segment's frames read from its bytes in pieces of any size, as the file is read through a
// buffer, are the frames read from the whole; a tail cut short or past the end is left out.
TEST(FrameScanner, PiecesOfAnySizeGiveTheFramesOfTheWhole) {
  std::string data;
  std::vector<std::pair<std::string, std::string>> records = {
      {"first", std::string(5000, 'x')}, {"", "no key"}, {"empty", ""}, {"last", "z"}};
  for (const auto& [key, record] : records) data += pack_frame(key, record.size()) + record;
  auto whole = parse_pack(data);
  ASSERT_EQ(whole.size(), records.size());
  for (const auto& [key, record] : records) EXPECT_EQ(whole.at(key), record) << key;
  for (size_t step : {1u, 3u, 7u, 4096u}) {
    FrameScanner scanner;
    for (size_t at = 0; at < data.size(); at += step)
      scanner.feed(std::string_view(data).substr(at, step));
    auto frames = std::move(scanner).finish();
    ASSERT_EQ(frames.size(), records.size()) << step;
    for (size_t i = 0; i < frames.size(); ++i) {
      EXPECT_EQ(frames[i].key, records[i].first);
      EXPECT_EQ(data.substr(frames[i].offset, frames[i].size), records[i].second);
    }
  }
  // Cut inside the last record, inside a size, after a key size of 3 GB: the whole frames stay.
  EXPECT_EQ(parse_pack(std::string_view(data).substr(0, data.size() - 1)).size(), 3u);
  EXPECT_EQ(parse_pack(std::string_view(data).substr(0, data.size() - 5)).size(), 3u);
  std::string huge_key = data + std::string("\xff\xff\xff\xbf", 4) + "key";
  EXPECT_EQ(parse_pack(huge_key).size(), 4u);
}

// Letting go of a pack's pages read so far keeps every view valid: a record read again is
// read again from the file.
TEST(CachePack, RecordsReadAfterTheirPagesWereLetGoAreTheSame) {
  test::TempDir dir;
  auto opened = BuildCache::open(dir / "cache");
  ASSERT_TRUE(opened.ok());
  const BuildCache& cache = **opened;
  std::string big(3 << 20, '\0');
  for (size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>('a' + i % 26);
  {
    CachePack pack(cache, "pages");
    pack.add("big", big);
    pack.add("small", "small");
    pack.commit();
  }
  CachePack pack(cache, "pages");
  ASSERT_EQ(pack.records().size(), 2u);
  std::string_view view = pack.records().at("big");
  EXPECT_EQ(view, big);
  std::function<void()> release = pack.releaser();
  release();
  EXPECT_EQ(view, big);
  EXPECT_EQ(pack.records().at("small"), "small");
}

}  // namespace
}  // namespace novelbind
