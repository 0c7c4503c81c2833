#include "structure/heading_shape.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "base/chinese_number.h"
#include "base/cjk_text.h"
#include "base/resources.h"
#include "base/utf8.h"
#include "structure/heading_english.h"
#include "structure/heading_numeral.h"
#include "structure/heading_title.h"
#include "structure/heading_words.h"

namespace novelbind {
namespace {

// Titles longer than this that end like a sentence (！？…) are story text.
constexpr size_t kMaxExclaimedTitle = 20;
// Attached titles (第三章風起, no separator) longer than this may not end like a sentence.
constexpr size_t kMaxExclaimedAttachedTitle = 10;

// (Looks through closing quotes and brackets, 他說：「走吧。」.)
bool ends_like_sentence_as_written(std::string_view title, size_t limit) {
  size_t end = title.size();
  char32_t last = 0;
  while (end > 0) {
    last = utf8::previous(title, &end);
    if (!has_char(U"”’」』）)】》\"'", last)) break;
  }
  if (has_char(U"。，；：,;:", last)) return true;
  return has_char(U"！？!?…", last) && utf8::length(title) > limit;
}

// True when a title reads like the end of a sentence of story text rather than a title. The
// mark inside a site's addition at its end is the site's (虎啸龙吟(求月票！) is a title).
bool ends_like_sentence(std::string_view title, size_t limit) {
  if (!ends_like_sentence_as_written(title, limit)) return false;
  std::string_view bare = without_site_addition(title);
  return bare.size() == title.size() || ends_like_sentence_as_written(bare, limit);
}

// A title closed with its one full stop after a numbered heading word and a space (斗破苍穹's
// last chapter, 第一千六百二十三章  结束，也是开始。, was taken for a line of story and the book's
// ending run into the chapter before): at most kMaxExclaimedTitle characters, no other
// sentence's end in it. A line of story names no chapter with a space after it.
bool spaced_stopped_title(std::string_view line, size_t number_end, std::string_view title) {
  if (number_end >= line.size() || !utf8::is_space(char_at(line, number_end))) return false;
  if (!title.ends_with("。") || utf8::length(title) > kMaxExclaimedTitle) return false;
  std::string_view before = title.substr(0, title.size() - std::string_view("。").size());
  for (size_t i = 0; i < before.size();)
    if (has_char(U"。！？!?…；;", utf8::next(before, &i))) return false;
  return true;
}

// A side story's short title closed with a full stop and no other mark (外传3 鹦鹉与皮冻。, a
// biqukan crawl): after a word of its own (外传, 番外) it is a title, not a sentence.
constexpr size_t kMaxStoppedTitle = 12;
bool stopped_title(std::string_view title) {
  std::string_view t = utf8::trim(title);
  if (!t.ends_with("。")) return false;
  t.remove_suffix(3);
  size_t letters = 0;
  for (size_t k = 0; k < t.size();) {
    const char32_t c = utf8::next(t, &k);
    if (utf8::is_space(c)) continue;
    if (!is_word_character(c)) return false;
    ++letters;
  }
  return letters > 0 && letters <= kMaxStoppedTitle;
}

// The longest title glued to its number that pauses on a comma.
constexpr size_t kMaxPausedTitle = 24;

bool is_dialogue(char32_t c) {
  return has_char(U"，。；：、“”「」『』,;", c);
}

bool is_arabic(char32_t c) {
  return (c >= '0' && c <= '9') || (c >= 0xFF10 && c <= 0xFF19);
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
    if (has_char(U".．·・", c)) cls = ".";
    if (has_char(U"、，,", c)) cls = "、";
    if (has_char(U"：:", c)) cls = ":";
    if (has_char(U"-－—―", c)) cls = "-";
    if (!cls.empty() && cls != " ") break;
  }
  return cls;
}

// Where the title starts after the number or word ending at `pos`: spaces and separators
// are skipped. `separated` says whether any were.
size_t title_start(std::string_view t, size_t pos, bool* separated) {
  const HeadingWords& w = heading_words();
  size_t k = pos;
  *separated = false;
  while (k < t.size()) {
    size_t next = k;
    char32_t c = utf8::next(t, &next);
    if (!utf8::is_space(c) && !has_char(w.separators, c) && c != U'，' && c != ',') break;
    *separated = true;
    k = next;
  }
  return k;
}

struct Parser {
  std::string_view t;
  const HeadingWords& w = heading_words();
  char32_t closer_ = 0;  // the bracket that closes the one the heading opened with
  // An inner parse (find_chapter_inside asking whether a chapter starts there) needs only
  // the kind; searching inside it again made "第一卷 " repeated n times cost 2^n parses.
  bool inner_ = false;

