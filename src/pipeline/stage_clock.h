// How long each stage of a build took (the report's timings, -vv's log lines).
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace novelbind {

struct StageTiming {
  std::string stage;
  double seconds = 0;
};

// Measures the time from its creation (or the last `done`) to `done(stage)`, appends it to the
// timings and logs it with the process's peak memory so far.
class StageClock {
 public:
  explicit StageClock(std::vector<StageTiming>* out) : out_(out) {}
  void done(const std::string& stage);
  // Starts the next stage now, without recording the time since `done` (that was timed by
  // another clock, as the check is).
  void restart() { start_ = std::chrono::steady_clock::now(); }

 private:
  std::vector<StageTiming>* out_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace novelbind
