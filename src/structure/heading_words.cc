#include "structure/heading_words.h"

#include <algorithm>
#include <cctype>

#include "base/resources.h"
#include "base/utf8.h"

namespace novelbind {
namespace {

std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    size_t b = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > b) out.push_back(text.substr(b, i - b));
  }
  return out;
}

}  // namespace

std::u32string to_utf32(std::string_view text) {
  std::u32string out;
  for (size_t i = 0; i < text.size();) out += utf8::next(text, &i);
  return out;
}

char32_t char_at(std::string_view t, size_t i) {
  return i < t.size() ? utf8::next(t, &i) : 0;
}

size_t skip_spaces(std::string_view t, size_t i) {
  while (i < t.size()) {
    size_t k = i;
    if (!utf8::is_space(utf8::next(t, &k))) break;
    i = k;
  }
  return i;
}

HeadingWords parse_heading_words(std::string_view text) {
  std::map<std::string, std::vector<std::string_view>> keys;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = utf8::trim(text.substr(start, end - start));
    start = end + 1;
    if (line.empty() || line[0] == '#') continue;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    keys[std::string(utf8::trim(line.substr(0, colon)))] = split_words(line.substr(colon + 1));
  }
  auto chars = [&](const char* key) {
    std::u32string out;
    for (std::string_view w : keys[key]) out += to_utf32(w);
    return out;
  };
  auto strings = [&](const char* key, bool lowered) {
    std::vector<std::string> out;
    for (std::string_view w : keys[key])
      out.push_back(lowered ? utf8::ascii_lower(w) : std::string(w));
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.size() > b.size(); });
    return out;
  };
  HeadingWords w;
  w.chapter_markers = chars("chapter_markers");
  w.volume_markers = chars("volume_markers");
  w.volume_prefixes = chars("volume_prefixes");
  w.attached_title_markers = chars("attached_title_markers");
  w.separators = chars("separators");
  for (std::string_view pair : keys["not_headings"]) w.not_headings.push_back(to_utf32(pair));
  for (std::string_view word : keys["before_words"])
    w.words.emplace_back(std::string(word), HeadingPlace::kBefore);
  for (std::string_view word : keys["after_words"])
    w.words.emplace_back(std::string(word), HeadingPlace::kAfter);
  std::stable_sort(w.words.begin(), w.words.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  w.prefixes = strings("prefixes", false);
  w.ornaments = strings("ornaments", false);
  for (std::string_view pair : keys["wrappers"]) {
    std::u32string p = to_utf32(pair);
    if (p.size() == 2) w.wrappers.emplace_back(p[0], p[1]);
  }
  w.english_chapter = strings("english_chapter", true);
  w.english_volume = strings("english_volume", true);
  w.english_before = strings("english_before", true);
  w.english_after = strings("english_after", true);
  w.contents_labels = strings("contents_labels", true);
  w.field_labels = strings("field_labels", false);
  w.end_marks = strings("end_marks", false);
  w.chapter_end_titles = strings("chapter_end_titles", false);
  for (std::string_view pair : keys["fold"]) {
    std::u32string p = to_utf32(pair);
    if (p.size() == 2) w.fold[p[0]] = p[1];
  }
  for (const auto& word : w.words) w.word_firsts += fold_char(w, char_at(word.first, 0));
  if (!keys["front_title"].empty()) w.front_title = std::string(keys["front_title"].front());
  return w;
}

const HeadingWords& heading_words() {
  static const HeadingWords w = parse_heading_words(builtin_resource("data/headings.txt"));
  return w;
}

}  // namespace novelbind
