#include "render/labels.h"

#include <map>
#include <string_view>

#include "base/resources.h"
#include "base/tsv.h"

namespace novelbind {
namespace {

bool is_simplified(const std::string& language) {
  for (const char* prefix : {"zh-Hans", "zh-CN", "zh-SG"}) {
    std::string_view p(prefix);
    if (language.compare(0, p.size(), p) == 0 &&
        (language.size() == p.size() || language[p.size()] == '-'))
      return true;
  }
  return false;
}

// key -> {Traditional, Simplified}
const std::map<std::string, std::pair<std::string, std::string>>& table() {
  static const auto all = [] {
    std::map<std::string, std::pair<std::string, std::string>> out;
    for_each_tsv_row(builtin_resource("data/labels.tsv"), 3,
                     [&](const std::vector<std::string_view>& f) {
                       out[std::string(f[0])] = {std::string(f[1]), std::string(f[2])};
                     });
    return out;
  }();
  return all;
}

}  // namespace

Labels labels_for(const std::string& language) {
  bool simplified = is_simplified(language);
  auto get = [&](const char* key) {
    auto it = table().find(key);
    if (it == table().end()) return std::string();
    return simplified ? it->second.second : it->second.first;
  };
  return {get("cover"),    get("titlepage"), get("intro"),
          get("contents"), get("landmarks"), get("notes")};
}

}  // namespace novelbind
