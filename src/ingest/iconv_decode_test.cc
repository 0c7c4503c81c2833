#include "ingest/iconv_decode.h"

#include <gtest/gtest.h>

#include <string>

namespace novelbind {
namespace {

TEST(IconvDecode, Strict) {
  Conversion c = iconv_decode("\xD6\xD0\xCE\xC4", "GB18030", false);  // 中文
  EXPECT_TRUE(c.ok());
  EXPECT_EQ(c.text, "中文");
}

TEST(IconvDecode, StrictStopsAtTheFirstBadByte) {
  Conversion c = iconv_decode("\xD6\xD0\x80\xCE\xC4", "GB18030", false);
  EXPECT_FALSE(c.ok());
  EXPECT_EQ(c.first_bad, 2u);
  EXPECT_FALSE(c.cut_off);
  EXPECT_EQ(c.text, "中");
}

TEST(IconvDecode, DataEndingInsideACharacterIsCutOff) {
  Conversion c = iconv_decode("\xD6\xD0\xCE", "GB18030", false);
  EXPECT_FALSE(c.ok());
  EXPECT_EQ(c.first_bad, 2u);
  EXPECT_TRUE(c.cut_off);
}

TEST(IconvDecode, LenientReplacesEachBadByte) {
  Conversion c = iconv_decode("\xD6\xD0\x80\xCE\xC4\xCE", "GB18030", true);
  EXPECT_EQ(c.text, "中\uFFFD文\uFFFD");
  EXPECT_EQ(c.bad_bytes, 2u);
  EXPECT_EQ(c.first_bad, 2u);
  EXPECT_TRUE(c.cut_off == false);
}

TEST(IconvDecode, GrowsWhenUtf8IsLongerThanExpected) {
  // Windows-1252 0x80 is the euro sign: one byte becomes three.
  Conversion c = iconv_decode(std::string(1000, '\x80'), "WINDOWS-1252", false);
  ASSERT_TRUE(c.ok());
  std::string euros;
  for (int i = 0; i < 1000; ++i) euros += "€";
  EXPECT_EQ(c.text, euros);
}

TEST(IconvDecode, Big5HkscsComposedPairs) {
  // 0x8862 is Ê̄: two code points from one Big5-HKSCS character.
  Conversion c = iconv_decode("\x88\x62\xA4\xA4", "BIG5-HKSCS", false);
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c.text, "\u00CA\u0304中");
}

TEST(IconvDecode, EachUseStartsInTheInitialState) {
  // "UTF-16" reads the byte order from the mark: a cached decoder must not remember it.
  EXPECT_EQ(iconv_decode("\xFE\xFF\x4E\x2D", "UTF-16", false).text, "中");
  EXPECT_EQ(iconv_decode("\xFF\xFE\x2D\x4E", "UTF-16", false).text, "中");
}

TEST(IconvDecode, UnknownEncoding) {
  EXPECT_FALSE(iconv_knows("GB-18030"));
  EXPECT_TRUE(iconv_knows("gb18030"));
  EXPECT_TRUE(iconv_knows("BIG5-HKSCS"));
  Conversion c = iconv_decode("abc", "GB-18030", false);
  EXPECT_FALSE(c.ok());
  EXPECT_EQ(c.first_bad, 0u);
}

}  // namespace
}  // namespace novelbind
