// The cover: a JPEG or PNG given by the user, identified from its bytes (checked further by
// image_check.h), or the layout of a generated one (title and author in large type), drawn by
// cover_draw.h.
#pragma once

#include <string>
#include <vector>

#include "base/status.h"
#include "book.h"

namespace novelbind {

struct Image {
  std::string media_type;  // "image/jpeg" or "image/png"
  std::string extension;   // "jpg" or "png"
  int width = 0;
  int height = 0;
  std::string bytes;
};

// Identifies a JPEG or PNG from its bytes (never from its name) and reads its size. Anything
// else, or a file cut short, is an error naming `name` and saying what the file is.
Result<Image> identify_image(std::string bytes, const std::string& name);

// Where the words of a generated cover go, in the coordinates of a kCoverWidth x kCoverHeight
// picture: the title broken into lines that fit, centred, in the largest size that keeps it
// within four lines; the author below; the series above.
struct CoverLine {
  std::string text;
  int y = 0;          // baseline
  int font_size = 0;  // px
};
struct CoverLayout {
  int width = 0;
  int height = 0;
  std::vector<CoverLine> title;
  std::vector<CoverLine> author;  // zero or one line
  std::vector<CoverLine> series;  // zero or one line
};

constexpr int kCoverWidth = 1200;
constexpr int kCoverHeight = 1800;

CoverLayout layout_cover(const Metadata& meta);

}  // namespace novelbind
