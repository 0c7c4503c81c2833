#include "ingest/natural_sort.h"

#include <gtest/gtest.h>
#include <algorithm>
#include <string>
#include <vector>

namespace novelbind {

TEST(NaturalSort, NumbersCompareByValue) {
  std::vector<std::string> names = {"10.txt",        "2.txt", "1.txt", "chapter-100.txt",
                                    "chapter-9.txt", "b.txt", "a.txt"};
  std::sort(names.begin(), names.end(), natural_less);
  EXPECT_EQ(names, (std::vector<std::string>{"1.txt", "2.txt", "10.txt", "a.txt", "b.txt",
                                             "chapter-9.txt", "chapter-100.txt"}));
}

TEST(NaturalSort, LeadingZerosAndPrefixes) {
  EXPECT_TRUE(natural_less("000_x.txt", "001_a.txt"));
  EXPECT_TRUE(natural_less("9", "010"));
  EXPECT_FALSE(natural_less("abc", "abc"));
  EXPECT_TRUE(natural_less("abc", "abcd"));
  EXPECT_FALSE(natural_less("abcd", "abc"));
}

// A crawler that names each file by its chapter's title: the numerals order them.
TEST(NaturalSort, ChineseNumeralsCompareByValue) {
  std::vector<std::string> names = {"第十章 归来.txt", "第二章 风起.txt", "第一百零一章 终.txt",
                                    "第九十九章 夜.txt", "第一章 雪.txt"};
  std::sort(names.begin(), names.end(), natural_less);
  EXPECT_EQ(names, (std::vector<std::string>{"第一章 雪.txt", "第二章 风起.txt", "第十章 归来.txt",
                                             "第九十九章 夜.txt", "第一百零一章 终.txt"}));
  std::vector<std::string> bare = {"三十　挥洒缚豪英.txt", "七　无计悔多情.txt",
                                   "一　青衫磊落险峰行.txt", "三　马疾香幽.txt", "释名.txt"};
  std::sort(bare.begin(), bare.end(), natural_less);
  EXPECT_EQ(bare,
            (std::vector<std::string>{"一　青衫磊落险峰行.txt", "三　马疾香幽.txt",
                                      "七　无计悔多情.txt", "三十　挥洒缚豪英.txt", "释名.txt"}));
  // A crawl number still comes first.
  EXPECT_TRUE(natural_less("0002 第十章.txt", "0010 第二章.txt"));
}

// The order is one std::sort can rely on: for every three names, never a < b < c < a, also
// where a numeral meets characters on either side of it in code-point order (千 < 午 < 百).
TEST(NaturalSort, TheOrderIsStrictAndTransitive) {
  std::vector<std::string> names = {"百", "千",  "午",   "一",  "一二",   "十", "10",   "9",
                                    "a",  "",    "第三", "第3", "第三十", "〇", "两千", "万",
                                    "丁", "三a", "三",   "·",   "9九",    "九9"};
  for (const auto& a : names) {
    EXPECT_FALSE(natural_less(a, a)) << a;
    for (const auto& b : names) {
      if (natural_less(a, b)) {
        EXPECT_FALSE(natural_less(b, a)) << a << " " << b;
      }
      for (const auto& c : names) {
        if (natural_less(a, b) && natural_less(b, c)) {
          EXPECT_TRUE(natural_less(a, c)) << a << " " << b << " " << c;
        }
      }
    }
  }
}

}  // namespace novelbind
