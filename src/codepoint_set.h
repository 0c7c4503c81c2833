// A set of Unicode code points as a bitmap, and the UTF-8 stepping the script stages share.
// The conversion stage tests every character of a 10-million-character book against a few
// such sets, so membership is one load and a mask, never a hash lookup.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace novelbind {

inline constexpr char32_t kInvalidCodepoint = 0xFFFFFFFF;

// Decodes the UTF-8 character at text[i] and sets *len to its byte length (1 for an invalid
// or truncated sequence, which yields kInvalidCodepoint). Requires i < text.size(). Stricter
// than cjk_text.h's decode_utf8 (which maps bad bytes to U+FFFD): overlong forms and
// surrogates are invalid too. The names differ so that the two never stand for each other.
inline char32_t decode_utf8_strict(std::string_view text, std::size_t i, std::size_t* len) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b0 = byte(i);
  if (b0 < 0x80) return *len = 1, b0;
  std::size_t n = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC2 ? 2 : 0;
  if (n == 0 || b0 > 0xF4 || i + n > text.size()) return *len = 1, kInvalidCodepoint;
  char32_t cp = b0 & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) {
    unsigned char b = byte(i + k);
    if ((b & 0xC0) != 0x80) return *len = 1, kInvalidCodepoint;
    cp = (cp << 6) | (b & 0x3F);
  }
  // Overlong forms and surrogates are as invalid as stray bytes.
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return *len = 1, kInvalidCodepoint;
  return *len = n, cp;
}

// Appends the UTF-8 form of a valid code point.
inline void append_utf8(char32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

class CodepointSet {
 public:
  CodepointSet() : bits_((0x110000 + 63) / 64, 0) {}

  void insert(char32_t cp) {
    if (cp < 0x110000) bits_[cp >> 6] |= std::uint64_t{1} << (cp & 63);
  }
  // Inserts every code point of a UTF-8 string (invalid bytes are skipped).
  void insert_all(std::string_view utf8) {
    for (std::size_t i = 0, len = 0; i < utf8.size(); i += len)
      insert(decode_utf8_strict(utf8, i, &len));
  }
  bool contains(char32_t cp) const { return cp < 0x110000 && (bits_[cp >> 6] >> (cp & 63)) & 1; }
  void erase(char32_t cp) {
    if (cp < 0x110000) bits_[cp >> 6] &= ~(std::uint64_t{1} << (cp & 63));
  }
  // Calls fn(cp) for every member in ascending order.
  template <typename Fn>
  void for_each(Fn fn) const {
    for (std::size_t w = 0; w < bits_.size(); ++w)
      for (std::uint64_t bits = bits_[w]; bits != 0; bits &= bits - 1)
        fn(static_cast<char32_t>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits))));
  }
  std::size_t size() const {
    std::size_t n = 0;
    for (std::uint64_t w : bits_) n += static_cast<std::size_t>(__builtin_popcountll(w));
    return n;
  }

 private:
  std::vector<std::uint64_t> bits_;
};

}  // namespace novelbind
