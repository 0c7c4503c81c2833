#include "labels.h"

#include <map>
#include <string_view>

#include "resources.h"

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
    std::string_view tsv = builtin_resource("data/labels.tsv");
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
      out[std::string(line.substr(0, t1))] = {std::string(line.substr(t1 + 1, t2 - t1 - 1)),
                                              std::string(line.substr(t2 + 1))};
    }
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
  return {get("cover"), get("titlepage"), get("intro"), get("contents"), get("landmarks")};
}

}  // namespace novelbind
