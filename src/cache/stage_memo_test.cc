#include "cache/stage_memo.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

namespace novelbind {
namespace {

class StageMemoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = BuildCache::open(dir_ / "cache");
    ASSERT_TRUE(opened.ok());
    cache_ = *opened;
  }
  test::TempDir dir_;
  std::shared_ptr<BuildCache> cache_;
};

// A stage's results of one build are found by the next, which uses them again or makes and
// stores new ones, each counted as a hit or a miss.
TEST_F(StageMemoTest, ResultsUsedOrMadeAreFoundByTheNextBuildAndCounted) {
  const BuildCache& cache = *cache_;
  {
    StageMemo memo(&cache, "pages");
    EXPECT_FALSE(memo.find("chapter 1"));
    memo.store("chapter 1", "page one");
    memo.store("chapter 2", "page two");
    memo.commit();
  }
  {
    StageMemo memo(&cache, "pages");
    int hits = cache.stats().hits, misses = cache.stats().misses;
    auto one = memo.find("chapter 1");
    ASSERT_TRUE(one);
    EXPECT_EQ(*one, "page one");
    memo.store("chapter 3", "page three");
    EXPECT_EQ(cache.stats().hits - hits, 1);      // chapter 1
    EXPECT_EQ(cache.stats().misses - misses, 1);  // chapter 3
    memo.commit();
  }
  StageMemo memo(&cache, "pages");
  EXPECT_EQ(memo.lookup("chapter 1").value_or(""), "page one");
  EXPECT_EQ(memo.lookup("chapter 3").value_or(""), "page three");
}

// lookup() neither keeps nor counts: a result the caller finds unusable (made under other
// book-wide facts) and does not reuse is not kept, and goes once unused records make up most
// of the bytes.
TEST_F(StageMemoTest, ALookedUpResultNotReusedIsNotKept) {
  const BuildCache& cache = *cache_;
  {
    StageMemo memo(&cache, "units");
    memo.store("a", std::string(100, 'a'));
    memo.store("b", "unit b");
    memo.commit();
  }
  {
    StageMemo memo(&cache, "units");
    int hits = cache.stats().hits;
    EXPECT_TRUE(memo.lookup("a"));
    EXPECT_TRUE(memo.lookup("b"));
    EXPECT_EQ(cache.stats().hits, hits);
    memo.reuse("b");
    memo.commit();
  }
  StageMemo memo(&cache, "units");
  EXPECT_FALSE(memo.lookup("a"));
  EXPECT_EQ(memo.lookup("b").value_or(""), "unit b");
}

// The pieces of one result are kept without being counted; the result is counted once.
TEST_F(StageMemoTest, PartsAreCountedAsTheirResult) {
  const BuildCache& cache = *cache_;
  StageMemo memo(&cache, "deflate");
  int hits = cache.stats().hits, misses = cache.stats().misses;
  memo.store_part("piece 1", "x");
  memo.store_part("piece 2", "y");
  memo.count(false);
  EXPECT_EQ(cache.stats().hits, hits);
  EXPECT_EQ(cache.stats().misses, misses + 1);
}

TEST(StageMemo, WithoutACacheNothingIsFoundOrKept) {
  StageMemo memo(nullptr, "pages");
  EXPECT_FALSE(memo.enabled());
  memo.store("a", "x");
  EXPECT_FALSE(memo.find("a"));
  memo.commit();
}

}  // namespace
}  // namespace novelbind
