#include "baseline.h"

#include <gtest/gtest.h>

#include <sstream>

namespace realworld {
namespace {

Row measured_row(const std::string& name) {
  Row r;
  r.name = name;
  r.built = r.measured = true;
  r.figures = {false, 40, 41, 2, 3, 1, 1000, 5, 0};
  r.epubcheck = "ok";
  return r;
}

int compare(const std::vector<Row>& base, const std::vector<Row>& now, std::string* out = nullptr,
            bool all_cases = true) {
  std::ostringstream s;
  int worse = compare_baseline(baseline_text(base), "baseline.tsv", now, all_cases, s);
  if (out) *out = s.str();
  return worse;
}

TEST(RealworldBaseline, TheSameFiguresAreNotWorse) {
  std::vector<Row> rows = {measured_row("a"), measured_row("b")};
  EXPECT_EQ(compare(rows, rows), 0);
}

TEST(RealworldBaseline, EachFigureThatGetsWorseCounts) {
  Row was = measured_row("a"), now = was;
  now.figures.chapters_found = 39;
  now.figures.residue = 3;
  now.figures.changed = 4;
  now.figures.lost = 2;
  now.figures.extra = 6;
  now.figures.echoes = 1;
  now.epubcheck = "warn:1";
  std::string out;
  EXPECT_EQ(compare({was}, {now}, &out), 7);
  EXPECT_NE(out.find("WORSE a: chapters in order 40 -> 39"), std::string::npos) << out;
  EXPECT_NE(out.find("WORSE a: epubcheck ok -> warn:1"), std::string::npos) << out;
}

TEST(RealworldBaseline, BetterFiguresAndUnmeasuredVerdictsAreNotWorse) {
  Row was = measured_row("a"), now = was;
  now.figures.residue = 0;
  now.figures.extra = 0;
  now.epubcheck = "-";
  EXPECT_EQ(compare({was}, {now}), 0);
}

TEST(RealworldBaseline, AFailingBuildOrMissingBookIsWorse) {
  Row now = measured_row("a");
  now.built = now.measured = false;
  std::string out;
  EXPECT_EQ(compare({measured_row("a"), measured_row("b")}, {now}, &out), 2);
  EXPECT_NE(out.find("WORSE a: build passed -> failed"), std::string::npos) << out;
  EXPECT_NE(out.find("WORSE b: book in the baseline -> not scored"), std::string::npos) << out;
  EXPECT_EQ(compare({measured_row("a"), measured_row("b")}, {measured_row("a")}, &out, false), 0);
}

TEST(RealworldBaseline, AMalformedLineNamesItsPlace) {
  std::ostringstream out;
  EXPECT_EQ(compare_baseline("case\tbuilt\na\t1\t2\n", "base.tsv", {}, true, out), 1);
  EXPECT_NE(out.str().find("base.tsv:2: expected 12 tab-separated fields"), std::string::npos)
      << out.str();
}

}  // namespace
}  // namespace realworld
