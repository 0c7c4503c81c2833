// Images from the user (the cover): any bytes give a checked JPEG or PNG, scaled down when a
// side is longer than the fit, or an error; never a crash, and never more memory than the
// limits allow. What comes out is itself a picture of the size it says.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "render/image_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Smaller bounds than a build's, so that each input costs milliseconds; the same code paths
  // (a side of 64 sends most pictures of the seeds through the scaling).
  static const novelbind::ImageLimits limits = [] {
    novelbind::ImageLimits l;
    l.max_decoded_bytes = 1u << 20;  // 256 Ki pixels
    l.max_jpeg_scans = 50;
    return l;
  }();
  constexpr int kFit = 64;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  auto checked = novelbind::check_image(bytes, "fuzz", kFit, limits);
  if (!checked) return 0;
  const novelbind::Image& image = checked->image;
  if (std::max(image.width, image.height) > kFit) std::abort();
  if (!checked->scaled()) {
    if (image.bytes != bytes) std::abort();  // kept as given
    return 0;
  }
  // A scaled picture decodes, at the size it says, in the format it came in.
  auto again = novelbind::check_image(image.bytes, "again", kFit, limits);
  if (!again || again->scaled() || again->image.width != image.width ||
      again->image.height != image.height || again->image.media_type != image.media_type)
    std::abort();
  return 0;
}
