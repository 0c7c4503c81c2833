#include "errata.h"

#include <algorithm>

#include "resources.h"

namespace novelbind {

std::vector<Erratum> parse_errata(std::string_view tsv) {
  std::vector<Erratum> out;
  size_t start = 0;
  while (start < tsv.size()) {
    size_t end = tsv.find('\n', start);
    if (end == std::string_view::npos) end = tsv.size();
    std::string_view line = tsv.substr(start, end - start);
    start = end + 1;
    if (line.empty() || line[0] == '#') continue;
    size_t t1 = line.find('\t');
    size_t t2 = t1 == std::string_view::npos ? t1 : line.find('\t', t1 + 1);
    if (t2 == std::string_view::npos) continue;
    out.push_back({std::string(line.substr(0, t1)), std::string(line.substr(t1 + 1, t2 - t1 - 1)),
                   std::string(line.substr(t2 + 1))});
  }
  std::stable_sort(out.begin(), out.end(), [](const Erratum& a, const Erratum& b) {
    return a.damaged.size() > b.damaged.size();
  });
  return out;
}

const std::vector<Erratum>& builtin_errata() {
  static const std::vector<Erratum> all = parse_errata(builtin_resource("data/errata.tsv"));
  return all;
}

}  // namespace novelbind
