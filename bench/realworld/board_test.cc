#include "board.h"

#include <gtest/gtest.h>

#include <sstream>

namespace realworld {
namespace {

TEST(RealworldBoard, MedianOfTheRuns) {
  EXPECT_EQ(median({}), 0);
  EXPECT_EQ(median({3.0, 1.0, 2.0}), 2.0);
  EXPECT_EQ(median({4.0, 1.0, 2.0, 3.0}), 2.5);
}

TEST(RealworldBoard, TheBuildTimeIsJudgedOnTheWholeSetOnly) {
  Row real, shape;
  real.name = "a", real.seconds = 3;
  shape.name = "shape_x", shape.shape = true, shape.seconds = 9;
  std::ostringstream out;
  print_build_time({real, shape}, {4.5, 6.0, 5.5}, true, 5, out);
  EXPECT_EQ(
      out.str(),
      "development set, 1 real books: 4.50 s, the sum of their cold builds (--no-cache); "
      "target < 5 s: met\n"
      "  median of 3 runs of the set: 5.50 s (runs: 4.50 6.00 5.50); target < 5 s: MISSED\n"
      "generated books (shape, folder), 1: 9.00 s, the sum of their cold builds (not part of the "
      "target)\n");
  std::ostringstream part;
  print_build_time({real}, {4.5}, false, 5, part);
  EXPECT_NE(part.str().find("not judged: --only left books out"), std::string::npos);
}

}  // namespace
}  // namespace realworld
