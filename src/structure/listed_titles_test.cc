#include "structure/listed_titles.h"

#include <gtest/gtest.h>

#include "structure/scheme_test_books.h"

namespace novelbind {
namespace {

using namespace scheme_test;

const std::vector<std::string> kStories = {"郁积电车", "追星阿婆", "一彻老爸", "逆转同学会"};

// 目录, the titles, then each story under its title again (an unseen 怪笑小说: plain titles, no
// numbers, and 后记 among them).
std::string anthology(const std::string& label = "目录 ······") {
  std::string text = "《怪笑小说》\n东野圭吾 著\n\n" + label + "\n";
  for (const std::string& t : kStories) text += t + "\n";
  text += "后记\n\n";
  for (std::size_t i = 0; i < kStories.size(); ++i)
    text += "\n" + kStories[i] + "\n\n" + story(static_cast<int>(i) + 1) + "\n" +
            story(static_cast<int>(i) + 50) + "\n";
  text += "\n后记\n\n" + story(99);
  return text;
}

TEST(ListedTitles, TheContentsNamesTheHeadingsAndLeavesTheText) {
  auto chapters = split_text(anthology());
  std::vector<std::string> expected = kStories;
  expected.push_back("后记");
  std::vector<std::string> got = titles(chapters);
  // (The text before the first story, the book's title lines, is the front section.)
  ASSERT_FALSE(got.empty());
  if (got.front() != kStories.front()) got.erase(got.begin());
  EXPECT_EQ(got, expected);
  for (const Chapter& c : chapters)
    for (const Paragraph& p : c.paragraphs)
      for (const std::string& t : kStories) EXPECT_NE(p.text, t) << c.title;
  EXPECT_EQ(chapters.back().paragraphs.size(), 1u);
}

// The candidates mark the block's lines and the lines it names again.
TEST(ListedTitles, CandidatesMarkTheBlockAndTheTitlesAgain) {
  FileCandidates c = collect_candidates(anthology("目录"), 60);
  std::size_t entries = 0, listed = 0;
  for (const HeadingCandidate& h : c.lines) {
    entries += h.listing == kContentsEntry;
    listed += h.listing == kListedTitle;
  }
  EXPECT_EQ(entries, 5u);
  EXPECT_EQ(listed, 5u);
}

// Do no harm: a list after 目录 whose titles do not come again is no contents of this text,
// and a short list is no list; the story's own lines that equal a title stay story.
TEST(ListedTitles, AListTheTextDoesNotFollowMarksNothing) {
  std::string text = "目录\n甲篇\n乙篇\n丙篇\n\n" + story(1) + story(2) + "甲篇\n" + story(3);
  FileCandidates c = collect_candidates(text, 60);
  for (const HeadingCandidate& h : c.lines) EXPECT_EQ(h.listing, 0) << h.text;
  std::string two = "目录\n郁积电车\n追星阿婆\n\n郁积电车\n" + story(1) + "追星阿婆\n" + story(2);
  for (const HeadingCandidate& h : collect_candidates(two, 60).lines)
    EXPECT_EQ(h.listing, 0) << h.text;
}

}  // namespace
}  // namespace novelbind
