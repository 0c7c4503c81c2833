#include "pipeline/cover_cache.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

namespace novelbind {
namespace {

Metadata meta(const std::string& author = "耳根") {
  Metadata m;
  m.title = "仙逆";
  m.author = author;
  return m;
}

TEST(DrawnCover, TheCacheGivesTheSamePictureAndKeysItByTheMetadata) {
  test::TempDir dir;
  auto cache = BuildCache::open(dir / "cache");
  ASSERT_TRUE(cache.ok()) << cache.message();
  auto first = drawn_cover(meta(), cache->get());
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->bytes, draw_cover(meta())->bytes);
  EXPECT_FALSE(std::filesystem::is_empty(dir / "cache" / "cover"));
  auto again = drawn_cover(meta(), cache->get());
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->bytes, first->bytes);
  EXPECT_NE(drawn_cover(meta("佚名"), cache->get())->bytes, first->bytes);
}

}  // namespace
}  // namespace novelbind
