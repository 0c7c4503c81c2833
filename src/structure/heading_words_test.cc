#include "structure/heading_words.h"

#include <gtest/gtest.h>

#include "base/utf8.h"

namespace novelbind {
namespace {

TEST(HeadingWords, KeysOfTheDataFormat) {
  HeadingWords w = parse_heading_words(
      "# comment\n"
      "chapter_markers: 章 回\n"
      "before_words: 序 序章\n"
      "after_words: 尾声\n"
      "english_chapter: Chapter\n"
      "wrappers: 【】 bad\n"
      "front_title: 前言\n");
  EXPECT_EQ(w.chapter_markers, U"章回");
  ASSERT_EQ(w.words.size(), 3u);
  EXPECT_EQ(w.words[0].first, "序章");  // longest first
  EXPECT_EQ(w.english_chapter, std::vector<std::string>{"chapter"});
  ASSERT_EQ(w.wrappers.size(), 1u);
  EXPECT_EQ(w.wrappers[0].second, U'】');
  EXPECT_EQ(w.front_title, "前言");
}

TEST(HeadingWords, TextHelpers) {
  EXPECT_EQ(skip_spaces("　 a", 0), std::string_view("　 ").size());
  EXPECT_EQ(char_at("第一", 3), U'一');
  EXPECT_EQ(char_at("第", 3), 0u);
  EXPECT_EQ(utf8::ascii_lower("CHAPTER 第"), "chapter 第");
}

}  // namespace
}  // namespace novelbind
