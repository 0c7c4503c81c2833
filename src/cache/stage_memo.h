// One cached stage's results between builds, kept the same way for every stage that has them
// (the per-file stages' file units, the chapter pages, the deflated documents, the drawn
// cover): a result is looked up by the key of what the stage read, then either used again
// (kept for the next build and counted as a hit) or made by the stage and stored (counted as
// a miss). commit() writes this build's records; those neither used nor made age out.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "cache/build_cache.h"
#include "cache/cache_pack.h"

namespace novelbind {

class StageMemo {
 public:
  // The records of `kind` (a CachePack), or `pack` when it was opened already (CacheReads).
  // Without a cache (`cache` null) it finds nothing and keeps nothing.
  StageMemo(const BuildCache* cache, std::string kind, std::unique_ptr<CachePack> pack = {});

  bool enabled() const { return pack_ != nullptr; }
  // The record under `key`, not counted nor kept yet: the caller may still find it unusable
  // (damaged, or made under other book-wide facts). Views stay valid while owner() lives.
  std::optional<std::string_view> lookup(std::string_view key) const;
  // The stored result is used in this build (thread-safe).
  void reuse(std::string_view key);
  // lookup(), and reuse() when found.
  std::optional<std::string_view> find(std::string_view key);
  // A result made in this build (thread-safe).
  void store(const std::string& key, std::string_view record);
  // The parts of one result (the pieces of a large document) are found and stored uncounted;
  // count() counts the result they make up.
  std::optional<std::string_view> find_part(std::string_view key);
  void store_part(const std::string& key, std::string_view record);
  void count(bool found) const;

  // A function that lets go of the stored records' pages read so far, for the last pass over
  // them to call (see MappedEntry::release); nullptr without a cache.
  std::function<void()> releaser() const { return pack_ ? pack_->releaser() : nullptr; }
  std::shared_ptr<const void> owner() const { return pack_ ? pack_->owner() : nullptr; }
  void commit();

 private:
  const BuildCache* cache_;
  std::unique_ptr<CachePack> pack_;
};

}  // namespace novelbind
