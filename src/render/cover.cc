#include "render/cover.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace novelbind {
namespace {

unsigned byte_at(const std::string& b, size_t i) {
  return static_cast<unsigned char>(b[i]);
}

unsigned be16(const std::string& b, size_t i) {
  return byte_at(b, i) << 8 | byte_at(b, i + 1);
}

unsigned long be32(const std::string& b, size_t i) {
  return static_cast<unsigned long>(be16(b, i)) << 16 | be16(b, i + 2);
}

// A few formats people try to use as covers, so that the message can say what the file is.
std::string describe(const std::string& b) {
  auto starts = [&](std::string_view magic) { return b.compare(0, magic.size(), magic) == 0; };
  if (b.empty()) return "it is empty";
  if (starts("GIF8")) return "it is a GIF image";
  if (starts("RIFF") && b.size() >= 12 && b.compare(8, 4, "WEBP") == 0) return "it is a WebP image";
  if (starts("BM")) return "it is a BMP image";
  if (starts("II*") || starts("MM")) return "it is a TIFF image";
  if (starts("%PDF")) return "it is a PDF document";
  if (b.size() >= 12 && b.compare(4, 8, "ftypavif") == 0) return "it is an AVIF image";
  if (b.size() >= 12 && b.compare(4, 4, "ftyp") == 0) return "it is a HEIF/MP4 file";
  // Never the file's bytes: a cover path may name a file that is nobody's business.
  return "its format is not one novelbind knows";
}

Result<Image> read_png(std::string bytes, const std::string& name) {
  // Signature, then IHDR first: length 13, "IHDR", width, height.
  if (bytes.size() < 8 + 25 + 12 || bytes.compare(12, 4, "IHDR") != 0)
    return Status::Error(name + ": the PNG image is damaged (no IHDR header); export it again");
  static const std::string iend("\0\0\0\0IEND\xAE\x42\x60\x82", 12);
  if (bytes.compare(bytes.size() - 12, 12, iend) != 0)
    return Status::Error(name + ": the PNG image is cut short (no IEND chunk at its end); " +
                         "export it again");
  // Every chunk within the file: a length that runs past its end is a file cut short or
  // damaged, and would have the decoder allocate that length (libpng only warns).
  for (size_t at = 8; at + 12 <= bytes.size();) {
    unsigned long length = be32(bytes, at);
    if (length > bytes.size() - at - 12)
      return Status::Error(name + ": the PNG image is damaged (a chunk at byte " +
                           std::to_string(at) + " runs past the end of the file); export it " +
                           "again");
    at += 12 + length;
  }
  Image img{"image/png", "png", static_cast<int>(be32(bytes, 16)),
            static_cast<int>(be32(bytes, 20)), std::move(bytes)};
  if (img.width <= 0 || img.height <= 0)
    return Status::Error(name + ": the PNG image has no pixels; export it again");
  return img;
}

bool is_sof(unsigned marker) {
  // Start-of-frame markers C0-CF, except DHT (C4), JPG (C8) and DAC (CC).
  return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

Result<Image> read_jpeg(std::string bytes, const std::string& name) {
  int width = 0, height = 0;
  size_t i = 2;
  bool scan = false;
  while (i + 4 <= bytes.size()) {
    if (byte_at(bytes, i) != 0xFF) break;
    unsigned marker = byte_at(bytes, i + 1);
    if (marker == 0xFF) {  // fill byte
      ++i;
      continue;
    }
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
      i += 2;
      continue;
    }
    size_t length = be16(bytes, i + 2);
    if (is_sof(marker) && i + 9 <= bytes.size()) {
      height = static_cast<int>(be16(bytes, i + 5));
      width = static_cast<int>(be16(bytes, i + 7));
    }
    if (marker == 0xDA) {
      scan = true;
      i += 2 + length;
      break;
    }
    i += 2 + length;
  }
  if (!scan || width <= 0 || height <= 0)
    return Status::Error(name + ": the JPEG image is damaged (no frame header before the " +
                         "image data); export it again");
  // The entropy-coded data never holds FF D9 (an FF there is followed by 00 or a restart
  // marker), so its absence after the scan means the file was cut short.
  static const std::string eoi("\xFF\xD9", 2);
  if (i > bytes.size() || bytes.find(eoi, i) == std::string::npos)
    return Status::Error(name + ": the JPEG image is cut short (no end-of-image marker); " +
                         "export it again");
  return Image{"image/jpeg", "jpg", width, height, std::move(bytes)};
}

// Display width of one UTF-8 code point starting at s[i], in em; sets *len to its length.
double advance(std::string_view s, size_t i, size_t* len) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  *len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  if (i + *len > s.size()) *len = s.size() - i;
  return c < 0x80 ? 0.55 : 1.0;  // Latin letters and digits are about half a CJK square
}

