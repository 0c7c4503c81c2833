#include "structure/heading_numeral.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

TEST(HeadingNumeral, RomanAndEnglishNumbers) {
  EXPECT_EQ(parse_roman("XIV"), 14);
  EXPECT_EQ(parse_roman("mcmxc"), 1990);
  EXPECT_FALSE(parse_roman("IIII"));
  EXPECT_FALSE(parse_roman("Mix"));
  EXPECT_EQ(parse_english_number("twelve"), 12);
  EXPECT_EQ(parse_english_number("Forty-Two"), 42);
  EXPECT_FALSE(parse_english_number("hundred"));
}

TEST(HeadingNumeral, NumeralsWithSpacesBetweenTheirCharactersAndTheirStyle) {
  std::string numeral;
  std::string_view line = "第　一　回";
  size_t end = read_heading_numeral(line, std::string_view("第　").size(), true, &numeral);
  EXPECT_EQ(numeral, "一");
  EXPECT_EQ(line.substr(end), "　回");
  numeral.clear();
  EXPECT_EQ(read_heading_numeral("雪夜", 0, false, &numeral), 0u);
  EXPECT_EQ(numeral_style("３２５"), NumeralStyle::kFullWidth);
  EXPECT_EQ(numeral_style("007"), NumeralStyle::kZeroPadded);
  EXPECT_EQ(numeral_style("贰拾"), NumeralStyle::kFinancial);
  EXPECT_EQ(numeral_style("廿一"), NumeralStyle::kChinese);
}

}  // namespace
}  // namespace novelbind
