#include "structure/heading_shape.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

#include "base/resources.h"
#include "base/utf8.h"
#include "structure/chinese_number.h"

namespace novelbind {
namespace {

struct Words {
  std::u32string chapter_markers, volume_markers, volume_prefixes, attached_title_markers;
  std::u32string separators;
  std::vector<std::u32string> not_headings;                 // marker + following character
  std::vector<std::pair<std::string, HeadingPlace>> words;  // longest first
  std::vector<std::string> prefixes, ornaments;             // longest first
  std::vector<std::pair<char32_t, char32_t>> wrappers;
  std::vector<std::string> english_chapter, english_volume, english_before, english_after;
  std::vector<std::string> contents_labels;  // without spaces, lower case
  std::map<char32_t, char32_t> fold;         // Traditional -> Simplified, for heading words
  std::string front_title;
};

// Titles longer than this that end like a sentence (！？…) are story text.
constexpr size_t kMaxExclaimedTitle = 20;
// Attached titles (第三章風起, no separator) longer than this may not end like a sentence.
constexpr size_t kMaxExclaimedAttachedTitle = 10;

bool has(std::u32string_view set, char32_t cp) {
  return set.find(cp) != std::u32string_view::npos;
}

std::u32string decode(std::string_view text) {
  std::u32string out;
  for (size_t i = 0; i < text.size();) out += utf8::next(text, &i);
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

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

Words parse_words(std::string_view text) {
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
    for (std::string_view w : keys[key]) out += decode(w);
    return out;
  };
  auto strings = [&](const char* key, bool lowered) {
    std::vector<std::string> out;
    for (std::string_view w : keys[key]) out.push_back(lowered ? lower(w) : std::string(w));
    std::stable_sort(out.begin(), out.end(),
                     [](const auto& a, const auto& b) { return a.size() > b.size(); });
    return out;
  };
  Words w;
  w.chapter_markers = chars("chapter_markers");
  w.volume_markers = chars("volume_markers");
  w.volume_prefixes = chars("volume_prefixes");
  w.attached_title_markers = chars("attached_title_markers");
  w.separators = chars("separators");
  for (std::string_view pair : keys["not_headings"]) w.not_headings.push_back(decode(pair));
  for (std::string_view word : keys["before_words"])
    w.words.emplace_back(std::string(word), HeadingPlace::kBefore);
  for (std::string_view word : keys["after_words"])
    w.words.emplace_back(std::string(word), HeadingPlace::kAfter);
  std::stable_sort(w.words.begin(), w.words.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  w.prefixes = strings("prefixes", false);
  w.ornaments = strings("ornaments", false);
  for (std::string_view pair : keys["wrappers"]) {
    std::u32string p = decode(pair);
    if (p.size() == 2) w.wrappers.emplace_back(p[0], p[1]);
  }
  w.english_chapter = strings("english_chapter", true);
  w.english_volume = strings("english_volume", true);
  w.english_before = strings("english_before", true);
  w.english_after = strings("english_after", true);
  w.contents_labels = strings("contents_labels", true);
  for (std::string_view pair : keys["fold"]) {
    std::u32string p = decode(pair);
    if (p.size() == 2) w.fold[p[0]] = p[1];
  }
  if (!keys["front_title"].empty()) w.front_title = std::string(keys["front_title"].front());
  return w;
}

const Words& words() {
  static const Words w = parse_words(builtin_resource("data/headings.txt"));
  return w;
}

char32_t at(std::string_view t, size_t i) {
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

// True when a title reads like the end of a sentence of story text rather than a title.
bool ends_like_sentence(std::string_view title, size_t limit) {
  size_t end = title.size();
  char32_t last = 0;
  while (end > 0) {
    last = utf8::previous(title, &end);
    // Look through closing quotes and brackets: 他說：「走吧。」
    if (!has(U"”’」』）)】》\"'", last)) break;
  }
  if (has(U"。，；：,;:", last)) return true;
  return has(U"！？!?…", last) && utf8::length(title) > limit;
}

bool is_dialogue(char32_t c) {
  return has(U"，。；：、“”「」『』,;", c);
}

bool is_arabic(char32_t c) {
  return (c >= '0' && c <= '9') || (c >= 0xFF10 && c <= 0xFF19);
}

// A numeral at `p`, possibly with single spaces between its characters (第　一　回): returns
// its end and its characters without the spaces, or end == p when there is none.
size_t read_numeral(std::string_view t, size_t p, bool spaced, std::string* numeral) {
  size_t end = p;
  size_t i = p;
  while (i < t.size()) {
    size_t n = numeral_prefix_length(t.substr(i));
    if (n == 0) break;
    numeral->append(t.substr(i, n));
    i += n;
    end = i;
    if (!spaced) break;
    size_t k = skip_spaces(t, i);
    if (k == i || k - i > 3 || numeral_prefix_length(t.substr(k)) == 0) break;
    i = k;
  }
  return end;
}

NumeralStyle style_of(std::string_view numeral) {
  char32_t first = at(numeral, 0);
  if (first >= 0xFF10 && first <= 0xFF19) return NumeralStyle::kFullWidth;
  if (first >= '0' && first <= '9')
    return first == '0' && numeral.size() > 1 ? NumeralStyle::kZeroPadded : NumeralStyle::kArabic;
  for (size_t i = 0; i < numeral.size();)
    if (has(U"壹贰貳叁參叄肆伍陆陸柒捌玖拾佰仟", utf8::next(numeral, &i)))
      return NumeralStyle::kFinancial;
  return NumeralStyle::kChinese;
}

// The separator class after a number: "" (none: the title is attached), " ", ".", "、", ":", "-".
std::string separator_class(std::string_view t, size_t from, size_t to) {
  std::string cls;
  for (size_t i = from; i < to;) {
    char32_t c = utf8::next(t, &i);
    if (utf8::is_space(c)) {
      if (cls.empty()) cls = " ";
      continue;
    }
    if (has(U".．·・", c)) cls = ".";
    if (has(U"、，,", c)) cls = "、";
    if (has(U"：:", c)) cls = ":";
    if (has(U"-－—―", c)) cls = "-";
    if (!cls.empty() && cls != " ") break;
  }
  return cls;
}

// Where the title starts after the number or word ending at `pos`: spaces and separators
// are skipped. `separated` says whether any were.
size_t title_start(std::string_view t, size_t pos, bool* separated) {
  const Words& w = words();
  size_t k = pos;
  *separated = false;
  while (k < t.size()) {
    size_t next = k;
    char32_t c = utf8::next(t, &next);
    if (!utf8::is_space(c) && !has(w.separators, c) && c != U'，' && c != ',') break;
    *separated = true;
    k = next;
  }
  return k;
}

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

struct Parser {
  std::string_view t;
  const Words& w = words();
  char32_t closer_ = 0;  // the bracket that closes the one the heading opened with

  // Whether a title may not start at `title` after a number ending at `e`: it follows
  // without a separator (一切, 序幕拉開) and no closing bracket stands between.
  bool glued(size_t e, size_t title, bool separated) const {
    return title < t.size() && !separated && !(closer_ && at(t, skip_spaces(t, e)) == closer_);
  }

  std::optional<HeadingShape> run() {
    HeadingShape s;
    if (is_contents_label()) {
      s.key = "contents";
      s.contents_label = true;
      s.title_offset = t.size();
      return s;
    }
    size_t p = 0;
    std::string prefix;
    bool ornament = false;
    for (const std::string& x : w.prefixes) {
      if (t.substr(0, x.size()) == x) {
        prefix = x;
        p = skip_spaces(t, x.size());
        break;
      }
    }
    if (prefix.empty()) {
      for (const std::string& x : w.ornaments) {
        if (t.substr(0, x.size()) != x) continue;
        size_t after = x.size();
        // Markdown's # needs a space; a run of ornaments is decoration, not a heading.
        if (x[0] == '#' && (after >= t.size() || t[after] != ' ')) continue;
        prefix = x;
        ornament = true;
        p = skip_spaces(t, after);
        break;
      }
    }
    char32_t closer = 0;
    std::string opener;
    for (auto [open, close] : w.wrappers) {
      if (at(t, p) != open) continue;
      size_t k = p;
      utf8::next(t, &k);
      opener = std::string(t.substr(p, k - p));
      closer = close;
      closer_ = close;
      p = skip_spaces(t, k);
      break;
    }
    std::string form;
    size_t end = form_at(p, &s, &form);
    if (end == 0) {
      // An ornament before a title alone (☆、雪夜) is a scheme of its own.
      if (!ornament || !opener.empty() || p >= t.size()) return std::nullopt;
      s.key = "ornament|" + prefix;
      s.title_offset = p;
      if (ends_like_sentence(t.substr(p), kMaxExclaimedTitle)) return std::nullopt;
      return s;
    }
    std::string close_text;
    if (closer) {
      size_t k = skip_spaces(t, end);
      if (at(t, k) == closer) {
        size_t after = k;
        utf8::next(t, &after);
        close_text = std::string(t.substr(k, after - k));
        end = after;
      } else {
        // The whole heading in brackets: 【第一章 風起】.
        size_t last = t.size();
        if (utf8::previous(t, &last) != closer) return std::nullopt;
        close_text = "…" + std::string(t.substr(last));
        t = t.substr(0, last);
      }
    }
    bool separated = false;
    size_t title = title_start(t, end, &separated);
    std::string_view title_text = t.substr(title);
    std::string sep = separator_class(t, end, title);
    bool bare = form.rfind("bare", 0) == 0;
    if (!title_text.empty()) {
      if (!separated && close_text.empty()) {
        if (!attached_ok(form, title_text)) return std::nullopt;
        if (ends_like_sentence(title_text, kMaxExclaimedAttachedTitle)) return std::nullopt;
      } else if (ends_like_sentence(title_text, kMaxExclaimedTitle)) {
        return std::nullopt;
      }
      // 3.14, 1,000: a number, not a heading.
      if (bare && sep != " " && is_arabic(at(title_text, 0))) return std::nullopt;
    }
    s.key = prefix + "|" + opener + form + close_text + (bare ? "|" + sep : "");
    s.title_offset = title;
    if (s.kind == HeadingKind::kVolume && !title_text.empty()) find_chapter_inside(&s, title);
    return s;
  }

  bool is_contents_label() const {
    std::string bare;
    for (size_t i = 0; i < t.size();) {
      size_t b = i;
      char32_t c = utf8::next(t, &i);
      if (utf8::is_space(c) || has(U"：:【】[]=＝-—", c)) continue;
      bare += t.substr(b, i - b);
    }
    bare = lower(bare);
    for (const std::string& label : w.contents_labels)
      if (bare == label) return true;
    return false;
  }

  // Whether a title may follow the number directly, without a separator.
  bool attached_ok(const std::string& form, std::string_view title) const {
    char32_t first = at(title, 0);
    for (size_t i = 0; i < title.size();)
      if (is_dialogue(utf8::next(title, &i))) return false;
    if (form.rfind("第", 0) == 0) {
      // form is "第" + marker
      std::u32string m = decode(form.substr(std::string_view("第").size()));
      if (m.empty() || !has(w.attached_title_markers, m[0])) return false;
      for (const std::u32string& pair : w.not_headings)
        if (pair.size() == 2 && pair[0] == m[0] && pair[1] == first) return false;
      return true;
    }
    // A bare Arabic number may carry its title (49上岛城); a Chinese numeral may not: 一切,
    // 三人 and 十分 begin sentences.
    return form.rfind("bare|A", 0) == 0 && first >= 0x2E80 && !is_arabic(first);
  }

  char32_t folded(char32_t c) const {
    auto it = w.fold.find(c);
    return it == w.fold.end() ? c : it->second;
  }

  // The end of `word` at `p`, its characters standing apart or not (尾 声, 序　章), or 0.
  size_t spaced_word(size_t p, std::string_view word) const {
    if (t.substr(p, word.size()) == word) return p + word.size();
    size_t k = p;
    for (size_t i = 0; i < word.size();) {
      char32_t c = utf8::next(word, &i);
      if (k != p) {
        size_t q = skip_spaces(t, k);
        if (q - k > 3) return 0;
        k = q;
      }
      if (k >= t.size() || folded(at(t, k)) != folded(c)) return 0;
      utf8::next(t, &k);
    }
    return k;
  }

  // The form of the heading at `p` (第N章, heading word, 卷N, English, bare numeral): fills
  // `s` and `form` and returns where it ends, or 0 when there is none.
  size_t form_at(size_t p, HeadingShape* s, std::string* form) {
    if (p >= t.size()) return 0;
    if (at(t, p) == U'第') {
      size_t k = skip_spaces(t, p + std::string_view("第").size());
      std::string numeral;
      size_t e = read_numeral(t, k, true, &numeral);
      if (e == k) return 0;
      e = skip_spaces(t, e);
      size_t after = e;
      char32_t marker = e < t.size() ? utf8::next(t, &after) : 0;
      if (has(w.chapter_markers, marker)) {
        s->kind = HeadingKind::kChapter;
      } else if (has(w.volume_markers, marker)) {
        s->kind = HeadingKind::kVolume;
      } else {
        return 0;
      }
      set_number(s, numeral);
      s->strong = true;
      *form = "第" + std::string(t.substr(e, after - e));
      return after;
    }
    for (const auto& [word, place] : w.words) {
      size_t k = spaced_word(p, word);
      if (k == 0) continue;
      s->place = place;
      s->keyword = s->strong = true;
      size_t at_number = skip_spaces(t, k);
      std::string numeral;
      size_t e = read_numeral(t, at_number, false, &numeral);
      if (e > at_number) {
        // 番外二：歸途 has a number; 尾声 二十年后 has a title that starts with one.
        size_t after = t.substr(e, 3) == "篇" ? e + 3 : e;
        bool separated = false;
        size_t title = title_start(t, after, &separated);
        if (!glued(after, title, separated)) {
          set_number(s, numeral);
          k = e;
        }
      }
      if (t.substr(k, 3) == "篇") k += 3;
      bool separated = false;
      size_t title = title_start(t, k, &separated);
      if (glued(k, title, separated)) return 0;  // 序幕拉開, 番外地
      *form = "word";
      return k;
    }
    if (has(w.volume_prefixes, at(t, p))) {  // 卷一, 卷 12：北伐
      size_t k = p;
      char32_t marker = utf8::next(t, &k);
      k = skip_spaces(t, k);
      std::string numeral;
      size_t e = read_numeral(t, k, false, &numeral);
      if (e > k) {
        bool separated = false;
        size_t title = title_start(t, e, &separated);
        if (glued(e, title, separated)) return 0;
        set_number(s, numeral);
        s->kind = HeadingKind::kVolume;
        s->strong = true;
        std::string m;
        utf8::append(&m, marker);
        *form = m + "N";
        return e;
      }
    }
    if (p < t.size() && std::isalpha(static_cast<unsigned char>(t[p]))) return english(p, s, form);
    std::string numeral;
    size_t e = read_numeral(t, p, false, &numeral);
    if (e > p) {
      set_number(s, numeral);
      bool arabic = s->style == NumeralStyle::kArabic || s->style == NumeralStyle::kZeroPadded ||
                    s->style == NumeralStyle::kFullWidth;
      *form = std::string("bare|") + (arabic ? "A" : "C");
      // 12章 (a marker without 第)
      size_t after = e;
      char32_t marker = e < t.size() ? utf8::next(t, &after) : 0;
      if (has(w.chapter_markers, marker) || has(w.volume_markers, marker)) {
        if (has(w.volume_markers, marker)) s->kind = HeadingKind::kVolume;
        *form += std::string(t.substr(e, after - e));
        return after;
      }
      if (!arabic) {
        // A Chinese numeral needs a separator or the end of the line: 一切 and 三人 are words.
        bool separated = false;
        size_t title = title_start(t, e, &separated);
        if (glued(e, title, separated)) return 0;
      }
      return e;
    }
    char32_t c = at(t, p);
    if (c >= 0x2160 && c <= 0x217F) {  // Ⅻ
      size_t k = p;
      utf8::next(t, &k);
      s->number = parse_roman(t.substr(p, k - p));
      s->style = NumeralStyle::kRoman;
      *form = "bare|R";
      return k;
    }
    return 0;
  }

  size_t english(size_t p, HeadingShape* s, std::string* form) {
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
      if (e < t.size() && t[e] == '-' && e + 1 < t.size() &&
          std::isalpha((unsigned char)t[e + 1])) {
        ++e;
        while (e < t.size() && std::isalpha(static_cast<unsigned char>(t[e]))) ++e;
      }
      std::string_view number = t.substr(k, e - k);
      if (number.empty()) return 0;
      if (std::isdigit(static_cast<unsigned char>(number[0]))) {
        for (char c : number)
          if (!std::isdigit(static_cast<unsigned char>(c))) return 0;
        set_number(s, std::string(number));
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
      *form = "en:" + lower(t.substr(p, n));
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

  void set_number(HeadingShape* s, const std::string& numeral) {
    s->style = style_of(numeral);
    s->number = parse_number(numeral);
    s->malformed = !s->number.has_value();
  }

  // "第一卷 風起 第一章 少年": a chapter heading after a space inside the volume's title.
  void find_chapter_inside(HeadingShape* s, size_t from) {
    char32_t before = U' ';
    for (size_t p = from; p < t.size();) {
      size_t q = p;
      char32_t c = utf8::next(t, &q);
      if (c == U'第' && utf8::is_space(before)) {
        auto inner = Parser{t.substr(p)}.run();
        if (inner && inner->kind == HeadingKind::kChapter && !inner->keyword) {
          s->chapter_offset = p;
          return;
        }
      }
      before = c;
      p = q;
    }
  }
};

}  // namespace

std::optional<HeadingShape> parse_heading_shape(std::string_view line) {
  if (line.empty()) return std::nullopt;
  return Parser{line}.run();
}

std::string_view heading_title(std::string_view line, const HeadingShape& shape) {
  if (shape.title_offset >= line.size()) return {};
  std::string_view title = utf8::trim(line.substr(shape.title_offset));
  // A title inside brackets that wrap the whole heading: drop the closing one.
  if (!title.empty()) {
    size_t end = title.size();
    char32_t last = utf8::previous(title, &end);
    if (has(U"】〕〗］", last)) title = utf8::trim(title.substr(0, end));
  }
  return title;
}

std::optional<long long> parse_roman(std::string_view numeral) {
  if (numeral.empty() || numeral.size() > 15) return std::nullopt;
  size_t i = 0;
  char32_t first = utf8::next(numeral, &i);
  if (first >= 0x2160 && first <= 0x216B && i == numeral.size()) return first - 0x2160 + 1;
  if (first >= 0x2170 && first <= 0x217B && i == numeral.size()) return first - 0x2170 + 1;
  auto value = [](char c) -> int {
    switch (std::toupper(static_cast<unsigned char>(c))) {
      case 'I':
        return 1;
      case 'V':
        return 5;
      case 'X':
        return 10;
      case 'L':
        return 50;
      case 'C':
        return 100;
      case 'D':
        return 500;
      case 'M':
        return 1000;
      default:
        return 0;
    }
  };
  // Mixed case (Mix, Dim) is a word, not a numeral.
  bool upper = std::isupper(static_cast<unsigned char>(numeral[0]));
  long long total = 0;
  for (size_t k = 0; k < numeral.size(); ++k) {
    int v = value(numeral[k]);
    if (v == 0 || (std::isupper(static_cast<unsigned char>(numeral[k])) != 0) != upper)
      return std::nullopt;
    int next = k + 1 < numeral.size() ? value(numeral[k + 1]) : 0;
    total += next > v ? -v : v;
  }
  if (total <= 0) return std::nullopt;
  // Only the canonical spelling: IIII, VX and IC are not numerals.
  static const char* const kOnes[] = {"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"};
  static const char* const kTens[] = {"", "X", "XX", "XXX", "XL", "L", "LX", "LXX", "LXXX", "XC"};
  static const char* const kHundreds[] = {"",  "C",  "CC",  "CCC",  "CD",
                                          "D", "DC", "DCC", "DCCC", "CM"};
  if (total >= 4000) return std::nullopt;
  std::string canonical(static_cast<size_t>(total / 1000), 'M');
  canonical += kHundreds[total / 100 % 10];
  canonical += kTens[total / 10 % 10];
  canonical += kOnes[total % 10];
  std::string given(numeral);
  for (char& c : given) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (given != canonical) return std::nullopt;
  return total;
}

std::optional<long long> parse_english_number(std::string_view word) {
  static const char* const kSmall[] = {"zero",    "one",     "two",       "three",    "four",
                                       "five",    "six",     "seven",     "eight",    "nine",
                                       "ten",     "eleven",  "twelve",    "thirteen", "fourteen",
                                       "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
  static const char* const kTens[] = {"",      "",      "twenty",  "thirty", "forty",
                                      "fifty", "sixty", "seventy", "eighty", "ninety"};
  std::string w = lower(word);
  auto small = [](std::string_view s) -> std::optional<long long> {
    for (int i = 1; i < 20; ++i)
      if (s == kSmall[i]) return i;
    return std::nullopt;
  };
  if (auto v = small(w)) return v;
  size_t dash = w.find('-');
  std::string_view tens = std::string_view(w).substr(0, dash);
  for (int i = 2; i < 10; ++i) {
    if (tens != kTens[i]) continue;
    if (dash == std::string::npos) return i * 10;
    auto unit = small(std::string_view(w).substr(dash + 1));
    if (unit && *unit < 10) return i * 10 + *unit;
  }
  return std::nullopt;
}

const std::string& front_section_title() {
  return words().front_title;
}

}  // namespace novelbind