double text_width(std::string_view s) {
  double w = 0;
  size_t len = 1;
  for (size_t i = 0; i < s.size(); i += len) w += advance(s, i, &len);
  return w;
}

// Breaks `text` into lines of at most `max_em`, at any character (Chinese has no spaces).
std::vector<std::string> wrap(std::string_view text, double max_em) {
  std::vector<std::string> lines;
  std::string line;
  double w = 0;
  size_t len = 1;
  for (size_t i = 0; i < text.size(); i += len) {
    double a = advance(text, i, &len);
    if (w + a > max_em && !line.empty()) {
      lines.push_back(line);
      line.clear();
      w = 0;
    }
    line.append(text.substr(i, len));
    w += a;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace

Result<Image> identify_image(std::string bytes, const std::string& name) {
  static const std::string png_magic("\x89PNG\r\n\x1A\n", 8);
  if (bytes.compare(0, png_magic.size(), png_magic) == 0) return read_png(std::move(bytes), name);
  if (bytes.size() >= 3 && byte_at(bytes, 0) == 0xFF && byte_at(bytes, 1) == 0xD8 &&
      byte_at(bytes, 2) == 0xFF)
    return read_jpeg(std::move(bytes), name);
  return Status::Error(name + ": not a JPEG or PNG image (" + describe(bytes) +
                       "); give a .jpg or .png cover");
}

CoverLayout layout_cover(const Metadata& meta) {
  CoverLayout out;
  out.width = kCoverWidth;
  out.height = kCoverHeight;
  const double text_box = kCoverWidth - 2 * 150;  // px available for a line
  // The fewest lines that still allow large type (120 px and up), each line about as long
  // as the others; a title too long for that is set in six lines at most, smaller.
  const double total = text_width(meta.title);
  int size = 64;
  std::vector<std::string> lines;
  for (int n = 1; n <= 6; ++n) {
    double per_line = std::ceil(total / n - 1e-9);
    size = std::min(180, static_cast<int>(text_box / std::max(1.0, per_line)));
    lines = wrap(meta.title, text_box / size);
    if (size >= 120) break;
  }
  size = std::max(size, 64);
  lines = wrap(meta.title, text_box / size);
  if (lines.size() > 6) {  // beyond that the cover would be a page of text
    lines.resize(6);
    lines.back() += "…";
  }
  const int leading = size * 13 / 10;
  const int block = leading * static_cast<int>(lines.size());
  int y = 760 - block / 2 + size;  // centred a little above the middle
  for (const std::string& l : lines) {
    out.title.push_back({l, y, size});
    y += leading;
  }
  if (!meta.author.empty()) {
    int author_size = 72;
    if (text_width(meta.author) * author_size > text_box)
      author_size = std::max(32, static_cast<int>(text_box / text_width(meta.author)));
    out.author.push_back({meta.author, 1450, author_size});
  }
  if (!meta.series.empty()) {
    std::string series = meta.series;
    if (!meta.series_index.empty()) series += " " + meta.series_index;
    int series_size = 54;
    if (text_width(series) * series_size > text_box)
      series_size = std::max(28, static_cast<int>(text_box / text_width(series)));
    out.series.push_back({series, 300, series_size});
  }
  return out;
}

}  // namespace novelbind
