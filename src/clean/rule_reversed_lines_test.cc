#include "clean/rule_reversed_lines.h"

#include <gtest/gtest.h>

#include "base/cjk_text.h"
#include "base/test_util.h"
#include "clean/rule_test_util.h"
#include "ingest/ingest.h"
#include "structure/heading.h"
#include "structure/split.h"

namespace novelbind {

using test::run_rule;

namespace {

Chapter unsourced_chapter(const std::vector<std::string>& lines) {
  Chapter c;
  int n = 0;
  for (const std::string& l : lines) c.paragraphs.push_back({l, ++n, false});
  return c;
}

// Forward prose that shares words with the reversed lines below, as a book would.
const std::vector<std::string> kForward = {
    "安達看著鞠文泰，他們都沒有說話，良久才開口道：「我們走吧。」",
    "斥候臉上都是驚恐，他們說敵人的騎兵堵住了山口。",
    "他們的戰馬累死了，安達和鞠文泰都很清楚，不要臉的是他們。",
    "「要不要臉啊！」他們的斥候一臉驚慌的開口道。",
};

}  // namespace

TEST(ReversedLines, PunctuationEvidenceReadsTheEnds) {
  EXPECT_EQ(punctuation_evidence("。道口開的慌驚臉一候斥"), 2);
  EXPECT_EQ(punctuation_evidence("”。吧去出……們我“"), 3);
  EXPECT_EQ(punctuation_evidence("我們……出去吧。"), -2);
  // A quote that the line before left open: both readings look equally odd.
  EXPECT_EQ(punctuation_evidence("”說著，便走了。"), 0);
  EXPECT_EQ(punctuation_evidence("沒有標點"), 0);
}

TEST(ReversedLines, RestoresReversedLinesUsingTheBook) {
  ReversedLinesRule rule;
  std::vector<std::string> book = kForward;
  book.push_back("。道口開的慌驚臉一候斥個這”！口山了住堵們他“");
  book.push_back("！啊臉要不要");
  test::Decided learned(rule, {unsourced_chapter(book)});
  auto run = run_rule(learned, book);
  EXPECT_EQ(run.lines[4], "“他們堵住了山口！”這個斥候一臉驚慌的開口道。");
  EXPECT_EQ(run.lines[5], "要不要臉啊！");
  ASSERT_EQ(run.repairs.size(), 2u);
  EXPECT_EQ(run.repairs[0].rule, "reversed_lines");
  EXPECT_EQ(run.repairs[0].line, 5);
  EXPECT_EQ(run.repairs[0].before, book[4]);
}

TEST(ReversedLines, KeepsForwardLinesWhoseEndsLookOdd) {
  ReversedLinesRule rule;
  std::vector<std::string> book = kForward;
  // Line breaks in the wrong place: a closing quote starts the line, an opening one ends it.
  book.push_back("」安達看著他們，沒有說話。「");
  book.push_back("。他們都很清楚");
  test::Decided learned(rule, {unsourced_chapter(book)});
  EXPECT_TRUE(run_rule(learned, book).repairs.empty());
}

TEST(ReversedLines, WithoutABookNothingIsReversed) {
  EXPECT_TRUE(run_rule(ReversedLinesRule(), {"！啊臉要不要"}).repairs.empty());
}

TEST(ReversedLines, BigramCountsGrowAndCount) {
  BigramCounts counts;
  for (char32_t a = 0x4E00; a < 0x4E00 + 3000; ++a) counts.add(a, a + 1);
  counts.add(U'他', U'們');
  counts.add(U'他', U'們');
  EXPECT_EQ(counts.count(U'他', U'們'), 2u);
  EXPECT_EQ(counts.count(U'們', U'他'), 0u);
  EXPECT_EQ(counts.count(0x4E00 + 2999, 0x4E00 + 3000), 1u);
}

// The rule must never reverse a normal line: two complete novels, every line read forward,
// not one changed.
TEST(ReversedLines, ChangesNoLineOfTheCorpusNovels) {
  std::string looked;
  std::filesystem::path dir = test::find_corpus_dir(&looked);
  ASSERT_FALSE(dir.empty()) << looked;
  for (const char* name : {"sanguo.txt", "hongloumeng.txt"}) {
    auto source = read_source({dir / name, name, "", 0}, 0, CleanConfig{});
    ASSERT_TRUE(source) << source.message();
    auto headings = HeadingRecognizer::create(ChaptersConfig{});
    ASSERT_TRUE(headings.ok());
    std::vector<Chapter> chapters = split_chapters(*source, *headings);
    std::size_t lines = 0;
    for (const Chapter& c : chapters) lines += c.paragraphs.size();
    ASSERT_GT(lines, 2000u) << name;
    ReversedLinesRule rule;
    test::Decided learned(rule, chapters);
    std::vector<Repair> repairs;
    RepairLog log("reversed_lines", name, &repairs);
    for (Chapter& c : chapters) learned.apply(c.paragraphs.edit(), CleanContext{}, log);
    EXPECT_TRUE(repairs.empty()) << name << ":" << repairs.front().line << ": "
                                 << repairs.front().before;
  }
}

}  // namespace novelbind

