#include "order/new_book_preview.h"

#include <gtest/gtest.h>

#include "order/order.h"
#include "structure/split.h"

namespace novelbind {
namespace {

Book preview_book_of(const std::string& text) {
  auto headings = HeadingRecognizer::create(ChaptersConfig{});
  EXPECT_TRUE(headings.ok());
  SourceText source;
  source.path = "book.txt";
  source.text = text;
  Book book;
  book.chapters = split_chapters(source, *headings);
  return book;
}

std::vector<std::string> preview_titles(const Book& book) {
  std::vector<std::string> out;
  for (const Chapter& c : book.chapters) out.push_back(c.title);
  return out;
}

using Texts = std::vector<std::string>;

// An unseen finished serial's download: its last chapters, the author's farewell, the new book's
// announcement and that book's first two chapters.
constexpr const char* kFinished =
    "第一章 主线任务\n他走进城门，看见了守卫。\n"
    "第二章 试炼\n试炼开始了，众人屏住呼吸。\n"
    "第三章 决战\n魔枪士猛地一跃而起，挥出魔枪。\n"
    "番外 新的冒险\n风吹动决斗场中的沙尘。\n关于新书，四月份就发。\n新书已发布《贯世魔枪》\n"
    "第一章 堕落\n阳光隐于云层之下，灰色的乌云渐渐汇集。\n"
    "第二章 圣城\n圣城的钟声响了三遍。\n";

TEST(NewBookPreview, ChaptersNumberedAgainAfterTheAnnouncementGo) {
  Book book = preview_book_of(kFinished);
  ASSERT_EQ(book.chapters.size(), 6u);
  std::vector<std::string> own = {"魔枪士"};
  EXPECT_EQ(remove_new_book_preview(book, own), 2u);
  EXPECT_EQ(preview_titles(book),
            (Texts{"第一章 主线任务", "第二章 试炼", "第三章 决战", "番外 新的冒险"}));
  ASSERT_EQ(book.warnings.size(), 1u);
  EXPECT_EQ(book.warnings[0].rule, "new_book_preview");
  EXPECT_NE(book.warnings[0].message.find("贯世魔枪"), std::string::npos);
  // The announcement itself stays (the author's words about the book).
  EXPECT_EQ(book.chapters.back().paragraphs.all().back().text, "新书已发布《贯世魔枪》");
}

TEST(NewBookPreview, TheOrderStageDropsThemBeforeCheckingTheNumbers) {
  Book book = preview_book_of(kFinished);
  std::vector<std::string> own = {"某书"};
  order_chapters(book, ChaptersConfig{}, &own);
  EXPECT_EQ(book.chapters.size(), 4u);
  for (const Diagnostic& d : book.warnings) EXPECT_NE(d.rule, "numbering_order") << d.message;
}

TEST(NewBookPreview, NotWithoutAnAnnouncementNorForThisBooksOwnTitle) {
  // Numbers that start again with no new book named: a second part of this book.
  std::string text = kFinished;
  std::string plain = text;
  plain.replace(plain.find("新书已发布《贯世魔枪》"), std::string("新书已发布《贯世魔枪》").size(),
                "众人散去。");
  Book book = preview_book_of(plain);
  EXPECT_EQ(remove_new_book_preview(book, {}), 0u);
  EXPECT_EQ(book.chapters.size(), 6u);
  // The 《title》 is this book's: a sequel's chapters of this book, not another's.
  Book own = preview_book_of(text);
  EXPECT_EQ(remove_new_book_preview(own, {"贯世魔枪"}), 0u);
  // A book that had not gone past chapter 2 (a reader's note, then a numbered restart).
  Book young = preview_book_of(
      "第一章 甲\n他来了。\n第二章 乙\n新书《别的书》求收藏。\n第一章 丙\n她走了。\n");
  EXPECT_EQ(remove_new_book_preview(young, {}), 0u);
}

TEST(NewBookPreview, APreviewInTheMiddleEndsWhereTheBooksNumbersGoOn) {
  Book book = preview_book_of(
      "第一章 甲\n一。\n第二章 乙\n二。\n第三章 丙\n三。\n新书《别的书》已发布，先放两章。\n"
      "第一章 别一\n别一。\n第二章 别二\n别二。\n第四章 丁\n四。\n");
  EXPECT_EQ(remove_new_book_preview(book, {}), 2u);
  EXPECT_EQ(preview_titles(book), (Texts{"第一章 甲", "第二章 乙", "第三章 丙", "第四章 丁"}));
}

}  // namespace
}  // namespace novelbind
