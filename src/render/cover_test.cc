#include "render/cover.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

namespace novelbind {
namespace {

TEST(IdentifyImage, Png) {
  auto img = identify_image(test::fixture("cover.png"), "cover.png");
  ASSERT_TRUE(img.ok()) << img.message();
  EXPECT_EQ(img->media_type, "image/png");
  EXPECT_EQ(img->extension, "png");
  EXPECT_EQ(img->width, 300);
  EXPECT_EQ(img->height, 450);
}

TEST(IdentifyImage, Jpeg) {
  auto img = identify_image(test::fixture("cover.jpg"), "cover.jpg");
  ASSERT_TRUE(img.ok()) << img.message();
  EXPECT_EQ(img->media_type, "image/jpeg");
  EXPECT_EQ(img->extension, "jpg");
  EXPECT_EQ(img->width, 300);
  EXPECT_EQ(img->height, 450);
}

TEST(IdentifyImage, TypeComesFromTheBytesNotTheName) {
  auto img = identify_image(test::fixture("cover.png"), "cover.jpg");
  ASSERT_TRUE(img.ok());
  EXPECT_EQ(img->media_type, "image/png");
}

TEST(IdentifyImage, OtherFormatsAreNamed) {
  EXPECT_EQ(identify_image("GIF89a\x01\x00", "c.gif").message(),
            "c.gif: not a JPEG or PNG image (it is a GIF image); give a .jpg or .png cover");
  EXPECT_EQ(identify_image(std::string("RIFF\x10\0\0\0WEBPVP8 ", 16), "c.webp").message(),
            "c.webp: not a JPEG or PNG image (it is a WebP image); give a .jpg or .png cover");
  EXPECT_EQ(identify_image("hello", "cover.jpg").message(),
            "cover.jpg: not a JPEG or PNG image (its format is not one novelbind knows); give a "
            ".jpg or .png cover");
  EXPECT_EQ(identify_image("", "cover.jpg").message(),
            "cover.jpg: not a JPEG or PNG image (it is empty); give a .jpg or .png cover");
}

TEST(IdentifyImage, CutShortFilesAreErrors) {
  std::string png = test::fixture("cover.png");
  EXPECT_EQ(identify_image(png.substr(0, png.size() - 40), "c.png").message(),
            "c.png: the PNG image is cut short (no IEND chunk at its end); export it again");
  std::string jpg = test::fixture("cover.jpg");
  EXPECT_EQ(identify_image(jpg.substr(0, jpg.size() / 2), "c.jpg").message(),
            "c.jpg: the JPEG image is cut short (no end-of-image marker); export it again");
  EXPECT_EQ(identify_image(jpg.substr(0, 30), "c.jpg").message(),
            "c.jpg: the JPEG image is damaged (no frame header before the image data); export it "
            "again");
}

// A chunk that says it is longer than the rest of the file (found by image_fuzz: libpng only
// warns about such a length, then allocates it, 1.9 GB for a file of 518 bytes).
TEST(IdentifyImage, AChunkRunningPastTheEndIsDamage) {
  std::string png = test::fixture("cover.png");
  size_t idat = png.find("IDAT") - 4;
  png.replace(idat, 4, std::string("\x72\xb7\xcf\x14", 4));
  EXPECT_EQ(identify_image(png, "c.png").message(),
            "c.png: the PNG image is damaged (a chunk at byte " + std::to_string(idat) +
                " runs past the end of the file); export it again");
}

TEST(LayoutCover, ShortTitleIsLargeAndOnOneLine) {
  Metadata m;
  m.title = "紅樓夢";
  m.author = "曹雪芹";
  CoverLayout l = layout_cover(m);
  ASSERT_EQ(l.title.size(), 1u);
  EXPECT_EQ(l.title[0].text, "紅樓夢");
  EXPECT_EQ(l.title[0].font_size, 180);
  ASSERT_EQ(l.author.size(), 1u);
  EXPECT_EQ(l.author[0].text, "曹雪芹");
  EXPECT_GT(l.author[0].y, l.title[0].y);
  EXPECT_TRUE(l.series.empty());
}

TEST(LayoutCover, LongTitleWrapsWithinTheCover) {
  Metadata m;
  m.title = "重生之我在大唐開著皮卡車打天下的那些年";  // 19 characters
  CoverLayout l = layout_cover(m);
  ASSERT_GE(l.title.size(), 2u);
  ASSERT_LE(l.title.size(), 4u);
  std::string joined;
  for (const CoverLine& line : l.title) {
    joined += line.text;
    // Every line fits in the 900 px text box (a CJK character is one em wide).
    EXPECT_LE(static_cast<int>(line.text.size() / 3) * line.font_size, 900) << line.text;
  }
  EXPECT_EQ(joined, m.title);
}

}  // namespace
}  // namespace novelbind
