// What a picture from the user (the cover) must be before it goes into the book: a JPEG or
// PNG by its bytes, never by its name; every byte of its image data decodable, within the
// memory ImageLimits allows; and no larger than e-readers use, or it is scaled down.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "base/status.h"
#include "render/cover.h"
#include "render/image_decode.h"

namespace novelbind {

// The longest side a cover keeps: e-readers show far less (Kindle asks for 1600x2560), and a
// larger picture only costs the reader memory and the book size.
constexpr int kMaxCoverSide = 4096;

// The largest image file read: the book would carry it whole.
constexpr std::uintmax_t kMaxImageFileBytes = std::uintmax_t{64} << 20;

struct CheckedImage {
  Image image;  // the bytes as given, or the picture scaled down
  int given_width = 0, given_height = 0;
  bool scaled() const { return image.width != given_width || image.height != given_height; }
};

// `bytes` identified (identify_image), decoded within `limits` (decode_image), and, when a
// side is longer than `fit_side`, scaled down to it (scale_down). Errors name `name`.
Result<CheckedImage> check_image(std::string bytes, const std::string& name,
                                 int fit_side = kMaxCoverSide, const ImageLimits& limits = {});

// Reads the image at `path` and checks it; a folder or an unreadable file is an error
// naming it.
Result<CheckedImage> load_image(const std::filesystem::path& path);

}  // namespace novelbind
