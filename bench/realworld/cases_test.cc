#include "cases.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

namespace realworld {
namespace {

namespace fs = std::filesystem;

void touch(const fs::path& p) {
  novelbind::test::write_file(p, "x");
}

TEST(RealworldCases, EachBookHasATruthOrIsAFailure) {
  novelbind::test::TempDir dir;
  fs::path books = dir / "books", truth = dir / "truth", specs = dir / "specs";
  // one: a truth; two: a spec; three: neither; four: a truth without a book; five: two books.
  for (const fs::path& p :
       {books / "one" / "one.txt", truth / "one" / "truth.json", truth / "one" / "story.txt",
        books / "two" / "chapters" / "1.txt", specs / "two.toml", books / "three" / "three.txt",
        truth / "four" / "truth.json", truth / "four" / "story.txt", books / "five" / "a.txt",
        books / "five" / "b.txt"})
    touch(p);
  std::vector<Case> cases = find_cases(books, truth, specs, false);
  ASSERT_EQ(cases.size(), 5u);
  EXPECT_EQ(cases[0].name, "five");
  EXPECT_NE(cases[0].error.find("holds 2 entries; a case folder holds one book"), std::string::npos)
      << cases[0].error;
  EXPECT_EQ(cases[1].name, "four");
  EXPECT_NE(cases[1].error.find("has no book"), std::string::npos) << cases[1].error;
  EXPECT_EQ(cases[2].name, "one");
  EXPECT_EQ(cases[2].error, "");
  EXPECT_EQ(cases[2].input, books / "one" / "one.txt");
  EXPECT_EQ(cases[2].truth, truth / "one");
  EXPECT_EQ(cases[3].name, "three");
  EXPECT_NE(cases[3].error.find("no truth"), std::string::npos) << cases[3].error;
  EXPECT_EQ(cases[4].name, "two");
  EXPECT_EQ(cases[4].error, "");
  EXPECT_EQ(cases[4].input, books / "two" / "chapters");
  EXPECT_EQ(cases[4].spec, specs / "two.toml");
}

}  // namespace
}  // namespace realworld
