// Many small records of one kind in the build cache (file units, chapter pages), kept in a
// few segment entries: a rebuild adds one small segment with its new records instead of
// rewriting them all, and the segments are merged into one when records no build uses any
// more would otherwise make up most of the bytes (or there are many segments).
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cache/build_cache.h"

namespace novelbind {

// One record's framing in a segment: [key size u32][key][record size u64], then the record.
std::string pack_frame(std::string_view key, std::uint64_t record_size);

// The frames of a segment read from its bytes given in pieces, in order, as they are read from
// the file: each record's key, and where the record lies, without keeping the records' bytes.
// A damaged tail (a frame cut short, a size past the end, a key of over 64 KiB, which no
// writer makes) is left out.
class FrameScanner {
 public:
  struct Frame {
    std::string key;
    std::uint64_t offset = 0;  // of the record in the segment's payload
    std::uint64_t size = 0;
  };
  void feed(std::string_view piece);
  // The whole frames, in the order of the segment, once every piece was fed.
  std::vector<Frame> finish() &&;

 private:
  enum class Part { kKeySize, kKey, kRecordSize, kRecord, kDamaged };
  std::uint64_t at_ = 0;  // bytes fed so far
  Part part_ = Part::kKeySize;
  std::string field_;       // the bytes of the current key size, key or record size
  std::uint64_t need_ = 4;  // bytes still wanted by the current part
  Frame frame_;
  std::vector<Frame> frames_;
};

// The records of a segment by key (keys and records are views of `data`); a damaged tail is
// left out.
std::unordered_map<std::string_view, std::string_view> parse_pack(std::string_view data);

class CachePack {
 public:
  // The records of the last build: every segment "<kind>/index" lists, mapped (nothing when
  // a segment is missing or damaged: the cache is then only slower).
  // With `verify` false the segments' checksums are not checked: for a build that only adds
  // records and drops none, and so reads nothing of the stored ones but their keys and sizes.
  CachePack(const BuildCache& cache, std::string kind, bool verify = true);

  // Keys and records are views of the mapped segments.
  const std::unordered_map<std::string_view, std::string_view>& records() const { return records_; }
  // A function that lets go of the records' pages read so far (see MappedEntry::release);
  // views stay valid, and it may be called for as long as anybody holds it.
  std::function<void()> releaser() const {
    return [segments = segments_] { segments->release(); };
  }
  // Keeps the records' bytes alive (they are views into the mapped segments).
  std::shared_ptr<const void> owner() const { return segments_; }

  // This build's records: a new one, written at once (thread-safe) ...
  void add(const std::string& key, std::string_view record);
  // ... or a stored one it uses again (thread-safe; a key not stored is ignored).
  void keep(std::string_view key);
  // Writes the new segment (or one merged segment) and the index; records neither added nor
  // kept are dropped. Nothing is written when the records are the stored ones.
  void commit();

 private:
  void append(std::string_view key, std::string_view record);  // with mutex_ held

  // The mapped segments and the keys read from them (views of these are handed out).
  struct Segments {
    std::vector<std::shared_ptr<const MappedEntry>> mapped;
    std::deque<std::string> keys;
    void release() const {
      for (const auto& m : mapped) m->release();
    }
  };
  const BuildCache& cache_;
  std::string kind_;
  std::vector<std::string> names_;  // the stored segments, as the index lists them
  std::shared_ptr<Segments> segments_ = std::make_shared<Segments>();
  std::unordered_map<std::string_view, std::string_view> records_;
  std::mutex mutex_;
  std::unique_ptr<EntryWriter> writer_;  // the new segment, opened by the first add()
  std::string new_name_;
  std::set<std::string, std::less<>> added_;
  std::vector<std::string_view> kept_;  // keys of records_
  std::uint64_t added_bytes_ = 0;
};

}  // namespace novelbind