namespace novelbind {
namespace {

// The build cache keeps one model and takes a file's pairs away when the file leaves the book:
// what remains counts exactly what a model of the remaining files counts.
TEST(ReversedLines, BigramCountsTakeAwayAndSurviveTheCache) {
  std::vector<Chapter> first = {unsourced_chapter({"今天很好。", "明天也好。"})};
  std::vector<Chapter> second = {unsourced_chapter({"他說今天很冷。"})};
  BigramCounts both;
  both.add_book(first, 1);
  both.add_book(second, 1);
  EXPECT_EQ(both.count(U'今', U'天'), 2u);
  both.add_book(second, -1);
  BigramCounts only_first;
  only_first.add_book(first, 1);
  for (auto [a, b] : {std::pair{U'今', U'天'}, {U'很', U'冷'}, {U'明', U'天'}, {U'說', U'今'}})
    EXPECT_EQ(both.count(a, b), only_first.count(a, b));
  both.add_book(first, -1);
  EXPECT_TRUE(both.empty());  // nothing counted, although the slots remain

  auto copy = BigramCounts::parse(only_first.serialize());
  ASSERT_TRUE(copy.has_value());
  EXPECT_EQ(copy->count(U'今', U'天'), 1u);
  EXPECT_EQ(copy->count(U'天', U'今'), 0u);
  std::string damaged = only_first.serialize();
  damaged.pop_back();
  EXPECT_FALSE(BigramCounts::parse(damaged).has_value());
  EXPECT_FALSE(BigramCounts::parse("junk").has_value());
}

// A cached file is cleaned again when the book's model would now judge its lines otherwise:
// the answers to its probes change with the book.
TEST(ReversedLines, AnswersFollowTheBook) {
  std::vector<Chapter> book = {unsourced_chapter({"我覺得今天很好，今天很好。", "。好很天今"})};
  CleanDecisions decided = decide_cleaning(CleanEvidence::of(book));
  CleanQuestions questions;
  CleanContext context;
  context.decisions = &decided;
  context.questions = &questions;
  std::vector<Paragraph> paragraphs = book[0].paragraphs.all();
  std::vector<Repair> repairs;
  RepairLog real_log("reversed_lines", "a.txt", &repairs);
  ReversedLinesRule().apply(paragraphs, context, real_log);
  ASSERT_EQ(questions.reversed_lines, std::vector<std::string>{"。好很天今"});
  EXPECT_EQ(paragraphs[1].text, "今天很好。");
  std::string before = answers(questions, decided);
  EXPECT_NE(before.find("reversed_lines:R;"), std::string::npos) << before;

  // A new file writes 好很天今 forward, often: the line now reads forward.
  book.push_back(unsourced_chapter(std::vector<std::string>(5, "他說好很天今了。")));
  std::string after = answers(questions, decide_cleaning(CleanEvidence::of(book)));
  EXPECT_NE(after.find("reversed_lines:F;"), std::string::npos) << after;
}

}  // namespace
}  // namespace novelbind
