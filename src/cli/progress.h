// A one-line progress bar on stderr for builds long enough to need one; shorter builds,
// pipes, CI logs and --quiet keep their plain lines.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>

#include "base/progress_meter.h"

namespace novelbind {

// Books with fewer chapters build in a moment; a bar would only flicker.
inline constexpr std::size_t kProgressMinimum = 300;

// True when a line can be redrawn in place: `is_tty`, TERM is not "dumb", and CI is unset or
// empty (CI logs turn every "\r" redraw into a new line). `term` and `ci` may be null.
bool terminal_can_redraw(bool is_tty, const char* term, const char* ci);

// terminal_can_redraw(isatty(2), $TERM, $CI).
bool stderr_is_terminal();

class Progress : public ProgressMeter {
 public:
  // Whether a build of `total` chapters shows a bar: at least kProgressMinimum chapters,
  // stderr a terminal, not --quiet, and not --log-format=github.
  static bool wanted(std::size_t total, bool stderr_is_terminal, bool quiet, bool github_log);

  // A disabled Progress does nothing and writes nothing. `out` must outlive this object.
  Progress(std::string label, std::size_t total, std::FILE* out = stderr, bool enabled = true);
  ~Progress() override;  // finish()
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Counts `n` more items done; safe from any thread. Redraws when the whole percent changes
  // or min_interval has passed since the last draw; a thread that finds another one drawing
  // skips its redraw instead of waiting. Counts beyond `total` are shown as `total`.
  void advance(std::size_t n = 1) override;

  // Draws the count reached (100% once every item has advanced) and ends the line with "\n",
  // so that later output starts on its own line. Only the first call does anything; advance()
  // after finish() counts but no longer draws.
  void finish() override;

  // Least time between two redraws that do not change the percent (100 ms by default);
  // zero redraws on every advance(), which tests use.
  void set_min_interval(std::chrono::milliseconds interval);

  std::size_t done() const { return done_.load(std::memory_order_relaxed); }

 private:
  void draw(std::size_t done);  // with mutex_ held

  const std::string label_;
  const std::size_t total_;
  std::FILE* const out_;
  const bool enabled_;
  std::atomic<std::size_t> done_{0};
  std::mutex mutex_;  // guards everything below and writes to out_
  std::chrono::milliseconds min_interval_{100};
  std::chrono::steady_clock::time_point last_draw_{};
  std::size_t last_percent_ = static_cast<std::size_t>(-1);
  bool finished_ = false;
};

}  // namespace novelbind
