#include "structure/chinese_number.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

TEST(ChineseNumberTest, ArabicAndFullWidth) {
  EXPECT_EQ(parse_number("12"), 12);
  EXPECT_EQ(parse_number("0"), 0);
  EXPECT_EQ(parse_number("１２"), 12);
  EXPECT_EQ(parse_number("１０３"), 103);
  EXPECT_EQ(parse_number("007"), 7);
}

TEST(ChineseNumberTest, SimpleChinese) {
  EXPECT_EQ(parse_number("一"), 1);
  EXPECT_EQ(parse_number("九"), 9);
  EXPECT_EQ(parse_number("零"), 0);
  EXPECT_EQ(parse_number("〇"), 0);
}

TEST(ChineseNumberTest, TensEdges) {
  EXPECT_EQ(parse_number("十"), 10);
  EXPECT_EQ(parse_number("十五"), 15);
  EXPECT_EQ(parse_number("二十"), 20);
  EXPECT_EQ(parse_number("二十一"), 21);
  EXPECT_EQ(parse_number("一十五"), 15);
  EXPECT_EQ(parse_number("一百一十"), 110);
  EXPECT_EQ(parse_number("一百十"), 110);  // 十 without 一 inside a number, as some write it
}

TEST(ChineseNumberTest, ZeroInsideNumbers) {
  EXPECT_EQ(parse_number("一百零三"), 103);
  EXPECT_EQ(parse_number("一千零一"), 1001);
  EXPECT_EQ(parse_number("一千零一十"), 1010);
  EXPECT_EQ(parse_number("一千零十"), 1010);
  EXPECT_EQ(parse_number("一万零一"), 10001);
  EXPECT_EQ(parse_number("一万零五百"), 10500);
}

TEST(ChineseNumberTest, LiangInBothScripts) {
  EXPECT_EQ(parse_number("两千"), 2000);
  EXPECT_EQ(parse_number("两千零一"), 2001);
  EXPECT_EQ(parse_number("兩千零一"), 2001);
  EXPECT_EQ(parse_number("两百"), 200);
  EXPECT_EQ(parse_number("兩萬"), 20000);
}

TEST(ChineseNumberTest, BigUnits) {
  EXPECT_EQ(parse_number("百"), 100);
  EXPECT_EQ(parse_number("千"), 1000);
  EXPECT_EQ(parse_number("万"), 10000);
  EXPECT_EQ(parse_number("十万"), 100000);
  EXPECT_EQ(parse_number("十萬"), 100000);
  EXPECT_EQ(parse_number("一万二千三百四十五"), 12345);
  EXPECT_EQ(parse_number("三百万"), 3000000);
  EXPECT_EQ(parse_number("一亿"), 100000000);
  EXPECT_EQ(parse_number("一億零一萬"), 100010000);
  EXPECT_EQ(parse_number("一万亿"), 1000000000000);
  EXPECT_EQ(parse_number("10万"), 100000);
}

TEST(ChineseNumberTest, Financial) {
  EXPECT_EQ(parse_number("壹佰"), 100);
  EXPECT_EQ(parse_number("壹佰零叁"), 103);
  EXPECT_EQ(parse_number("貳拾"), 20);
  EXPECT_EQ(parse_number("贰拾"), 20);
  EXPECT_EQ(parse_number("參仟肆佰伍拾陸"), 3456);
  EXPECT_EQ(parse_number("叁仟肆佰伍拾陆"), 3456);
  EXPECT_EQ(parse_number("柒捌玖"), 789);  // positional
  EXPECT_EQ(parse_number("拾"), 10);
  EXPECT_EQ(parse_number("玖萬"), 90000);
}

TEST(ChineseNumberTest, PositionalAndOldForms) {
  EXPECT_EQ(parse_number("一〇三"), 103);
  EXPECT_EQ(parse_number("二零二三"), 2023);
  EXPECT_EQ(parse_number("廿一"), 21);
  EXPECT_EQ(parse_number("卅"), 30);
}

TEST(ChineseNumberTest, RejectsWhatIsNotANumeral) {
  EXPECT_EQ(parse_number(""), std::nullopt);
  EXPECT_EQ(parse_number("第一百零三"), std::nullopt);
  EXPECT_EQ(parse_number("三个"), std::nullopt);
  EXPECT_EQ(parse_number("十百"), std::nullopt);
  EXPECT_EQ(parse_number("百千"), std::nullopt);
  EXPECT_EQ(parse_number("一二百"), std::nullopt);
  EXPECT_EQ(parse_number("万万"), std::nullopt);
  EXPECT_EQ(parse_number("1二"), std::nullopt);
  EXPECT_EQ(parse_number(" 1"), std::nullopt);
  EXPECT_EQ(parse_number("99999999999999999999"), std::nullopt);
}

TEST(ChineseNumberTest, PrefixLength) {
  EXPECT_EQ(numeral_prefix_length("一百零三章 風起"), std::string("一百零三").size());
  EXPECT_EQ(numeral_prefix_length("12章"), 2u);
  EXPECT_EQ(numeral_prefix_length("章"), 0u);
  EXPECT_EQ(numeral_prefix_length(""), 0u);
}

TEST(ChineseNumberTest, WritesNumerals) {
  EXPECT_EQ(chinese_numeral(0), "零");
  EXPECT_EQ(chinese_numeral(1), "一");
  EXPECT_EQ(chinese_numeral(10), "十");
  EXPECT_EQ(chinese_numeral(15), "十五");
  EXPECT_EQ(chinese_numeral(20), "二十");
  EXPECT_EQ(chinese_numeral(103), "一百零三");
  EXPECT_EQ(chinese_numeral(115), "一百一十五");
  EXPECT_EQ(chinese_numeral(1010), "一千零一十");
  EXPECT_EQ(chinese_numeral(2001), "二千零一");
  EXPECT_EQ(chinese_numeral(100000), "十万");
  EXPECT_EQ(chinese_numeral(100000, true), "十萬");
  EXPECT_EQ(chinese_numeral(10500), "一万零五百");
  EXPECT_EQ(chinese_numeral(100010000, true), "一億零一萬");
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

namespace novelbind {
namespace {

TEST(ChineseNumberOverflow, HugeNumeralsAreNotNumbersRatherThanOverflowing) {
  EXPECT_FALSE(parse_number("九百九十九亿九万亿"));
  EXPECT_FALSE(parse_number("九千九百九十九万亿亿"));
  EXPECT_FALSE(parse_number("999999999999999999千"));
  EXPECT_EQ(parse_number("一万亿"), 1'000'000'000'000LL);
}

}  // namespace
}  // namespace novelbind
