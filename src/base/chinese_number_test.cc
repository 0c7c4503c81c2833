#include "base/chinese_number.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace novelbind {
namespace {

// A numeral as a heading writes it, and the number it stands for (nullopt: no numeral).
struct Parsed {
  const char* numeral;
  std::optional<long long> number;
  const char* why;
};

constexpr std::nullopt_t kNone = std::nullopt;

const Parsed kParsed[] = {
    {"12", 12, "Arabic"},
    {"0", 0, "Arabic zero"},
    {"１２", 12, "full-width"},
    {"１０３", 103, "full-width"},
    {"007", 7, "zero-padded"},
    {"一", 1, "a digit"},
    {"九", 9, "a digit"},
    {"零", 0, "zero"},
    {"〇", 0, "zero, the circle"},
    {"十", 10, "ten alone"},
    {"十五", 15, "ten without one before it"},
    {"二十", 20, "tens"},
    {"二十一", 21, "tens and units"},
    {"一十五", 15, "ten with one before it"},
    {"一百一十", 110, "ten inside a number"},
    {"一百十", 110, "十 without 一 inside a number, as some write it"},
    {"一百零三", 103, "zero inside"},
    {"一千零一", 1001, "zero inside"},
    {"一千零一十", 1010, "zero inside"},
    {"一千零十", 1010, "zero inside, 十 alone"},
    {"一万零一", 10001, "zero inside"},
    {"一万零五百", 10500, "zero inside"},
    {"两千", 2000, "两"},
    {"两千零一", 2001, "两"},
    {"兩千零一", 2001, "兩, Traditional"},
    {"两百", 200, "两"},
    {"兩萬", 20000, "兩萬"},
    {"百", 100, "a unit alone"},
    {"千", 1000, "a unit alone"},
    {"万", 10000, "a unit alone"},
    {"十万", 100000, "big units"},
    {"十萬", 100000, "big units, Traditional"},
    {"一万二千三百四十五", 12345, "every unit"},
    {"三百万", 3000000, "big units"},
    {"一亿", 100000000, "亿"},
    {"一億零一萬", 100010000, "億 and 萬"},
    {"一万亿", 1000000000000, "万亿"},
    {"10万", 100000, "Arabic before a unit"},
    {"壹佰", 100, "financial"},
    {"壹佰零叁", 103, "financial"},
    {"貳拾", 20, "financial, Traditional"},
    {"贰拾", 20, "financial, Simplified"},
    {"參仟肆佰伍拾陸", 3456, "financial, Traditional"},
    {"叁仟肆佰伍拾陆", 3456, "financial, Simplified"},
    {"柒捌玖", 789, "financial, positional"},
    {"拾", 10, "financial ten"},
    {"玖萬", 90000, "financial"},
    {"一〇三", 103, "positional with 〇"},
    {"二零二三", 2023, "positional with 零"},
    {"廿一", 21, "廿"},
    {"卅", 30, "卅"},
    {"", kNone, "empty"},
    {"第一百零三", kNone, "a word before it"},
    {"三个", kNone, "a word after it"},
    {"十百", kNone, "units in the wrong order"},
    {"百千", kNone, "units in the wrong order"},
    {"一二百", kNone, "positional digits before a unit"},
    {"万万", kNone, "a unit twice"},
    {"1二", kNone, "Arabic and Chinese mixed"},
    {" 1", kNone, "a space"},
    {"99999999999999999999", kNone, "too large"},
    {"九百九十九亿九万亿", kNone, "too large"},
    {"九千九百九十九万亿亿", kNone, "too large"},
    {"999999999999999999千", kNone, "too large"},
};

TEST(ChineseNumberTest, ParsesEveryFormAHeadingUses) {
  for (const Parsed& row : kParsed)
    EXPECT_EQ(parse_number(row.numeral), row.number) << row.numeral << " (" << row.why << ")";
}

TEST(ChineseNumberTest, PrefixLength) {
  EXPECT_EQ(numeral_prefix_length("一百零三章 風起"), std::string("一百零三").size());
  EXPECT_EQ(numeral_prefix_length("12章"), 2u);
  EXPECT_EQ(numeral_prefix_length("章"), 0u);
  EXPECT_EQ(numeral_prefix_length(""), 0u);
}

// A number, the numeral written for it, and whether in Traditional characters.
struct Written {
  long long number;
  const char* numeral;
  bool traditional;
};

const Written kWritten[] = {
    {0, "零", false},
    {1, "一", false},
    {10, "十", false},
    {15, "十五", false},
    {20, "二十", false},
    {103, "一百零三", false},
    {115, "一百一十五", false},
    {1010, "一千零一十", false},
    {2001, "二千零一", false},
    {100000, "十万", false},
    {100000, "十萬", true},
    {10500, "一万零五百", false},
    {100010000, "一億零一萬", true},
};

TEST(ChineseNumberTest, WritesNumerals) {
  for (const Written& row : kWritten)
    EXPECT_EQ(chinese_numeral(row.number, row.traditional), row.numeral) << row.number;
}

TEST(ChineseNumberTest, WriteThenParseRoundTrips) {
  for (long long n = 0; n <= 120000; ++n) {
    ASSERT_EQ(parse_number(chinese_numeral(n)), n) << chinese_numeral(n);
    if (n % 7 == 0) {
      ASSERT_EQ(parse_number(chinese_numeral(n, true)), n);
    }
  }
  for (long long n : {123456789LL, 1000000001LL, 99999999999LL, 500000000000LL})
    EXPECT_EQ(parse_number(chinese_numeral(n)), n) << chinese_numeral(n);
}

}  // namespace
}  // namespace novelbind
