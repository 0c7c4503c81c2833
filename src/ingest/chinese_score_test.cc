#include "ingest/chinese_score.h"

#include <gtest/gtest.h>

#include <string>

#include "base/test_util.h"
#include "ingest/iconv_decode.h"

namespace novelbind {
namespace {

TEST(ChineseScore, CountsCommonOtherAndForeignCharacters) {
  ChineseScore common = chinese_score("的一是，不了。");
  EXPECT_EQ(common.chars, 7u);
  EXPECT_EQ(common.score, 14);
  ChineseScore rare = chinese_score("鬯爨龘");  // CJK, but not common
  EXPECT_EQ(rare.score, 0);
  ChineseScore kana = chinese_score("あいうαβ");  // kana, Greek
  EXPECT_EQ(kana.score, -10);
  ChineseScore ascii = chinese_score("plain ASCII text\n");
  EXPECT_EQ(ascii.chars, 0u);
  EXPECT_EQ(ascii.ratio(), 0);
}

TEST(ChineseScore, RightAndWrongReadingsOfTheSeedsAreFarApart) {
  for (const char* name : {"000_c93ffccfb6d36192.txt", "003_a9d92af32fcba753.txt"}) {
    std::string text = test::read_file(test::source_dir() / "samples/seeds" / name);
    EXPECT_GE(chinese_score(text).ratio(), 1.3) << name;
    // Big5 bytes read as GB18030 decode without error into kana, Greek and box drawing.
    Conversion wrong = iconv_decode(test::encode_as(text, "BIG5-HKSCS"), "GB18030", true);
    EXPECT_LT(chinese_score(wrong.text).ratio(), -0.5) << name;
  }
}

}  // namespace
}  // namespace novelbind
