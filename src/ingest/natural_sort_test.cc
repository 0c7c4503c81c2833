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

}  // namespace novelbind
