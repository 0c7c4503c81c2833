#include "pipeline/cover_cache.h"

#include "cache/code_identity.h"
#include "cache/stage_memo.h"
#include "render/paint_library.h"

namespace novelbind {

namespace {

// The kept record: the count of characters drawn as boxes (decimal, then a newline), then the PNG.
std::string cover_record(int missing_glyphs, const std::string& png) {
  return std::to_string(missing_glyphs) + "\n" + png;
}

Result<Image> read_cover_record(std::string_view record, int* missing_glyphs) {
  auto newline = record.find('\n');
  if (newline == std::string_view::npos || newline == 0 || newline > 9 ||
      record.substr(0, newline).find_first_not_of("0123456789") != std::string_view::npos)
    return Status::Error("damaged cached cover");
  *missing_glyphs = std::stoi(std::string(record.substr(0, newline)));
  return identify_image(std::string(record.substr(newline + 1)), "cached cover");
}

}  // namespace

Result<Image> drawn_cover(const Metadata& meta, const BuildCache* cache, int* missing_glyphs) {
  *missing_glyphs = 0;
  StageMemo memo(cache, "cover");
  if (!memo.enabled()) return draw_cover(meta, missing_glyphs);
  if (const Result<PaintLibrary>& library = load_paint_library(); !library) return library.status();
  ContentHash hash;
  hash.add("drawn cover, with its missing glyphs").add(code_identity());
  hash.add(paint().pango_version_string()).add(paint().cairo_version_string());
  hash.add(meta.title).add(meta.author).add(meta.series).add(meta.series_index).add(meta.language);
  const std::string key = hash.hex();
  Result<Image> image = Status::Error("no cached cover");
  if (auto stored = memo.lookup(key)) image = read_cover_record(*stored, missing_glyphs);
  if (image) {
    memo.reuse(key);
  } else {
    image = draw_cover(meta, missing_glyphs);
    if (image) memo.store(key, cover_record(*missing_glyphs, image->bytes));
  }
  memo.commit();
  return image;
}

}  // namespace novelbind
