#include "ingest/natural_sort.h"

#include <optional>

#include "base/chinese_number.h"

namespace novelbind {
namespace {

bool digit(char c) {
  return c >= '0' && c <= '9';
}

// Where Chinese numerals sort among characters: just before 一 (U+4E00), the first CJK
// character, so that each numeral compares with any other character the same way.
constexpr std::string_view kNumeralPlace = "\xE4\xB8\x80";

// One piece of a name: a run of ASCII digits, a Chinese numeral, or one byte of anything else.
struct Token {
  enum Kind { kByte, kDigits, kChinese } kind = kByte;
  std::string_view text;  // the token's bytes
  std::string_view rest;  // the name from the token on
  long long value = 0;    // kChinese
};

bool lead_byte(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0xC0;
}

Token token_at(std::string_view s, size_t i) {
  std::string_view rest = s.substr(i);
  if (digit(s[i])) {
    size_t e = i;
    while (e < s.size() && digit(s[e])) ++e;
    return {Token::kDigits, s.substr(i, e - i), rest};
  }
  if (lead_byte(s[i])) {
    size_t n = numeral_prefix_length(rest);
    // The run stops before ASCII digits, which are a token of their own.
    for (size_t k = 0; k < n; ++k)
      if (digit(rest[k])) n = k;
    if (n > 0) {
      if (std::optional<long long> v = parse_number(rest.substr(0, n)))
        return {Token::kChinese, rest.substr(0, n), rest, *v};
    }
  }
  return {Token::kByte, s.substr(i, 1), rest};
}

// -1, 0 or 1 as a is before, the same as, or after b.
int compare_digits(std::string_view na, std::string_view nb) {
  size_t za = na.find_first_not_of('0'), zb = nb.find_first_not_of('0');
  std::string_view va = za == std::string_view::npos ? "" : na.substr(za);
  std::string_view vb = zb == std::string_view::npos ? "" : nb.substr(zb);
  if (va.size() != vb.size()) return va.size() < vb.size() ? -1 : 1;
  if (va != vb) return va < vb ? -1 : 1;
  if (na.size() != nb.size()) return na.size() < nb.size() ? -1 : 1;
  return 0;
}

int compare(const Token& a, const Token& b) {
  if (a.kind == Token::kDigits && b.kind == Token::kDigits) return compare_digits(a.text, b.text);
  if (a.kind == Token::kChinese && b.kind == Token::kChinese) {
    if (a.value != b.value) return a.value < b.value ? -1 : 1;
    return a.text == b.text ? 0 : (a.text < b.text ? -1 : 1);
  }
  // A numeral against anything else: the numeral sorts just before 一.
  if (a.kind == Token::kChinese) return b.rest >= kNumeralPlace ? -1 : 1;
  if (b.kind == Token::kChinese) return a.rest >= kNumeralPlace ? 1 : -1;
  // Bytes, and digits against bytes (a digit is never the same byte as a non-digit).
  auto x = static_cast<unsigned char>(a.text[0]), y = static_cast<unsigned char>(b.text[0]);
  return x == y ? 0 : (x < y ? -1 : 1);
}

}  // namespace

bool natural_less(std::string_view a, std::string_view b) {
  size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    Token ta = token_at(a, i), tb = token_at(b, j);
    if (int c = compare(ta, tb); c != 0) return c < 0;
    i += ta.text.size();
    j += tb.text.size();
  }
  return a.size() - i < b.size() - j;
}

}  // namespace novelbind
