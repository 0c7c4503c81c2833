#include "kept_runs.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

namespace realworld {
namespace {

namespace fs = std::filesystem;
using novelbind::test::TempDir;
using novelbind::test::write_file;

// A check that counts its runs in `counter`, prints the input's text and writes it to `out`.
CheckCommand counting_check(const fs::path& dir, const fs::path& input, int exit_code = 0) {
  fs::path out = dir / "out.json";
  std::string script = "echo run >> '" + (dir / "counter").string() + "'; cat '" + input.string() +
                       "' | tee '" + out.string() + "'; exit " + std::to_string(exit_code);
  return {{{"sh", "-c", script}, dir / "check.log"}, "counting 1", {input}, {out}};
}

// What the scoreboard does with one check: the kept result, else a run of it, kept.
RunResult check_once(KeptRuns& kept, CheckCommand check) {
  if (std::optional<RunResult> r = kept.find(check)) return *r;
  RunResult r = run(check.command);
  kept.keep(check, r);
  return r;
}

size_t runs(const fs::path& dir) {
  std::string counter = novelbind::test::read_file(dir / "counter");
  return static_cast<size_t>(std::count(counter.begin(), counter.end(), '\n'));
}

TEST(KeptRuns, TheSameBytesAreAnsweredFromTheFirstRunWithItsOutputAndFiles) {
  TempDir dir;
  write_file(dir / "book.epub", "the bytes of a book\n");
  CheckCommand check = counting_check(dir.path(), dir / "book.epub");
  KeptRuns first(dir / "kept");
  RunResult a = check_once(first, check);
  ASSERT_EQ(a.exit_code, 0) << a.output;
  EXPECT_EQ(first.reused(), 0u);
  fs::remove(dir / "out.json");

  KeptRuns second(dir / "kept");
  RunResult b = check_once(second, check);
  EXPECT_EQ(runs(dir.path()), 1u);
  EXPECT_EQ(second.reused(), 1u);
  EXPECT_EQ(b.exit_code, 0);
  EXPECT_EQ(b.output, "the bytes of a book\n");
  EXPECT_EQ(novelbind::test::read_file(dir / "out.json"), "the bytes of a book\n");
}

TEST(KeptRuns, ChangedBytesATruthFolderOrAnotherToolVersionAskAgain) {
  TempDir dir;
  write_file(dir / "book.epub", "one\n");
  write_file(dir / "truth" / "a.txt", "A");
  CheckCommand check = counting_check(dir.path(), dir / "book.epub");
  check.inputs.push_back(dir / "truth");
  KeptRuns kept(dir / "kept");
  check_once(kept, check);
  write_file(dir / "book.epub", "two\n");
  EXPECT_EQ(check_once(kept, check).output, "two\n");
  write_file(dir / "truth" / "b.txt", "B");  // a file more in the folder
  check_once(kept, check);
  fs::rename(dir / "truth" / "b.txt", dir / "truth" / "c.txt");  // the same bytes, renamed
  check_once(kept, check);
  check.tool = "counting 2";
  check_once(kept, check);
  EXPECT_EQ(runs(dir.path()), 5u);
  EXPECT_EQ(kept.reused(), 0u);
  check_once(kept, check);
  EXPECT_EQ(runs(dir.path()), 5u);
}

TEST(KeptRuns, AFailureIsNeverKeptAndNoFolderKeepsNothing) {
  TempDir dir;
  write_file(dir / "book.epub", "bad\n");
  KeptRuns kept(dir / "kept");
  for (int i = 0; i < 2; ++i)
    EXPECT_EQ(check_once(kept, counting_check(dir.path(), dir / "book.epub", 1)).exit_code, 1);
  KeptRuns none{fs::path()};
  for (int i = 0; i < 2; ++i) check_once(none, counting_check(dir.path(), dir / "book.epub"));
  EXPECT_EQ(runs(dir.path()), 4u);
  EXPECT_EQ(kept.reused() + none.reused(), 0u);
}

}  // namespace
}  // namespace realworld
