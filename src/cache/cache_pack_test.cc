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

}  // namespace
}  // namespace novelbind
