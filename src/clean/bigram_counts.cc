#include "clean/bigram_counts.h"

#include <cstring>

#include "base/cjk_text.h"
#include "clean/rule_reversed_lines.h"

namespace novelbind {
namespace {

std::uint64_t key_of(char32_t a, char32_t b) {
  return (static_cast<std::uint64_t>(a) << 21 | b) + 1;  // never 0, the free-slot mark
}

std::size_t slot_of(std::uint64_t key, std::size_t mask) {
  return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 20) & mask;
}

}  // namespace

void BigramCounts::grow() {
  std::vector<Slot> old = std::move(slots_);
  std::size_t capacity = old.empty() ? 1024 : old.size() * 2;
  slots_.assign(capacity, Slot{0, 0});
  for (const Slot& slot : old) {
    if (!slot.key) continue;
    std::size_t s = slot_of(slot.key, capacity - 1);
    while (slots_[s].key) s = (s + 1) & (capacity - 1);
    slots_[s] = slot;
  }
}

void BigramCounts::add(char32_t first, char32_t second, int delta) {
  add_key(key_of(first, second), delta);
}

void BigramCounts::add_key(std::uint64_t key, int delta) {
  if ((size_ + 1) * 2 > slots_.size()) grow();
  std::size_t mask = slots_.size() - 1;
  std::size_t s = slot_of(key, mask);
  while (slots_[s].key && slots_[s].key != key) s = (s + 1) & mask;
  Slot& slot = slots_[s];
  if (!slot.key && delta < 0) return;  // never counted: nothing to take away
  if (!slot.key) {
    slot.key = key;
    ++size_;
  }
  slot.count = static_cast<std::uint32_t>(static_cast<std::int64_t>(slot.count) + delta);
  total_ = static_cast<std::uint64_t>(static_cast<std::int64_t>(total_) + delta);
}

void BigramCounts::add_line(std::string_view line, int sign) {
  // The table of a long book is tens of megabytes, and each pair lands in a slot of its own:
  // nearly every count is a cache miss. The slots of the pairs a few places ahead are fetched
  // meanwhile, so that the misses overlap; the pairs are counted in the same order as before.
  constexpr std::size_t kAhead = 8;
  thread_local std::vector<std::uint64_t> keys;
  keys.clear();
  for_each_bigram(line, [&](char32_t a, char32_t b) { keys.push_back(key_of(a, b)); });
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (i + kAhead < keys.size() && !slots_.empty())
      __builtin_prefetch(&slots_[slot_of(keys[i + kAhead], slots_.size() - 1)]);
    add_key(keys[i], sign);
  }
}

void BigramCounts::add_book(const std::vector<Chapter>& chapters, int sign) {
  for (const Chapter& c : chapters) {
    for (const Paragraph& p : c.paragraphs) {
      // Lines that look reversed stay out of the model, or their own backward pairs would
      // vouch for them.
      if (p.scene_break || punctuation_evidence(p.text) > 0) continue;
      add_line(trim_spaces(p.text), sign);
    }
  }
}

void BigramCounts::add_text(std::string_view text, int sign) {
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (line.empty() || punctuation_evidence(line) > 0) continue;
    add_line(trim_spaces(line), sign);
  }
}

namespace {
constexpr std::string_view kBigramMagic = "novelbind-bigrams-2";
}

std::vector<std::string_view> BigramCounts::serialized(std::string* head) const {
  std::uint64_t header[3] = {slots_.size(), size_, total_};
  *head = kBigramMagic;
  head->append(reinterpret_cast<const char*>(header), sizeof header);
  return {*head, {reinterpret_cast<const char*>(slots_.data()), slots_.size() * sizeof(Slot)}};
}

std::string BigramCounts::serialize() const {
  std::string head, out;
  for (std::string_view piece : serialized(&head)) out += piece;
  return out;
}

std::optional<BigramCounts> BigramCounts::parse(std::string_view bytes) {
  std::uint64_t header[3];
  if (bytes.substr(0, kBigramMagic.size()) != kBigramMagic) return std::nullopt;
  bytes.remove_prefix(kBigramMagic.size());
  if (bytes.size() < sizeof header) return std::nullopt;
  std::memcpy(header, bytes.data(), sizeof header);
  bytes.remove_prefix(sizeof header);
  std::uint64_t capacity = header[0];
  bool power_of_two = capacity == 0 || (capacity & (capacity - 1)) == 0;
  if (!power_of_two || bytes.size() != capacity * sizeof(Slot) || header[1] * 2 > capacity)
    return std::nullopt;
  BigramCounts c;
  c.slots_.resize(capacity);
  std::memcpy(c.slots_.data(), bytes.data(), capacity * sizeof(Slot));
  c.size_ = header[1];
  c.total_ = header[2];
  return c;
}

std::uint32_t BigramCounts::count(char32_t first, char32_t second) const {
  if (slots_.empty()) return 0;
  std::uint64_t key = key_of(first, second);
  std::size_t mask = slots_.size() - 1;
  for (std::size_t s = slot_of(key, mask); slots_[s].key; s = (s + 1) & mask)
    if (slots_[s].key == key) return slots_[s].count;
  return 0;
}

}  // namespace novelbind
