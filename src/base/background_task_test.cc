#include "base/background_task.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <latch>
#include <stdexcept>
#include <string>
#include <thread>

#include "base/parallel.h"

namespace novelbind {
namespace {

// Waits (up to a few seconds) until `count` kept threads are parked.
bool parked_at_least(int count) {
  for (int i = 0; i < 500 && parked_threads() < count; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return parked_threads() >= count;
}

TEST(BackgroundTask, GivesTheResultAndTheException) {
  Task<std::string> made = start_task([] { return std::string("第一章"); });
  EXPECT_EQ(made.get(), "第一章");
  Task<int> failed = start_task([]() -> int { throw std::runtime_error("cannot read"); });
  EXPECT_THROW(failed.get(), std::runtime_error);
}

// As std::async's future: a task dropped, or replaced, is waited for, so that it may use what
// lives on the caller's stack.
TEST(BackgroundTask, DroppedOrReplacedIsWaitedFor) {
  std::atomic<int> done{0};
  {
    Task<void> slow = start_task([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      ++done;
    });
  }
  EXPECT_EQ(done.load(), 1);
  std::atomic<bool> first{false}, second{false};
  Task<void> task = start_task([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    first = true;
  });
  task = start_task([&] { second = true; });
  EXPECT_TRUE(first.load());
  task.wait();
  EXPECT_TRUE(second.load());
}

// What the work held (a cache file to close, a tree to free) is let go before its end is seen.
TEST(BackgroundTask, HeldObjectsGoBeforeTheEndIsSeen) {
  struct Held {
    std::atomic<bool>* gone;
    explicit Held(std::atomic<bool>* g) : gone(g) {}
    Held(Held&& other) noexcept : gone(std::exchange(other.gone, nullptr)) {}
    ~Held() {
      if (gone) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        *gone = true;
      }
    }
  };
  std::atomic<bool> gone{false};
  Task<void> task = start_task([held = Held(&gone)] {});
  task.get();
  EXPECT_TRUE(gone.load());
}

// Threads made beforehand serve the work that comes later: none is made for it (the cover's
// libraries load meanwhile, and glibc makes a thread wait for that).
TEST(BackgroundTask, KeptThreadsServeLaterWork) {
  keep_threads(3);
  ASSERT_TRUE(parked_at_least(3));
  const int made = threads_made();
  std::latch all_running(3);
  std::vector<Task<void>> tasks;
  for (int i = 0; i < 3; ++i) tasks.push_back(start_task([&] { all_running.arrive_and_wait(); }));
  tasks.clear();  // waits for the three, which ran at once
  ASSERT_TRUE(parked_at_least(3));
  // parallel_for's helpers are kept threads too: two items that wait for each other run on two.
  std::latch both(2);
  std::atomic<int> helpers_kept{0};
  parallel_for(2, 2, [&](std::size_t) {
    both.arrive_and_wait();
    if (on_kept_thread()) ++helpers_kept;
  });
  EXPECT_EQ(helpers_kept.load(), 1);
  EXPECT_EQ(threads_made(), made);
}

// A task that starts one and waits for it never waits behind it, however few threads are kept.
TEST(BackgroundTask, TasksMayWaitForTheirOwn) {
  Task<int> outer = start_task([] {
    Task<int> inner = start_task([] {
      Task<int> innermost = start_task([] { return 1; });
      return innermost.get() + 1;
    });
    return inner.get() + 1;
  });
  EXPECT_EQ(outer.get(), 3);
}

}  // namespace
}  // namespace novelbind
