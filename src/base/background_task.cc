#include "base/background_task.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <thread>

namespace novelbind {
namespace {

thread_local bool kept_thread = false;

// The kept threads and the jobs waiting for one. Every job queued has a thread of its own that
// is not busy (parked, or started and not yet parked), so no job waits behind another: a task
// may wait for one it started.
class ThreadKeeper {
 public:
  void run(std::unique_ptr<ThreadJob> job) {
    std::unique_lock lock(mutex_);
    queue_.push_back(std::move(job));
    if (free_ >= queue_.size()) {
      lock.unlock();
      wake_.notify_one();
      return;
    }
    ++free_;
    lock.unlock();
    start_thread();  // not under the lock: making a thread can wait (see the header)
  }

  void keep(int count) {
    std::unique_lock lock(mutex_);
    while (free_ < queue_.size() + static_cast<std::size_t>(count)) {
      ++free_;
      lock.unlock();
      start_thread();
      lock.lock();
    }
  }

  int parked() {
    std::lock_guard lock(mutex_);
    return static_cast<int>(parked_);
  }

  int made() {
    std::lock_guard lock(mutex_);
    return made_;
  }

 private:
  void start_thread() {
    {
      std::lock_guard lock(mutex_);
      ++made_;
    }
    std::thread([this] { work(); }).detach();
  }

  void work() {
    kept_thread = true;
    std::unique_lock lock(mutex_);
    for (;;) {
      ++parked_;
      wake_.wait(lock, [this] { return !queue_.empty(); });
      --parked_;
      std::unique_ptr<ThreadJob> job = std::move(queue_.front());
      queue_.pop_front();
      --free_;
      lock.unlock();
      job->run();
      job.reset();
      lock.lock();
      ++free_;
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::unique_ptr<ThreadJob>> queue_;
  std::size_t free_ = 0;    // threads without a job: parked, or started and not yet parked
  std::size_t parked_ = 0;  // threads waiting on wake_
  int made_ = 0;
};

// Never destroyed: its threads wait on it until the program ends.
ThreadKeeper& keeper() {
  static ThreadKeeper* const the_keeper = new ThreadKeeper;
  return *the_keeper;
}

}  // namespace

void run_on_kept_thread(std::unique_ptr<ThreadJob> job) {
  keeper().run(std::move(job));
}

void keep_threads(int count) {
  keeper().keep(count);
}

int parked_threads() {
  return keeper().parked();
}

int threads_made() {
  return keeper().made();
}

bool on_kept_thread() {
  return kept_thread;
}

}  // namespace novelbind
