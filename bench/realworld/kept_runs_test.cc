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

size_t runs(const fs::path& dir) {
  std::string counter = novelbind::test::read_file(dir / "counter");
  return static_cast<size_t>(std::count(counter.begin(), counter.end(), '\n'));
}

TEST(KeptRuns, TheSameBytesAreAnsweredFromTheFirstRunWithItsOutputAndFiles) {
  TempDir dir;
  write_file(dir / "book.epub", "the bytes of a book\n");
  CheckCommand check = counting_check(dir.path(), dir / "book.epub");
  KeptRuns first(dir / "kept");
  std::vector<RunResult> a = first.run_all({check}, 2);
  ASSERT_EQ(a[0].exit_code, 0) << a[0].output;
  EXPECT_EQ(first.reused(), 0u);
  fs::remove(dir / "out.json");

  KeptRuns second(dir / "kept");
  std::vector<RunResult> b = second.run_all({check}, 2);
  EXPECT_EQ(runs(dir.path()), 1u);
  EXPECT_EQ(second.reused(), 1u);
  EXPECT_EQ(b[0].exit_code, 0);
  EXPECT_EQ(b[0].output, "the bytes of a book\n");
  EXPECT_EQ(novelbind::test::read_file(dir / "out.json"), "the bytes of a book\n");
}

TEST(KeptRuns, ChangedBytesATruthFolderOrAnotherToolVersionAskAgain) {
  TempDir dir;
  write_file(dir / "book.epub", "one\n");
  write_file(dir / "truth" / "a.txt", "A");
  CheckCommand check = counting_check(dir.path(), dir / "book.epub");
  check.inputs.push_back(dir / "truth");
  KeptRuns kept(dir / "kept");
  kept.run_all({check}, 1);
  write_file(dir / "book.epub", "two\n");
  EXPECT_EQ(kept.run_all({check}, 1)[0].output, "two\n");
  write_file(dir / "truth" / "b.txt", "B");  // a file more in the folder
  kept.run_all({check}, 1);
  fs::rename(dir / "truth" / "b.txt", dir / "truth" / "c.txt");  // the same bytes, renamed
  kept.run_all({check}, 1);
  check.tool = "counting 2";
  kept.run_all({check}, 1);
  EXPECT_EQ(runs(dir.path()), 5u);
  EXPECT_EQ(kept.reused(), 0u);
  kept.run_all({check}, 1);
  EXPECT_EQ(runs(dir.path()), 5u);
}

TEST(KeptRuns, AFailureIsNeverKeptAndNoFolderKeepsNothing) {
  TempDir dir;
  write_file(dir / "book.epub", "bad\n");
  KeptRuns kept(dir / "kept");
  for (int i = 0; i < 2; ++i)
    EXPECT_EQ(kept.run_all({counting_check(dir.path(), dir / "book.epub", 1)}, 1)[0].exit_code, 1);
  KeptRuns none{fs::path()};
  for (int i = 0; i < 2; ++i) none.run_all({counting_check(dir.path(), dir / "book.epub")}, 1);
  EXPECT_EQ(runs(dir.path()), 4u);
  EXPECT_EQ(kept.reused() + none.reused(), 0u);
}

}  // namespace
}  // namespace realworld
