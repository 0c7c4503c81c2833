// The two corpus novels (../shared/corpus) are clean editions: built with the defaults, the only
// repairs are the (本章完) line at each chapter's end. Any other repair would change correct
// story text.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "base/test_util.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

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
