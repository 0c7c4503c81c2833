#include "encoding.h"

#include <cstdio>

namespace novelbind {
namespace {

// Length of the valid UTF-8 sequence at s[i], or 0 when it is invalid.
size_t utf8_sequence_length(std::string_view s, size_t i) {
  auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = b(i);
  if (c < 0x80) return 1;
  size_t n = (c >= 0xC2 && c <= 0xDF)   ? 2
             : (c >= 0xE0 && c <= 0xEF) ? 3
             : (c >= 0xF0 && c <= 0xF4) ? 4
                                        : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((b(i + k) & 0xC0) != 0x80) return 0;
  if (c == 0xE0 && b(i + 1) < 0xA0) return 0;
  if (c == 0xED && b(i + 1) > 0x9F) return 0;
  if (c == 0xF0 && b(i + 1) < 0x90) return 0;
  if (c == 0xF4 && b(i + 1) > 0x8F) return 0;
  return n;
}

std::string normalise_line_ends(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\r') {
      out += '\n';
      if (i + 1 < s.size() && s[i + 1] == '\n') ++i;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

Result<Decoded> decode_text(std::string_view bytes, const std::string& file,
                            const DecodeOptions& options) {
  (void)options;
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (bytes[i] == '\0') {
      return Status::Error(file + ": binary data (a NUL byte) at byte offset " + std::to_string(i) +
                           "; this is not a text file, remove it from the input");
    }
  }
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  for (size_t i = 0; i < bytes.size();) {
    size_t n = utf8_sequence_length(bytes, i);
    if (n == 0) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(bytes[i]));
      return Status::Error(file + ": invalid UTF-8 byte " + hex + " at byte offset " +
                           std::to_string(i) + "; pass --encoding to override");
    }
    i += n;
  }
  Decoded d;
  d.text = normalise_line_ends(bytes);
  d.encoding = "UTF-8";
  return d;
}

}  // namespace novelbind
