#include "pipeline/cover_cache.h"

#include "cache/code_identity.h"
#include "cache/stage_memo.h"
#include "render/paint_library.h"

namespace novelbind {

Result<Image> drawn_cover(const Metadata& meta, const BuildCache* cache) {
  StageMemo memo(cache, "cover");
  if (!memo.enabled()) return draw_cover(meta);
  if (const Result<PaintLibrary>& library = load_paint_library(); !library) return library.status();
  ContentHash hash;
  hash.add("drawn cover").add(code_identity()).add(paint().pango_version_string());
  hash.add(paint().cairo_version_string()).add(meta.title).add(meta.author).add(meta.series);
  hash.add(meta.series_index).add(meta.language);
  const std::string key = hash.hex();
  Result<Image> image = Status::Error("no cached cover");
  if (auto stored = memo.lookup(key)) image = identify_image(std::string(*stored), "cached cover");
  if (image) {
    memo.reuse(key);
  } else {
    image = draw_cover(meta);
    if (image) memo.store(key, image->bytes);
  }
  memo.commit();
  return image;
}

}  // namespace novelbind
