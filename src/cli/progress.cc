#include "cli/progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace novelbind {
namespace {

constexpr std::size_t kBarCells = 30;

std::size_t percent_of(std::size_t done, std::size_t total) {
  return total == 0 ? 100 : done * 100 / total;
}

}  // namespace

bool terminal_can_redraw(bool is_tty, const char* term, const char* ci) {
  if (!is_tty) return false;
  if (term != nullptr && std::strcmp(term, "dumb") == 0) return false;
  return ci == nullptr || *ci == '\0';
}

bool stderr_is_terminal() {
  return terminal_can_redraw(isatty(STDERR_FILENO) == 1, std::getenv("TERM"), std::getenv("CI"));
}

bool Progress::wanted(std::size_t total, bool stderr_is_terminal, bool quiet, bool github_log) {
  return total >= kProgressMinimum && stderr_is_terminal && !quiet && !github_log;
}

Progress::Progress(std::string label, std::size_t total, std::FILE* out, bool enabled)
    : label_(std::move(label)), total_(total), out_(out), enabled_(enabled && out != nullptr) {}

Progress::~Progress() {
  finish();
}

void Progress::set_min_interval(std::chrono::milliseconds interval) {
  std::lock_guard lock(mutex_);
  min_interval_ = interval;
}

void Progress::advance(std::size_t n) {
  std::size_t done = done_.fetch_add(n, std::memory_order_relaxed) + n;
  if (!enabled_) return;
  // Workers call this after every chapter: one drawing at a time is enough, and the
  // others go back to work rather than queue behind it.
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock() || finished_) return;
  // Another thread may have counted further while this one waited for the lock.
  done = std::max(done, done_.load(std::memory_order_relaxed));
  auto now = std::chrono::steady_clock::now();
  bool new_percent = percent_of(std::min(done, total_), total_) != last_percent_;
  if (!new_percent && now - last_draw_ < min_interval_) return;
  last_draw_ = now;
  draw(done);
}

void Progress::finish() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (finished_) return;
  finished_ = true;
  draw(done_.load(std::memory_order_relaxed));
  std::fputc('\n', out_);
  std::fflush(out_);
}

void Progress::draw(std::size_t done) {
  done = std::min(done, total_);
  last_percent_ = percent_of(done, total_);
  std::size_t filled = total_ == 0 ? kBarCells : done * kBarCells / total_;
  std::string bar(filled, '#');
  bar.append(kBarCells - filled, '.');
  // "\x1b[K" clears what a longer earlier line left to the right.
  std::fprintf(out_, "\r%s [%s]  %zu/%zu  %zu%%\x1b[K", label_.c_str(), bar.c_str(), done, total_,
               last_percent_);
  std::fflush(out_);
}

}  // namespace novelbind
