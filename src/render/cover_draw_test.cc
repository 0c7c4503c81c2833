#include "render/cover_draw.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

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

}  // namespace
}  // namespace novelbind
