#include "cache/file_unit.h"
#include "ingest/book_header.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

FileUnit sample_unit() {
  FileUnit u;
  u.encoding = "GB18030";
  u.plan = "zh-TW|zh-TW|corner|zh-Hans|corner";
  u.answers = "reversed_lines:RF;";
  Chapter c;
  c.title = "第一章 龜茲";
  c.heading = "第一章　龜茲";
  c.number = 1;
  c.sources = {"book/001.txt", "book/002.txt"};
  c.heading_line = 3;
  c.part = 1;
  c.volume = "卷一";
  c.paragraphs = {{"「走吧。」", 4, false}, {"", 5, true}, {"毗伽·那仁笑了。", 6, false}};
  c.script = "mixed";
  c.conversion = "s2tw";
  c.repairs = {{"quotes", "book/001.txt", 4, "“走吧。”", "「走吧。」"}};
  c.warnings = {{"mixed_script", "book/001.txt", 3, "chapter mixes scripts"}};
  c.paragraphs.set_prints(ChapterPrints{{1, 2, 3}, {3, 0, 6}, 9});
  Chapter afterword;
  afterword.back_matter = true;  // (opened after the book's end mark)
  u.chapters = {c, afterword};
  HeadingCandidate set_apart;
  set_apart.text = "完本感言（下）";
  set_apart.past_end = true;
  u.candidates.lines.push_back(set_apart);
  u.counts = {{5, 7}, {0, 0}};
  u.evidence.interpunct.dotted[{U'伽', U'那'}] = 2;
  u.evidence.interpunct.asked[{U'伽', U'那'}] = 1;
  u.evidence.interpunct.dots[U'·'] = 2;
  u.evidence.interpunct.questions_elsewhere = 4;
  u.evidence.interpunct.lost_elsewhere = 1;
  u.questions.reversed_lines = {"。好很天今"};
  u.questions.interpunct_pairs = {{U'伽', U'那'}};
  u.questions.interpunct_lost = true;
  u.evidence.residue.lines["\x01xsw小说"] = 3;
  u.questions.residue_lines = {"\x01xsw小说"};
  return u;
}

TEST(FileUnit, RoundTripsEverythingARebuildNeeds) {
  FileUnit u = sample_unit();
  auto back = parse_unit(serialize_unit(u));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->encoding, u.encoding);
  EXPECT_EQ(back->plan, u.plan);
  EXPECT_EQ(back->answers, u.answers);
  ASSERT_EQ(back->chapters.size(), 2u);
  const Chapter& a = u.chapters[0];
  const Chapter& b = back->chapters[0];
  EXPECT_EQ(b.title, a.title);
  EXPECT_EQ(b.heading, a.heading);
  EXPECT_EQ(b.number, a.number);
  EXPECT_FALSE(back->chapters[1].number.has_value());
  EXPECT_FALSE(b.back_matter);
  EXPECT_TRUE(back->chapters[1].back_matter);
  ASSERT_EQ(back->candidates.lines.size(), u.candidates.lines.size());
  EXPECT_TRUE(back->candidates.lines.back().past_end);
  EXPECT_FALSE(back->candidates.lines.back().after_end);
  EXPECT_EQ(b.sources, a.sources);
  EXPECT_EQ(b.heading_line, 3);
  EXPECT_EQ(b.part, 1);
  EXPECT_EQ(b.volume, a.volume);
  ASSERT_EQ(b.paragraphs.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(b.paragraphs[i].text, a.paragraphs[i].text);
    EXPECT_EQ(b.paragraphs[i].line, a.paragraphs[i].line);
    EXPECT_EQ(b.paragraphs[i].scene_break, a.paragraphs[i].scene_break);
  }
  EXPECT_EQ(b.script, "mixed");
  EXPECT_EQ(b.conversion, "s2tw");
  ASSERT_EQ(b.repairs.size(), 1u);
  EXPECT_EQ(b.repairs[0].before, "“走吧。”");
  EXPECT_EQ(b.repairs[0].after, "「走吧。」");
  ASSERT_EQ(b.warnings.size(), 1u);
  EXPECT_EQ(b.warnings[0].message, "chapter mixes scripts");
  ASSERT_TRUE(b.paragraphs.prints().has_value());
  EXPECT_EQ(b.paragraphs.prints()->prints, a.paragraphs.prints()->prints);
  EXPECT_EQ(b.paragraphs.prints()->lengths, a.paragraphs.prints()->lengths);
  EXPECT_EQ(b.paragraphs.prints()->length, 9u);
  EXPECT_EQ(back->counts[0].simplified_only, 5u);
  EXPECT_EQ(back->counts[0].traditional_only, 7u);
  EXPECT_EQ(back->evidence.interpunct.dotted, u.evidence.interpunct.dotted);
  EXPECT_EQ(back->evidence.interpunct.asked, u.evidence.interpunct.asked);
  EXPECT_EQ(back->evidence.interpunct.dots, u.evidence.interpunct.dots);
  EXPECT_EQ(back->evidence.interpunct.questions_elsewhere, 4);
  EXPECT_EQ(back->evidence.interpunct.lost_elsewhere, 1);
  EXPECT_EQ(back->questions.reversed_lines, u.questions.reversed_lines);
  EXPECT_EQ(back->questions.interpunct_pairs, u.questions.interpunct_pairs);
  EXPECT_TRUE(back->questions.interpunct_lost);
  EXPECT_EQ(back->evidence.residue.lines, u.evidence.residue.lines);
  EXPECT_EQ(back->questions.residue_lines, u.questions.residue_lines);
}

