#include "cache/build_cache.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

namespace novelbind {

TEST(ContentHash, FieldsAreDelimited) {
  auto key = [](std::string_view a, std::string_view b) {
    return ContentHash().add(a).add(b).hex();
  };
  EXPECT_EQ(key("ab", "c"), key("ab", "c"));
  EXPECT_NE(key("ab", "c"), key("a", "bc"));
  EXPECT_EQ(key("ab", "c").size(), 32u);
}

TEST(BuildCache, StoresAndFindsEntries) {
  test::TempDir dir;
  auto cache = BuildCache::open(dir / "cache");
  ASSERT_TRUE(cache.ok()) << cache.message();
  BuildCache& c = **cache;
  EXPECT_FALSE(c.get("doc", "k1"));
  c.put("doc", "k1", std::string("abc\0def", 7));
  EXPECT_EQ(c.get("doc", "k1"), std::string("abc\0def", 7));
  EXPECT_EQ(c.stats().hits, 1);
  EXPECT_EQ(c.stats().misses, 1);
}

TEST(BuildCache, DamagedEntriesAreNeverTrusted) {
  test::TempDir dir;
  auto cache = BuildCache::open(dir / "cache");
  BuildCache& c = **cache;
  c.put("doc", "k", "payload");
  std::string bytes = test::read_file(dir / "cache" / "doc" / "k");
  test::write_file(dir / "cache" / "doc" / "k", bytes.substr(0, bytes.size() - 1) + "X");
  EXPECT_FALSE(c.get("doc", "k"));
  test::write_file(dir / "cache" / "doc" / "k", bytes.substr(0, 10));
  EXPECT_FALSE(c.get("doc", "k"));
  EXPECT_EQ(c.stats().corrupt, 2);
  c.put("doc", "k", "payload");
  EXPECT_EQ(c.get("doc", "k"), "payload");
}

TEST(BuildCache, UnusableFolderIsAnErrorNamingIt) {
  test::TempDir dir;
  test::write_file(dir / "file", "x");
  auto cache = BuildCache::open(dir / "file");
  ASSERT_FALSE(cache.ok());
  EXPECT_EQ(cache.message().rfind(
                (dir / "file").string() + ": cannot use this folder as the build cache", 0),
            0u)
      << cache.message();
}

}  // namespace novelbind
