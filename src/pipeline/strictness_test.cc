#include "pipeline/strictness.h"

#include <gtest/gtest.h>

namespace novelbind {

namespace {
Book book_with_findings() {
  Book b;
  Chapter c;
  c.warnings.push_back({"mixed_script", "a.txt", 0, "mixed"});
  c.repairs.push_back({"quotes", "a.txt", 3, "\"x\"", "「x」"});
  c.repairs.push_back({"quotes", "a.txt", 4, "\"y\"", "「y」"});
  b.chapters.push_back(c);
  b.warnings.push_back({"duplicate_chapter", "b.txt", 0, "dup"});
  return b;
}
}  // namespace

TEST(Strictness, OffByDefault) {
  EXPECT_EQ(strict_failure(book_with_findings(), BuildConfig{}), "");
}

TEST(Strictness, StrictFailsOnEveryWarningAndRepair) {
  BuildConfig c;
  c.strict = true;
  EXPECT_EQ(strict_failure(book_with_findings(), c),
            "--strict: 2 warning(s) and 2 repair(s) fail the build (duplicate_chapter 1, "
            "mixed_script 1, quotes 2); fix the sources, or relax --strict/--fail-on");
  EXPECT_EQ(strict_failure(Book{}, c), "");
}

TEST(Strictness, FailOnNamesRules) {
  BuildConfig c;
  c.fail_on = {"duplicate_chapter", "numbering_gap"};
  EXPECT_EQ(strict_failure(book_with_findings(), c),
            "--fail-on: 1 warning(s) and 0 repair(s) fail the build (duplicate_chapter 1); fix "
            "the sources, or relax --strict/--fail-on");
  c.fail_on = {"numbering_gap"};
  EXPECT_EQ(strict_failure(book_with_findings(), c), "");
}

}  // namespace novelbind
