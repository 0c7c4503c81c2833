#include "render/labels.h"

#include <array>
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

// Whether `language`'s primary subtag is a Chinese one (zh, or a Chinese language's own code).
bool is_chinese(const std::string& language) {
  const std::string primary = language.substr(0, language.find('-'));
  for (const char* code : {"zh", "yue", "lzh", "cmn", "wuu", "hak", "nan", "gan", "hsn", "cdo"})
    if (primary == code) return true;
  return false;
}

// key -> {Traditional, Simplified, English}
const std::map<std::string, std::array<std::string, 3>>& table() {
  static const auto all = [] {
    std::map<std::string, std::array<std::string, 3>> out;
    for_each_tsv_row(
        builtin_resource("data/labels.tsv"), 4, [&](const std::vector<std::string_view>& f) {
          out[std::string(f[0])] = {std::string(f[1]), std::string(f[2]), std::string(f[3])};
        });
    return out;
  }();
  return all;
}

}  // namespace

Labels labels_for(const std::string& language) {
  const std::size_t column = is_simplified(language) ? 1 : is_chinese(language) ? 0 : 2;
  auto get = [&](const char* key) {
    auto it = table().find(key);
    if (it == table().end()) return std::string();
    return it->second[column];
  };
  return {get("cover"),    get("titlepage"), get("intro"),
          get("contents"), get("landmarks"), get("notes")};
}

}  // namespace novelbind
