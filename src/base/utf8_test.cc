#include "base/utf8.h"

#include <gtest/gtest.h>

#include <string>

namespace novelbind {
namespace {

// UTF-8 as decode() documents it, written out plainly: the lead byte gives the length, every
// byte after it must be a continuation byte, and anything else is one byte of U+FFFD.
char32_t reference_decode(std::string_view s, std::size_t* length) {
  auto c = static_cast<unsigned char>(s[0]);
  *length = 1;
  if (c < 0x80) return c;
  std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
  if (n == 0 || n > s.size()) return 0xFFFD;
  char32_t cp = c & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) {
    auto b = static_cast<unsigned char>(s[k]);
    if ((b & 0xC0) != 0x80) return 0xFFFD;
    cp = cp << 6 | (b & 0x3F);
  }
  *length = n;
  return cp;
}

// The same for next(), which trusts the lead byte: the length it gives, unless the text ends
// first (then one byte), with the low six bits of each byte after it.
char32_t reference_next(std::string_view s, std::size_t* length) {
  auto c = static_cast<unsigned char>(s[0]);
  std::size_t n = c < 0x80           ? 1
                  : (c >> 5) == 0x6  ? 2
                  : (c >> 4) == 0xE  ? 3
                  : (c >> 3) == 0x1E ? 4
                                     : 1;
  if (n > s.size()) n = 1;
  char32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
  for (std::size_t k = 1; k < n; ++k) cp = cp << 6 | (static_cast<unsigned char>(s[k]) & 0x3F);
  *length = n;
  return cp;
}

// The same for decode_strict(): as decode(), and overlong forms, surrogates, lead bytes past
// F4 and code points past U+10FFFF are invalid too; anything invalid is kInvalid, one byte
// long.
char32_t reference_strict(std::string_view s, std::size_t* length) {
  char32_t cp = reference_decode(s, length);
  auto c = static_cast<unsigned char>(s[0]);
  bool overlong =
      (*length == 2 && c < 0xC2) || (*length == 3 && cp < 0x800) || (*length == 4 && cp < 0x10000);
  if ((c >= 0x80 && cp == 0xFFFD && *length == 1) || overlong || c > 0xF4 ||
      (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
    *length = 1;
    return utf8::kInvalid;
  }
  return cp;
}

}  // namespace

// decode(), decode_strict() and next() take ASCII and three-byte characters a shorter way than the
// rest: every lead byte with every second byte, a third byte of each kind, whole and cut short,
// decodes as the plain reading says.
TEST(Utf8, TheDecodersAgreeWithThePlainReadingOfEveryLeadByte) {
  const unsigned char thirds[] = {0x00, 0x41, 0x7F, 0x80, 0x9F, 0xBF, 0xC0, 0xE4, 0xFF};
  int checked = 0;
  for (int lead = 0; lead < 0x100; ++lead) {
    for (int second = 0; second < 0x100; ++second) {
      for (unsigned char third : thirds) {
        const std::string bytes{static_cast<char>(lead), static_cast<char>(second),
                                static_cast<char>(third), '\x80'};
        for (std::size_t size = 1; size <= bytes.size(); ++size) {
          std::string_view s(bytes.data(), size);
          std::size_t want_length = 0, length = 0;
          char32_t want = reference_decode(s, &want_length);
          ASSERT_EQ(utf8::decode(s, 0, &length), want) << lead << ' ' << second << ' ' << size;
          ASSERT_EQ(length, want_length) << lead << ' ' << second << ' ' << size;
          std::size_t at = 0;
          want = reference_next(s, &want_length);
          ASSERT_EQ(utf8::next(s, &at), want) << lead << ' ' << second << ' ' << size;
          ASSERT_EQ(at, want_length) << lead << ' ' << second << ' ' << size;
          want = reference_strict(s, &want_length);
          ASSERT_EQ(utf8::decode_strict(s, 0, &length), want)
              << lead << ' ' << second << ' ' << size;
          ASSERT_EQ(length, want_length) << lead << ' ' << second << ' ' << size;
          ++checked;
        }
      }
    }
  }
  EXPECT_EQ(checked, 256 * 256 * 9 * 4);
  // At an offset, with the character ending the text.
  std::size_t length = 0;
  EXPECT_EQ(utf8::decode("ab\xE4\xB8\xAD", 2, &length), U'中');
  EXPECT_EQ(length, 3u);
  EXPECT_EQ(utf8::decode("ab\xE4\xB8", 2, &length), 0xFFFDu);
  EXPECT_EQ(length, 1u);
}

}  // namespace novelbind
