#include "convert/phrase_table.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

std::string replace_all(const PhraseTable& table, const std::string& text) {
  std::string out;
  size_t done = 0;
  for (const PhraseTable::Match& m : table.find(text)) {
    out += text.substr(done, m.begin - done) + "[" + m.phrase->target + "]";
    done = m.end;
  }
  return out + text.substr(done);
}

TEST(PhraseTable, MatchesLeftmostLongestWithoutOverlaps) {
  PhraseTable t;
  t.add({"的士", "A"});
  t.add({"的士兵", "B"});
  t.add({"士兵们", "C"});
  EXPECT_EQ(replace_all(t, "勇敢的士兵们和的士"), "勇敢[B]们和[A]");
}

TEST(PhraseTable, LaterEntryForTheSameSourceWins) {
  PhraseTable t;
  t.add({"回纥", "回紇", 2});
  t.add({"回纥", "回鶻", 1});
  auto m = t.find("回纥人");
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].phrase->target, "回鶻");
  EXPECT_EQ(m[0].phrase->origin, 1);
}

TEST(PhraseTable, EmptyTableAndEmptySourceMatchNothing) {
  PhraseTable t;
  t.add({"", "x"});
  EXPECT_TRUE(t.empty());
  EXPECT_TRUE(t.find("任何文字").empty());
}

TEST(ParsePhrases, ReadsTabSeparatedLinesSkippingCommentsBomAndCr) {
  auto p = parse_phrases("\xEF\xBB\xBF# names\r\n回纥\t回鶻\r\n\n张迈\t張邁\n", "names.txt", 7);
  ASSERT_TRUE(p) << p.message();
  ASSERT_EQ(p->size(), 2u);
  EXPECT_EQ((*p)[0].source, "回纥");
  EXPECT_EQ((*p)[0].target, "回鶻");
  EXPECT_EQ((*p)[1].target, "張邁");
  EXPECT_EQ((*p)[1].origin, 7);
}

TEST(ParsePhrases, BadLinesNameFileAndLine) {
  EXPECT_EQ(parse_phrases("a\tb\nno tab here\n", "names.txt").message(),
            "names.txt:2: expected 'source<TAB>target', found no tab; separate the two forms "
            "with one tab");
  EXPECT_EQ(parse_phrases("a\tb\tc\n", "names.txt").message(),
            "names.txt:1: expected 'source<TAB>target', found more than one tab; keep one tab "
            "per line");
  EXPECT_EQ(parse_phrases("\tb\n", "n.txt").message(),
            "n.txt:1: expected 'source<TAB>target', found an empty source; write both forms");
  EXPECT_EQ(parse_phrases("a\tb\n#\na\tc\n", "n.txt").message(),
            "n.txt:3: 'a' is already listed on line 1; keep one of the two lines");
  EXPECT_EQ(parse_phrases("ok\tfine\na\xFF\tb\n", "n.txt").message(),
            "n.txt:2: invalid UTF-8 byte at offset 9; save the file as UTF-8");
}

}  // namespace
}  // namespace novelbind
