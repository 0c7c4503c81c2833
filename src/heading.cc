#include "heading.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

#include "chinese_number.h"
#include "resources.h"
#include "utf8.h"

namespace novelbind {

struct HeadingWords {
  std::u32string chapter_markers;
  std::u32string volume_markers;
  std::u32string volume_prefixes;
  std::u32string attached_title_markers;
  std::u32string separators;
  std::vector<std::u32string> not_headings;                 // marker + following character
  std::vector<std::pair<std::string, HeadingPlace>> words;  // longest first
  std::string english_chapter;                              // lower case
  std::string front_title;
};

namespace {

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

HeadingWords parse_words(std::string_view text) {
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
  HeadingWords w;
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
  for (std::string_view word : keys["english_chapter"]) {
    w.english_chapter = std::string(word);
    for (char& c : w.english_chapter) c = static_cast<char>(std::tolower(c));
  }
  if (!keys["front_title"].empty()) w.front_title = std::string(keys["front_title"].front());
  return w;
}

const std::shared_ptr<const HeadingWords>& builtin_words() {
  static const std::shared_ptr<const HeadingWords> words =
      std::make_shared<const HeadingWords>(parse_words(builtin_resource("data/headings.txt")));
  return words;
}

size_t skip_spaces(std::string_view t, size_t i) {
  while (i < t.size()) {
    size_t k = i;
    if (!utf8::is_space(utf8::next(t, &k))) break;
    i = k;
  }
  return i;
}

char32_t code_point_at(std::string_view t, size_t i) {
  return i < t.size() ? utf8::next(t, &i) : 0;
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

}  // namespace

Result<HeadingRecognizer> HeadingRecognizer::create(const ChaptersConfig& config) {
  HeadingRecognizer r;
  r.words_ = builtin_words();
  r.max_length_ = static_cast<size_t>(std::max(1, config.heading_max_length));
  if (!config.heading.empty()) {
    auto compiled = UserPattern::compile(config.heading);
    if (!compiled)
      return Status::Error("[chapters] heading: " + compiled.message() +
                           "; fix the pattern in book.toml");
    r.user_ = std::make_shared<const UserPattern>(std::move(*compiled));
  }
  return r;
}

const HeadingRecognizer& HeadingRecognizer::builtin() {
  static const HeadingRecognizer r = [] {
    HeadingRecognizer b;
    b.words_ = builtin_words();
    b.max_length_ = 1000;
    return b;
  }();
  return r;
}

const std::string& HeadingRecognizer::front_title() const {
  return words_->front_title;
}

std::optional<Heading> HeadingRecognizer::match(std::string_view line) const {
  if (line.empty() || line.size() > max_length_ * 4) return std::nullopt;  // 4 bytes at most a char
  if (utf8::length(line) > max_length_) return std::nullopt;
  return user_ ? match_user(line) : match_builtin(line);
}

namespace {

// Where the title starts when the heading word or number ends at `pos`, or nullopt when what
// follows makes the line story text. `marker` is the chapter or volume marker just read (0
// for none); a title may follow it directly only if `attached` is allowed.
std::optional<size_t> title_start(const HeadingWords& w, std::string_view t, size_t pos,
                                  char32_t marker, bool attached) {
  size_t k = pos;
  bool separated = false;
  while (k < t.size()) {
    size_t next = k;
    char32_t c = utf8::next(t, &next);
    if (!utf8::is_space(c) && !has(w.separators, c)) break;
    separated = true;
    k = next;
  }
  std::string_view title = t.substr(k);
  if (title.empty()) return k;
  if (!separated) {
    if (!attached) return std::nullopt;
    char32_t first = code_point_at(title, 0);
    for (const std::u32string& pair : w.not_headings)
      if (pair.size() == 2 && pair[0] == marker && pair[1] == first) return std::nullopt;
    // Dialogue or a clause glued to 第三章 is a sentence about the chapter, not its title.
    for (size_t i = 0; i < title.size();)
      if (has(U"，。；：、“”「」『』,;", utf8::next(title, &i))) return std::nullopt;
    if (ends_like_sentence(title, kMaxExclaimedAttachedTitle)) return std::nullopt;
    return k;
  }
  if (ends_like_sentence(title, kMaxExclaimedTitle)) return std::nullopt;
  return k;
}

}  // namespace

std::optional<Heading> HeadingRecognizer::match_builtin(std::string_view t) const {
  const HeadingWords& w = *words_;
  size_t i = 0;
  char32_t first = utf8::next(t, &i);

  if (first == U'第') {
    size_t k = skip_spaces(t, i);
    size_t n = numeral_prefix_length(t.substr(k));
    if (n == 0) return std::nullopt;
    std::optional<long long> number = parse_number(t.substr(k, n));
    if (!number) return std::nullopt;
    k = skip_spaces(t, k + n);
    if (k >= t.size()) return std::nullopt;
    char32_t marker = utf8::next(t, &k);
    Heading h;
    h.number = number;
    if (has(w.chapter_markers, marker)) {
      h.kind = HeadingKind::kChapter;
    } else if (has(w.volume_markers, marker)) {
      h.kind = HeadingKind::kVolume;
    } else {
      return std::nullopt;
    }
    auto title = title_start(w, t, k, marker, has(w.attached_title_markers, marker));
    if (!title) return std::nullopt;
    if (h.kind == HeadingKind::kVolume) {
      // "第一卷 風起 第一章 少年": a chapter heading after a space inside the volume's title.
      char32_t before = 0;
      for (size_t p = *title; p < t.size();) {
        size_t q = p;
        char32_t c = utf8::next(t, &q);
        if (c == U'第' && (p == *title || utf8::is_space(before))) {
          auto inner = match_builtin(t.substr(p));
          if (inner && inner->kind == HeadingKind::kChapter) {
            h.chapter_offset = p;
            break;
          }
        }
        before = c;
        p = q;
      }
    }
    return h;
  }

  if (has(w.volume_prefixes, first)) {  // 卷一, 卷 12：北伐
    size_t k = skip_spaces(t, i);
    size_t n = numeral_prefix_length(t.substr(k));
    if (n > 0) {
      std::optional<long long> number = parse_number(t.substr(k, n));
      if (number && title_start(w, t, k + n, 0, false)) {
        Heading h;
        h.kind = HeadingKind::kVolume;
        h.number = number;
        return h;
      }
    }
  }

  if (first < 0x80 && !w.english_chapter.empty() && t.size() > w.english_chapter.size()) {
    bool same = true;
    for (size_t c = 0; c < w.english_chapter.size() && same; ++c)
      same = std::tolower(static_cast<unsigned char>(t[c])) == w.english_chapter[c];
    if (same) {
      size_t k = skip_spaces(t, w.english_chapter.size());
      size_t e = k;
      while (e < t.size() && t[e] >= '0' && t[e] <= '9') ++e;
      if (e > k && title_start(w, t, e, 0, false)) {
        Heading h;
        h.number = parse_number(t.substr(k, e - k));
        return h;
      }
    }
  }

  for (const auto& [word, place] : w.words) {
    if (t.substr(0, word.size()) != word) continue;
    Heading h;
    h.place = place;
    size_t k = word.size();
    // 番外一, 番外 2 雪夜: an optional number, then an optional 篇 (番外篇).
    size_t at = skip_spaces(t, k);
    size_t n = numeral_prefix_length(t.substr(at));
    std::optional<long long> number = n ? parse_number(t.substr(at, n)) : std::nullopt;
    if (number && title_start(w, t, at + n, 0, false)) {
      h.number = number;
      return h;
    }
    if (t.substr(k, 3) == "篇") k += 3;
    if (title_start(w, t, k, 0, false)) return h;
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<Heading> HeadingRecognizer::match_user(std::string_view t) const {
  std::string_view group;
  if (!user_->search(t, &group)) return std::nullopt;
  Heading h;
  if (group.data()) h.number = parse_number(group);
  // Without a usable group, the number is the one after 第, or the one the line starts with.
  for (size_t p = 0; !h.number && p < t.size();) {
    size_t q = p;
    char32_t c = utf8::next(t, &q);
    if (c == U'第' || p == 0) {
      size_t from = c == U'第' ? q : p;
      size_t n = numeral_prefix_length(t.substr(from));
      if (n) h.number = parse_number(t.substr(from, n));
    }
    p = q;
  }
  return h;
}

}  // namespace novelbind
