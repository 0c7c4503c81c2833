#include "render/cover_draw.h"

#include <gtest/gtest.h>
#include <png.h>

#include <vector>

#include "base/test_util.h"
#include "render/cairo_ptr.h"

namespace novelbind {
namespace {

Metadata cover_meta() {
  Metadata m;
  m.title = "仙逆";
  m.author = "耳根";
  m.language = "zh-Hans";
  return m;
}

TEST(DrawnCover, APngOfTheStatedSizeWithNoTimeInIt) {
  auto img = draw_cover(cover_meta());
  ASSERT_TRUE(img.ok()) << img.message();
  EXPECT_EQ(img->media_type, "image/png");
  EXPECT_EQ(img->width, kDrawnCoverWidth);
  EXPECT_EQ(img->height, kDrawnCoverHeight);
  EXPECT_EQ(img->bytes.find("tIME"), std::string::npos);
  EXPECT_EQ(draw_cover(cover_meta())->bytes, img->bytes);
}

// The picture a reader sees, decoded by libpng: the paper colour, the red frame and dark ink
// where the title is, whatever form (palette or RGB) the file takes.
TEST(DrawnCover, DecodesToPaperFrameAndInk) {
  auto img = draw_cover(cover_meta());
  ASSERT_TRUE(img.ok()) << img.message();
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  ASSERT_TRUE(png_image_begin_read_from_memory(&image, img->bytes.data(), img->bytes.size()));
  image.format = PNG_FORMAT_RGB;
  std::vector<unsigned char> rgb(PNG_IMAGE_SIZE(image));
  ASSERT_TRUE(png_image_finish_read(&image, nullptr, rgb.data(), 0, nullptr));
  ASSERT_EQ(image.width, static_cast<unsigned>(kDrawnCoverWidth));
  auto pixel = [&](int x, int y) {
    const unsigned char* p = &rgb[(static_cast<size_t>(y) * image.width + x) * 3];
    return (p[0] << 16) | (p[1] << 8) | p[2];
  };
  EXPECT_EQ(pixel(10, 10), 0xf3ede0);                     // paper
  EXPECT_EQ(pixel(80, kDrawnCoverHeight / 2), 0x7a2418);  // the outer frame
  int dark = 0;  // the title's strokes: pixels far darker than the paper
  for (int y = 0; y < kDrawnCoverHeight; y += 4)
    for (int x = 0; x < kDrawnCoverWidth; x += 4)
      if (((pixel(x, y) >> 8) & 0xff) < 0x60) ++dark;
  EXPECT_GT(dark, 500);
}

// The cover is drawn a strip at a time: each pixel must be the one Cairo draws on the whole
// picture at once, at the strips' edges too (a title of two lines crosses several).
TEST(DrawnCover, DrawnInStripsIsThePictureDrawnWhole) {
  Metadata meta;
  meta.title = "斗破苍穹之无上之境界的传说与那些年的故事";
  meta.author = "天蚕土豆";
  meta.series = "斗破系列";
  meta.series_index = "3";
  meta.language = "zh-Hans";
  auto img = draw_cover(meta);
  ASSERT_TRUE(img.ok()) << img.message();
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  ASSERT_TRUE(png_image_begin_read_from_memory(&image, img->bytes.data(), img->bytes.size()));
  image.format = PNG_FORMAT_BGRA;  // the bytes of CAIRO_FORMAT_RGB24 on a little-endian machine
  std::vector<unsigned char> strips(PNG_IMAGE_SIZE(image));
  ASSERT_TRUE(png_image_finish_read(&image, nullptr, strips.data(), 0, nullptr));

  CairoSurface whole(
      paint().cairo_image_surface_create(CAIRO_FORMAT_RGB24, kDrawnCoverWidth, kDrawnCoverHeight));
  CairoContext c(paint().cairo_create(whole.get()));
  paint_cover(c.get(), meta, layout_cover(meta));
  paint().cairo_surface_flush(whole.get());
  const unsigned char* data = paint().cairo_image_surface_get_data(whole.get());
  const int stride = paint().cairo_image_surface_get_stride(whole.get());
  int different = 0, first = -1;
  for (int y = 0; y < kDrawnCoverHeight; ++y)
    for (int x = 0; x < kDrawnCoverWidth; ++x) {
      const unsigned char* a = data + static_cast<size_t>(y) * stride + 4 * x;
      const unsigned char* b = &strips[(static_cast<size_t>(y) * kDrawnCoverWidth + x) * 4];
      if (a[0] != b[0] || a[1] != b[1] || a[2] != b[2]) {
        if (first < 0) first = y;
        ++different;
      }
    }
  EXPECT_EQ(different, 0) << "first in row " << first;
}

}  // namespace
}  // namespace novelbind
