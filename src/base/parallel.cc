#include "base/parallel.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "base/background_task.h"

namespace novelbind {

int resolve_jobs(int jobs) {
  if (jobs > 0) return jobs;
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

void parallel_for(std::size_t n, int jobs, const std::function<void(std::size_t)>& fn) {
  std::size_t threads = std::min<std::size_t>(static_cast<std::size_t>(resolve_jobs(jobs)), n);
  if (threads <= 1) {
    for (std::size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i = next++; i < n; i = next++) fn(i);
  };
  std::vector<Task<void>> helpers;  // on kept threads; each waited for as it goes
  for (std::size_t t = 1; t < threads; ++t) helpers.push_back(start_task([&worker] { worker(); }));
  worker();
}

}  // namespace novelbind
