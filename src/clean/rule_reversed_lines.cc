#include "clean/rule_reversed_lines.h"

#include <cmath>
#include <cstring>

#include "base/cjk_text.h"

namespace novelbind {
namespace {

bool ends_sentence(char32_t cp) {
  switch (cp) {
    case U'。':
    case U'！':
    case U'？':
    case U'…':
    case U'”':
    case U'」':
    case U'』':
    case U'’':
    case U'!':
    case U'?':
    case U'.':
    case U'）':
    case U')':
      return true;
    default:
      return false;
  }
}

bool cannot_start_line(char32_t cp) {
  switch (cp) {
    case U'。':
    case U'！':
    case U'？':
    case U'，':
    case U'、':
    case U'；':
    case U'：':
    case U'”':
    case U'」':
    case U'』':
    case U'）':
    case U'!':
    case U'?':
    case U',':
    case U';':
    case U')':
      return true;
    default:
      return false;
  }
}

bool opens(char32_t cp) {
  switch (cp) {
    case U'“':
    case U'「':
    case U'『':
    case U'（':
    case U'(':
    case U'‘':
    case U'《':
    case U'【':
      return true;
    default:
      return false;
  }
}

int reading_score(char32_t first, char32_t last) {
  return int(ends_sentence(last)) - int(cannot_start_line(first)) - int(opens(last));
}

std::uint64_t key_of(char32_t a, char32_t b) {
  return (static_cast<std::uint64_t>(a) << 21 | b) + 1;  // never 0, the free-slot mark
}

std::size_t slot_of(std::uint64_t key, std::size_t mask) {
  return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> 20) & mask;
}

template <typename Fn>
void for_each_pair(std::string_view s, Fn fn) {
  std::size_t n = 0;
  if (s.empty()) return;
  char32_t prev = utf8::decode(s, 0, &n);
  for (std::size_t i = n; i < s.size(); i += n) {
    char32_t cp = utf8::decode(s, i, &n);
    fn(prev, cp);
    prev = cp;
  }
}

}  // namespace

void BigramCounts::grow() {
  std::vector<std::uint64_t> old_keys = std::move(keys_);
  std::vector<std::uint32_t> old_counts = std::move(counts_);
  std::size_t capacity = old_keys.empty() ? 1024 : old_keys.size() * 2;
  keys_.assign(capacity, 0);
  counts_.assign(capacity, 0);
  for (std::size_t i = 0; i < old_keys.size(); ++i) {
    if (!old_keys[i]) continue;
    std::size_t s = slot_of(old_keys[i], capacity - 1);
    while (keys_[s]) s = (s + 1) & (capacity - 1);
    keys_[s] = old_keys[i];
    counts_[s] = old_counts[i];
  }
}

void BigramCounts::add(char32_t first, char32_t second, int delta) {
  if ((size_ + 1) * 2 > keys_.size()) grow();
  std::uint64_t key = key_of(first, second);
  std::size_t mask = keys_.size() - 1;
  std::size_t s = slot_of(key, mask);
  while (keys_[s] && keys_[s] != key) s = (s + 1) & mask;
  if (!keys_[s] && delta < 0) return;  // never counted: nothing to take away
  if (!keys_[s]) {
    keys_[s] = key;
    ++size_;
  }
  counts_[s] = static_cast<std::uint32_t>(static_cast<std::int64_t>(counts_[s]) + delta);
  total_ = static_cast<std::uint64_t>(static_cast<std::int64_t>(total_) + delta);
}

void BigramCounts::add_book(const std::vector<Chapter>& chapters, int sign) {
  for (const Chapter& c : chapters) {
    for (const Paragraph& p : c.paragraphs) {
      // Lines that look reversed stay out of the model, or their own backward pairs would
      // vouch for them.
      if (p.scene_break || punctuation_evidence(p.text) > 0) continue;
      for_each_pair(trim_spaces(p.text), [&](char32_t a, char32_t b) { add(a, b, sign); });
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
    for_each_pair(trim_spaces(line), [&](char32_t a, char32_t b) { add(a, b, sign); });
  }
}

namespace {
constexpr std::string_view kBigramMagic = "novelbind-bigrams-1";
}

std::vector<std::string_view> BigramCounts::serialized(std::string* head) const {
  std::uint64_t header[3] = {keys_.size(), size_, total_};
  *head = kBigramMagic;
  head->append(reinterpret_cast<const char*>(header), sizeof header);
  return {*head,
          {reinterpret_cast<const char*>(keys_.data()), keys_.size() * sizeof(std::uint64_t)},
          {reinterpret_cast<const char*>(counts_.data()), counts_.size() * sizeof(std::uint32_t)}};
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
  if (!power_of_two || bytes.size() != capacity * 12 || header[1] * 2 > capacity)
    return std::nullopt;
  BigramCounts c;
  c.keys_.resize(capacity);
  c.counts_.resize(capacity);
  std::memcpy(c.keys_.data(), bytes.data(), capacity * 8);
  std::memcpy(c.counts_.data(), bytes.data() + capacity * 8, capacity * 4);
  c.size_ = header[1];
  c.total_ = header[2];
  return c;
}

std::uint32_t BigramCounts::count(char32_t first, char32_t second) const {
  if (keys_.empty()) return 0;
  std::uint64_t key = key_of(first, second);
  std::size_t mask = keys_.size() - 1;
  for (std::size_t s = slot_of(key, mask); keys_[s]; s = (s + 1) & mask)
    if (keys_[s] == key) return counts_[s];
  return 0;
}

int punctuation_evidence(std::string_view line) {
  line = trim_spaces(line);
  if (line.empty()) return 0;
  std::size_t n = 0;
  char32_t first = utf8::decode(line, 0, &n);
  char32_t last = utf8::decode(line, utf8::previous_start(line, line.size()), &n);
  return reading_score(last, first) - reading_score(first, last);
}

double bigram_evidence(std::string_view line, const BigramCounts& counts) {
  double sum = 0;
  int pairs = 0;
  for_each_pair(trim_spaces(line), [&](char32_t a, char32_t b) {
    sum += std::log((counts.count(b, a) + 0.5) / (counts.count(a, b) + 0.5));
    ++pairs;
  });
  return pairs ? sum / pairs : 0;
}

void ReversedLinesRule::learn(const std::vector<Chapter>& chapters) {
  auto counts = std::make_shared<BigramCounts>();
  counts->add_book(chapters, 1);
  counts_ = std::move(counts);
}

void ReversedLinesRule::answer(const CleanProbes& probes, std::string* out) const {
  for (const std::string& line : probes.reversed_lines) *out += should_reverse(line) ? 'R' : 'F';
}

bool ReversedLinesRule::should_reverse(std::string_view line) const {
  if (counts_->empty()) return false;
  int punctuation = punctuation_evidence(line);
  if (punctuation <= 0) return false;
  double bigrams = bigram_evidence(line, *counts_);
  return punctuation >= 2 ? bigrams >= 0 : bigrams > 0.5;
}

void ReversedLinesRule::apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
                              RepairLog& log) const {
  for (Paragraph& p : paragraphs) {
    if (p.scene_break) continue;
    if (context.probes && punctuation_evidence(p.text) > 0)
      context.probes->reversed_lines.push_back(p.text);
    if (!should_reverse(p.text)) continue;
    std::string forward = utf8::reverse(p.text);
    log.record(p.line, p.text, forward);
    p.text = std::move(forward);
  }
}

}  // namespace novelbind
