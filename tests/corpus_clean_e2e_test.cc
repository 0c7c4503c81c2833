// The two corpus novels (../shared/corpus) are clean editions: built with the defaults, the only
// repairs are the (本章完) line at each chapter's end, and a few lines that hold a second
// paragraph after an indent ("。　　后主还朝", a lost line break), broken apart with their text
// unchanged. Any other repair would change correct story text.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "base/test_util.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

// `s` without spaces and line ends (ASCII and U+3000).
std::string without_spaces(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == ' ' || s[i] == '\n') continue;
    if (s.compare(i, 3, "\u3000") == 0) {
      i += 2;
      continue;
    }
    out += s[i];
  }
  return out;
}

void expect_only_chapter_end_tails(const std::string& name) {
  SCOPED_TRACE(name);
  test::TempDir dir;
  fs::path report = dir / "report.json";
  auto r = test::run_novelbind("build '" + test::corpus_file(name).string() + "' -o '" +
                               (dir / "book.epub").string() + "' --no-cache --report '" +
                               report.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto json = nlohmann::json::parse(test::read_file(report));
  ASSERT_EQ(json["chapters"].size(), 120u);
  int tails = 0;
  for (const auto& chapter : json["chapters"]) {
    EXPECT_EQ(chapter["conversion"], "") << chapter["title"];
    for (const auto& repair : chapter["repairs"]) {
      if (repair["rule"] == "site_ads" && repair["before"] == "(本章完)" && repair["after"] == "")
        ++tails;
      else if (repair["rule"] == "merged_paragraphs")
        EXPECT_EQ(without_spaces(repair["after"]), without_spaces(repair["before"]));
      else
        ADD_FAILURE() << repair.dump();
    }
  }
  EXPECT_EQ(tails, 120);
}

TEST(CorpusClean, SanguoChangesOnlyByItsChapterEndTails) {
  expect_only_chapter_end_tails("sanguo.txt");
}

TEST(CorpusClean, HongloumengChangesOnlyByItsChapterEndTails) {
  expect_only_chapter_end_tails("hongloumeng.txt");
}

}  // namespace
}  // namespace novelbind
