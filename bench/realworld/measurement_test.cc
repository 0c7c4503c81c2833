#include "measurement.h"

#include <gtest/gtest.h>

namespace realworld {
namespace {

TEST(RealworldMeasurement, ReadsTheFiguresAndTheExamples) {
  Row row;
  std::string json = R"({"holds": false, "chapters_found": 50, "chapters": 51,
    "residue": {"running_title": 12, "author_credit": 1}, "changed": 1, "lost": 0,
    "story": 9514, "extra": 3, "echoes": 0})";
  std::string output =
      "FALLS SHORT: chapters 50/51 in order, ...\n  residue running_title (12): 天龙八部\n";
  EXPECT_EQ(read_measurement(json, output, row), "");
  EXPECT_TRUE(row.measured);
  EXPECT_FALSE(row.figures.holds);
  EXPECT_EQ(row.figures.chapters_found, 50u);
  EXPECT_EQ(row.figures.chapters, 51u);
  EXPECT_EQ(row.figures.residue, 13u);
  EXPECT_EQ(row.figures.story, 9514u);
  EXPECT_EQ(row.figures.extra, 3u);
  EXPECT_EQ(row.examples, "  residue running_title (12): 天龙八部\n");
}

TEST(RealworldMeasurement, AFailedMeasureSaysWhy) {
  Row row;
  EXPECT_EQ(read_measurement("", "Traceback ...\nKeyError: 'chapters'\n", row),
            "measure.py failed: KeyError: 'chapters'");
  EXPECT_FALSE(row.measured);
  EXPECT_EQ(read_measurement(R"({"holds": true})", "", row).rfind("measure.py's JSON: ", 0), 0u);
}

}  // namespace
}  // namespace realworld
