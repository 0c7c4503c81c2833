// How far a long stage has come: the stage counts the items it has done on a ProgressMeter,
// and whoever runs the build decides whether and how that is shown (the command line draws a
// bar on stderr for long books, cli/progress.h). A stage knows nothing of terminals.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

namespace novelbind {

class ProgressMeter {
 public:
  virtual ~ProgressMeter() = default;
  // Counts `n` more items done; safe from any thread.
  virtual void advance(std::size_t n = 1) = 0;
  // Every item is done; only the first call does anything.
  virtual void finish() = 0;
};

// Opens the meter of the stage `label` ("clean", "render") over `total` items.
using ProgressMeters =
    std::function<std::unique_ptr<ProgressMeter>(const std::string& label, std::size_t total)>;

// meters(label, total), or a meter that shows nothing when `meters` is empty.
std::unique_ptr<ProgressMeter> open_meter(const ProgressMeters& meters, const std::string& label,
                                          std::size_t total);

}  // namespace novelbind
