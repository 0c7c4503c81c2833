#include "convert/script_counts.h"

#include <algorithm>
#include <unordered_map>

#include "base/parallel.h"

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
  // Counts add up in any order: a long book's chapters in two halves, one on each core.
  struct Half {
    std::size_t simplified = 0, traditional = 0;
    std::unordered_map<char32_t, std::uint32_t> usage;
  };
  std::vector<Half> sums = add_up_in_halves<Half>(parts.size(), 256, [&](Half& sum, std::size_t i) {
    sum.simplified += parts[i]->simplified_only;
    sum.traditional += parts[i]->traditional_only;
    for (const auto& [cp, n] : parts[i]->usage) sum.usage[cp] += n;
  });
  ScriptCounts total;
  for (std::size_t h = 0; h < sums.size(); ++h) {
    total.simplified_only += sums[h].simplified;
    total.traditional_only += sums[h].traditional;
    if (h > 0)
      for (const auto& [cp, n] : sums[h].usage) sums[0].usage[cp] += n;
  }
  total.usage.assign(sums[0].usage.begin(), sums[0].usage.end());
  std::sort(total.usage.begin(), total.usage.end());
  return total;
}

}  // namespace novelbind
