#include "structure/hard_wrap.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/test_util.h"
#include "base/utf8.h"
#include "structure/split.h"

namespace novelbind {
namespace {

using Texts = std::vector<std::string>;

// Paragraphs of story, of many lengths, each ending its sentence.
Texts wrap_story(int count) {
  const Texts clauses = {"两人身子尚未站直", "突然间白光闪动",       "跟着铮的一声响",
                         "双剑相交",         "旁观众人都是一声轻呼", "青衣剑士连劈三剑",
                         "锦衫剑士一一格开", "长剑从左上角直划而下", "势劲力急",
                         "他左足刚着地",     "身子跟着弹起"};
  // (Who and where make each paragraph its own: a book does not repeat its paragraphs.)
  const Texts who = {"范蠡", "文种", "勾践", "阿青",   "薛烛", "西施", "夫差", "伍子胥", "风胡子",
                     "郑旦", "石买", "伯嚭", "欧冶子", "干将", "莫邪", "专诸", "王僚"};
  const Texts where = {"殿上", "街头", "溪边", "山中", "宫门", "城外", "江上",
                       "林间", "府中", "亭下", "桥头", "院里", "坡前", "楼上",
                       "船中", "岸边", "庙前", "渡口", "墙外"};
  Texts out;
  for (int i = 0; i < count; ++i) {
    std::string p = who[static_cast<size_t>(i) % who.size()] + "在" +
                    where[static_cast<size_t>(i) % where.size()] + "，";
    int n = 3 + (i * 7) % 11;
    for (int k = 0; k < n; ++k) {
      p += clauses[static_cast<size_t>(i + k * 3) % clauses.size()];
      p += k + 1 == n ? "。" : (k % 4 == 3 ? "。" : "，");
    }
    out.push_back(p);
  }
  return out;
}

// `paragraphs` as a text tool saves them wrapped at `width` characters, the paragraph's first
// line indented with two full-width spaces; the lines after it indented too when `indent_all`
// (and then, as a file indented again after it was wrapped, two characters longer).
std::string wrap_at(const Texts& paragraphs, size_t width, bool indent_all) {
  std::string out;
  for (const std::string& p : paragraphs) {
    std::u32string rest;
    for (size_t i = 0; i < p.size();) rest += utf8::next(p, &i);
    bool first = true;
    while (!rest.empty()) {
      size_t take = std::min(rest.size(), first ? width - 2 : width);
      std::string line = first || indent_all ? "　　" : "";
      for (size_t k = 0; k < take; ++k) utf8::append(&line, rest[k]);
      rest.erase(0, take);
      out += line + "\n";
      first = false;
    }
  }
  return out;
}

std::vector<Chapter> split_wrapped(const std::string& text, bool join = true) {
  SourceText source;
  source.path = "book.txt";
  source.text = text;
  return split_chapters(source, FileStructure{}, join);
}

Texts wrapped_paragraphs(const Chapter& c) {
  Texts out;
  for (const std::string& t : test::paragraph_texts(c)) out.emplace_back(utf8::trim(t));
  return out;
}

TEST(HardWrap, AWrappedFileIsFoundAndAFileOfParagraphsIsNot) {
  Texts paragraphs = wrap_story(80);
  auto wrap = find_wrap_width(wrap_at(paragraphs, 38, /*indent_all=*/true));
  ASSERT_TRUE(wrap.has_value());
  EXPECT_GE(wrap->width, 38u);
  EXPECT_FALSE(wrap->continuations_unindented);
  auto flush = find_wrap_width(wrap_at(paragraphs, 30, /*indent_all=*/false));
  ASSERT_TRUE(flush.has_value());
  EXPECT_TRUE(flush->continuations_unindented);

  std::string whole;
  for (const std::string& p : paragraphs) whole += "　　" + p + "\n";
  EXPECT_FALSE(find_wrap_width(whole).has_value());
}

// Verse is lines of one length that end without a stop too, but short ones: it is not a
// wrapping.
TEST(HardWrap, VerseOfOneLengthIsNotAWrapping) {
  std::string verse;
  for (int i = 0; i < 60; ++i)
    verse += i % 2 ? "处处闻啼鸟，花落知多少。\n" : "春眠不觉晓，夜来风雨声，\n";
  EXPECT_FALSE(find_wrap_width(verse).has_value());
}

TEST(HardWrap, TheLinesOfEachParagraphAreJoinedBackWhenEveryLineIsIndented) {
  Texts paragraphs = wrap_story(80);
  auto chapters = split_wrapped(wrap_at(paragraphs, 38, /*indent_all=*/true));
  ASSERT_EQ(chapters.size(), 1u);
  Texts got = wrapped_paragraphs(chapters[0]);
  // A paragraph whose line happens to end with its sentence where the width ends is left
  // apart there (nothing tells it from a paragraph's end when every line is indented); every
  // other break is joined, and no two paragraphs are.
  std::string all_got, all_want;
  for (const std::string& p : got) all_got += p + "|";
  size_t exact = 0;
  for (const std::string& p : paragraphs) {
    all_want += p;
    exact += std::find(got.begin(), got.end(), p) != got.end();
  }
  EXPECT_GE(exact * 10, paragraphs.size() * 8) << all_got;
  for (const std::string& p : got) {
    EXPECT_TRUE(p.ends_with("。")) << p;  // no piece ends in the middle of a sentence
    // and every piece lies within one paragraph
    EXPECT_TRUE(std::any_of(paragraphs.begin(), paragraphs.end(), [&](const std::string& w) {
      return w.find(p) != std::string::npos;
    })) << p;
  }
  int joins = 0;
  for (const Repair& r : chapters[0].repairs) joins += r.rule == "hard_wrap";
  EXPECT_GT(joins, 40);

  // [clean] disable = ["hard_wrap"]: the lines stay as read.
  auto kept = split_wrapped(wrap_at(paragraphs, 38, true), /*join=*/false);
  EXPECT_GT(kept[0].paragraphs.size(), got.size());
}

// A speech's tag that fills a line, its quotation on the next (an unseen 越女剑, every line
// indented: …商议。”勾践道： / “好，你去传文大夫来。” came out as two paragraphs, five times in the
// book). A colon at a full line's end before a quotation mark goes on; before verse it ends the
// paragraph.
TEST(HardWrap, ASpeechTagAtTheWidthGoesOnIntoItsQuotation) {
  Texts paragraphs = wrap_story(60);
  std::string text = wrap_at(paragraphs, 38, /*indent_all=*/true);
  // 36 characters after the indent: a full line.
  text +=
      "　　大王即有此决心，大事必成。但兹事体大，还须请文大夫共同商议。”勾践道：\n"
      "　　“好，你去传文大夫来。”\n"
      "　　他站起身来，望着窗外的山色，默默地念出一首旧诗，正是那首词：\n"
      "　　一派白虹起，千寻雪浪飞。\n"
      "　　海风吹不断，江月照还依。\n";
  text += wrap_at(wrap_story(20), 38, true);
  auto chapters = split_wrapped(text);
  ASSERT_EQ(chapters.size(), 1u);
  Texts got = wrapped_paragraphs(chapters[0]);
  EXPECT_NE(std::find(got.begin(), got.end(),
                      "大王即有此决心，大事必成。但兹事体大，还须请文大夫共同商议。”勾践道：“好，"
                      "你去传文大夫来。”"),
            got.end());
  EXPECT_NE(std::find(got.begin(), got.end(), "一派白虹起，千寻雪浪飞。"), got.end());
}

TEST(HardWrap, WhereOnlyFirstLinesAreIndentedEveryParagraphComesBackWhole) {
  Texts paragraphs = wrap_story(80);
  auto chapters = split_wrapped(wrap_at(paragraphs, 30, /*indent_all=*/false));
  ASSERT_EQ(chapters.size(), 1u);
  Texts got = wrapped_paragraphs(chapters[0]);
  for (size_t i = 0; i < std::min(got.size(), paragraphs.size()); ++i)
    if (got[i] != paragraphs[i]) ADD_FAILURE() << i << "\n" << got[i] << "\n" << paragraphs[i];
  EXPECT_EQ(got.size(), paragraphs.size());
}

// Paragraphs set apart by blank lines, each wrapped at the width wherever it falls (a Project
// Gutenberg 金瓶梅: a line may end with 。 or 」 in the middle of its paragraph): every line up
// to the blank one is the paragraph's.
TEST(HardWrap, ParagraphsSetApartByBlankLinesComeBackWholeWhateverTheirLinesEndWith) {
  Texts paragraphs = wrap_story(80);
  // Two whose first line ends a sentence, and one whose first line ends a quotation.
  paragraphs.push_back(
      "范蠡在殿上，两人身子尚未站直，突然间白光闪动，跟着铮一声响。双剑相交，旁观众人都是一声轻呼"
      "。");
  paragraphs.push_back(
      "文种在街头，青衣剑士连劈三剑，锦衫剑士一一格开，势劲力急也。他左足刚着地，身子跟着弹起。");
  paragraphs.push_back(
      "勾践道：「两人身子尚未站直，突然间白光闪动，跟着铮一声响。」阿青向范蠡道：「他左足刚着地。"
      "」");
  std::string text;
  for (const std::string& p : paragraphs) {
    std::u32string rest;
    for (size_t i = 0; i < p.size();) rest += utf8::next(p, &i);
    for (size_t at = 0; at < rest.size(); at += 30) {
      for (size_t k = at; k < std::min(rest.size(), at + 30); ++k) utf8::append(&text, rest[k]);
      text += "\n";
    }
    text += "\n";
  }
  ASSERT_NE(text.find("。\n双剑相交"), std::string::npos);
  ASSERT_NE(text.find("」\n阿青"), std::string::npos);
  auto wrap = find_wrap_width(text);
  ASSERT_TRUE(wrap);
  EXPECT_TRUE(wrap->blank_separated);
  auto chapters = split_wrapped(text);
  ASSERT_EQ(chapters.size(), 1u);
  Texts got = wrapped_paragraphs(chapters[0]);
  for (size_t i = 0; i < std::min(got.size(), paragraphs.size()); ++i)
    if (got[i] != paragraphs[i]) ADD_FAILURE() << i << "\n" << got[i] << "\n" << paragraphs[i];
  EXPECT_EQ(got.size(), paragraphs.size());
  // Without blank lines between them the lines do not show where paragraphs end.
  EXPECT_FALSE(find_wrap_width(wrap_at(paragraphs, 30, false))->blank_separated);
}

TEST(HardWrap, PunctuationMovedToTheNextLineAndAnOpenQuotationContinueTheParagraph) {
  Texts paragraphs = wrap_story(80);
  std::string text = wrap_at(paragraphs, 38, true);
  // A full line, then the comma the wrapper put first on the next line.
  std::string pushed =
      "　　他在林中站了良久，只听得松涛阵阵，远处隐隐传来马蹄之声，不知究竟是敌是友\n"
      "　　，心下好生踌躇。\n";
  // A full line that ends with an inner quotation inside an open one.
  std::string quoted =
      "　　那瘦子冷冷地笑着道：「咱四兄弟义结金兰，劫富济贫，江湖上人称『太岳四侠』\n"
      "　　那便是了！」\n";
  // (Each first line as long as the file's first lines: 38 characters.)
  ASSERT_EQ(utf8::length(pushed.substr(0, pushed.find('\n'))), 38u);
  ASSERT_EQ(utf8::length(quoted.substr(0, quoted.find('\n'))), 38u);
  auto chapters = split_wrapped(text + pushed + quoted);
  Texts got = wrapped_paragraphs(chapters[0]);
  ASSERT_GE(got.size(), 2u);
  EXPECT_EQ(
      got[got.size() - 2],
      "他在林中站了良久，只听得松涛阵阵，远处隐隐传来马蹄之声，不知究竟是敌是友，心下好生踌躇。");
  EXPECT_EQ(got.back(),
            "那瘦子冷冷地笑着道：「咱四兄弟义结金兰，劫富济贫，江湖上人称『太岳四侠』那便是了！」");
}

TEST(HardWrap, ABlankLineOrAShortLineEndsTheParagraph) {
  Texts paragraphs = wrap_story(80);
  std::string text = wrap_at(paragraphs, 38, true);
  std::string tail =
      "　　他在林中站了良久，只听得松涛阵阵，远处隐隐传来马蹄之声，不知究竟是敌是友\n"
      "\n"
      "　　众人各自散去\n"
      "　　次日清晨，天色方明。\n";
  ASSERT_EQ(utf8::length(tail.substr(0, tail.find('\n'))), 38u);
  Texts got = wrapped_paragraphs(split_wrapped(text + tail)[0]);
  ASSERT_GE(got.size(), 3u);
  EXPECT_EQ(got[got.size() - 3],
            "他在林中站了良久，只听得松涛阵阵，远处隐隐传来马蹄之声，不知究竟是敌是友");
  EXPECT_EQ(got[got.size() - 2], "众人各自散去");
  EXPECT_EQ(got.back(), "次日清晨，天色方明。");
}

}  // namespace
}  // namespace novelbind
