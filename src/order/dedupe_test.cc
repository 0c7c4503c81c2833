#include "order/dedupe.h"

#include <gtest/gtest.h>

#include "base/chinese_number.h"

namespace novelbind {
namespace {

// Paragraph k of a made-up chapter, in Traditional script with corner quotes or in Simplified
// script with curly quotes: the two fold to the same text.
std::string traditional(int k) {
  std::string s = "張邁在第";
  s += chinese_numeral(k);
  s += "座城下說：「我們還要走多遠？」郭汾沒有回答。";
  return s;
}
std::string simplified(int k) {
  std::string s = "张迈在第";
  s += chinese_numeral(k);
  s += "座城下说：“我们还要走多远?” 郭汾没有回答…";
  return s;
}

Chapter file_chapter(const std::string& file, const std::vector<std::string>& paragraphs) {
  Chapter c;
  c.sources = {file};
  for (const std::string& p : paragraphs) c.paragraphs.push_back({p, 0, false});
  return c;
}

std::vector<std::string> range(int from, int to, std::string (*make)(int)) {
  std::vector<std::string> out;
  for (int k = from; k < to; ++k) out.push_back(make(k));
  return out;
}

std::vector<Duplicate> duplicates(const std::vector<Chapter>& chapters) {
  TextFolder folder;
  std::vector<ChapterPrints> prints;
  for (const Chapter& c : chapters) prints.push_back(chapter_prints(c, folder));
  return find_duplicates(prints);
}

TEST(TextFolderTest, FoldsScriptQuotesPunctuationAndSpaces) {
  TextFolder f;
  EXPECT_EQ(f.fold("「後悔什麼？」"), "后悔什么");
  EXPECT_EQ(f.fold("“后悔什么?”"), "后悔什么");
  EXPECT_EQ(f.fold("『乾草堆』裡，　他說……"), "干草堆里他说");
  EXPECT_EQ(f.fold("ＡＢｃ　１２ A-b"), "abc12ab");
  EXPECT_EQ(f.fold(traditional(3)), f.fold(simplified(3)));
  EXPECT_NE(f.fold(traditional(3)), f.fold(traditional(4)));
}

TEST(TextFolderTest, FingerprintIsTheHashOfTheFoldedText) {
  TextFolder f;
  std::uint32_t a = 0, b = 0;
  EXPECT_EQ(f.fingerprint(traditional(7), &a), f.fingerprint(simplified(7), &b));
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, 22u);  // 张迈在第七座城下说 我们还要走多远 郭汾没有回答
  EXPECT_NE(f.fingerprint(traditional(7), &a), f.fingerprint(traditional(8), &b));
}

TEST(DedupeTest, CopyInTheOtherScriptIsDropped) {
  auto found = duplicates({file_chapter("a.txt", range(0, 30, traditional)),
                           file_chapter("b.txt", range(0, 30, simplified))});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].dropped, 1u);  // equally long: the later one goes
  EXPECT_EQ(found[0].kept, 0u);
  EXPECT_EQ(found[0].shared, 30u);
  EXPECT_FALSE(found[0].contained);
}

TEST(DedupeTest, ChapterContainedInALongerOneIsDroppedWhereverItStands) {
  // The first chapter repeats the end of the second, as samples/seeds/002 does with 003.
  std::vector<std::string> tail = range(40, 60, traditional);
  tail.push_back("作者的其他小說：東海屠");  // a line the longer chapter does not have
  auto found = duplicates(
      {file_chapter("002.txt", tail), file_chapter("003.txt", range(0, 60, simplified))});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].dropped, 0u);
  EXPECT_EQ(found[0].kept, 1u);
  EXPECT_EQ(found[0].shared, 20u);
  EXPECT_EQ(found[0].total, 21u);
  EXPECT_TRUE(found[0].contained);
}

TEST(DedupeTest, NearExactRepeatAtNinetyFivePercent) {
  std::vector<std::string> original = range(0, 40, simplified);
  std::vector<std::string> one_changed = original;
  one_changed[5] = "完全不同的一段話，沒有出現在別處。";  // 39 of 40 = 97.5%
  auto found = duplicates({file_chapter("a.txt", original), file_chapter("b.txt", one_changed)});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].shared, 39u);

  std::vector<std::string> three_changed = one_changed;
  three_changed[6] = "另一段完全不同的話，也沒有出現過。";
  three_changed[7] = "第三段完全不同的話，還是沒有出現。";  // 37 of 40 = 92.5%
  EXPECT_TRUE(
      duplicates({file_chapter("a.txt", original), file_chapter("b.txt", three_changed)}).empty());
}

TEST(DedupeTest, SharedShortLinesAndSiteNoticesAreNoEvidence) {
  std::vector<Chapter> chapters;
  for (int i = 0; i < 10; ++i) {
    std::vector<std::string> p = range(i * 100, i * 100 + 3, simplified);
    p.push_back("“是。”");
    p.push_back("……");
    p.push_back("本書首發於某某網，請到某某網閱讀最新章節。");  // in every chapter
    chapters.push_back(file_chapter("c" + std::to_string(i) + ".txt", p));
  }
  EXPECT_TRUE(duplicates(chapters).empty());
}

TEST(DedupeTest, TinyChaptersAreNotJudged) {
  // Too little text to call one a repeat of the other.
  EXPECT_TRUE(duplicates({file_chapter("a.txt", {"請假一天，明天補上。"}),
                          file_chapter("b.txt", {"请假一天，明天补上。"})})
                  .empty());
}

TEST(DedupeTest, RemoveNamesBothFiles) {
  std::vector<Chapter> chapters = {file_chapter("book/001.txt", range(0, 10, simplified)),
                                   file_chapter("book/002.txt", range(0, 30, traditional)),
                                   file_chapter("book/003.txt", range(100, 110, simplified))};
  chapters[1].heading_line = 1;
  TextFolder folder;
  std::vector<ChapterPrints> prints;
  for (const Chapter& c : chapters) prints.push_back(chapter_prints(c, folder));
  std::vector<Diagnostic> warnings;
  remove_duplicates(chapters, prints, &warnings);
  ASSERT_EQ(chapters.size(), 2u);
  EXPECT_EQ(chapters[0].sources[0], "book/002.txt");
  EXPECT_EQ(chapters[1].sources[0], "book/003.txt");
  EXPECT_EQ(prints.size(), 2u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].rule, "duplicate_chapter");
  EXPECT_EQ(warnings[0].file, "book/001.txt");
  EXPECT_EQ(warnings[0].message,
            "this chapter is contained in the longer chapter book/002.txt:1 (10 of its 10 "
            "paragraphs match after folding script, quotes and punctuation); dropped it in "
            "favour of book/002.txt:1");
}

}  // namespace
}  // namespace novelbind
