#include "pipeline/stage_clock.h"

#include <spdlog/spdlog.h>
#include <cstdlib>
#include <fstream>

namespace novelbind {
namespace {

// The process's peak resident memory so far (VmHWM), in MB; 0 where /proc cannot tell.
long peak_memory_mb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10) / 1024;
  return 0;
}

}  // namespace

void StageClock::done(const std::string& stage) {
  auto now = std::chrono::steady_clock::now();
  double s = std::chrono::duration<double>(now - start_).count();
  out_->push_back({stage, s});
  spdlog::debug("stage {}: {:.3f} s, peak memory {} MB", stage, s, peak_memory_mb());
  start_ = now;
}

}  // namespace novelbind
