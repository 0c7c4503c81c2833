#include "convert/script_counts.h"

#include <algorithm>
#include <unordered_map>

namespace novelbind {

std::uint32_t ScriptCounts::used(char32_t cp) const {
  auto it = std::lower_bound(usage.begin(), usage.end(), std::make_pair(cp, std::uint32_t{0}));
  return it != usage.end() && it->first == cp ? it->second : 0;
}

void ScriptCounts::add_use(char32_t cp, std::uint32_t n) {
  auto it = std::lower_bound(usage.begin(), usage.end(), std::make_pair(cp, std::uint32_t{0}));
  if (it != usage.end() && it->first == cp)
    it->second += n;
  else
    usage.insert(it, {cp, n});
}

ScriptCounts& ScriptCounts::operator+=(const ScriptCounts& o) {
  simplified_only += o.simplified_only;
  traditional_only += o.traditional_only;
  if (o.usage.empty()) return *this;
  std::vector<std::pair<char32_t, std::uint32_t>> merged;
  merged.reserve(usage.size() + o.usage.size());
  auto a = usage.cbegin();
  auto b = o.usage.cbegin();
  while (a != usage.cend() || b != o.usage.cend()) {
    if (b == o.usage.cend() || (a != usage.cend() && a->first < b->first))
      merged.push_back(*a++);
    else if (a == usage.cend() || b->first < a->first)
      merged.push_back(*b++);
    else
      merged.emplace_back(a->first, a->second + b->second), ++a, ++b;
  }
  usage = std::move(merged);
  return *this;
}

ScriptCounts add_up(const std::vector<const ScriptCounts*>& parts) {
  ScriptCounts total;
  std::unordered_map<char32_t, std::uint32_t> usage;
  for (const ScriptCounts* part : parts) {
    total.simplified_only += part->simplified_only;
    total.traditional_only += part->traditional_only;
    for (const auto& [cp, n] : part->usage) usage[cp] += n;
  }
  total.usage.assign(usage.begin(), usage.end());
  std::sort(total.usage.begin(), total.usage.end());
  return total;
}

}  // namespace novelbind
