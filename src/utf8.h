// Small UTF-8 helpers for code that walks text character by character (heading recognition,
// numeral parsing, text folding). Input is assumed to be valid UTF-8 (ingest guarantees it);
// a stray byte decodes as itself rather than failing.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace novelbind::utf8 {

// Decodes the code point starting at text[*i] and advances *i past it. Requires *i < size.
inline char32_t next(std::string_view text, size_t* i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char c = byte(*i);
  size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
  if (*i + len > text.size()) len = 1;
  char32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
  for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (byte(*i + k) & 0x3F);
  *i += len;
  return cp;
}

// The code point that ends at text[end) and moves *end to its first byte. Requires *end > 0.
inline char32_t previous(std::string_view text, size_t* end) {
  size_t k = *end - 1;
  while (k > 0 && (static_cast<unsigned char>(text[k]) & 0xC0) == 0x80 && *end - k < 4) --k;
  size_t i = k;
  char32_t cp = next(text, &i);
  *end = k;
  return cp;
}

inline void append(std::string* out, char32_t cp) {
  if (cp < 0x80) {
    *out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out += static_cast<char>(0xC0 | (cp >> 6));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out += static_cast<char>(0xE0 | (cp >> 12));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *out += static_cast<char>(0xF0 | (cp >> 18));
    *out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Number of code points.
inline size_t length(std::string_view text) {
  size_t n = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

// Spaces a scraped line may be padded with: ASCII blanks, ideographic space, no-break space,
// zero-width space and a stray byte-order mark.
inline bool is_space(char32_t cp) {
  return cp == ' ' || cp == '\t' || cp == '\r' || cp == '\f' || cp == '\v' || cp == 0x3000 ||
         cp == 0xA0 || cp == 0x200B || cp == 0xFEFF;
}

// `text` without leading and trailing spaces (see is_space).
inline std::string_view trim(std::string_view text) {
  size_t b = 0;
  while (b < text.size()) {
    size_t k = b;
    if (!is_space(next(text, &k))) break;
    b = k;
  }
  size_t e = text.size();
  while (e > b) {
    size_t k = e;
    if (!is_space(previous(text, &k))) break;
    e = k;
  }
  return text.substr(b, e - b);
}

}  // namespace novelbind::utf8
