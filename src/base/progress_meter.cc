#include "base/progress_meter.h"

namespace novelbind {

namespace {
class Unseen : public ProgressMeter {
 public:
  void advance(std::size_t) override {}
  void finish() override {}
};
}  // namespace

std::unique_ptr<ProgressMeter> open_meter(const ProgressMeters& meters, const std::string& label,
                                          std::size_t total) {
  if (meters) {
    if (std::unique_ptr<ProgressMeter> meter = meters(label, total)) return meter;
  }
  return std::make_unique<Unseen>();
}

}  // namespace novelbind
