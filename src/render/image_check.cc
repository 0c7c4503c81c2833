#include "render/image_check.h"

#include "base/file_bytes.h"
#include "render/image_scale.h"

namespace novelbind {

Result<CheckedImage> check_image(std::string bytes, const std::string& name, int fit_side,
                                 const ImageLimits& limits) {
  auto image = identify_image(std::move(bytes), name);
  if (!image) return image.status();
  const bool fits = image->width <= fit_side && image->height <= fit_side;
  auto pixels = decode_image(*image, name, limits, /*keep=*/!fits);
  if (!pixels) return pixels.status();
  // The size read from the header is the one the decoder used (a JPEG's decoder refuses a
  // second frame header), so that what fits is what was checked.
  if (pixels->width != image->width || pixels->height != image->height)
    return Status::Error(name + ": the image is damaged (its headers give two sizes); export it " +
                         "again");
  CheckedImage out{std::move(*image), pixels->width, pixels->height};
  if (fits) return out;
  auto scaled = scale_down(*pixels, out.image.media_type, fit_side, name);
  if (!scaled) return scaled.status();
  out.image = std::move(*scaled);
  return out;
}

Result<CheckedImage> load_image(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (fs::is_directory(st))
    return Status::Error(path.string() + ": is a folder, not a cover image; name a .jpg or .png");
  if (Status s = check_not_special_file(path, "the cover image"); !s) return s;
  if (fs::is_regular_file(st) && fs::file_size(path, ec) > kMaxImageFileBytes)
    return Status::Error(path.string() + ": the cover image is larger than " +
                         std::to_string(kMaxImageFileBytes >> 20) +
                         " MiB; save it smaller (a cover of 1600x2560 takes well under 1 MiB)");
  auto bytes = read_file_bytes(path);
  if (!bytes) return Status::Error(path.string() + ": cannot read the cover image; check the path");
  return check_image(std::move(*bytes), path.string());
}

}  // namespace novelbind
