// Work on threads of its own, on threads the program keeps: a thread that ends a task is
// parked until the next one comes, instead of a thread made for each.
//
// Why kept: while one thread loads a library with dlopen (the cover's Pango and Cairo, beside
// the text stages), glibc holds the lock that making a thread takes (its TLS lock), so every
// other thread that made one then waited for the whole load: 7-10 ms of the main thread's time
// in a build of sanguo.txt. Threads made before the load (keep_threads) and reused after it make
// none meanwhile; reused, they also keep their allocator caches.
#pragma once

#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace novelbind {

// A piece of work to run once, on a kept thread.
class ThreadJob {
 public:
  virtual ~ThreadJob() = default;
  virtual void run() = 0;
};

// Runs `job` on a parked thread, or on a new one when none is parked (which is kept after).
void run_on_kept_thread(std::unique_ptr<ThreadJob> job);

// Makes sure `count` threads are parked, ready for work: called before a library is loaded on a
// thread of its own, so that no thread need be made while it loads.
void keep_threads(int count);

// How many threads are parked now, and how many were made in all (for tests).
int parked_threads();
int threads_made();

// Whether the calling thread is one of the kept ones.
bool on_kept_thread();

// The result of start_task, as std::async's future is: waited for when dropped or replaced, so
// that what the task uses may live on the caller's stack.
template <typename T>
class Task {
 public:
  Task() = default;
  explicit Task(std::future<T> future) : future_(std::move(future)) {}
  Task(Task&&) noexcept = default;
  Task& operator=(Task&& other) noexcept {
    finish();
    future_ = std::move(other.future_);
    return *this;
  }
  Task(const Task&) = delete;
  Task& operator=(const Task&) = delete;
  ~Task() { finish(); }

  bool valid() const { return future_.valid(); }
  void wait() const { future_.wait(); }
  T get() { return future_.get(); }

 private:
  void finish() {
    if (future_.valid()) future_.wait();
  }
  std::future<T> future_;
};

namespace task_detail {

// The callable is destroyed before the result is set: what it holds (a cache file to close, a
// large tree to free) is gone when the caller sees the task done, as with std::async.
template <typename F, typename T>
class FunctionJob : public ThreadJob {
 public:
  FunctionJob(F fn, std::promise<T> promise) : fn_(std::move(fn)), promise_(std::move(promise)) {}
  void run() override {
    try {
      if constexpr (std::is_void_v<T>) {
        {
          F fn = std::move(*fn_);
          fn_.reset();
          fn();
        }
        promise_.set_value();
      } else {
        std::optional<T> value;
        {
          F fn = std::move(*fn_);
          fn_.reset();
          value.emplace(fn());
        }
        promise_.set_value(std::move(*value));
      }
    } catch (...) {
      promise_.set_exception(std::current_exception());
    }
  }

 private:
  std::optional<F> fn_;
  std::promise<T> promise_;
};

}  // namespace task_detail

// Runs `fn` on a kept thread; the Task gives its result (or its exception).
template <typename F>
auto start_task(F fn) -> Task<std::invoke_result_t<F&>> {
  using T = std::invoke_result_t<F&>;
  std::promise<T> promise;
  Task<T> task(promise.get_future());
  run_on_kept_thread(
      std::make_unique<task_detail::FunctionJob<F, T>>(std::move(fn), std::move(promise)));
  return task;
}

}  // namespace novelbind
