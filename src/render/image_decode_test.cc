#include "render/image_decode.h"

#include <gtest/gtest.h>

#include "render/image_test_pictures.h"

namespace novelbind {
namespace {

Result<Pixels> decode(std::string bytes, const ImageLimits& limits = {}, bool keep = true) {
  auto image = identify_image(std::move(bytes), "p");
  if (!image) return image.status();
  return decode_image(*image, "p", limits, keep);
}

TEST(DecodeImage, PngColourTypesComeOutAsPremultipliedArgb) {
  // Grey 8-bit, RGB 16-bit, a palette, grey with alpha, RGBA: one pixel each.
  auto grey = decode(test::png_image(1, 1, 8, 0, [](auto) { return std::string("\x80"); }));
  ASSERT_TRUE(grey.ok()) << grey.message();
  EXPECT_FALSE(grey->alpha);
  EXPECT_EQ(grey->argb, std::vector<std::uint32_t>{0xFF808080u});
  auto rgb16 = decode(test::png_image(
      1, 1, 16, 2, [](auto) { return std::string("\x12\x00\x34\x00\x56\x00", 6); }));
  ASSERT_TRUE(rgb16.ok()) << rgb16.message();
  EXPECT_EQ(rgb16->argb, std::vector<std::uint32_t>{0xFF123456u});
  auto palette =
      decode(test::png_image(2, 1, 8, 3, [](auto) { return std::string("\x00\x01", 2); }));
  ASSERT_TRUE(palette.ok()) << palette.message();
  EXPECT_EQ(palette->argb, (std::vector<std::uint32_t>{0xFF102030u, 0xFFF0E0D0u}));
  auto grey_alpha =
      decode(test::png_image(1, 1, 8, 4, [](auto) { return std::string("\xFF\x80"); }));
  ASSERT_TRUE(grey_alpha.ok()) << grey_alpha.message();
  EXPECT_TRUE(grey_alpha->alpha);
  EXPECT_EQ(grey_alpha->argb, std::vector<std::uint32_t>{0x80808080u});
  auto rgba =
      decode(test::png_image(1, 1, 8, 6, [](auto) { return std::string("\xFF\x00\x00\x00", 4); }));
  ASSERT_TRUE(rgba.ok()) << rgba.message();
  EXPECT_EQ(rgba->argb, std::vector<std::uint32_t>{0x00000000u});
}

TEST(DecodeImage, JpegFormsDecode) {
  for (auto form : {test::JpegForm::kBaseline, test::JpegForm::kProgressive, test::JpegForm::kGrey,
                    test::JpegForm::kCmyk}) {
    auto pixels = decode(test::jpeg_image(40, 24, form, 200));
    ASSERT_TRUE(pixels.ok()) << pixels.message();
    EXPECT_EQ(pixels->width, 40);
    EXPECT_EQ(pixels->height, 24);
    ASSERT_EQ(pixels->argb.size(), 40u * 24u);
    std::uint32_t px = pixels->argb[40 * 12 + 20];
    EXPECT_EQ(px >> 24, 0xFFu);
    // 200 in every sample: grey 200 in RGB; in CMYK with the Adobe marker (inverted, as
    // Photoshop writes it) 55 of each ink: 200 * 200 / 255 = 156 in each channel.
    unsigned want = form == test::JpegForm::kCmyk ? 156 : 200;
    for (int shift : {16, 8, 0}) EXPECT_NEAR(static_cast<int>((px >> shift) & 0xFF), want, 2);
  }
}

TEST(DecodeImage, WithoutKeepNothingIsHeld) {
  auto pixels = decode(test::jpeg_image(64, 64, test::JpegForm::kBaseline), {}, /*keep=*/false);
  ASSERT_TRUE(pixels.ok()) << pixels.message();
  EXPECT_EQ(pixels->width, 64);
  EXPECT_TRUE(pixels->argb.empty());
}

TEST(DecodeImage, LimitsAreCheckedOnTheHeader) {
  ImageLimits limits;
  limits.max_decoded_bytes = 4 << 20;  // 1 Mi pixels
  EXPECT_EQ(decode(test::png_image(2000, 1000, 1, 0), limits).message(),
            "p: the picture is 2000x1000 pixels, which takes 8 MiB of memory to decode, more than "
            "the 4 MiB allowed; scale it down (e-readers show covers of about 1600x2560)");
  EXPECT_EQ(decode(test::jpeg_image(1100, 1000, test::JpegForm::kGrey), limits).message(),
            "p: the picture is 1100x1000 pixels, which takes 5 MiB of memory to decode, more than "
            "the 4 MiB allowed; scale it down (e-readers show covers of about 1600x2560)");
  EXPECT_EQ(decode(test::png_image(40000, 2, 1, 0)).message(),
            "p: the picture is 40000x2 pixels, more than 32767 pixels a side; scale it down "
            "(e-readers show covers of about 1600x2560)");
}

// A progressive JPEG keeps every coefficient of the picture while it decodes: 2 bytes a
// sample, more than the 4 bytes a pixel of the result when no channel is subsampled.
TEST(DecodeImage, AProgressiveJpegThatNeedsMoreMemoryIsRefused) {
  std::string jpeg = test::jpeg_image(1000, 1000, test::JpegForm::kProgressive);
  ImageLimits limits;
  limits.max_decoded_bytes = 4000000;  // the pixels fit, the 6,000,000 of coefficients do not
  EXPECT_EQ(decode(jpeg, limits).message(),
            "p: the JPEG image needs more than 4 MiB of memory to decode; save it again as a "
            "baseline (not progressive) JPEG, or smaller");
  EXPECT_TRUE(decode(jpeg).ok());
}

TEST(DecodeImage, AJpegOfTooManyScansIsRefused) {
  std::string jpeg = test::jpeg_image(16, 16, test::JpegForm::kProgressive);  // 10 scans
  ImageLimits limits;
  limits.max_jpeg_scans = 5;
  EXPECT_EQ(decode(jpeg, limits).message(),
            "p: the JPEG image has more than 5 progressive scans (each decodes the whole picture "
            "again); export it again");
  limits.max_jpeg_scans = 10;
  EXPECT_TRUE(decode(jpeg, limits).ok());
}

// Image data cut short inside a well-formed file (every chunk whole, with its checksum): only
// decoding can tell.
TEST(DecodeImage, APngWhoseImageDataEndsEarlyIsRefused) {
  std::string png = test::png_image(300, 300, 8, 2, [](std::uint32_t y) {
    std::string row;
    for (int x = 0; x < 900; ++x) row += static_cast<char>((x * 7 + y * 13) & 0xFF);
    return row;
  });
  size_t idat = png.find("IDAT") - 4;
  std::string cut = png.substr(0, idat);
  test::append_png_chunk(cut, "IDAT", png.substr(idat + 8, 200));
  test::append_png_chunk(cut, "IEND", "");
  EXPECT_EQ(decode(cut).message(),
            "p: the PNG image cannot be decoded (Not enough image data); export it again");
}

}  // namespace
}  // namespace novelbind
