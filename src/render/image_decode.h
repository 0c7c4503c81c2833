// Decoding a JPEG or PNG the user gave (libjpeg-turbo, libpng) within set bounds: a picture
// whose header asks for more pixels than the bounds allow is refused before any memory is
// taken for it, and every byte of the image data is decoded, so that a file the e-reader could
// not show is refused here rather than on the reader.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "render/cover.h"

namespace novelbind {

struct ImageLimits {
  // Pixels a side; cairo's image surfaces (image_scale.h) hold no more.
  int max_side = 32767;
  // The memory the decoded picture may take, at 4 bytes a pixel: 256 MiB holds 8192 x 8192.
  // A PNG of a few kilobytes can say it is 60000 x 60000 (13 GiB decoded).
  std::uint64_t max_decoded_bytes = std::uint64_t{256} << 20;
  // Scans of a progressive JPEG: each pass over the coefficients costs the whole picture's
  // time, and a crafted file can hold thousands (libjpeg-turbo's own tools stop at 500).
  int max_jpeg_scans = 500;
};

// A decoded picture: premultiplied ARGB32 pixels in native byte order, row after row (cairo's
// CAIRO_FORMAT_ARGB32, or RGB24 with the top byte 0xFF when `alpha` is false).
struct Pixels {
  int width = 0;
  int height = 0;
  bool alpha = false;               // the picture has transparent pixels (a PNG's alpha or tRNS)
  std::vector<std::uint32_t> argb;  // width * height; empty when not kept
};

// Decodes `image` (identified by identify_image) within `limits`. With `keep` the pixels
// are returned, else only checked (one row in memory). Errors name `name`: a picture larger
// than the limits (its size, the memory it would need and what to do), or image data that
// does not decode (the decoder's reason).
Result<Pixels> decode_image(const Image& image, const std::string& name, const ImageLimits& limits,
                            bool keep);

}  // namespace novelbind
