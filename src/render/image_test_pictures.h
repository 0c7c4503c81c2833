// Test-only (never part of novelbind_lib). Pictures made by the tests: PNGs of any size written row
// by row (a decompression bomb is never held whole), and JPEGs in the forms libjpeg writes
// (progressive, grey, CMYK).
#pragma once

// clang-format off
#include <cstdio>  // jpeglib.h needs FILE declared first
#include <jpeglib.h>
// clang-format on
#include <zlib.h>

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>

namespace novelbind::test {

inline void append_png_chunk(std::string& png, const char* type, const std::string& data) {
  auto be32 = [&](std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) png += static_cast<char>(v >> shift);
  };
  be32(static_cast<std::uint32_t>(data.size()));
  std::string body = std::string(type, 4) + data;
  png += body;
  be32(static_cast<std::uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()))));
}

// A PNG of `width` x `height` pixels, `depth` bits a sample, `colour` as PNG numbers it (0 grey,
// 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA), not interlaced. Row y holds the bytes `row(y)`
// (without the filter byte), or zeros when `row` is empty. The rows are deflated one by one:
// 60000 x 60000 pixels of 1-bit grey make a file of 440 KB that decodes to 13 GiB.
inline std::string png_image(std::uint32_t width, std::uint32_t height, int depth, int colour,
                             const std::function<std::string(std::uint32_t)>& row = nullptr) {
  const int channels = colour == 2 ? 3 : colour == 4 ? 2 : colour == 6 ? 4 : 1;
  const std::size_t row_bytes = (std::size_t{width} * channels * depth + 7) / 8;
  std::string ihdr;
  for (std::uint32_t v : {width, height})
    for (int shift = 24; shift >= 0; shift -= 8) ihdr += static_cast<char>(v >> shift);
  ihdr += {static_cast<char>(depth), static_cast<char>(colour), 0, 0, 0};
  std::string png("\x89PNG\r\n\x1a\n", 8);
  append_png_chunk(png, "IHDR", ihdr);
  if (colour == 3) append_png_chunk(png, "PLTE", std::string("\x10\x20\x30\xf0\xe0\xd0", 6));
  z_stream z{};
  deflateInit(&z, Z_BEST_COMPRESSION);
  std::string idat, line;
  char out[1 << 16];
  for (std::uint32_t y = 0; y <= height; ++y) {
    if (y < height) {
      line = row ? row(y) : std::string(row_bytes, '\0');
      line.insert(line.begin(), '\0');  // filter: none
      line.resize(row_bytes + 1, '\0');
    }
    z.next_in = reinterpret_cast<Bytef*>(line.data());
    z.avail_in = y < height ? static_cast<uInt>(line.size()) : 0;
    int result;
    do {
      z.next_out = reinterpret_cast<Bytef*>(out);
      z.avail_out = sizeof out;
      result = deflate(&z, y < height ? Z_NO_FLUSH : Z_FINISH);
      idat.append(out, sizeof out - z.avail_out);
    } while (z.avail_out == 0 || (y == height && result != Z_STREAM_END));
  }
  deflateEnd(&z);
  append_png_chunk(png, "IDAT", idat);
  append_png_chunk(png, "IEND", "");
  return png;
}

enum class JpegForm { kBaseline, kProgressive, kGrey, kCmyk };

// A JPEG of `width` x `height` pixels whose every sample is `value` (quality 90); a
// progressive one has no subsampled channel, a CMYK one the Adobe marker libjpeg writes.
inline std::string jpeg_image(int width, int height, JpegForm form, unsigned char value = 128) {
  jpeg_compress_struct cinfo{};
  jpeg_error_mgr error;
  cinfo.err = jpeg_std_error(&error);
  jpeg_create_compress(&cinfo);
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&cinfo, &buffer, &size);
  cinfo.image_width = static_cast<JDIMENSION>(width);
  cinfo.image_height = static_cast<JDIMENSION>(height);
  cinfo.input_components = form == JpegForm::kGrey ? 1 : form == JpegForm::kCmyk ? 4 : 3;
  cinfo.in_color_space = form == JpegForm::kGrey   ? JCS_GRAYSCALE
                         : form == JpegForm::kCmyk ? JCS_CMYK
                                                   : JCS_RGB;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, 90, TRUE);
  if (form == JpegForm::kProgressive) {
    jpeg_simple_progression(&cinfo);
    for (int c = 0; c < cinfo.num_components; ++c)  // no subsampling: every sample coded
      cinfo.comp_info[c].h_samp_factor = cinfo.comp_info[c].v_samp_factor = 1;
  }
  jpeg_start_compress(&cinfo, TRUE);
  std::string line(static_cast<std::size_t>(width) * cinfo.input_components,
                   static_cast<char>(value));
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW r = reinterpret_cast<JSAMPROW>(line.data());
    jpeg_write_scanlines(&cinfo, &r, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  std::string out(reinterpret_cast<const char*>(buffer), size);
  std::free(buffer);
  return out;
}

}  // namespace novelbind::test
