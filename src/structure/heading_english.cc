#include "structure/heading_english.h"

#include <cctype>
#include <vector>

#include "base/utf8.h"
#include "structure/heading_numeral.h"
#include "structure/heading_words.h"

namespace novelbind {
namespace {

bool starts_with_ci(std::string_view t, std::string_view word) {
  if (t.size() < word.size()) return false;
  for (size_t i = 0; i < word.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(t[i])) != word[i]) return false;
  return true;
}

// The Latin word at `p` when it is one of `list`, followed by a non-letter: its length.
size_t english_word(std::string_view t, size_t p, const std::vector<std::string>& list) {
  for (const std::string& word : list) {
    if (!starts_with_ci(t.substr(p), word)) continue;
    size_t e = p + word.size();
    if (e < t.size() && std::isalpha(static_cast<unsigned char>(t[e]))) continue;
    return word.size();
  }
  return 0;
}

}  // namespace

size_t english_heading_form(std::string_view t, size_t p, HeadingShape* s, std::string* form) {
  const HeadingWords& w = heading_words();
  if (size_t n = english_word(t, p, w.english_before)) {
    s->place = HeadingPlace::kBefore;
    s->keyword = s->strong = true;
    *form = "word";
    return p + n;
  }
  if (size_t n = english_word(t, p, w.english_after)) {
    s->place = HeadingPlace::kAfter;
    s->keyword = s->strong = true;
    *form = "word";
    return p + n;
  }
  bool volume = false;
  size_t n = english_word(t, p, w.english_chapter);
  if (!n) {
    n = english_word(t, p, w.english_volume);
    volume = n > 0;
  }
  if (n) {
    size_t k = p + n;
    while (k < t.size() && (t[k] == ' ' || t[k] == '.' || t[k] == ':' || t[k] == '\t')) ++k;
    size_t e = k;
    while (e < t.size() && std::isalnum(static_cast<unsigned char>(t[e]))) ++e;
    // twenty-one
    if (e < t.size() && t[e] == '-' && e + 1 < t.size() && std::isalpha((unsigned char)t[e + 1])) {
      ++e;
      while (e < t.size() && std::isalpha(static_cast<unsigned char>(t[e]))) ++e;
    }
    std::string_view number = t.substr(k, e - k);
    if (number.empty()) return 0;
    if (std::isdigit(static_cast<unsigned char>(number[0]))) {
      for (char c : number)
        if (!std::isdigit(static_cast<unsigned char>(c))) return 0;
      set_heading_number(s, number);
    } else if (auto r = parse_roman(number)) {
      s->number = r;
      s->style = NumeralStyle::kRoman;
    } else if (auto en = parse_english_number(number)) {
      s->number = en;
      s->style = NumeralStyle::kEnglish;
    } else {
      return 0;
    }
    s->strong = true;
    s->kind = volume ? HeadingKind::kVolume : HeadingKind::kChapter;
    *form = "en:" + utf8::ascii_lower(t.substr(p, n));
    return e;
  }
  // A bare Roman numeral needs a separator or the end of the line (IV. The Storm; I am…).
  size_t e = p;
  while (e < t.size() && std::string_view("IVXLCDM").find(t[e]) != std::string_view::npos) ++e;
  if (e == p || (e < t.size() && std::string_view(".:、").find(t[e]) == std::string_view::npos &&
                 t.substr(e, 3) != "、" && t.substr(e, 3) != "．")) {
    return 0;
  }
  auto r = parse_roman(t.substr(p, e - p));
  if (!r) return 0;
  s->number = r;
  s->style = NumeralStyle::kRoman;
  *form = "bare|R";
  return e;
}

}  // namespace novelbind
