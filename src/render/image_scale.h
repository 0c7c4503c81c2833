// A picture scaled down with cairo and encoded again in the format it came in.
#pragma once

#include <string>

#include "base/status.h"
#include "render/cover.h"
#include "render/image_decode.h"

namespace novelbind {

// `pixels` (kept by decode_image) scaled so that the longer side is `side` pixels, the other
// in proportion, with cairo's GOOD filter (an average over the pixels each one covers, not
// every n-th pixel), then encoded as `media_type`: a JPEG at quality 90 (libjpeg) or a PNG
// (cairo). The same picture gives the same bytes every time. `name` names it in errors.
Result<Image> scale_down(const Pixels& pixels, const std::string& media_type, int side,
                         const std::string& name);

}  // namespace novelbind
