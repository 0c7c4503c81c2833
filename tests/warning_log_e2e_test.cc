// The log a person reads: a warning of one kind in many places is shown by its first three
// places and a count, the full list where it is used (-v, the build report, GitHub's
// annotations). The book is like the issue's: 120 chapters whose headings switch numeral
// styles.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "base/test_util.h"

namespace novelbind {
namespace {

std::string full_width(int n) {
  std::string out;
  for (char c : std::to_string(n))
    out += "\xEF\xBC" + std::string(1, static_cast<char>(0x90 + c - '0'));
  return out;
}

// 第1章, 第２章, 第3章, 第４章, ...: each heading after the first switches style (119 of them).
class ManyOfOneKind : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int i = 1; i <= 120; ++i) {
      std::string number = i % 2 ? std::to_string(i) : full_width(i);
      char name[16];
      std::snprintf(name, sizeof name, "%03d.txt", i);
      test::write_file(dir / "book" / name,
                       "第" + number + "章 標題\n\n這是這一章的正文，足夠長的一段話。\n");
    }
  }
  test::CommandResult build(const std::string& flags) {
    return test::run_novelbind(flags + " build '" + (dir / "book").string() + "' -o '" +
                               (dir / "x.epub").string() + "' --report '" +
                               (dir / "r.json").string() + "'");
  }
  static int count(const std::string& text, const std::string& piece) {
    int n = 0;
    for (size_t at = text.find(piece); at != std::string::npos; at = text.find(piece, at + 1)) ++n;
    return n;
  }
  test::TempDir dir;
};

TEST_F(ManyOfOneKind, ThePlainLogShowsThreePlacesAndACount) {
  auto r = build("");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(count(r.output, "[numbering_style]"), 3) << r.output;
  EXPECT_NE(r.output.find("/002.txt:1: heading '第２章 標題' writes its number in another style"),
            std::string::npos);
  EXPECT_NE(r.output.find("warning: numbering_style: 119 places in all, the first 3 shown above "
                          "and 116 more; -v prints every one, and the build report " +
                          (dir / "r.json").string() + " lists them all\n"),
            std::string::npos)
      << r.output;
  // The report keeps every place.
  auto report = nlohmann::json::parse(test::read_file(dir / "r.json"));
  int in_report = 0;
  for (const auto& w : report["warnings"]) in_report += w["rule"] == "numbering_style";
  EXPECT_EQ(in_report, 119);
}

TEST_F(ManyOfOneKind, VerboseAndGithubKeepEveryPlace) {
  auto verbose = build("-v");
  ASSERT_EQ(verbose.exit_code, 0) << verbose.output;
  EXPECT_EQ(count(verbose.output, "[numbering_style]"), 119);
  EXPECT_EQ(count(verbose.output, "places in all"), 0);
  auto github = test::run_novelbind("-q build '" + (dir / "book").string() + "' -o '" +
                                    (dir / "x.epub").string() + "' --log-format github");
  ASSERT_EQ(github.exit_code, 0) << github.output;
  EXPECT_EQ(count(github.output, "::warning file="), 119);
  EXPECT_EQ(count(github.output, "places in all"), 0);
}

}  // namespace
}  // namespace novelbind
