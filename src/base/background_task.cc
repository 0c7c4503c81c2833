#include "base/background_task.h"

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <system_error>
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
    ThreadJob* const mine = job.get();
    std::unique_lock lock(mutex_);
    queue_.push_back(std::move(job));
    if (free_ >= queue_.size()) {
      lock.unlock();
      wake_.notify_one();
      return;
    }
    ++free_;
    lock.unlock();
    if (start_thread()) return;  // not under the lock: making a thread can wait (see the header)
    // No thread could be made (the system's limit): the job runs here, unless one took it.
    lock.lock();
    --free_;
    auto queued =
        std::find_if(queue_.begin(), queue_.end(),
                     [&](const std::unique_ptr<ThreadJob>& j) { return j.get() == mine; });
    if (queued == queue_.end()) return;
    job = std::move(*queued);
    queue_.erase(queued);
    lock.unlock();
    job->run();
  }

  void keep(int count) {
    std::unique_lock lock(mutex_);
    while (free_ < queue_.size() + static_cast<std::size_t>(count)) {
      ++free_;
      lock.unlock();
      const bool made = start_thread();
      lock.lock();
      if (!made) {
        --free_;
        return;
      }
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
  bool start_thread() {
    try {
      std::thread([this] { work(); }).detach();
    } catch (const std::system_error&) {
      return false;
    }
    std::lock_guard lock(mutex_);
    ++made_;
    return true;
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
