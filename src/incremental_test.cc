#include "incremental.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace novelbind {

namespace {
InputPlan plan_of(const test::TempDir& dir) {
  auto plan = plan_input(dir / "book", Config{});
  EXPECT_TRUE(plan.ok()) << plan.message();
  return *plan;
}
}  // namespace

TEST(BookCacheKey, ChangesWithEverythingThatMakesTheBook) {
  test::TempDir dir;
  test::write_file(dir / "book" / "1.txt", "第一章\n正文。\n");
  test::write_file(dir / "book" / "2.txt", "第二章\n正文。\n");
  Config config;
  std::string base = *book_cache_key(plan_of(dir), config);
  EXPECT_EQ(*book_cache_key(plan_of(dir), config), base);
  EXPECT_NE(*book_cache_key(plan_of(dir), config, "99.0.0"), base);  // another novelbind

  Config titled = config;
  titled.book.title = "別的書名";
  EXPECT_NE(*book_cache_key(plan_of(dir), titled), base);
  Config vertical = config;
  vertical.style.writing_mode = "vertical";
  EXPECT_NE(*book_cache_key(plan_of(dir), vertical), base);

  auto time = std::filesystem::last_write_time(dir / "book" / "2.txt");
  test::write_file(dir / "book" / "2.txt", "第二章\n改過的正文。\n");
  std::filesystem::last_write_time(dir / "book" / "2.txt", time);
  EXPECT_NE(*book_cache_key(plan_of(dir), config), base);  // bytes, even at the same time
}

TEST(BookCacheKey, UnreadableNamedFileIsAnError) {
  test::TempDir dir;
  test::write_file(dir / "book" / "1.txt", "第一章\n正文。\n");
  Config config;
  config.project_dir = dir.path();
  config.convert.phrases = "names.txt";
  auto key = book_cache_key(plan_of(dir), config);
  ASSERT_FALSE(key.ok());
  EXPECT_EQ(key.message(),
            (dir / "names.txt").string() + ": cannot read the phrase list; check the path");
}

}  // namespace novelbind
