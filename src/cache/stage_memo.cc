#include "cache/stage_memo.h"

namespace novelbind {

StageMemo::StageMemo(const BuildCache* cache, std::string kind, std::unique_ptr<CachePack> pack)
    : cache_(cache), pack_(cache ? std::move(pack) : nullptr) {
  if (cache_ && !pack_) pack_ = std::make_unique<CachePack>(*cache_, std::move(kind));
}

std::optional<std::string_view> StageMemo::lookup(std::string_view key) const {
  if (!pack_) return std::nullopt;
  auto found = pack_->records().find(key);
  if (found == pack_->records().end()) return std::nullopt;
  return found->second;
}

void StageMemo::reuse(std::string_view key) {
  if (!pack_) return;
  pack_->keep(key);
  count(true);
}

std::optional<std::string_view> StageMemo::find(std::string_view key) {
  auto found = find_part(key);
  if (found) count(true);
  return found;
}

void StageMemo::store(const std::string& key, std::string_view record) {
  store_part(key, record);
  count(false);
}

std::optional<std::string_view> StageMemo::find_part(std::string_view key) {
  auto found = lookup(key);
  if (found) pack_->keep(key);
  return found;
}

void StageMemo::store_part(const std::string& key, std::string_view record) {
  if (pack_) pack_->add(key, record);
}

void StageMemo::count(bool found) const {
  if (!pack_) return;
  ++(found ? cache_->stats().hits : cache_->stats().misses);
}

void StageMemo::commit() {
  if (pack_) pack_->commit();
}

}  // namespace novelbind
