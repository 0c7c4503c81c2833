#include "clean/errata.h"

#include <algorithm>

#include "base/resources.h"
#include "base/tsv.h"

namespace novelbind {

std::vector<Erratum> parse_errata(std::string_view tsv) {
  std::vector<Erratum> out;
  for_each_tsv_row(tsv, 3, [&](const std::vector<std::string_view>& f) {
    out.push_back({std::string(f[0]), std::string(f[1]), std::string(f[2])});
  });
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
