#include "cache/cache_pack.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <sstream>

namespace novelbind {
namespace {

constexpr std::size_t kMaxSegments = 16;
constexpr std::uint32_t kMaxKey = 1 << 16;

}  // namespace

std::string pack_frame(std::string_view key, std::uint64_t record_size) {
  std::uint32_t key_size = static_cast<std::uint32_t>(key.size());
  std::string frame(reinterpret_cast<const char*>(&key_size), 4);
  frame += key;
  frame.append(reinterpret_cast<const char*>(&record_size), 8);
  return frame;
}

void FrameScanner::feed(std::string_view piece) {
  while (!piece.empty() && part_ != Part::kDamaged) {
    size_t n = static_cast<size_t>(std::min<std::uint64_t>(need_, piece.size()));
    if (part_ != Part::kRecord) field_.append(piece.data(), n);
    piece.remove_prefix(n);
    at_ += n;
    need_ -= n;
    // Each part that is whole now (a key or a record may have no bytes).
    while (need_ == 0 && part_ != Part::kDamaged) {
      switch (part_) {
        case Part::kKeySize: {
          std::uint32_t key_size;
          std::memcpy(&key_size, field_.data(), 4);
          part_ = key_size > kMaxKey ? Part::kDamaged : Part::kKey;
          need_ = key_size;
          break;
        }
        case Part::kKey:
          frame_.key = field_;
          part_ = Part::kRecordSize;
          need_ = 8;
          break;
        case Part::kRecordSize:
          std::memcpy(&frame_.size, field_.data(), 8);
          frame_.offset = at_;
          frames_.push_back(frame_);
          part_ = Part::kRecord;
          need_ = frame_.size;
          break;
        case Part::kRecord:
          part_ = Part::kKeySize;
          need_ = 4;
          break;
        case Part::kDamaged:  // (the loop stops before it)
          break;
      }
      field_.clear();
    }
  }
}

std::vector<FrameScanner::Frame> FrameScanner::finish() && {
  // A record that runs past the end is damaged, and is the last frame begun.
  if (!frames_.empty() && frames_.back().size > at_ - frames_.back().offset) frames_.pop_back();
  return std::move(frames_);
}

std::unordered_map<std::string_view, std::string_view> parse_pack(std::string_view data) {
  FrameScanner scanner;
  scanner.feed(data);
  std::unordered_map<std::string_view, std::string_view> pack;
  for (const FrameScanner::Frame& f : std::move(scanner).finish())
    pack.emplace(data.substr(f.offset - 8 - f.key.size(), f.key.size()),
                 data.substr(f.offset, f.size));
  return pack;
}

CachePack::CachePack(const BuildCache& cache, std::string kind, bool verify)
    : cache_(cache), kind_(std::move(kind)) {
  std::optional<std::string> index = cache_.get(kind_, "index");
  if (!index) return;
  std::istringstream lines(*index);
  for (std::string name; std::getline(lines, name);) {
    // The frames are read while the segment is checked: the records' pages are not touched.
    FrameScanner scanner;
    auto segment = cache_.map(kind_, name, verify,
                              [&scanner](std::string_view piece) { scanner.feed(piece); });
    if (!segment) {  // a segment lost: start afresh rather than half
      names_.clear();
      segments_->mapped.clear();
      segments_->keys.clear();
      records_.clear();
      return;
    }
    std::string_view payload = segment->payload();
    for (FrameScanner::Frame& f : std::move(scanner).finish()) {
      std::string_view key = segments_->keys.emplace_back(std::move(f.key));
      records_[key] = payload.substr(f.offset, f.size);
    }
    names_.push_back(name);
    segments_->mapped.push_back(std::move(segment));
  }
}

void CachePack::add(const std::string& key, std::string_view record) {
  std::lock_guard<std::mutex> lock(mutex_);
  append(key, record);
}

void CachePack::append(std::string_view key, std::string_view record) {
  if (!added_.emplace(key).second) return;
  if (!writer_ && new_name_.empty()) {
    // The next number after the stored segments' (names are never reused while listed).
    int last = 0;
    for (const std::string& n : names_) last = std::max(last, std::atoi(n.c_str()));
    char name[16];
    std::snprintf(name, sizeof name, "%06d", last + 1);
    new_name_ = name;
    writer_ = cache_.write(kind_, new_name_);
  }
  if (!writer_) return;
  writer_->append(pack_frame(key, record.size()));
  writer_->append(record);
  added_bytes_ += record.size();
}

void CachePack::keep(std::string_view key) {
  auto found = records_.find(key);  // records_ is not changed after construction
  if (found == records_.end()) return;
  std::lock_guard<std::mutex> lock(mutex_);
  kept_.push_back(found->first);
}

void CachePack::commit() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::sort(kept_.begin(), kept_.end());
  kept_.erase(std::unique(kept_.begin(), kept_.end()), kept_.end());
  std::uint64_t live = 0, stored = 0;
  for (const auto& [key, record] : records_) stored += record.size();
  for (std::string_view key : kept_)
    if (!added_.count(key)) live += records_.at(key).size();
  if (added_.empty() && live == stored) return;  // the stored records, all of them
  std::vector<std::string> index;
  if (stored - live > live + added_bytes_ || names_.size() + 1 > kMaxSegments) {
    // Merge: one segment with every record in use (the new ones are in it already).
    for (std::string_view key : kept_) append(key, records_.at(key));
  } else {
    index = names_;
  }
  if (writer_) {
    writer_->commit();
    writer_.reset();
    index.push_back(new_name_);
  }
  std::string text;
  for (const std::string& name : index) text += name + "\n";
  cache_.put(kind_, "index", text);
  // Segments the index no longer lists.
  for (const std::string& name : names_) {
    if (std::find(index.begin(), index.end(), name) != index.end()) continue;
    std::error_code ec;
    std::filesystem::remove(cache_.dir() / kind_ / name, ec);
  }
}

}  // namespace novelbind