  // Whether a title may not start at `title` after a number ending at `e`: it follows
  // without a separator (一切, 序幕拉開) and no closing bracket stands between.
  bool glued(size_t e, size_t title, bool separated) const {
    return title < t.size() && !separated && !(closer_ && char_at(t, skip_spaces(t, e)) == closer_);
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
        // Markdown's # needs a space; a run of ornaments is decoration, not a heading. One #
        // right before a number is a number sign (#12 风起).
        bool number_sign = x == "#" && after < t.size() && t[after] >= '0' && t[after] <= '9';
        if (x[0] == '#' && !number_sign && (after >= t.size() || t[after] != ' ')) continue;
        // (A crawl's quote mark before a page's breadcrumb, > 正文卷 第一章 …, is the
        // breadcrumb's: the name before the heading, named_prefix.)
        if ((x == ">" || x == "＞") &&
            std::any_of(w.prefixes.begin(), w.prefixes.end(), [&](const std::string& word) {
              return t.substr(skip_spaces(t, after)).starts_with(word);
            }))
          continue;
        prefix = x;
        ornament = true;
        p = skip_spaces(t, after);
        break;
      }
    }
    char32_t closer = 0;
    std::string opener;
    for (auto [open, close] : w.wrappers) {
      if (char_at(t, p) != open) continue;
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
      // (Nor is a run of ornaments, ◆◇◆ or ☆ ☆ ☆, with no word in it: a scene break.)
      bool words = false;
      for (size_t i = p; i < t.size() && !words;) words = is_word_character(utf8::next(t, &i));
      if (!words) return std::nullopt;
      s.key = "ornament|" + prefix;
      s.title_offset = p;
      if (ends_like_sentence(t.substr(p), kMaxExclaimedTitle)) return std::nullopt;
      return s;
    }
    std::string close_text;
    if (closer) {
      size_t k = skip_spaces(t, end);
      if (char_at(t, k) == closer) {
        size_t after = k;
        utf8::next(t, &after);
        close_text = std::string(t.substr(k, after - k));
        end = after;
      } else {
        // The whole heading in brackets: 【第一章 風起】.
        size_t last = t.size();
        if (utf8::previous(t, &last) != closer) return std::nullopt;
        // The closer must come after the form: in "(\xE5\x85)" a broken character before it
        // was read as one with it.
        if (last < end) return std::nullopt;
        close_text = "…" + std::string(t.substr(last));
        t = t.substr(0, last);
      }
    }
    bool separated = false;
    size_t title = title_start(t, end, &separated);
    std::string_view title_text = t.substr(title);
    const bool markdown = ornament && !prefix.empty() &&
                          prefix.find_first_not_of('#') == std::string::npos &&
                          char_at(t, prefix.size()) == U' ';
    std::string sep = separator_class(t, end, title);
    bool bare = form.rfind("bare", 0) == 0;
    // 第一部第一章 風起, 第一集 第一章 風起: a volume (or a part a chapter marker names) whose
    // title opens with a chapter heading, glued or not; the title is then no attached title
    // to check (第九部隊 opens no chapter heading).
    if (!inner_ && !title_text.empty() && form.rfind("第", 0) == 0 && opens_chapter(title_text)) {
      s.kind = HeadingKind::kVolume;
      separated = true;
    }
    if (!title_text.empty()) {
      // （第十一回完）: the end of a chapter, not the start of one.
      if (std::find(w.chapter_end_titles.begin(), w.chapter_end_titles.end(),
                    utf8::trim(title_text)) != w.chapter_end_titles.end())
        return std::nullopt;
      if (!separated && close_text.empty()) {
        if (!attached_ok(form, title_text)) return std::nullopt;
        // (第2章突发，意外真的发生了？！: a number in digits opens no sentence, and its title may
        // exclaim at a title's length.)
        const size_t at = t.find("第");
        const bool digits = at != std::string_view::npos && is_arabic(char_at(t, at + 3));
        if (ends_like_sentence(title_text,
                               digits ? kMaxExclaimedTitle : kMaxExclaimedAttachedTitle))
          return std::nullopt;
      } else if (!holds_chapter(title_text) && ends_like_sentence(title_text, kMaxExclaimedTitle) &&
                 !(form == "word" && stopped_title(title_text)) &&
                 !(markdown && !bare && title_text.ends_with("。")) &&
                 !(s.stopped = !bare && form != "word" && !markdown &&
                               spaced_stopped_title(t, end, title_text))) {
        // (Markdown's heading mark makes a line a heading whatever its title ends with:
        // ## 第一千六百二十三章 结束，也是开始。)
        return std::nullopt;
      }
      // 3.14, 1,000: a number, not a heading.
      if (bare && sep != " " && is_arabic(char_at(title_text, 0))) return std::nullopt;
    }
    s.key = prefix + "|" + opener + form + close_text + (bare ? "|" + sep : "");
    s.title_offset = title;
    if (s.kind == HeadingKind::kVolume && !title_text.empty() && !inner_)
      find_chapter_inside(&s, title);
    return s;
  }

  bool is_contents_label() const {
    std::string bare;
    for (size_t i = 0; i < t.size();) {
      size_t b = i;
      char32_t c = utf8::next(t, &i);
      // (Douban's pages write it 目录 ······.)
      if (utf8::is_space(c) || has_char(U"：:【】[]=＝-—·•.…‧", c)) continue;
      bare += t.substr(b, i - b);
    }
    bare = utf8::ascii_lower(bare);
    // "《神雕侠侣》目录": the book's name in title marks before the label.
    if (bare.rfind("《", 0) == 0) {
      size_t close = bare.find("》");
      if (close != std::string::npos) bare.erase(0, close + std::string_view("》").size());
    }
    for (const std::string& label : w.contents_labels)
      if (bare == label) return true;
    return false;
  }

  // Whether a title may follow the number directly, without a separator.
  bool attached_ok(const std::string& form, std::string_view title) const {
    char32_t first = char_at(title, 0);
    // (A title that opens with a quotation, the quote mark its separator, may hold quote marks:
    // 第4章“猪肉强国”之论. Sentence marks never.)
    bool quoted = has_char(U"“「『", first);
    // (A title without quotation marks may pause on a comma, 第1章人生苦短，别让火葬场等着你 of a
    // fanqie download, but not end on one or trail off (柳老师，你一定很想……, a sentence's way);
    // a sentence's other marks, never.)
    bool pauses = false, quotes = false;
    char32_t last = 0;
    for (size_t i = 0; i < title.size();) {
      char32_t c = utf8::next(title, &i);
      last = c;
      quotes |= has_char(U"“”「」『』", c);
      if (!quoted && has_char(U"，、", c)) {
        pauses = true;
        continue;
      }
      if (is_dialogue(c) && !(quoted && has_char(U"“”「」『』", c))) return false;
    }
    if (pauses && (quotes || has_char(U"，、…", last) || utf8::length(title) > kMaxPausedTitle))
      return false;
    if (form.rfind("第", 0) == 0) {
      // form is "第" + marker
      std::u32string m = to_utf32(form.substr(std::string_view("第").size()));
      if (m.empty() || !has_char(w.attached_title_markers, m[0])) return false;
      for (const std::u32string& pair : w.not_headings)
        if (pair.size() == 2 && pair[0] == m[0] && pair[1] == first) return false;
      return true;
    }
    // A bare Arabic number may carry its title (49上岛城); a Chinese numeral may not: 一切,
    // 三人 and 十分 begin sentences.
    return form.rfind("bare|A", 0) == 0 && first >= 0x2E80 && !is_arabic(first);
  }

  char32_t folded(char32_t c) const { return fold_char(w, c); }

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
      if (k >= t.size() || folded(char_at(t, k)) != folded(c)) return 0;
      utf8::next(t, &k);
    }
    return k;
  }

  // The form of the heading at `p` (第N章, heading word, 卷N, English, bare numeral): fills
  // `s` and `form` and returns where it ends, or 0 when there is none.
  size_t form_at(size_t p, HeadingShape* s, std::string* form) {
    if (p >= t.size()) return 0;
    if (char_at(t, p) == U'第') {
      size_t k = skip_spaces(t, p + std::string_view("第").size());
      std::string numeral;
      size_t e = read_heading_numeral(t, k, true, &numeral);
      if (e == k) return 0;
      e = skip_spaces(t, e);
      size_t after = e;
      char32_t marker = e < t.size() ? utf8::next(t, &after) : 0;
      if (has_char(w.chapter_markers, marker)) {
        s->kind = HeadingKind::kChapter;
      } else if (has_char(w.volume_markers, marker)) {
        s->kind = HeadingKind::kVolume;
      } else {
        return 0;
      }
      set_heading_number(s, numeral);
      s->strong = true;
      *form = "第" + std::string(t.substr(e, after - e));
      return after;
    }
    // Only the words that begin with this character (folded) are tried.
    char32_t first = folded(char_at(t, p));
    for (size_t i = 0; i < w.words.size(); ++i) {
      if (w.word_firsts[i] != first) continue;
      const auto& [word, place] = w.words[i];
      size_t k = spaced_word(p, word);
      if (k == 0) continue;
      s->place = place;
      s->keyword = s->strong = true;
      size_t at_number = skip_spaces(t, k);
      std::string numeral;
      size_t e = read_heading_numeral(t, at_number, false, &numeral);
      if (e > at_number) {
        // 番外二：歸途 has a number; 尾声 二十年后 has a title that starts with one.
        size_t after = t.substr(e, 3) == "篇" ? e + 3 : e;
        bool separated = false;
        size_t title = title_start(t, after, &separated);
        if (!glued(after, title, separated)) {
          set_heading_number(s, numeral);
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
    if (has_char(w.volume_prefixes, char_at(t, p))) {  // 卷一, 卷 12：北伐
      size_t k = p;
      char32_t marker = utf8::next(t, &k);
      k = skip_spaces(t, k);
      std::string numeral;
      size_t e = read_heading_numeral(t, k, false, &numeral);
      if (e > k) {
        bool separated = false;
        size_t title = title_start(t, e, &separated);
        if (glued(e, title, separated)) return 0;
        set_heading_number(s, numeral);
        s->kind = HeadingKind::kVolume;
        s->strong = true;
        std::string m;
        utf8::append(&m, marker);
        *form = m + "N";
        return e;
      }
    }
    if (p < t.size() && std::isalpha(static_cast<unsigned char>(t[p])))
      return english_heading_form(t, p, s, form);
    std::string numeral;
    size_t e = read_heading_numeral(t, p, false, &numeral);
    if (e > p) {
      set_heading_number(s, numeral);
      bool arabic = s->style == NumeralStyle::kArabic || s->style == NumeralStyle::kZeroPadded ||
                    s->style == NumeralStyle::kFullWidth;
      *form = std::string("bare|") + (arabic ? "A" : "C");
      // 12章 (a marker without 第)
      size_t after = e;
      char32_t marker = e < t.size() ? utf8::next(t, &after) : 0;
      if (has_char(w.chapter_markers, marker) || has_char(w.volume_markers, marker)) {
        if (has_char(w.volume_markers, marker)) s->kind = HeadingKind::kVolume;
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
    char32_t c = char_at(t, p);
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

  // Whether `text` opens with a numbered chapter heading of the 第N章 form.
  static bool opens_chapter(std::string_view text) {
    if (char_at(text, 0) != U'第') return false;
    Parser parser{text};
    parser.inner_ = true;
    auto inner = parser.run();
    return inner && inner->kind == HeadingKind::kChapter && !inner->keyword;
  }

  // Whether a volume's title holds a chapter heading after a space (灯火阑珊 第2048章 一百零八灵的
  // 哀求！): that heading's own title is the one read for a sentence's end, by its own parse, not
  // the volume's title and the chapter's together (which ran past a title's length).
  bool holds_chapter(std::string_view title) const {
    if (inner_) return false;
    char32_t before = U'x';
    for (size_t p = 0; p < title.size();) {
      size_t q = p;
      const char32_t c = utf8::next(title, &q);
      if (c == U'第' && utf8::is_space(before) && opens_chapter(title.substr(p))) return true;
      before = c;
      p = q;
    }
    return false;
  }

  // "第一卷 風起 第一章 少年": a chapter heading after a space inside the volume's title.
  void find_chapter_inside(HeadingShape* s, size_t from) {
    char32_t before = U' ';
    for (size_t p = from; p < t.size();) {
      size_t q = p;
      char32_t c = utf8::next(t, &q);
      if (c == U'第' && utf8::is_space(before)) {
        Parser parser{t.substr(p)};
        parser.inner_ = true;
        auto inner = parser.run();
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

std::optional<HeadingShape> parse_file_name_shape(std::string_view name) {
  auto shape = parse_heading_shape(name);
  std::string_view t = utf8::trim(name);
  if (shape || !t.ends_with("。")) return shape;
  auto stopped = parse_heading_shape(t.substr(0, t.size() - 3));
  if (stopped && stopped->strong && stopped->title_offset < t.size() - 3) return stopped;
  return std::nullopt;
}

size_t numbering_prefix(std::string_view line) {
  size_t i = 0, digits = 0;
  while (i < line.size()) {
    size_t k = i;
    if (!is_arabic(utf8::next(line, &k))) break;
    i = k;
    ++digits;
  }
  if (digits == 0 || digits > 5) return 0;
  i = skip_spaces(line, i);
  size_t k = i;
  char32_t mark = utf8::next(line, &k);
  if (mark != '#' && mark != U'＃') return 0;
  return skip_spaces(line, k);
}

namespace {
// A named heading's key: kNamedKey, the name, kNamedKeyEnd, the heading's own key.
constexpr std::string_view kNamedKey = "P:";
constexpr char kNamedKeyEnd = '#';
}  // namespace

std::string listed_key(std::string_view key) {
  if (key.starts_with(kNamedKey)) {
    size_t end = key.find(kNamedKeyEnd, kNamedKey.size());
    if (end != std::string_view::npos) key = key.substr(end + 1);
  }
  // A section word's key is the word, '|', the heading's own key ("正文|第|章"); an ornament's
  // ("ornament|☆、") is its own. Markdown's heading mark is markup, which a contents block
  // written as text lists the headings without ("##|bare|A|." is "|bare|A|.").
  size_t bar = key.find('|');
  if (bar == std::string_view::npos) return std::string(key);
  if (bar > 0) {
    if (key.find_first_not_of('#') == bar) return std::string(key.substr(bar));
    const auto& words = heading_words().prefixes;
    if (std::find(words.begin(), words.end(), key.substr(0, bar)) == words.end())
      return std::string(key);
    key = key.substr(bar);
  }
  // A heading wrapped whole in brackets ("|【bare|A…】|." of 【1.失业】) is listed without them.
  size_t after = 1;
  if (key.size() > 1) {
    char32_t open = utf8::next(key, &after);
    for (auto [o, c] : heading_words().wrappers) {
      if (o != open) continue;
      std::string close = "…";
      utf8::append(&close, c);
      size_t at = key.find(close, after);
      if (at == std::string_view::npos) break;
      return std::string(key.substr(0, 1)) + std::string(key.substr(after, at - after)) +
             std::string(key.substr(at + close.size()));
    }
  }
  return std::string(key);
}

std::vector<size_t> named_prefixes(std::string_view line) {
  constexpr size_t kMaxName = 30;
  std::vector<size_t> out;
  bool letter = false;
  size_t chars = 0;
  char32_t previous = 0;
  // (Inside a bracket the name opened, what follows is no heading: 【潜力值：3】 is a panel's
  // line, its 3 no chapter's number.)
  int open = 0;
  auto add = [&](size_t start) {
    if (letter && open == 0 && start < line.size() &&
        std::find(out.begin(), out.end(), start) == out.end())
      out.push_back(start);
  };
  // A breadcrumb's marks (> 正文卷 第一章 …, 首页 > 玄幻 > 第一章 …), set off by spaces, separate
  // its steps; the line may open with one. (An arrow, 金庸-->神雕俠侶-->第一回, is a page's
  // breadcrumb the order stage reads: book_residue.h.)
  auto breadcrumb_mark = [](char32_t c) {
    return std::u32string_view(U">＞›»").find(c) != std::u32string_view::npos;
  };
  // (The mark at bytes [at, after) has a space or the line's edge on each side.)
  auto set_off = [&](size_t at, size_t after) {
    size_t before = at, next = after;
    return (at == 0 || utf8::is_space(utf8::previous(line, &before))) &&
           (after >= line.size() || utf8::is_space(utf8::next(line, &next)));
  };
  size_t i = 0;
  for (size_t k = 0; i < line.size(); i = skip_spaces(line, k)) {
    k = i;
    if (!breadcrumb_mark(utf8::next(line, &k)) || !set_off(i, k)) break;
  }
  // A line that opens with a dash cites a source (——弥尔顿《失乐园》第７卷 under an epigraph):
  // no name of the book's.
  if (size_t k = i;
      i < line.size() &&
      std::u32string_view(U"—―－-~～").find(utf8::next(line, &k)) != std::u32string_view::npos)
    return out;
  for (; i < line.size() && chars <= kMaxName; ++chars) {
    size_t k = i;
    char32_t c = utf8::next(line, &k);
    if (std::u32string_view(U"。！？，、；“”「」\"").find(c) != std::u32string_view::npos) break;
    if (utf8::is_space(c)) {
      size_t next = skip_spaces(line, i), m = next;
      if (next < line.size() && breadcrumb_mark(utf8::next(line, &m)) && set_off(next, m)) {
        i = next;  // the breadcrumb goes on
        continue;
      }
      add(next);
      break;  // a name ends at its first space
    }
    if (breadcrumb_mark(c) && set_off(i, k)) {
      i = skip_spaces(line, k);
      add(i);
      previous = c;
      continue;
    }
    if (std::u32string_view(U"《【[（(〔［").find(c) != std::u32string_view::npos) ++open;
    if (std::u32string_view(U"》】]）)〕］").find(c) != std::u32string_view::npos && open > 0)
      --open;
    if (std::u32string_view(U"》】]").find(c) != std::u32string_view::npos) {
      // (a separator may follow the closing bracket too)
      size_t start = skip_spaces(line, k), m = start;
      if (m < line.size() &&
          std::u32string_view(U"_-·：:").find(utf8::next(line, &m)) != std::u32string_view::npos)
        start = skip_spaces(line, m);
      add(start);
    } else if (std::u32string_view(U"_-·：:").find(c) != std::u32string_view::npos) {
      // (Between two digits it is part of a number, a date or a time: 2010-12-6, 5:18:11.)
      size_t m = k;
      bool in_number = is_arabic(previous) && m < line.size() && is_arabic(utf8::next(line, &m));
      // A page's label (最新：第2088章 …) makes the line a field of the page: no heading.
      const auto& labels = heading_words().field_labels;
      if ((c == U'：' || c == U':') &&
          std::find(labels.begin(), labels.end(), line.substr(0, i)) != labels.end())
        return {};
      if (!in_number) add(skip_spaces(line, k));
    }
    letter |= !is_arabic(c) && has_word_character(line.substr(i, k - i));
    previous = c;
    i = k;
  }
  return out;
}

std::optional<std::pair<size_t, size_t>> framed_inner(std::string_view line) {
  constexpr std::u32string_view kRules = U"=＝-－—*＊#＃~～☆★◆◇";
  constexpr size_t kMinRun = 2;
  if (line.empty()) return std::nullopt;
  size_t i = 0;
  const char32_t mark = utf8::next(line, &i);
  if (kRules.find(mark) == std::u32string_view::npos) return std::nullopt;
  size_t run = 1, start = i;
  while (start < line.size()) {
    size_t k = start;
    if (utf8::next(line, &k) != mark) break;
    ++run;
    start = k;
  }
  size_t end = line.size(), back = 0;
  while (end > start) {
    size_t k = end;
    if (utf8::previous(line, &k) != mark) break;
    ++back;
    end = k;
  }
  if (run < kMinRun || back < kMinRun) return std::nullopt;
  std::string_view inner = utf8::trim(line.substr(start, end - start));
  if (inner.empty()) return std::nullopt;
  start = static_cast<size_t>(inner.data() - line.data());
  return std::make_pair(start, start + inner.size());
}

std::optional<HeadingShape> parse_heading_shape(std::string_view line) {
  if (line.empty()) return std::nullopt;
  std::optional<HeadingShape> shape = Parser{line}.run();
  if (shape) return shape;
  // A heading in a downloader's frame (========== 第1章 宴桃园 ==========): the frame's key
  // before the heading's, so that the book's framed lines make one scheme.
  if (auto inner = framed_inner(line)) {
    shape = Parser{line.substr(inner->first, inner->second - inner->first)}.run();
    if (shape && (shape->strong || shape->number) && !shape->contents_label) {
      shape->key = "F#" + shape->key;
      shape->title_offset = shape->title_offset >= inner->second - inner->first
                                ? line.size()
                                : shape->title_offset + inner->first;
      if (shape->chapter_offset) shape->chapter_offset += inner->first;
      return shape;
    }
  }
  // A heading with a site's addition after it (楔子[求推荐], 第一章（求收藏）): the heading's
  // shape; the title goes without it (tidy_heading_title).
  if (std::string_view bare = without_site_addition(line);
      bare.size() < line.size() && !bare.empty()) {
    shape = parse_heading_shape(bare);
    if (shape && shape->title_offset >= bare.size()) shape->title_offset = line.size();
    if (shape) return shape;
  }
  // A heading after the name a crawl put before every heading (the book's title): its key names
  // the prefix, and the book must repeat it (heading_scheme.h).
  // (A heading anchored by its own words after any of the places first: 龙族1-3 第一幕 … is
  // 第一幕 after 龙族1-3, not 3 after 龙族1-.)
  const std::vector<size_t> starts = named_prefixes(line);
  // (A label and its colon before a number alone is a field: 年龄：12 in a system panel.)
  auto labelled = [&](size_t start) {
    std::string_view name = utf8::trim(line.substr(0, start));
    return name.ends_with("：") || name.ends_with(":");
  };
  for (int pass = 0; pass < 2; ++pass)
    for (size_t start : starts) {
      shape = Parser{line.substr(start)}.run();
      if (shape && !shape->contents_label &&
          (pass == 0 ? shape->strong : shape->number.has_value() && !labelled(start))) {
        shape->key = std::string(kNamedKey) + std::string(utf8::trim(line.substr(0, start))) +
                     kNamedKeyEnd + shape->key;
        shape->named_prefix = start;
        shape->title_offset += start;
        if (shape->chapter_offset) shape->chapter_offset += start;
        return shape;
      }
    }
  // A heading anchored by its own words (第…章, 序章) after a sequence number: the number is
  // the site's, the heading the book's.
  size_t start = numbering_prefix(line);
  if (start == 0 || start >= line.size()) return std::nullopt;
  shape = Parser{line.substr(start)}.run();
  if (!shape || !shape->strong) return std::nullopt;
  shape->key = "N#" + shape->key;
  shape->title_offset += start;
  if (shape->chapter_offset) shape->chapter_offset += start;
  return shape;
}

// The part of a chapter split in several that a heading names at its end: 上 of
// 七彩神剑（上）图, 2 of 通天(2), 中 of 青莲山脉 中; "" when it names none.
std::string part_mark(std::string_view heading, size_t* start) {
  constexpr size_t kMaxAfter = 2, kMaxMark = 3;  // code points
  static constexpr std::u32string_view kParts =
      U"上中下一二三四五六七八九十0123456789０１２３４５６７８９";
  const size_t open = std::min(heading.rfind("（"), heading.rfind('('));
  if (open != std::string_view::npos) {
    size_t k = open;
    utf8::next(heading, &k);
    const size_t close = std::min(heading.find("）", k), heading.find(')', k));
    if (close != std::string_view::npos) {
      const std::string_view mark = heading.substr(k, close - k);
      size_t after = close;
      utf8::next(heading, &after);
      bool parts = !mark.empty() && utf8::length(mark) <= kMaxMark;
      for (size_t i = 0; parts && i < mark.size();)
        parts = kParts.find(utf8::next(mark, &i)) != kParts.npos;
      if (parts && utf8::length(heading.substr(after)) <= kMaxAfter) {
        if (start) *start = open;
        return std::string(mark);
      }
    }
  }
  // 青莲山脉 上: a space and the part alone.
  size_t last = heading.size();
  const char32_t c = last > 0 ? utf8::previous(heading, &last) : 0;
  size_t before = last;
  if (c != 0 && std::u32string_view(U"上中下").find(c) != std::u32string_view::npos && before > 0 &&
      utf8::is_space(utf8::previous(heading, &before))) {
    if (start) *start = before;
    return std::string(heading.substr(last));
  }
  return "";
}

std::string_view heading_title(std::string_view line, const HeadingShape& shape) {
  if (shape.title_offset >= line.size()) return {};
  std::string_view title = utf8::trim(line.substr(shape.title_offset));
  // A title inside brackets that wrap the whole heading: drop the closing one.
  if (!title.empty()) {
    size_t end = title.size();
    char32_t last = utf8::previous(title, &end);
    if (has_char(U"】〕〗］", last)) title = utf8::trim(title.substr(0, end));
  }
  return title;
}

const std::string& front_section_title() {
  return heading_words().front_title;
}

}  // namespace novelbind
