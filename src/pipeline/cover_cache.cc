#include "pipeline/cover_cache.h"

#include <cstdlib>
#include <optional>

#include "base/binary_io.h"
#include "base/content_hash.h"
#include "cache/cache_pack.h"
#include "cache/code_identity.h"
#include "cache/stage_memo.h"
#include "render/paint_library.h"

namespace novelbind {

namespace {

// What drew a cover: Pango's and Cairo's versions, and the files they were loaded from with
// their stamps, so that a rebuild can tell they are the same without loading them.
struct Libraries {
  std::string versions;
  std::vector<std::pair<std::string, FileStamp>> files;
};

// The loaded libraries' versions (load_paint_library() must have succeeded).
std::string loaded_versions() {
  return std::string(paint().pango_version_string()) + " " + paint().cairo_version_string();
}

Libraries loaded_libraries() {
  Libraries out{loaded_versions(), {}};
  for (const std::filesystem::path& file : paint_library_files())
    if (auto stamp = stamp_file(file)) out.files.emplace_back(file.string(), *stamp);
  return out;
}

// Whether the files that drew a cover are still there, unchanged: then they hold the versions
// that drew it. (A package update replaces them, which changes their stamps.)
bool unchanged(const Libraries& libraries) {
  if (libraries.files.empty()) return false;
  for (const auto& [path, stamp] : libraries.files) {
    std::optional<FileStamp> now = stamp_file(path);
    if (!now || *now != stamp) return false;
  }
  return true;
}

// The kept record: the count of characters drawn as boxes, the libraries, then the PNG.
struct CoverRecord {
  int missing_glyphs = 0;
  Libraries libraries;
  std::string_view png;
};

std::string cover_record(int missing_glyphs, const Libraries& libraries, std::string_view png) {
  Writer w;
  w.put<std::int32_t>(missing_glyphs);
  w.put(std::string_view(libraries.versions));
  w.put<std::uint32_t>(static_cast<std::uint32_t>(libraries.files.size()));
  for (const auto& [path, stamp] : libraries.files) {
    w.put(std::string_view(path));
    w.put(stamp.device);
    w.put(stamp.inode);
    w.put(stamp.size);
    w.put(stamp.modified_ns);
    w.put(stamp.changed_ns);
  }
  w.put(png);
  return w.take();
}

std::optional<CoverRecord> read_cover_record(std::string_view bytes) {
  Reader r(bytes);
  CoverRecord out;
  out.missing_glyphs = r.get<std::int32_t>();
  out.libraries.versions = r.str();
  for (std::size_t i = 0, n = r.count(44); i < n && r.ok(); ++i) {
    std::string path = r.str();
    FileStamp stamp;
    stamp.device = r.get<std::uint64_t>();
    stamp.inode = r.get<std::uint64_t>();
    stamp.size = r.get<std::uint64_t>();
    stamp.modified_ns = r.get<std::int64_t>();
    stamp.changed_ns = r.get<std::int64_t>();
    out.libraries.files.emplace_back(std::move(path), stamp);
  }
  out.png = r.view();
  if (!r.ok() || !r.at_end() || out.missing_glyphs < 0) return std::nullopt;
  return out;
}

// The key of a cover: the metadata it shows and the novelbind that drew it. The libraries'
// versions are checked against the record (unchanged()), not hashed into the key: knowing
// them would mean loading the libraries, which a rebuild whose cover is cached never needs.
std::string cover_key(const Metadata& meta) {
  ContentHash hash;
  hash.add("drawn cover, with its missing glyphs and libraries").add(code_identity());
  const char* search_path = std::getenv("LD_LIBRARY_PATH");  // another Pango may be found first
  hash.add(search_path ? search_path : "");
  hash.add(meta.title).add(meta.author).add(meta.series).add(meta.series_index).add(meta.language);
  return hash.hex();
}

}  // namespace

bool cached_cover_libraries_unchanged(const BuildCache* cache) {
  if (!cache) return false;
  CachePack pack(*cache, "cover");
  for (const auto& [key, record] : pack.records()) {
    std::optional<CoverRecord> cover = read_cover_record(record);
    if (cover && unchanged(cover->libraries)) return true;
  }
  return false;
}

Result<Image> drawn_cover(const Metadata& meta, const BuildCache* cache, int* missing_glyphs) {
  *missing_glyphs = 0;
  StageMemo memo(cache, "cover");
  if (!memo.enabled()) return draw_cover(meta, missing_glyphs);
  const std::string key = cover_key(meta);
  Result<Image> image = Status::Error("no cached cover");
  std::optional<CoverRecord> stored;
  if (auto record = memo.lookup(key)) stored = read_cover_record(*record);
  if (stored) {
    bool same_files = unchanged(stored->libraries);
    bool same = same_files;
    if (!same) {  // the files changed (or moved): the versions tell
      if (const Result<PaintLibrary>& library = load_paint_library(); !library)
        return library.status();
      same = stored->libraries.versions == loaded_versions();
    }
    if (same) image = identify_image(std::string(stored->png), "cached cover");
    if (image) {
      *missing_glyphs = stored->missing_glyphs;
      if (same_files)
        memo.reuse(key);
      else  // kept with the files' new stamps, so that the next build need not load them
        memo.store(key, cover_record(*missing_glyphs, loaded_libraries(), image->bytes));
    }
  }
  if (!image) {
    image = draw_cover(meta, missing_glyphs);
    if (image) memo.store(key, cover_record(*missing_glyphs, loaded_libraries(), image->bytes));
  }
  memo.commit();
  return image;
}

}  // namespace novelbind
