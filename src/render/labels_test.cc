#include "render/labels.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

// Simplified for zh-Hans and its regions, Traditional for other Chinese, English for the rest:
// a book set to English got Traditional Chinese labels before.
TEST(Labels, ByTheBooksLanguage) {
  EXPECT_EQ(labels_for("zh-Hans").contents, "目录");
  EXPECT_EQ(labels_for("zh-CN").titlepage, "书名页");
  EXPECT_EQ(labels_for("zh-Hant").contents, "目錄");
  EXPECT_EQ(labels_for("zh").titlepage, "書名頁");
  EXPECT_EQ(labels_for("yue-HK").contents, "目錄");
  EXPECT_EQ(labels_for("en").contents, "Contents");
  EXPECT_EQ(labels_for("en-US").cover, "Cover");
  EXPECT_EQ(labels_for("fr").titlepage, "Title Page");
  EXPECT_EQ(labels_for("zhx").contents, "Contents");  // (not zh: the whole primary subtag)
}

}  // namespace
}  // namespace novelbind
