#include "render/title_format.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

std::string format(const std::string& f, long long n, const std::string& title,
                   bool traditional = false) {
  auto parsed = TitleFormat::parse(f);
  EXPECT_TRUE(parsed) << parsed.message();
  return parsed ? format_title(*parsed, n, title, traditional) : "";
}

TEST(TitleFormat, PlaceholdersTakeTheNumberAndTheName) {
  EXPECT_EQ(format("第{number}章 {name}", 1, "001 少年"), "第1章 少年");
  EXPECT_EQ(format("第{number:03}章 {name}", 12, "第十二章 出山"), "第012章 出山");
  EXPECT_EQ(format("{number:03} {name}", 3, "第三回　风雪"), "003 风雪");
  EXPECT_EQ(format("第{number:zh}章 {name}", 103, "103. 雨"), "第一百零三章 雨");
  EXPECT_EQ(format("第{number:zh}章", 10000, "x", true), "第一萬章");
  EXPECT_EQ(format("{{{number}}} {title}", 2, "第2章 雪"), "{2} 第2章 雪");
}

TEST(TitleFormat, ATitleWithoutANameLeavesNoStraySpace) {
  EXPECT_EQ(format("第{number}章 {name}", 5, "第五章"), "第5章");
}

TEST(TitleFormat, AnUnknownPlaceholderOrBraceIsAnErrorListingThePlaceholders) {
  auto bad = TitleFormat::parse("第{num}章");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.message(),
            "unknown placeholder '{num}'; use {number}, {number:03} (zero-padded to 3 digits), "
            "{number:zh}, {name} or {title}");
  EXPECT_FALSE(TitleFormat::parse("第{number章"));
  EXPECT_FALSE(TitleFormat::parse("第}章"));
  EXPECT_FALSE(TitleFormat::parse("{number:0}"));
}

TEST(TitleFormat, OnlyNumberedChaptersChange) {
  Book book;
  book.chapters.resize(4);
  book.chapters[0].title = "楔子";
  book.chapters[1].title = "001 少年";
  book.chapters[1].number = 1;
  book.chapters[2].title = "第2章 出山";
  book.chapters[2].number = 2;
  book.chapters[3].title = "第三章 下山";
  book.chapters[3].number = 3;
  EXPECT_EQ(apply_title_format(book, "第{number:03}章 {name}"), 3);
  EXPECT_EQ(book.chapters[0].title, "楔子");
  EXPECT_EQ(book.chapters[1].title, "第001章 少年");
  EXPECT_EQ(book.chapters[2].title, "第002章 出山");
  EXPECT_EQ(book.chapters[3].title, "第003章 下山");
  EXPECT_EQ(apply_title_format(book, ""), 0);
}

}  // namespace
}  // namespace novelbind
