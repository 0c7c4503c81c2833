#include "render/cover_draw.h"

#include <gtest/gtest.h>

#include "base/test_util.h"
#include "cache/build_cache.h"

namespace novelbind {
namespace {

Metadata meta() {
  Metadata m;
  m.title = "仙逆";
  m.author = "耳根";
  m.language = "zh-Hans";
  return m;
}

TEST(DrawnCover, APngOfTheStatedSizeWithNoTimeInIt) {
  auto img = draw_cover(meta());
  ASSERT_TRUE(img.ok()) << img.message();
  EXPECT_EQ(img->media_type, "image/png");
  EXPECT_EQ(img->width, kDrawnCoverWidth);
  EXPECT_EQ(img->height, kDrawnCoverHeight);
  EXPECT_EQ(img->bytes.find("tIME"), std::string::npos);
  EXPECT_EQ(draw_cover(meta())->bytes, img->bytes);
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
  Metadata other = meta();
  other.author = "佚名";
  EXPECT_NE(drawn_cover(other, cache->get())->bytes, first->bytes);
}

}  // namespace
}  // namespace novelbind