TEST(FileUnit, DamagedBytesAreRefused) {
  std::string bytes = serialize_unit(sample_unit());
  EXPECT_FALSE(parse_unit(bytes.substr(0, bytes.size() - 1)).has_value());
  EXPECT_FALSE(parse_unit(bytes + "x").has_value());
  EXPECT_FALSE(parse_unit("novelbind-unit-0").has_value());
  std::string huge = bytes;
  huge[20] = '\xff';  // a length far beyond the data
  EXPECT_FALSE(parse_unit(huge).has_value());
}

}  // namespace
// A damaged record whose paragraph count asks for 2^32 - 1 paragraphs is refused: the count
// is bounded by the bytes that hold the paragraphs (with or without an owner keeping them).
TEST(FileUnit, ParagraphCountBeyondItsBytesIsRefused) {
  FileUnit u = sample_unit();
  u.chapters[0].paragraphs.set_key("CONTENT-KEY-MARK");
  std::string bytes = serialize_unit(u);
  // ... count (4) | characters (8) | has_text (1) | content key length (4) | content key
  size_t key = bytes.find("CONTENT-KEY-MARK");
  ASSERT_NE(key, std::string::npos);
  size_t count = key - 4 - 1 - 8 - 4;
  ASSERT_EQ(bytes.substr(count, 4), std::string("\x03\x00\x00\x00", 4));
  bytes.replace(count, 4, "\xff\xff\xff\xff");
  EXPECT_FALSE(parse_unit(bytes).has_value());
  auto owner = std::make_shared<std::string>(bytes);
  EXPECT_FALSE(parse_unit(*owner, owner).has_value());
}

}  // namespace novelbind

namespace novelbind {
namespace {

// A unit read with an owner keeps its chapters' text stored: a look at a chapter's edges (the
// order stage's running headers and author's notes) reads those paragraphs alone, and they are
// the ones the whole text has there.
TEST(FileUnit, TheEdgesOfAStoredChapterAreReadWithoutTheRest) {
  FileUnit u;
  Chapter c;
  for (int i = 1; i <= 9; ++i)
    c.paragraphs.push_back(
        {"第" + std::to_string(i) + "段。" + std::string(i * 13 % 40, 'x'), i, i == 5 || i == 8});
  u.chapters = {c};
  u.counts = {{}};
  auto owner = std::make_shared<std::string>(serialize_unit(u));
  auto back = parse_unit(*owner, owner);
  ASSERT_TRUE(back.has_value());
  const ChapterText& text = back->chapters[0].paragraphs;
  ASSERT_TRUE(text.is_stored());
  TextEdges edges = text.edges(2, 3);
  EXPECT_TRUE(text.is_stored());
  ASSERT_EQ(edges.size(), 9u);
  for (std::size_t i : {0u, 1u, 6u, 7u, 8u}) {
    EXPECT_EQ(edges[i].text, c.paragraphs[i].text) << i;
    EXPECT_EQ(edges[i].line, c.paragraphs[i].line) << i;
    EXPECT_EQ(edges[i].scene_break, c.paragraphs[i].scene_break) << i;
  }
  // Edges wider than the text are the whole text, each paragraph once.
  TextEdges all = text.edges(5, 7);
  ASSERT_EQ(all.size(), 9u);
  for (std::size_t i = 0; i < 9; ++i) EXPECT_EQ(all[i].text, c.paragraphs[i].text) << i;
  EXPECT_TRUE(all[4].scene_break);
  EXPECT_TRUE(text.is_stored());
}

// The author's line under the headings of a rebuild's reused chapters is read from their first
// paragraphs, their text left stored: reading it whole put 30 MB on a 3,000-file rebuild's peak.
TEST(FileUnit, TheAuthorUnderTheHeadingsIsReadWithoutUnpackingTheChapters) {
  FileUnit u;
  for (int n = 1; n <= 4; ++n) {
    Chapter c;
    c.title = c.heading = "红楼梦 第" + std::to_string(n) + "回";
    c.paragraphs.push_back({"作者：曹雪芹", 2, false});
    for (int i = 0; i < 20; ++i)
      c.paragraphs.push_back({"此开卷第一回也。作者自云。", 3 + i, false});
    u.chapters.push_back(c);
    u.counts.push_back({});
  }
  auto owner = std::make_shared<std::string>(serialize_unit(u));
  auto back = parse_unit(*owner, owner);
  ASSERT_TRUE(back.has_value());
  std::string line;
  EXPECT_EQ(author_under_headings(back->chapters, &line), "曹雪芹");
  EXPECT_EQ(line, "作者：曹雪芹");
  for (const Chapter& c : back->chapters) EXPECT_TRUE(c.paragraphs.is_stored());
}

}  // namespace
}  // namespace novelbind
