#include "base/phrase_matcher.h"

#include <algorithm>

#include "base/cjk_text.h"

namespace novelbind {

PhraseMatcher::PhraseMatcher(const std::vector<std::string>& phrases) : phrases_(phrases) {
  for (std::size_t i = 0; i < phrases_.size(); ++i) {
    if (phrases_[i].empty()) continue;
    std::size_t n = 0;
    char32_t first = utf8::decode(phrases_[i], 0, &n);
    by_first_[first].push_back(i);
    if (first < 0x10000) first_bmp_.set(first);
  }
  for (auto& [first, list] : by_first_) {
    std::stable_sort(list.begin(), list.end(), [&](std::size_t a, std::size_t b) {
      return phrases_[a].size() > phrases_[b].size();
    });
  }
}

std::optional<PhraseMatcher::Match> PhraseMatcher::find(std::string_view text,
                                                        std::size_t from) const {
  if (by_first_.empty()) return std::nullopt;
  for (std::size_t i = from, n = 0; i < text.size(); i += n) {
    char32_t cp = utf8::decode(text, i, &n);
    if (cp < 0x10000 && !first_bmp_.test(cp)) continue;
    auto it = by_first_.find(cp);
    if (it == by_first_.end()) continue;
    for (std::size_t index : it->second) {
      const std::string& p = phrases_[index];
      if (text.compare(i, p.size(), p) == 0) return Match{i, p.size(), index};
    }
  }
  return std::nullopt;
}

}  // namespace novelbind
