#include "base/chinese_number.h"

#include "base/utf8.h"

namespace novelbind {
namespace {

constexpr long long kMaxValue = 1'000'000'000'000'000LL;

enum class Kind { kNone, kArabic, kDigit, kUnit, kBigUnit, kTens };

struct Symbol {
  Kind kind = Kind::kNone;
  long long value = 0;
};

Symbol classify(char32_t cp) {
  if (cp >= '0' && cp <= '9') return {Kind::kArabic, cp - '0'};
  if (cp >= 0xFF10 && cp <= 0xFF19) return {Kind::kArabic, cp - 0xFF10};  // full-width
  switch (cp) {
    case U'零':
    case U'〇':
    case U'○':
    case U'洞':
      return {Kind::kDigit, 0};
    case U'一':
    case U'壹':
    case U'幺':
      return {Kind::kDigit, 1};
    case U'二':
    case U'两':
    case U'兩':
    case U'贰':
    case U'貳':
    case U'弍':
      return {Kind::kDigit, 2};
    case U'三':
    case U'叁':
    case U'參':
    case U'叄':
    case U'参':
      return {Kind::kDigit, 3};
    case U'四':
    case U'肆':
      return {Kind::kDigit, 4};
    case U'五':
    case U'伍':
      return {Kind::kDigit, 5};
    case U'六':
    case U'陆':
    case U'陸':
      return {Kind::kDigit, 6};
    case U'七':
    case U'柒':
      return {Kind::kDigit, 7};
    case U'八':
    case U'捌':
      return {Kind::kDigit, 8};
    case U'九':
    case U'玖':
      return {Kind::kDigit, 9};
    case U'十':
    case U'拾':
      return {Kind::kUnit, 10};
    case U'百':
    case U'佰':
      return {Kind::kUnit, 100};
    case U'千':
    case U'仟':
      return {Kind::kUnit, 1000};
    case U'万':
    case U'萬':
      return {Kind::kBigUnit, 10'000};
    case U'亿':
    case U'億':
      return {Kind::kBigUnit, 100'000'000};
    // Old books number 21 as 廿一 and 31 as 卅一.
    case U'廿':
      return {Kind::kTens, 20};
    case U'卅':
      return {Kind::kTens, 30};
    case U'卌':
      return {Kind::kTens, 40};
    default:
      return {};
  }
}

// "一〇三", "二零二三": digits read left to right without units.
std::optional<long long> positional(std::string_view text) {
  long long v = 0;
  Kind first = Kind::kNone;
  for (size_t i = 0; i < text.size();) {
    Symbol s = classify(utf8::next(text, &i));
    if (s.kind != Kind::kDigit && s.kind != Kind::kArabic) return std::nullopt;
    if (first == Kind::kNone) first = s.kind;
    if (s.kind != first) return std::nullopt;  // "1二" is not a number
    v = v * 10 + s.value;
    if (v > kMaxValue) return std::nullopt;
  }
  return v;
}

}  // namespace

size_t numeral_prefix_length(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    size_t k = i;
    if (classify(utf8::next(text, &k)).kind == Kind::kNone) break;
    i = k;
  }
  return i;
}

std::optional<long long> parse_number(std::string_view text) {
  if (text.empty()) return std::nullopt;
  bool has_unit = false;
  for (size_t i = 0; i < text.size();) {
    Kind k = classify(utf8::next(text, &i)).kind;
    if (k == Kind::kNone) return std::nullopt;
    if (k == Kind::kUnit || k == Kind::kBigUnit || k == Kind::kTens) has_unit = true;
  }
  if (!has_unit) return positional(text);

  // With units: `section` collects the value below the current 万/亿 group, `pending` is the
  // digit (or Arabic run) waiting for its unit, -1 when none.
  long long total = 0, section = 0, pending = -1;
  long long last_unit = kMaxValue;  // units inside a section must decrease: 千 then 百
  bool wan_open = false;            // 万 was the last big unit: no second 万 before 亿
  Kind previous = Kind::kNone;
  for (size_t i = 0; i < text.size();) {
    Symbol s = classify(utf8::next(text, &i));
    switch (s.kind) {
      case Kind::kArabic:
        if (previous == Kind::kDigit) return std::nullopt;
        pending = previous == Kind::kArabic ? pending * 10 + s.value : s.value;
        if (pending > kMaxValue) return std::nullopt;
        break;
      case Kind::kDigit:
        // Two digits in a row are only written after a zero: 一百零三.
        if (previous == Kind::kArabic) return std::nullopt;
        if (previous == Kind::kDigit && pending != 0) return std::nullopt;
        pending = s.value;
        break;
      case Kind::kUnit:
      case Kind::kTens: {
        long long unit = s.kind == Kind::kTens ? 10 : s.value;
        if (unit >= last_unit) return std::nullopt;
        if (s.kind == Kind::kTens) {
          if (pending > 0) return std::nullopt;
          section += s.value;
        } else {
          // 十 alone means 一十 (十五 = 15, 一百零十 = 110); so may 百 and 千.
          long long digit = pending <= 0 ? 1 : pending;
          if (digit > kMaxValue / unit) return std::nullopt;
          section += digit * unit;
          if (section > kMaxValue) return std::nullopt;
        }
        last_unit = unit;
        pending = -1;
        break;
      }
      case Kind::kBigUnit: {
        if (s.value == 10'000 && wan_open) return std::nullopt;
        long long group = section + (pending > 0 ? pending : 0);
        // Checked before multiplying: 第九百九十九亿九万亿章 must not overflow.
        if (group > kMaxValue || total > kMaxValue) return std::nullopt;
        if (s.value == 100'000'000) {
          if (total + group > kMaxValue / s.value) return std::nullopt;
          total = (total + group) * s.value;  // 一万亿: 亿 scales everything before it
          if (total == 0) total = s.value;
        } else {
          long long scaled = group == 0 ? 1 : group;
          if (scaled > (kMaxValue - total) / s.value) return std::nullopt;
          total += scaled * s.value;
        }
        if (total > kMaxValue) return std::nullopt;
        section = 0;
        pending = -1;
        last_unit = kMaxValue;
        wan_open = s.value == 10'000;
        break;
      }
      case Kind::kNone:
        return std::nullopt;
    }
    previous = s.kind;
  }
  long long v = total + section + (pending > 0 ? pending : 0);
  if (v > kMaxValue) return std::nullopt;
  return v;
}

std::string chinese_numeral(long long n, bool traditional) {
  static const char* const kDigits[] = {"零", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
  static const char* const kUnits[] = {"", "十", "百", "千"};
  if (n <= 0) return kDigits[0];
  // Groups of four digits, most significant first: 亿, 万, ones.
  const long long groups[] = {n / 100'000'000, n / 10'000 % 10'000, n % 10'000};
  const char* big[] = {traditional ? "億" : "亿", traditional ? "萬" : "万", ""};
  std::string out;
  bool zero_due = false;  // a zero was skipped since the last digit written
  for (int g = 0; g < 3; ++g) {
    long long v = groups[g];
    if (v == 0) {
      if (!out.empty()) zero_due = true;
      continue;
    }
    if (g == 0 && v >= 10'000) {  // beyond 9999亿: write the 亿 count recursively
      out += chinese_numeral(v, traditional);
      out += big[0];
      continue;
    }
    for (int p = 3; p >= 0; --p) {
      long long d = v;
      for (int k = 0; k < p; ++k) d /= 10;
      d %= 10;
      if (d == 0) {
        if (!out.empty()) zero_due = true;
        continue;
      }
      if (zero_due) out += kDigits[0];
      zero_due = false;
      // 十五, not 一十五, at the very start; 一百一十五 inside.
      if (!(d == 1 && p == 1 && out.empty())) out += kDigits[d];
      out += kUnits[p];
    }
    out += big[g];
  }
  return out;
}

}  // namespace novelbind
