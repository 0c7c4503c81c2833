#include "script_detect.h"

#include <algorithm>

#include "opencc_converter.h"

namespace novelbind {
namespace {

// A configuration that only loads one dictionary, so that its entries can be read.
std::string single_dictionary_config(const std::string& file) {
  return R"({"name":")" + file +
         R"(","segmentation":{"type":"mmseg","dict":{"type":"ocd2","file":")" + file +
         R"("}},"conversion_chain":[{"dict":{"type":"ocd2","file":")" + file + R"("}}]})";
}

// Characters `file` converts without ever keeping them as they are.
Result<CodepointSet> one_script_only(const std::string& file) {
  auto dict = OpenccConverter::load(single_dictionary_config(file), file);
  if (!dict) return dict.status();
  CodepointSet set;
  for (const auto& entries : dict->dictionaries()) {
    for (const OpenccConverter::Entry& e : entries) {
      std::size_t len = 0;
      if (e.key.empty() || decode_utf8(e.key, 0, &len) == kInvalidCodepoint || len != e.key.size())
        continue;
      if (std::find(e.values.begin(), e.values.end(), e.key) == e.values.end())
        set.insert(decode_utf8(e.key, 0, &len));
    }
  }
  if (set.size() == 0)
    return Status::Error("OpenCC dictionary " + file + " has no entries; reinstall OpenCC's data");
  return set;
}

}  // namespace

Result<ScriptDetector> ScriptDetector::load() {
  auto simplified = one_script_only("STCharacters.ocd2");
  if (!simplified) return simplified.status();
  auto traditional = one_script_only("TSCharacters.ocd2");
  if (!traditional) return traditional.status();
  ScriptDetector d;
  d.simplified_only_ = std::move(*simplified);
  d.traditional_only_ = std::move(*traditional);
  return d;
}

void ScriptDetector::count(std::string_view text, ScriptCounts* counts) const {
  std::size_t len = 0;
  for (std::size_t i = 0; i < text.size(); i += len) {
    // ASCII says nothing about the script; skip it without decoding.
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      len = 1;
      continue;
    }
    char32_t cp = decode_utf8(text, i, &len);
    if (simplified_only_.contains(cp))
      ++counts->simplified_only;
    else if (traditional_only_.contains(cp))
      ++counts->traditional_only;
  }
}

const Result<ScriptDetector>& script_detector() {
  static const Result<ScriptDetector> detector = ScriptDetector::load();
  return detector;
}

std::string classify_script(const ScriptCounts& c) {
  if (c.simplified_only > 0 && c.traditional_only > 0) return "mixed";
  if (c.simplified_only > 0) return "zh-Hans";
  if (c.traditional_only > 0) return "zh-Hant";
  return "";
}

std::string dominant_script(const ScriptCounts& c) {
  if (c.simplified_only > c.traditional_only) return "zh-Hans";
  if (c.traditional_only > c.simplified_only) return "zh-Hant";
  return "";
}

}  // namespace novelbind
