#include "pipeline/cover_cache.h"

#include <cairo.h>
#include <pango/pangocairo.h>

#include "cache/code_identity.h"

namespace novelbind {

Result<Image> drawn_cover(const Metadata& meta, const BuildCache* cache) {
  if (!cache) return draw_cover(meta);
  CacheKey key;
  key.add("drawn cover").add(code_identity()).add(pango_version_string());
  key.add(cairo_version_string()).add(meta.title).add(meta.author).add(meta.series);
  key.add(meta.series_index).add(meta.language);
  if (auto stored = cache->get("cover", key.hex())) {
    auto image = identify_image(std::move(*stored), "cached cover");
    if (image) return image;
  }
  auto image = draw_cover(meta);
  if (image) cache->put("cover", key.hex(), image->bytes);
  return image;
}

}  // namespace novelbind
