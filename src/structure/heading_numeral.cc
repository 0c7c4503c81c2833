#include "structure/heading_numeral.h"

#include <cctype>

#include "base/chinese_number.h"
#include "base/utf8.h"
#include "structure/heading_words.h"

namespace novelbind {

size_t read_heading_numeral(std::string_view t, size_t p, bool spaced, std::string* numeral) {
  size_t end = p;
  size_t i = p;
  while (i < t.size()) {
    size_t n = numeral_prefix_length(t.substr(i));
    if (n == 0) break;
    numeral->append(t.substr(i, n));
    i += n;
    end = i;
    if (!spaced) break;
    size_t k = skip_spaces(t, i);
    if (k == i || k - i > 3 || numeral_prefix_length(t.substr(k)) == 0) break;
    i = k;
  }
  return end;
}

NumeralStyle numeral_style(std::string_view numeral) {
  char32_t first = char_at(numeral, 0);
  if (first >= 0xFF10 && first <= 0xFF19) return NumeralStyle::kFullWidth;
  if (first >= '0' && first <= '9')
    return first == '0' && numeral.size() > 1 ? NumeralStyle::kZeroPadded : NumeralStyle::kArabic;
  for (size_t i = 0; i < numeral.size();)
    if (has_char(U"壹贰貳叁參叄肆伍陆陸柒捌玖拾佰仟", utf8::next(numeral, &i)))
      return NumeralStyle::kFinancial;
  return NumeralStyle::kChinese;
}

void set_heading_number(HeadingShape* shape, std::string_view numeral) {
  shape->style = numeral_style(numeral);
  shape->number = parse_number(numeral);
  shape->malformed = !shape->number.has_value();
}

std::optional<long long> parse_roman(std::string_view numeral) {
  if (numeral.empty() || numeral.size() > 15) return std::nullopt;
  size_t i = 0;
  char32_t first = utf8::next(numeral, &i);
  if (first >= 0x2160 && first <= 0x216B && i == numeral.size()) return first - 0x2160 + 1;
  if (first >= 0x2170 && first <= 0x217B && i == numeral.size()) return first - 0x2170 + 1;
  auto value = [](char c) -> int {
    switch (std::toupper(static_cast<unsigned char>(c))) {
      case 'I':
        return 1;
      case 'V':
        return 5;
      case 'X':
        return 10;
      case 'L':
        return 50;
      case 'C':
        return 100;
      case 'D':
        return 500;
      case 'M':
        return 1000;
      default:
        return 0;
    }
  };
  // Mixed case (Mix, Dim) is a word, not a numeral.
  bool upper = std::isupper(static_cast<unsigned char>(numeral[0]));
  long long total = 0;
  for (size_t k = 0; k < numeral.size(); ++k) {
    int v = value(numeral[k]);
    if (v == 0 || (std::isupper(static_cast<unsigned char>(numeral[k])) != 0) != upper)
      return std::nullopt;
    int next = k + 1 < numeral.size() ? value(numeral[k + 1]) : 0;
    total += next > v ? -v : v;
  }
  if (total <= 0) return std::nullopt;
  // Only the canonical spelling: IIII, VX and IC are not numerals.
  static const char* const kOnes[] = {"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"};
  static const char* const kTens[] = {"", "X", "XX", "XXX", "XL", "L", "LX", "LXX", "LXXX", "XC"};
  static const char* const kHundreds[] = {"",  "C",  "CC",  "CCC",  "CD",
                                          "D", "DC", "DCC", "DCCC", "CM"};
  if (total >= 4000) return std::nullopt;
  std::string canonical(static_cast<size_t>(total / 1000), 'M');
  canonical += kHundreds[total / 100 % 10];
  canonical += kTens[total / 10 % 10];
  canonical += kOnes[total % 10];
  std::string given(numeral);
  for (char& c : given) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (given != canonical) return std::nullopt;
  return total;
}

std::optional<long long> parse_english_number(std::string_view word) {
  static const char* const kSmall[] = {"zero",    "one",     "two",       "three",    "four",
                                       "five",    "six",     "seven",     "eight",    "nine",
                                       "ten",     "eleven",  "twelve",    "thirteen", "fourteen",
                                       "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
  static const char* const kTens[] = {"",      "",      "twenty",  "thirty", "forty",
                                      "fifty", "sixty", "seventy", "eighty", "ninety"};
  std::string w = utf8::ascii_lower(word);
  auto small = [](std::string_view s) -> std::optional<long long> {
    for (int i = 1; i < 20; ++i)
      if (s == kSmall[i]) return i;
    return std::nullopt;
  };
  if (auto v = small(w)) return v;
  size_t dash = w.find('-');
  std::string_view tens = std::string_view(w).substr(0, dash);
  for (int i = 2; i < 10; ++i) {
    if (tens != kTens[i]) continue;
    if (dash == std::string::npos) return i * 10;
    auto unit = small(std::string_view(w).substr(dash + 1));
    if (unit && *unit < 10) return i * 10 + *unit;
  }
  return std::nullopt;
}

}  // namespace novelbind
