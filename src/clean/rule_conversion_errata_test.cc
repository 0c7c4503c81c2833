#include "clean/rule_conversion_errata.h"

#include <gtest/gtest.h>

#include "clean/rule_test_util.h"

namespace novelbind {

using test::run_line;
using test::run_rule;

TEST(ConversionErrata, RestoresTheKnownDamage) {
  ConversionErrataRule rule;
  EXPECT_EQ(run_line(rule, "早已失去鬥志計程車兵們如同得到了特赦"),
            "早已失去鬥志的士兵們如同得到了特赦");
  EXPECT_EQ(run_line(rule, "大漲計程車氣，計程車卒，計程車大夫"), "大漲的士氣，的士卒，的士大夫");
  EXPECT_EQ(run_line(rule, "徹底退出了華夏曆史的舞臺"), "徹底退出了華夏歷史的舞臺");
  EXPECT_EQ(run_line(rule, "喉嚨不斷髮出古怪的聲響"), "喉嚨不斷發出古怪的聲響");
  EXPECT_EQ(run_line(rule, "一元復始，永珍更新"), "一元復始，萬象更新");
  EXPECT_EQ(run_line(rule, "話說天下大勢……週末七國分爭"), "話說天下大勢……周末七國分爭");
  auto run = run_rule(rule, {"殘存計程車兵"});
  ASSERT_EQ(run.repairs.size(), 1u);
  EXPECT_EQ(run.repairs[0].rule, "conversion_errata");
  EXPECT_EQ(run.repairs[0].before, "殘存計程車兵");
  EXPECT_EQ(run.repairs[0].after, "殘存的士兵");
}

TEST(ConversionErrata, LeavesCorrectTextAlone) {
  ConversionErrataRule rule;
  for (const char* fine :
       {"他坐上計程車走了。", "日曆和曆法", "的士兵", "頭髮斷了", "週末去郊遊"}) {
    EXPECT_EQ(run_line(rule, fine), fine);
  }
}

TEST(ConversionErrata, EveryBuiltinRowRepairsItsOwnExample) {
  ConversionErrataRule rule;
  for (const Erratum& e : builtin_errata()) {
    EXPECT_EQ(run_line(rule, "甲" + e.damaged + "乙"), "甲" + e.correct + "乙") << e.damaged;
    EXPECT_NE(e.damaged, e.correct);
  }
}

}  // namespace novelbind
