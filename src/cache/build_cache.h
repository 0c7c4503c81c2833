// The build cache (--cache DIR): results of earlier builds, found again by a hash of
// everything that produced them, so that a rebuild redoes only what changed.
#pragma once

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/content_hash.h"
#include "base/status.h"
#include "base/temp_files.h"

namespace novelbind {

struct CacheStats {
  std::atomic<int> hits{0};
  std::atomic<int> misses{0};
  std::atomic<int> corrupt{0};  // entries found damaged: ignored, rebuilt and replaced
};

// An entry's payload mapped into memory read-only (see BuildCache::map); views into it stay
// valid for as long as the object lives, even when the entry is replaced meanwhile.
class MappedEntry {
 public:
  MappedEntry(void* address, std::size_t size, std::string_view payload)
      : address_(address), size_(size), payload_(payload) {}
  ~MappedEntry();
  MappedEntry(const MappedEntry&) = delete;
  MappedEntry& operator=(const MappedEntry&) = delete;
  std::string_view payload() const { return payload_; }
  // Lets go of the pages read so far: they leave this process's memory (the system keeps them
  // cached) and are read again from the file if looked at again; views stay valid.
  void release() const;

 private:
  void* address_;
  std::size_t size_;
  std::string_view payload_;
};

// An entry written piece by piece, so that a large one need never be whole in memory. It
// takes the place of the old entry only at commit(); destroyed without it, it leaves nothing.
class EntryWriter {
 public:
  // Creates `tmp` (registered for removal on a signal before it exists).
  EntryWriter(const std::filesystem::path& tmp, std::filesystem::path final_path);
  ~EntryWriter();
  EntryWriter(const EntryWriter&) = delete;
  EntryWriter& operator=(const EntryWriter&) = delete;
  bool opened() const { return file_ != nullptr; }
  void append(std::string_view piece);
  void commit();

 private:
  std::FILE* file_ = nullptr;
  std::filesystem::path final_;
  TempFileGuard guard_;  // the temporary file, removed on SIGINT or SIGTERM
  ContentHash hash_;     // of the payload, for its checksum
};

// XXH3-128 of a file's bytes, streamed (the checksum put_file keeps); "" when it cannot be
// read.
std::string file_checksum(const std::filesystem::path& path);

// A folder of entries, each `<kind>/<key>`: a header with a checksum of the payload, then the
// payload. An entry that is truncated, altered or from another format is never trusted: get()
// treats it as missing (and counts it as corrupt), and the next put() replaces it.
class BuildCache {
 public:
  // Creates the folder when needed; an unusable folder is an error naming it.
  static Result<std::shared_ptr<BuildCache>> open(const std::filesystem::path& dir);

  std::optional<std::string> get(std::string_view kind, const std::string& key) const;
  // The same entry mapped instead of read: large entries are then neither copied nor held
  // twice. nullptr when missing or damaged (counted as get() counts).
  // The payload is checked by reading the file through a small buffer, never through the
  // mapping, and `scan`, when given, is shown the payload on the way, piece by piece and in
  // order: so a page of the mapping is in memory only once somebody reads what it holds.
  // `verify` false skips the checksum (for a caller that reads only the entry's framing and
  // checks whatever it reads of the payload some other way).
  using PayloadScan = std::function<void(std::string_view piece)>;
  std::shared_ptr<const MappedEntry> map(std::string_view kind, const std::string& key,
                                         bool verify = true, const PayloadScan& scan = {}) const;
  // A writer for the entry; nullptr when the folder cannot be written (the next build is then
  // only slower).
  std::unique_ptr<EntryWriter> write(std::string_view kind, const std::string& key) const;
  // Stores atomically (temporary file, then rename); failures only cost the next build time.
  void put(std::string_view kind, const std::string& key, std::string_view payload) const;
  // The same with the payload given as consecutive pieces, never joined in memory.
  void put(std::string_view kind, const std::string& key,
           const std::vector<std::string_view>& pieces) const;

  // A large entry kept as a plain file (a whole EPUB) with its checksum beside it, so that
  // it is verified by streaming and copied by the kernel instead of passing through memory.
  // `checksum`, when not empty, is the file's checksum as its writer computed it (a ContentHash of
  // its bytes, see add_bytes): the file is then not read again.
  void put_file(std::string_view kind, const std::string& key, const std::filesystem::path& source,
                const std::string& checksum = "") const;
  // Removes what put_file stored under `key` (its checksum first, so it is never found again).
  void erase_file(std::string_view kind, const std::string& key) const;
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
