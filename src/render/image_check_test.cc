#include "render/image_check.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "base/test_util.h"
#include "render/image_test_pictures.h"

namespace novelbind {
namespace {

TEST(CheckImage, ACoverOfOrdinarySizeKeepsItsBytes) {
  for (const char* name : {"cover.jpg", "cover.png"}) {
    auto checked = check_image(test::fixture(name), name);
    ASSERT_TRUE(checked.ok()) << checked.message();
    EXPECT_FALSE(checked->scaled());
    EXPECT_EQ(checked->image.bytes, test::fixture(name));
  }
}

// The example: a few hundred kilobytes that say 60000 x 60000 pixels are refused on
// their header, before any memory is taken for the pixels.
TEST(CheckImage, ADecompressionBombIsRefusedBeforeDecoding) {
  std::string bomb = test::png_image(60000, 60000, 1, 0);
  EXPECT_LT(bomb.size(), 1u << 20);
  EXPECT_EQ(check_image(bomb, "cover.png").message(),
            "cover.png: the picture is 60000x60000 pixels, which takes 13.4 GiB of memory to "
            "decode, more than the 256 MiB allowed; scale it down (e-readers show covers of "
            "about 1600x2560)");
}

TEST(CheckImage, AJpegNamedPngIsTakenForWhatItIs) {
  auto checked = check_image(test::fixture("cover.jpg"), "cover.png");
  ASSERT_TRUE(checked.ok()) << checked.message();
  EXPECT_EQ(checked->image.media_type, "image/jpeg");
  EXPECT_EQ(checked->image.extension, "jpg");
}

// Headers intact, image data overwritten: the header-only identification took it; the
// decoder does not.
TEST(CheckImage, AJpegNamedPngWithDamagedDataIsRefused) {
  std::string jpeg = test::fixture("cover.jpg");
  size_t scan = jpeg.find("\xFF\xDA");
  ASSERT_NE(scan, std::string::npos);
  for (size_t i = scan + 40; i < jpeg.size() - 200; ++i) jpeg[i] = static_cast<char>(0xFF);
  ASSERT_TRUE(identify_image(jpeg, "cover.png").ok());
  EXPECT_EQ(check_image(jpeg, "cover.png").message(),
            "cover.png: the JPEG image data is damaged (Corrupt JPEG data: premature end of data "
            "segment); export it again");
}

TEST(CheckImage, APngWhoseImageDataIsDamagedIsRefused) {
  std::string png = test::fixture("cover.png");
  size_t idat = png.find("IDAT");
  ASSERT_NE(idat, std::string::npos);
  png[idat + 10] = static_cast<char>(png[idat + 10] ^ 0x55);
  EXPECT_EQ(
      check_image(png, "c.png").message(),
      "c.png: the PNG image cannot be decoded (IDAT: invalid code lengths set); export it again");
}

TEST(CheckImage, APictureLargerThanTheCoverSideIsScaledDownInItsFormat) {
  // 6000 x 3000 RGB of one colour, and a JPEG of 3000 x 5000.
  std::string row;
  for (int x = 0; x < 6000; ++x) row += "\xC8\x64\x32";  // (200, 100, 50)
  std::string png = test::png_image(6000, 3000, 8, 2, [&](std::uint32_t) { return row; });
  auto checked = check_image(png, "big.png");
  ASSERT_TRUE(checked.ok()) << checked.message();
  EXPECT_TRUE(checked->scaled());
  EXPECT_EQ(checked->given_width, 6000);
  EXPECT_EQ(checked->given_height, 3000);
  EXPECT_EQ(checked->image.media_type, "image/png");
  EXPECT_EQ(checked->image.width, kMaxCoverSide);
  EXPECT_EQ(checked->image.height, 2048);
  // The colour is kept (scaling averages; an edge is not blended with the outside).
  auto pixels = decode_image(checked->image, "scaled", {}, /*keep=*/true);
  ASSERT_TRUE(pixels.ok()) << pixels.message();
  for (size_t i : {size_t{0}, pixels->argb.size() / 2, pixels->argb.size() - 1})
    EXPECT_EQ(pixels->argb[i], 0xFFC86432u) << i;

  auto jpeg = check_image(test::jpeg_image(3000, 5000, test::JpegForm::kBaseline), "big.jpg");
  ASSERT_TRUE(jpeg.ok()) << jpeg.message();
  EXPECT_EQ(jpeg->image.media_type, "image/jpeg");
  EXPECT_EQ(jpeg->image.width, 2458);
  EXPECT_EQ(jpeg->image.height, kMaxCoverSide);
  // The same picture scales to the same bytes.
  EXPECT_EQ(
      check_image(test::jpeg_image(3000, 5000, test::JpegForm::kBaseline), "big.jpg")->image.bytes,
      jpeg->image.bytes);
}

TEST(CheckImage, OtherFormatsAreNamed) {
  EXPECT_EQ(check_image("GIF89a\x01\x00", "c.png").message(),
            "c.png: not a JPEG or PNG image (it is a GIF image); give a .jpg or .png cover");
}

TEST(LoadImage, MissingFileIsNamed) {
  test::TempDir dir;
  auto img = load_image(dir / "nope.jpg");
  EXPECT_EQ(img.message(),
            (dir / "nope.jpg").string() + ": cannot read the cover image; check the path");
}

TEST(LoadImage, APipeOrAFolderIsNotReadAsACover) {
  test::TempDir dir;
  ASSERT_EQ(mkfifo((dir / "fifo.jpg").c_str(), 0600), 0);
  EXPECT_EQ(load_image(dir / "fifo.jpg").message(),
            (dir / "fifo.jpg").string() +
                ": is a device, pipe or socket, not a file; name a file as the cover image");
  EXPECT_EQ(load_image(dir.path()).message(),
            dir.path().string() + ": is a folder, not a cover image; name a .jpg or .png");
}

}  // namespace
}  // namespace novelbind
