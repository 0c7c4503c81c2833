// The build cache (--cache DIR): results of earlier builds, found again by a hash of
// everything that produced them, so that a rebuild redoes only what changed.
#pragma once

#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "status.h"

namespace novelbind {

// A 128-bit XXH3 hash of everything fed to it, as 32 hex digits.
class CacheKey {
 public:
  CacheKey();
  ~CacheKey();
  CacheKey(const CacheKey&) = delete;
  CacheKey& operator=(const CacheKey&) = delete;
  // Adds a length-prefixed field, so ("ab","c") and ("a","bc") differ.
  CacheKey& add(std::string_view field);
  CacheKey& add(std::int64_t number);
  // Adds a file's bytes, streamed (never held whole in memory); false when it cannot be read.
  bool add_file(const std::filesystem::path& path);
  std::string hex() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

struct CacheStats {
  std::atomic<int> hits{0};
  std::atomic<int> misses{0};
  std::atomic<int> corrupt{0};  // entries found damaged: ignored, rebuilt and replaced
};

// A folder of entries, each `<kind>/<key>`: a header with a checksum of the payload, then the
// payload. An entry that is truncated, altered or from another format is never trusted: get()
// treats it as missing (and counts it as corrupt), and the next put() replaces it.
class BuildCache {
 public:
  // Creates the folder when needed; an unusable folder is an error naming it.
  static Result<std::shared_ptr<BuildCache>> open(const std::filesystem::path& dir);

  std::optional<std::string> get(std::string_view kind, const std::string& key) const;
  // Stores atomically (temporary file, then rename); failures only cost the next build time.
  void put(std::string_view kind, const std::string& key, std::string_view payload) const;
  // The same with the payload given as consecutive pieces, never joined in memory.
  void put(std::string_view kind, const std::string& key,
           const std::vector<std::string_view>& pieces) const;

  // A large entry kept as a plain file (a whole EPUB) with its checksum beside it, so that
  // it is verified by streaming and copied by the kernel instead of passing through memory.
  void put_file(std::string_view kind, const std::string& key,
                const std::filesystem::path& source) const;
  // The stored file, checked against its checksum; nullopt (counted as a miss, or as
  // corrupt) when missing or damaged.
  std::optional<std::filesystem::path> get_file(std::string_view kind,
                                                const std::string& key) const;

  const std::filesystem::path& dir() const { return dir_; }
  CacheStats& stats() const { return *stats_; }

 private:
  std::filesystem::path dir_;
  std::shared_ptr<CacheStats> stats_ = std::make_shared<CacheStats>();
};

}  // namespace novelbind
