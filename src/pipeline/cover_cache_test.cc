#include "pipeline/cover_cache.h"

#include <gtest/gtest.h>

#include "base/test_util.h"
#include "render/paint_library.h"

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
  int missing = -1;
  auto first = drawn_cover(meta(), cache->get(), &missing);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(missing, 0);
  EXPECT_EQ(first->bytes, draw_cover(meta())->bytes);
  EXPECT_FALSE(std::filesystem::is_empty(dir / "cache" / "cover"));
  auto again = drawn_cover(meta(), cache->get(), &missing);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->bytes, first->bytes);
  EXPECT_NE(drawn_cover(meta("佚名"), cache->get(), &missing)->bytes, first->bytes);
}

// A rebuild need not load Pango and Cairo ahead when the cache holds a cover they drew: the
// record names their files, which are unchanged.
TEST(DrawnCover, TheCacheTellsWhetherItsCoverWasDrawnByTheLibrariesInstalled) {
  test::TempDir dir;
  auto cache = BuildCache::open(dir / "cache");
  ASSERT_TRUE(cache.ok()) << cache.message();
  EXPECT_FALSE(cached_cover_libraries_unchanged(cache->get()));
  EXPECT_FALSE(cached_cover_libraries_unchanged(nullptr));
  int missing = -1;
  ASSERT_TRUE(drawn_cover(meta(), cache->get(), &missing).ok());
  EXPECT_TRUE(cached_cover_libraries_unchanged(cache->get()));
  EXPECT_FALSE(paint_library_files().empty());
}

// A character no font has (U+E000, private use) is drawn as a box: the count comes with the
// picture, drawn or read from the cache, so that a rebuild warns as the first build did.
TEST(DrawnCover, CharactersWithoutAGlyphAreCountedFromTheCacheToo) {
  test::TempDir dir;
  auto cache = BuildCache::open(dir / "cache");
  ASSERT_TRUE(cache.ok()) << cache.message();
  int missing = -1;
  ASSERT_TRUE(drawn_cover(meta("\xEE\x80\x80\xEE\x80\x81"), cache->get(), &missing).ok());
  EXPECT_EQ(missing, 2);
  missing = -1;
  ASSERT_TRUE(drawn_cover(meta("\xEE\x80\x80\xEE\x80\x81"), cache->get(), &missing).ok());
  EXPECT_EQ(missing, 2);
  ASSERT_TRUE(drawn_cover(meta(), nullptr, &missing).ok());
  EXPECT_EQ(missing, 0);
}

}  // namespace
}  // namespace novelbind
