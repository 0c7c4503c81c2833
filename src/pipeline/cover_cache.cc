#include "pipeline/cover_cache.h"

#include <cairo.h>
#include <pango/pangocairo.h>

#include "cache/code_identity.h"
#include "cache/stage_memo.h"

namespace novelbind {

Result<Image> drawn_cover(const Metadata& meta, const BuildCache* cache) {
  StageMemo memo(cache, "cover");
  if (!memo.enabled()) return draw_cover(meta);
  CacheKey key;
  key.add("drawn cover").add(code_identity()).add(pango_version_string());
  key.add(cairo_version_string()).add(meta.title).add(meta.author).add(meta.series);
  key.add(meta.series_index).add(meta.language);
  if (auto stored = memo.lookup(key.hex())) {
    auto image = identify_image(std::string(*stored), "cached cover");
    if (image) {
      memo.reuse(key.hex());
      memo.commit();
      return image;
    }
  }
  auto image = draw_cover(meta);
  if (image) memo.store(key.hex(), image->bytes);
  memo.commit();
  return image;
}

}  // namespace novelbind
