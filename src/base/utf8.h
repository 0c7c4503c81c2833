// The UTF-8 helpers every stage shares: stepping through text character by character, one
// encoder, and three decoders for three needs:
//  - next()/previous(): text ingest has made valid (heading recognition, numerals, folding);
//    a stray byte decodes as itself rather than failing;
//  - decode(): the cleaning rules, which must never fail on a bad byte (U+FFFD);
//  - decode_strict(): the script stages, which treat overlong forms and surrogates as
//    invalid too (kInvalid).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace novelbind::utf8 {

// next() for what it does not decode in line.
char32_t next_other(std::string_view text, size_t* i);

// Decodes the code point starting at text[*i] and advances *i past it. Requires *i < size.
// ASCII and three-byte characters (all of CJK) are decoded in line, the rest by next_other.
[[gnu::always_inline]] inline char32_t next(std::string_view text, size_t* i) {
  const auto* b = reinterpret_cast<const unsigned char*>(text.data()) + *i;
  if (b[0] < 0x80) {
    *i += 1;
    return b[0];
  }
  if ((b[0] >> 4) == 0xE && *i + 3 <= text.size()) {
    *i += 3;
    return static_cast<char32_t>((b[0] & 0x0F) << 12 | (b[1] & 0x3F) << 6 | (b[2] & 0x3F));
  }
  return next_other(text, i);
}

inline char32_t next_other(std::string_view text, size_t* i) {
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

// Appends the UTF-8 form of a valid code point.
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

inline constexpr char32_t kInvalid = 0xFFFFFFFF;

// decode() for what it does not decode in line.
char32_t decode_other(std::string_view text, std::size_t i, std::size_t* length);

// Decodes the character at text[i] and sets *length to its byte length (1 for a bad or
// truncated sequence, which decodes as U+FFFD). Requires i < text.size(). ASCII and the
// three-byte characters (all of CJK) are decoded in line, the rest by decode_other.
[[gnu::always_inline]] inline char32_t decode(std::string_view text, std::size_t i,
                                              std::size_t* length) {
  const auto* b = reinterpret_cast<const unsigned char*>(text.data()) + i;
  if (b[0] < 0x80) {
    *length = 1;
    return b[0];
  }
  if ((b[0] & 0xF0) == 0xE0 && i + 2 < text.size() && (b[1] & 0xC0) == 0x80 &&
      (b[2] & 0xC0) == 0x80) {
    *length = 3;
    return static_cast<char32_t>((b[0] & 0x0F) << 12 | (b[1] & 0x3F) << 6 | (b[2] & 0x3F));
  }
  return decode_other(text, i, length);
}

inline char32_t decode_other(std::string_view text, std::size_t i, std::size_t* length) {
  auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char c = b(i);
  if (c < 0x80) {
    *length = 1;
    return c;
  }
  std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
  if (n == 0 || i + n > text.size()) {
    *length = 1;
    return 0xFFFD;
  }
  char32_t cp = c & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) {
      *length = 1;
      return 0xFFFD;
    }
    cp = (cp << 6) | (b(i + k) & 0x3F);
  }
  *length = n;
  return cp;
}

// decode_strict() for what it does not decode in line.
char32_t decode_strict_other(std::string_view text, std::size_t i, std::size_t* length);

// The same, strict: overlong forms and surrogates are invalid too, and anything invalid
// decodes as kInvalid (with *length 1). ASCII and three-byte characters in line, as decode().
[[gnu::always_inline]] inline char32_t decode_strict(std::string_view text, std::size_t i,
                                                     std::size_t* length) {
  const auto* b = reinterpret_cast<const unsigned char*>(text.data()) + i;
  if (b[0] < 0x80) return *length = 1, b[0];
  if ((b[0] & 0xF0) == 0xE0 && i + 2 < text.size() && (b[1] & 0xC0) == 0x80 &&
      (b[2] & 0xC0) == 0x80) {
    auto cp = static_cast<char32_t>((b[0] & 0x0F) << 12 | (b[1] & 0x3F) << 6 | (b[2] & 0x3F));
    if (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)) return *length = 1, kInvalid;
    return *length = 3, cp;
  }
  return decode_strict_other(text, i, length);
}

inline char32_t decode_strict_other(std::string_view text, std::size_t i, std::size_t* length) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b0 = byte(i);
  if (b0 < 0x80) return *length = 1, b0;
  std::size_t n = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC2 ? 2 : 0;
  if (n == 0 || b0 > 0xF4 || i + n > text.size()) return *length = 1, kInvalid;
  char32_t cp = b0 & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) {
    unsigned char b = byte(i + k);
    if ((b & 0xC0) != 0x80) return *length = 1, kInvalid;
    cp = (cp << 6) | (b & 0x3F);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return *length = 1, kInvalid;
  return *length = n, cp;
}

// Where the character that ends at text[i) starts. Requires i > 0.
inline std::size_t previous_start(std::string_view text, std::size_t i) {
  std::size_t k = i - 1;
  while (k > 0 && i - k < 4 && (static_cast<unsigned char>(text[k]) & 0xC0) == 0x80) --k;
  return k;
}

// `text` with its characters in reverse order.
inline std::string reverse(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t end = text.size();
  while (end > 0) {
    std::size_t start = previous_start(text, end);
    out.append(text.substr(start, end - start));
    end = start;
  }
  return out;
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

// `text` without trailing spaces (see is_space).
inline std::string_view trim_end(std::string_view text) {
  size_t e = text.size();
  while (e > 0) {
    size_t k = e;
    if (!is_space(previous(text, &k))) break;
    e = k;
  }
  return text.substr(0, e);
}

// `text` without leading spaces (see is_space).
inline std::string_view trim_start(std::string_view text) {
  size_t b = 0;
  while (b < text.size()) {
    size_t k = b;
    if (!is_space(next(text, &k))) break;
    b = k;
  }
  return text.substr(b);
}

// `text` without leading and trailing spaces (see is_space).
inline std::string_view trim(std::string_view text) {
  return trim_end(trim_start(text));
}

// `text` with its ASCII letters in lower case; every other byte as it is.
inline std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// `text` with none of its spaces (see is_space), wherever they stand: a heading and its echo
// compared as written without them (第9章 柳老师 and 第9章柳老师).
inline std::string without_spaces(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    size_t start = i;
    if (!is_space(next(text, &i))) out.append(text.substr(start, i - start));
  }
  return out;
}

}  // namespace novelbind::utf8
