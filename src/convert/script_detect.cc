#include "convert/script_detect.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "convert/opencc_converter.h"

namespace novelbind {
namespace {

// Every entry of a dictionary: key -> values, single characters only.
Result<std::vector<std::pair<char32_t, std::vector<char32_t>>>> character_entries(
    const std::string& file) {
  auto entries = OpenccConverter::dictionary_entries(file);
  if (!entries) return entries.status();
  std::vector<std::pair<char32_t, std::vector<char32_t>>> out;
  for (const OpenccConverter::Entry& e : *entries) {
    std::size_t len = 0;
    char32_t key = utf8::decode_strict(e.key, 0, &len);
    if (key == utf8::kInvalid || len != e.key.size()) continue;
    std::vector<char32_t> values;
    for (const std::string& v : e.values) {
      char32_t cp = utf8::decode_strict(v, 0, &len);
      if (cp != utf8::kInvalid && len == v.size()) values.push_back(cp);
    }
    out.emplace_back(key, std::move(values));
  }
  return out;
}

// The entries whose key is one of its own values among others (后 -> 後 后), as key -> the
// other values, sorted by key.
std::vector<std::pair<char32_t, std::vector<char32_t>>> one_of_several(
    const std::vector<std::pair<char32_t, std::vector<char32_t>>>& entries) {
  std::vector<std::pair<char32_t, std::vector<char32_t>>> out;
  for (const auto& [key, values] : entries) {
    if (values.size() < 2 || std::find(values.begin(), values.end(), key) == values.end()) continue;
    std::vector<char32_t> others;
    for (char32_t v : values)
      if (v != key) others.push_back(v);
    out.emplace_back(key, std::move(others));
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

const std::vector<char32_t>* ScriptDetector::other_forms(char32_t cp, bool to_traditional) const {
  const auto& forms = to_traditional ? to_traditional_forms_ : to_simplified_forms_;
  auto it = std::lower_bound(forms.begin(), forms.end(), cp,
                             [](const auto& e, char32_t c) { return e.first < c; });
  return it != forms.end() && it->first == cp ? &it->second : nullptr;
}

Result<ScriptDetector> ScriptDetector::load() {
  auto st = character_entries("STCharacters.ocd2");
  if (!st) return st.status();
  auto ts = character_entries("TSCharacters.ocd2");
  if (!ts) return ts.status();
  ScriptDetector d;
  // Converted and never kept as they are: only one script writes them.
  for (auto [entries, set] : {std::pair{&*st, &d.simplified_only_}, {&*ts, &d.traditional_only_}}) {
    for (const auto& [key, values] : *entries)
      if (std::find(values.begin(), values.end(), key) == values.end()) set->insert(key);
    if (set->size() == 0)
      return Status::Error(
          "OpenCC dictionary " +
          std::string(set == &d.simplified_only_ ? "STCharacters" : "TSCharacters") +
          ".ocd2 has no entries; reinstall OpenCC's data");
  }
  for (const auto& [key, values] : *st)
    if (!values.empty()) d.to_traditional_first_.emplace(key, values.front());
  for (const auto& [key, values] : *ts)
    if (!values.empty()) d.to_simplified_first_.emplace(key, values.front());

  // Variant groups, keyed by OpenCC's standard form.
  std::map<char32_t, VariantGroup> groups;
  for (bool taiwan : {true, false}) {
    auto entries = character_entries(taiwan ? "TWVariants.ocd2" : "HKVariants.ocd2");
    if (!entries) return entries.status();
    auto& first = taiwan ? d.taiwan_first_ : d.hong_kong_first_;
    for (const auto& entry : *entries) {
      // Named, not a structured binding: clang 14 (the fuzz build) cannot capture those.
      const char32_t key = entry.first;
      const auto& values = entry.second;
      if (!values.empty()) first.emplace(key, values.front());
      auto form = std::find_if(values.begin(), values.end(), [&](char32_t v) { return v != key; });
      if (form == values.end()) continue;
      VariantGroup& g = groups[key];
      g.standard = key;
      (taiwan ? g.taiwan : g.hong_kong) = *form;
    }
  }
  for (auto& [key, g] : groups) {
    if (!g.taiwan) g.taiwan = key;
    if (!g.hong_kong) g.hong_kong = key;
    for (char32_t m : {g.standard, g.taiwan, g.hong_kong}) d.tracked_.insert(m);
    d.groups_.push_back(g);
  }
  d.to_traditional_forms_ = one_of_several(*st);
  d.to_simplified_forms_ = one_of_several(*ts);
  for (const auto* forms : {&d.to_traditional_forms_, &d.to_simplified_forms_}) {
    for (const auto& [key, others] : *forms) {
      d.tracked_.insert(key);
      for (char32_t o : others) d.tracked_.insert(o);
    }
  }
  d.index_plane0();
  return d;
}

std::uint8_t ScriptDetector::classes(char32_t cp) const {
  return static_cast<std::uint8_t>((simplified_only_.contains(cp) ? kSimplifiedOnly : 0) |
                                   (traditional_only_.contains(cp) ? kTraditionalOnly : 0) |
                                   (tracked_.contains(cp) ? kTracked : 0));
}

void ScriptDetector::index_plane0() {
  plane0_.resize(0x10000);
  for (char32_t cp = 0; cp < 0x10000; ++cp) plane0_[cp] = classes(cp);
}

void ScriptDetector::count(std::string_view text, ScriptCounts* counts, bool usage) const {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t size = text.size();
  std::size_t len = 0, simplified = 0, traditional = 0;
  for (std::size_t i = 0; i < size; i += len) {
    // ASCII says nothing about the script; skip it without decoding.
    if (bytes[i] < 0x80) {
      len = 1;
      continue;
    }
    const char32_t cp = utf8::decode_strict(text, i, &len);
    const std::uint8_t c = cp < 0x10000 ? plane0_[cp] : classes(cp);
    // Counted without a branch: which of the two a character is cannot be foreseen.
    simplified += c & kSimplifiedOnly;
    traditional += (c & (kSimplifiedOnly | kTraditionalOnly)) == kTraditionalOnly;
    if (usage && (c & kTracked)) counts->add_use(cp);
  }
  counts->simplified_only += simplified;
  counts->traditional_only += traditional;
}

void ScriptDetector::ignore_simplified_kept_by(const std::string& conversion) {
  const auto& variants = conversion == "s2hk" ? hong_kong_first_ : taiwan_first_;
  auto step = [](const std::unordered_map<char32_t, char32_t>& map, char32_t cp) {
    auto it = map.find(cp);
    return it == map.end() ? cp : it->second;
  };
  std::vector<char32_t> kept;
  simplified_only_.for_each([&](char32_t cp) {
    if (step(variants, step(to_traditional_first_, cp)) == cp) kept.push_back(cp);
  });
  for (char32_t cp : kept) simplified_only_.erase(cp);
  index_plane0();
}

void ScriptDetector::ignore_simplified_kept_by(const OpenccConverter& to_traditional) {
  std::vector<char32_t> kept;
  simplified_only_.for_each([&](char32_t cp) {
    std::string ch;
    utf8::append(&ch, cp);
    if (to_traditional.convert(ch) == ch) kept.push_back(cp);
  });
  for (char32_t cp : kept) simplified_only_.erase(cp);
  index_plane0();
}

const Result<ScriptDetector>& script_detector(const std::string& target) {
  static std::mutex mutex;
  static std::map<std::string, Result<ScriptDetector>> detectors;  // nodes never move
  std::lock_guard<std::mutex> lock(mutex);
  std::string conversion = target == "zh-TW"   ? "s2tw"
                           : target == "zh-HK" ? "s2hk"
                           : target == "auto"  ? "auto"
                                               : "";
  auto it = detectors.find(conversion);
  if (it != detectors.end()) return it->second;
  Result<ScriptDetector> detector = Status::Error("");
  if (conversion.empty()) {
    detector = ScriptDetector::load();
  } else {
    auto plain = detectors.find("");
    detector = plain != detectors.end() ? plain->second : ScriptDetector::load();
    for (const std::string& name : conversion == "auto" ? std::vector<std::string>{"s2tw", "s2hk"}
                                                        : std::vector<std::string>{conversion}) {
      if (detector) detector->ignore_simplified_kept_by(name);
    }
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
