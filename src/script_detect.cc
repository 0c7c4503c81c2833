#include "script_detect.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

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
      if (e.key.empty() || utf8::decode_strict(e.key, 0, &len) == utf8::kInvalid ||
          len != e.key.size())
        continue;
      if (std::find(e.values.begin(), e.values.end(), e.key) == e.values.end())
        set.insert(utf8::decode_strict(e.key, 0, &len));
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
    char32_t cp = utf8::decode_strict(text, i, &len);
    if (simplified_only_.contains(cp))
      ++counts->simplified_only;
    else if (traditional_only_.contains(cp))
      ++counts->traditional_only;
  }
}

void ScriptDetector::ignore_simplified_kept_by(const OpenccConverter& to_traditional) {
  std::vector<char32_t> kept;
  simplified_only_.for_each([&](char32_t cp) {
    std::string ch;
    utf8::append(&ch, cp);
    if (to_traditional.convert(ch) == ch) kept.push_back(cp);
  });
  for (char32_t cp : kept) simplified_only_.erase(cp);
}

const Result<ScriptDetector>& script_detector(const std::string& target) {
  static std::mutex mutex;
  static std::map<std::string, Result<ScriptDetector>> detectors;  // nodes never move
  std::lock_guard<std::mutex> lock(mutex);
  std::string conversion = target == "zh-TW" ? "s2tw" : target == "zh-HK" ? "s2hk" : "";
  auto it = detectors.find(conversion);
  if (it != detectors.end()) return it->second;
  Result<ScriptDetector> detector = Status::Error("");
  if (conversion.empty()) {
    detector = ScriptDetector::load();
  } else {
    auto plain = detectors.find("");
    detector = plain != detectors.end() ? plain->second : ScriptDetector::load();
    auto to_target = OpenccConverter::shared(conversion);
    if (!to_target)
      detector = to_target.status();
    else if (detector)
      detector->ignore_simplified_kept_by(**to_target);
  }
  return detectors.emplace(conversion, std::move(detector)).first->second;
}

std::string classify_script(const ScriptCounts& c) {
  std::size_t minority = std::min(c.simplified_only, c.traditional_only);
  std::size_t telling = c.simplified_only + c.traditional_only;
  if (minority > 0 && minority * 100 >= telling * kMixedPercent) return "mixed";
  return dominant_script(c);
}

std::string dominant_script(const ScriptCounts& c) {
  if (c.simplified_only > c.traditional_only) return "zh-Hans";
  if (c.traditional_only > c.simplified_only) return "zh-Hant";
  return "";
}

}  // namespace novelbind
