#include "render/typeset.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

TEST(SplitHeading, NumberAndName) {
  HeadingParts p = split_heading("第一章 風起");
  EXPECT_EQ(p.number, "第一章");
  EXPECT_EQ(p.name, "風起");
}

TEST(SplitHeading, SeparatorsAreDropped) {
  EXPECT_EQ(split_heading("第十二回：寶玉初試").name, "寶玉初試");
  EXPECT_EQ(split_heading("第12章　大雪").number, "第12章");
  EXPECT_EQ(split_heading("第12章　大雪").name, "大雪");
  EXPECT_EQ(split_heading("第一百零三章、歸來").number, "第一百零三章");
  EXPECT_EQ(split_heading("第二卷 江湖").number, "第二卷");
  EXPECT_EQ(split_heading("Chapter 7: Home").name, "Home");
  // A middle dot or a box-drawing dash between them (an unseen 笑林廣記: 第一卷·古艷部, once set
  // as 第一卷 ·古艷部) belongs to neither.
  EXPECT_EQ(split_heading("第一卷·古艷部").name, "古艷部");
  EXPECT_EQ(split_heading("第三章・归来").name, "归来");
  EXPECT_EQ(split_heading("第五回──夜雨").name, "夜雨");
  // So does a comma, as the heading's parse takes it (an unseen xbiquge crawl's 第一章，潇王世子
  // 李星洲 was set 第一章 ，潇王世子李星洲).
  EXPECT_EQ(split_heading("第一章，潇王世子李星洲").name, "潇王世子李星洲");
  // And a slash (an unseen 解忧杂货铺's 第一章／回信放在牛奶箱 was set 第一章 ／回信…).
  EXPECT_EQ(split_heading("第一章／回信放在牛奶箱").name, "回信放在牛奶箱");
  EXPECT_EQ(split_heading("第2章, 归来").name, "归来");
}

TEST(SplitHeading, NumberOnlyIsAllName) {
  HeadingParts p = split_heading("第三章");
  EXPECT_EQ(p.number, "");
  EXPECT_EQ(p.name, "第三章");
}

TEST(SplitHeading, NoNumber) {
  HeadingParts p = split_heading("楔子 大雪滿弓刀");
  EXPECT_EQ(p.number, "");
  EXPECT_EQ(p.name, "楔子 大雪滿弓刀");
  // 第 must begin a number: a sentence that merely contains 章 is not split.
  EXPECT_EQ(split_heading("第一次見面的章程").number, "");
}

TEST(TextToXhtml, HorizontalOnlyEscapes) {
  EXPECT_EQ(text_to_xhtml("他說 a<b & 12 點", false), "他說 a&lt;b &amp; 12 點");
}

TEST(TextToXhtml, VerticalSetsOneAndTwoDigitsUpright) {
  EXPECT_EQ(text_to_xhtml("第3天，走了12里", true),
            "第<span class=\"tcy\">3</span>天，走了<span class=\"tcy\">12</span>里");
}

TEST(TextToXhtml, VerticalLeavesLongerNumbersAlone) {
  EXPECT_EQ(text_to_xhtml("公元2024年", true), "公元2024年");
  EXPECT_EQ(text_to_xhtml("3.14", true),
            "<span class=\"tcy\">3</span>.<span class=\"tcy\">14</span>");
}

TEST(TextToXhtml, VerticalStillEscapes) {
  EXPECT_EQ(text_to_xhtml("<5>&", true), "&lt;<span class=\"tcy\">5</span>&gt;&amp;");
  // Full-width digits are upright already.
  EXPECT_EQ(text_to_xhtml("１２", true), "１２");
}

}  // namespace
}  // namespace novelbind
