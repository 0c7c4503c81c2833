#include "cli/warning_summary.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

std::vector<Diagnostic> style_switches(int n) {
  std::vector<Diagnostic> out;
  for (int i = 1; i <= n; ++i)
    out.push_back(
        {"numbering_style", "ch/" + std::to_string(i) + ".txt", 1, "style " + std::to_string(i)});
  return out;
}

TEST(WarningLines, AFewOfAKindArePrintedAsTheyAre) {
  auto w = style_switches(3);
  EXPECT_EQ(warning_lines(w, {}),
            (std::vector<std::string>{"ch/1.txt:1: style 1 [numbering_style]",
                                      "ch/2.txt:1: style 2 [numbering_style]",
                                      "ch/3.txt:1: style 3 [numbering_style]"}));
}

// The book: 63 numbering_style warnings before the one that matters.
TEST(WarningLines, ManyOfAKindShowTheFirstThreeAndACount) {
  auto w = style_switches(63);
  w.insert(w.begin() + 10, {"duplicate_chapter", "ch/9.txt", 1, "dropped"});
  EXPECT_EQ(warning_lines(w, {}),
            (std::vector<std::string>{
                "ch/1.txt:1: style 1 [numbering_style]", "ch/2.txt:1: style 2 [numbering_style]",
                "ch/3.txt:1: style 3 [numbering_style]", "ch/9.txt:1: dropped [duplicate_chapter]",
                "numbering_style: 63 places in all, the first 3 shown above and 60 more; -v "
                "prints every one, and the build report (--report FILE.json) lists them all"}));
  WarningListing with_report;
  with_report.report = "out/report.json";
  EXPECT_EQ(warning_lines(w, with_report).back(),
            "numbering_style: 63 places in all, the first 3 shown above and 60 more; -v prints "
            "every one, and the build report out/report.json lists them all");
}

TEST(WarningLines, VerbosePrintsEveryPlace) {
  WarningListing every;
  every.every = true;
  auto lines = warning_lines(style_switches(63), every);
  ASSERT_EQ(lines.size(), 63u);
  EXPECT_EQ(lines.back(), "ch/63.txt:1: style 63 [numbering_style]");
}

}  // namespace
}  // namespace novelbind
