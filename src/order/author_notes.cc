#include "order/author_notes.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <string_view>
#include <vector>

#include "base/cjk_text.h"
#include "base/parallel.h"
#include "base/phrase_matcher.h"
#include "base/resources.h"
#include "base/site_text.h"
#include "base/tsv.h"
#include "base/utf8.h"
#include "structure/heading_candidates.h"
#include "structure/heading_title.h"

namespace novelbind {
namespace {

// How far back from a chapter's end a note may reach, and forward from its start.
constexpr std::size_t kTail = 24;
constexpr std::size_t kHead = 3;
// A note line, alone, weighs this much; the chapter's last line less when it is short.
constexpr int kNote = 3;
constexpr int kLastNote = 2;
constexpr std::size_t kShortLast = 40;
// A line longer than this is story, whatever words it holds (a label opens a note of any
// length: 作者的话：…).
constexpr std::size_t kLongNote = 300;
// Inside a note, a line of at most this many characters that weighs anything goes with it.
constexpr std::size_t kShortContinued = 60;
// After a scene break at a chapter's end, a note of at most this many lines.
constexpr std::size_t kAfterBreak = 4;
// The blurb under a recommended book: at most this many lines.
constexpr std::size_t kBlurb = 5;

// A byte with A-Z lowered, as std::tolower does in the C locale, without its call per byte
// (the labels are looked for at the edges of every chapter).
char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

struct NoteWords {
  std::vector<std::pair<std::string, int>> words;  // longest first
  std::vector<std::string> labels;
  PhraseMatcher any_word;         // finds a line with none of the words in one pass
  std::bitset<256> label_starts;  // the first bytes of the labels, A-Z lowered
};

const NoteWords& note_words() {
  static const NoteWords words = [] {
    NoteWords w;
    for_each_tsv_row(builtin_resource("data/note_words.txt"), 2,
                     [&](const std::vector<std::string_view>& row) {
                       if (row[1] == "label")
                         w.labels.emplace_back(row[0]);
                       else
                         w.words.emplace_back(std::string(row[0]), row[1] == "strong" ? 2 : 1);
                     });
    std::sort(w.words.begin(), w.words.end(),
              [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
    std::vector<std::string> words;
    for (const auto& [word, weight] : w.words) words.push_back(word);
    w.any_word = PhraseMatcher(words);
    for (const std::string& label : w.labels)
      if (!label.empty()) w.label_starts.set(static_cast<unsigned char>(ascii_lower(label[0])));
    return w;
  }();
  return words;
}

bool has_quotation(std::string_view t) {
  // Quotation marks, by their bytes: " and “” (E2 80 9C/9D), 「」『』 (E3 80 8C-8F); most
  // lines hold none, and a byte search needs no decoding.
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '"') return true;
    if ((c != '\xE2' && c != '\xE3') || i + 2 >= t.size() || t[i + 1] != '\x80') continue;
    const auto d = static_cast<unsigned char>(t[i + 2]);
    if (c == '\xE2' ? (d == 0x9C || d == 0x9D) : (d >= 0x8C && d <= 0x8F)) return true;
  }
  return false;
}

// Whether every quotation in `t` quotes a name (感谢“江东鼠辈”成为本书第一位盟主！): a few
// characters without punctuation, no one's words.
bool quotes_only_names(std::string_view t) {
  constexpr std::size_t kMaxName = 10;
  std::size_t at = 0;
  for (;;) {
    const std::size_t open = t.find("“", at);
    const std::size_t close = t.find("”", at);
    if (open == std::string_view::npos)
      return close == std::string_view::npos && !has_quotation(t.substr(at));
    if (close == std::string_view::npos || close < open) return false;
    std::string_view name = t.substr(open + 3, close - open - 3);
    if (name.empty() || utf8::length(name) > kMaxName) return false;
    for (std::size_t i = 0; i < name.size();)
      if (!is_word_character(utf8::next(name, &i))) return false;
    if (has_quotation(t.substr(at, open - at))) return false;
    at = close + 3;
  }
}

// Quotation marks that open someone's words (not a name quoted in thanks).
bool has_dialogue(std::string_view t) {
  return has_quotation(t) && !quotes_only_names(t);
}

// A line wholly in brackets that tells of the update or thanks for it: （先更后改）, （第二更，还有
// 一更在晚上。）, （感谢书友“江东小霸王”的打赏，加更一章！）, what a heading's brackets say to the
// readers (heading_title.h). The author's, at a chapter's edge.
bool bracketed_update_note(std::string_view t) {
  constexpr std::size_t kMaxNoteLine = 40;
  t = trim_spaces(t);
  if (t.empty() || utf8::length(t) > kMaxNoteLine) return false;
  std::size_t i = 0, end = t.size();
  const std::size_t which = std::u32string_view(U"（(【[").find(utf8::next(t, &i));
  if (which == std::u32string_view::npos || utf8::previous(t, &end) != U"）)】]"[which] || end < i)
    return false;
  std::string_view inner = t.substr(i, end - i);
  if (has_dialogue(inner)) return false;
  if (is_site_addition(inner, /*min_weight=*/2) || opens_with_update_note(inner)) return true;
  const std::string folded = residue_fold(inner);
  return folded.starts_with("先更后改") || folded.starts_with("先更後改");
}

// `t` without the brackets and marks it may open with ("（作者的话）", "【PS】").
std::string_view unbracketed(std::string_view t) {
  while (!t.empty()) {
    std::size_t k = 0;
    char32_t c = utf8::next(t, &k);
    if (std::u32string_view(U"（(【[〔［").find(c) == std::u32string_view::npos &&
        !utf8::is_space(c))
      break;
    t.remove_prefix(k);
  }
  return t;
}

// Whether `t` opens with a label word; *alone when nothing but marks follows it.
bool opens_with_label(std::string_view t, bool* alone) {
  std::string_view core = unbracketed(t);
  if (core.empty() || !note_words().label_starts[static_cast<unsigned char>(ascii_lower(core[0]))])
    return false;
  for (const std::string& label : note_words().labels) {
    bool match = core.size() >= label.size();
    for (std::size_t i = 0; match && i < label.size(); ++i)
      match = ascii_lower(core[i]) == ascii_lower(label[i]);
    if (!match) continue;
    std::string_view rest = core.substr(label.size());
    // A label is a word of its own: PS must not be the start of PSP.
    if (!rest.empty() && label.back() > 0 && std::isalpha(static_cast<unsigned char>(rest[0])))
      continue;
    *alone = !has_word_character(rest);
    return true;
  }
  return false;
}

bool only_symbols(std::string_view t) {
  return !has_word_character(t);
}

// A greeting that closes a chapter: 情人节快乐！, 大家周末愉快！, 烟在这里祝大家小年快乐！
bool is_greeting(std::string_view t) {
  bool wish = t.find("快乐") != std::string_view::npos ||
              t.find("快樂") != std::string_view::npos || t.find("愉快") != std::string_view::npos;
  bool to_readers =
      t.find("祝") != std::string_view::npos || t.find("大家") != std::string_view::npos;
  std::size_t length = utf8::length(t);
  return wish && (length <= 15 || (to_readers && length <= kShortLast));
}

// A line that recommends a book: 推荐…《…》.
bool recommends_a_book(std::string_view t) {
  return t.find("《") != std::string_view::npos &&
         (t.find("推荐") != std::string_view::npos || t.find("推薦") != std::string_view::npos);
}

// A line set off by a dash rule that tells of the serial's next update
// (————不要走开，十分钟后第二更！, ————第四章。两个小时候更新第五章！, an unseen 牧神记 crawl):
// after two dashes or more, a short text with 更新 or a numbered 更 (第二更, 三更).
bool tells_update_after_rule(std::string_view t) {
  std::size_t i = 0, dashes = 0;
  while (i < t.size()) {
    std::size_t k = i;
    char32_t c = utf8::next(t, &k);
    if (c != U'—' && c != U'-' && c != U'－' && c != U'─') break;
    ++dashes;
    i = k;
  }
  std::string_view rest = t.substr(i);
  if (dashes < 2 || rest.empty() || utf8::length(rest) > 40) return false;
  if (rest.find("更新") != std::string_view::npos) return true;
  for (std::size_t at = rest.find("更"); at != std::string_view::npos;
       at = rest.find("更", at + 3)) {
    if (at == 0) continue;
    std::size_t k = at;
    char32_t before = utf8::previous(rest, &k);
    if (std::u32string_view(U"一二三四五六七八九十两0123456789").find(before) !=
        std::u32string_view::npos)
      return true;
  }
  return false;
}

// Whether `t` ends with a plea for the readers' votes (求推荐票！, 求月票~): 求 before a strong
// note word, nothing after them but marks. A story's last line never asks so.
bool ends_with_plea(std::string_view t) {
  std::size_t end = t.size();
  while (end > 0) {
    std::size_t k = end;
    if (is_word_character(utf8::previous(t, &k))) break;
    end = k;
  }
  const std::string_view core = t.substr(0, end);
  for (const auto& [word, weight] : note_words().words) {
    if (weight != 2 || !core.ends_with(word)) continue;
    if (core.substr(0, core.size() - word.size()).ends_with("求")) return true;
  }
  return false;
}

// A short line of dashes or an ellipsis alone, which an author sets before a note as others
// set a scene break (一念永恒: -, then 求推荐！; ——, then 这一章在这里结束最恰如其分…; 大王饶命:
// ……, then 今天还是两更…): a break only for the note after it, which must be one by its words.
bool is_rule_line(std::string_view t, bool dashes_only = false) {
  if (t.empty() || utf8::length(t) > 8) return false;
  bool dashes = true, dots = true;
  for (std::size_t i = 0; i < t.size();) {
    const char32_t c = utf8::next(t, &i);
    dashes = dashes && std::u32string_view(U"—-－─―~～").find(c) != std::u32string_view::npos;
    dots = dots && (c == U'…' || c == U'.' || c == U'。');
  }
  return dashes || (dots && !dashes_only);
}

class NoteFinder {
 public:
  // Reads only the first kHead and the last kTail paragraphs.
  explicit NoteFinder(const TextEdges& ps) : ps_(ps), note_(ps.size(), false) {}

  // Which paragraphs are notes; and a bracketed note glued before the first paragraph (its
  // byte length, 0 when none).
  const std::vector<bool>& find(std::size_t* glued) {
    tail();
    trailing_rule();
    head(glued);
    return note_;
  }

 private:
  std::string_view text(std::size_t i) const { return trim_spaces(ps_[i].text); }

  void tail() {
    std::size_t n = ps_.size();
    if (n == 0) return;
    std::size_t from = n > kTail ? n - kTail : 0;
    // A label alone heads a note to the end (插曲：, then a skit), unless story follows it: a
    // line longer than any note's that weighs nothing as one (作者有话说： near a chapter's start,
    // over its narrative, heads no note; a note is never inside the story).
    for (std::size_t i = from; i < n; ++i) {
      bool alone = false;
      if (ps_[i].scene_break || !opens_with_label(text(i), &alone) || !alone) continue;
      bool story_below = false;
      for (std::size_t k = i + 1; k < n && !story_below; ++k)
        story_below = !ps_[k].scene_break && utf8::length(text(k)) > kLongNote &&
                      note_weight(text(k)) == 0;
      if (story_below) continue;
      for (std::size_t k = i; k < n; ++k) note_[k] = true;
      break;
    }
    after_last_break(from);
    after_last_label(from);
    bool in_note = note_[n - 1];
    // Whether the note's line just below opens with its label (PS：周一求推荐票~): the line
    // above a label is outside the note it opens, a note only by its own words (the story's
    // last thought, 抱歉，我真地想回家……, weighs as a note's line would inside one).
    auto opens_note = [&](std::size_t i) {
      bool alone = false;
      return !ps_[i].scene_break && opens_with_label(text(i), &alone);
    };
    bool label_below = in_note && opens_note(n - 1);
    for (std::size_t i = n; i-- > from;) {
      if (note_[i]) {
        in_note = true;
        label_below = opens_note(i);
        continue;
      }
      if (ps_[i].scene_break) {
        if (in_note) note_[i] = true;
        label_below = false;
        continue;
      }
      std::string_view t = text(i);
      if (is_note(t, i + 1 == n, in_note && !label_below)) {
        note_[i] = in_note = true;
        label_below = opens_note(i);
        continue;
      }
      if (!in_note) break;
      // One short line of the author's cheering between two of the note's (我们……归来了！
      // between 求收藏 lines and the ranking the author aims for): the note goes on when the
      // line above it is a note's line by its own words. Never a line of dialogue, and never
      // the story's line above a note: that one weighs nothing.
      if (i > from && !ps_[i - 1].scene_break && !has_quotation(t) &&
          utf8::length(t) <= kShortContinued && is_note(text(i - 1), false, false)) {
        note_[i] = true;
        label_below = false;
        continue;
      }
      // The blurb of a book recommended just above.
      std::size_t promo = i;
      bool found = false;
      for (std::size_t k = 0; k < kBlurb && promo > from; ++k) {
        --promo;
        if (recommends_a_book(text(promo))) {
          found = true;
          break;
        }
      }
      if (!found) break;
      for (std::size_t k = promo; k <= i; ++k) note_[k] = true;
      i = promo;
    }
  }

  // A rule of dashes that ends the chapter is the break of a note whose lines went as a site's
  // (一念永恒 sets - before its notes: -, then 求推荐！ and 求收藏！！, dropped; the - was left as
  // the chapter's last paragraph, in almost every chapter). It goes too; an ellipsis stays.
  void trailing_rule() {
    const std::size_t n = ps_.size();
    if (n < 2 || note_[n - 1] || ps_[n - 1].scene_break) return;
    if (is_rule_line(text(n - 1), /*dashes_only=*/true)) note_[n - 1] = true;
  }

  // A note set off from the story by a scene break (* or ---) at the chapter's end: when the
  // first line after the break is a note, the few short lines after it are the note's too
  // (感谢亲…的红包！ then 感冒太难受了，鼻子罢工两天了，哎！).
  void after_last_break(std::size_t from) {
    std::size_t n = ps_.size();
    std::size_t brk = n;
    for (std::size_t i = n; i-- > from;)
      if (ps_[i].scene_break || is_rule_line(text(i))) {
        brk = i;
        break;
      }
    if (brk == n || brk + 1 >= n || n - brk - 1 > kAfterBreak) return;
    // (A single short line after the break needs only a note's strong word: 新书幼苗，需要关爱，
    // 急需守护~~~, once the vote drive before it went as a site's line.)
    std::string_view first = text(brk + 1);
    bool alone = brk + 2 == n && !has_quotation(first) && utf8::length(first) <= kShortLast &&
                 has_strong_word(first);
    if ((!alone && !is_note(first, brk + 2 == n, false)) || !short_lines_to_end(brk + 1)) return;
    for (std::size_t i = brk; i < n; ++i) note_[i] = true;
  }

  // Whether the paragraphs from `from` to the chapter's end are short lines of a note: no scene
  // break, no quotation, none longer than kShortLast.
  bool short_lines_to_end(std::size_t from) const {
    for (std::size_t i = from; i < ps_.size(); ++i) {
      std::string_view t = text(i);
      if (ps_[i].scene_break || has_quotation(t) || utf8::length(t) > kShortLast) return false;
    }
    return true;
  }

  // A note opened by its label near the chapter's end (ps:今天三更，明天结束这个副本。): the few
  // short lines after it, with no quotation, are the note's too (放了好长的线…, 明天见！).
  void after_last_label(std::size_t from) {
    std::size_t n = ps_.size();
    for (std::size_t i = n; i-- > from && n - i - 1 <= kAfterBreak;) {
      bool alone = false;
      if (ps_[i].scene_break || !opens_with_label(text(i), &alone)) continue;
      if (short_lines_to_end(i + 1))
        for (std::size_t k = i; k < n; ++k) note_[k] = true;
      return;
    }
  }

  void head(std::size_t* glued) {
    *glued = 0;
    std::size_t n = ps_.size();
    std::size_t notes = 0;  // the leading paragraphs found to be a note
    for (std::size_t i = 0; i < std::min(n, kHead); ++i) {
      if (note_[i] || ps_[i].scene_break) break;
      std::string_view t = text(i);
      if (i == 0 && (*glued = glued_note(t)) > 0) break;
      if (!bracketed_update_note(t)) {
        if (has_dialogue(t) || utf8::length(t) > kLongNote) break;
        bool alone = false;
        if (!opens_with_label(t, &alone) && note_weight(t) < kNote) break;
      }
      note_[i] = true;
      notes = i + 1;
    }
    before_first_break(notes);
  }

  // A note that opens a chapter set off from the story by a scene break (－－－): the break is
  // the note's, and so are the few short lines between the note and it (龙王今天正式起航…, then
  // 龙王起航，斗罗辉煌，唐门万岁！, then －－－). Nothing at all when a line of dialogue or a
  // longer one comes first: the break is then the story's.
  void before_first_break(std::size_t notes) {
    if (notes == 0) return;
    const std::size_t n = ps_.size();
    for (std::size_t i = notes; i < n && i < notes + kAfterBreak; ++i) {
      if (note_[i]) return;  // (the chapter's tail note)
      if (ps_[i].scene_break) {
        for (std::size_t k = notes; k <= i; ++k) note_[k] = true;
        return;
      }
      std::string_view t = text(i);
      if (has_quotation(t) || utf8::length(t) > kShortLast) return;
    }
  }

  // A bracketed note before the first paragraph's story: （感谢送金牌的亲们）蓝鸟宫殿…
  static std::size_t glued_note(std::string_view t) {
    std::size_t k = 0;
    char32_t open = utf8::next(t, &k);
    std::u32string_view opens = U"（(【[";
    std::size_t which = opens.find(open);
    if (which == std::u32string_view::npos) return 0;
    std::size_t close = t.find(which == 0 ? "）" : which == 1 ? ")" : which == 2 ? "】" : "]");
    if (close == std::string_view::npos) return 0;
    std::size_t end = close + (which == 1 || which == 3 ? 1 : 3);
    std::string_view inside = t.substr(0, end);
    if (utf8::length(inside) > 40 || end >= t.size() || note_weight(inside) < kNote) return 0;
    return end;
  }

  bool is_note(std::string_view t, bool last, bool in_note) const {
    if (bracketed_update_note(t)) return true;
    if (has_dialogue(t)) return false;
    bool alone = false;
    if (opens_with_label(t, &alone)) return true;
    if (utf8::length(t) > kLongNote) return false;
    int words = 0;
    int w = note_weight(t, &words);
    if (w >= kNote) return true;
    if (last && (is_greeting(t) || (w >= kLastNote && words >= 2 && utf8::length(t) <= kShortLast &&
                                    has_strong_word(t))))
      return true;
    if (last && utf8::length(t) <= kShortLast && ends_with_plea(t)) return true;
    if (last && tells_update_after_rule(t)) return true;
    // (Thanks by their first word alone quote no one: 感谢“你救了我”，她低声说。 is story.)
    if (last && !has_quotation(t) &&
        (t.rfind("感谢", 0) == 0 || t.rfind("感謝", 0) == 0 || t.rfind("谢谢", 0) == 0 ||
         t.rfind("謝謝", 0) == 0))
      return true;
    if (!in_note) return false;
    // Inside a note: what weighs as a note's (a short line that weighs anything), a line of
    // symbols, a short label ("剧透：").
    std::size_t length = utf8::length(t);
    if (w >= 2 || (w >= 1 && length <= kShortContinued) || only_symbols(t)) return true;
    std::size_t end = t.size();
    char32_t c = end ? utf8::previous(t, &end) : 0;
    return length <= 6 && (c == U'：' || c == ':');
  }

  static bool has_strong_word(std::string_view t) {
    for (const auto& [word, weight] : note_words().words)
      if (weight == 2 && t.find(word) != std::string_view::npos) return true;
    return false;
  }

  const TextEdges& ps_;
  std::vector<bool> note_;
};

}  // namespace

int note_weight(std::string_view text, int* words) {
  int weight = 0;
  if (words) *words = 0;
  if (!note_words().any_word.find(text)) return 0;  // most lines: none of the words
  std::string t(text);
  for (const auto& [word, w] : note_words().words) {
    std::size_t at = t.find(word);
    if (at == std::string::npos) continue;
    weight += w;
    if (words) ++*words;
    t.replace(at, word.size(), std::string(word.size(), ' '));  // 推荐票 is not 推荐 too
  }
  return weight;
}

namespace {

// Whether a chapter is a section the author writes in his own voice (后记, 自序, 完本感言):
// its first and last paragraphs are his whole text, no notes beside a story.
// The words of a section the author writes after the story (后记, 完本感言); `before` the
// ones before it too (序, 前言).
bool authors_section(std::string_view title, bool before = true) {
  std::string_view t = trim_spaces(title);
  // (Without the decoration a site puts before it: ☆、完结感言.)
  while (!t.empty()) {
    std::size_t k = 0;
    const char32_t first = utf8::next(t, &k);
    if (is_word_character(first)) break;
    t.remove_prefix(k);
  }
  const std::string bare = utf8::without_spaces(t);  // (set out with spaces: 后　记)
  constexpr std::size_t kAfter = 8;  // the first eight words are the ones after the story
  constexpr std::array<std::string_view, 13> kWords = {
      "后记",     "後記", "后序", "後序", "跋",   "完本感言", "完結感言",
      "完结感言", "序言", "自序", "前言", "引言", "序"};
  for (std::size_t w = 0; w < (before ? kWords.size() : kAfter); ++w) {
    const std::string_view word = kWords[w];
    if (bare == word) return true;
    if (!t.starts_with(word)) continue;
    std::string_view rest = t.substr(word.size());
    if (rest.empty()) return true;
    std::size_t i = 0;
    char32_t next = utf8::next(rest, &i);
    return utf8::is_space(next) ||
           std::u32string_view(U"：:、·.（(—-").find(next) != std::u32string_view::npos;
  }
  return false;
}

// A title that ends naming the author's own section (作者的小后记, 上架感言): the chapter is the
// author's text, though it need not end the story (a web novel's 上架感言 comes mid-book).
bool names_an_afterword(std::string_view title) {
  const std::string bare = utf8::without_spaces(trim_spaces(title));
  for (std::string_view word : {"后记", "後記", "感言"})
    if (std::string_view(bare).ends_with(word)) return true;
  return false;
}

}  // namespace

void keep_author_notes_apart(Book& book, const std::string& mode) {
  if (mode == "keep") return;
  std::size_t lines = 0, chapters = 0;
  // After the story's end (a chapter closing with 全文完, or the author's afterword: 后记) all is
  // the author's own writing, in sections that may be chapters of their own (【七、面条】): a
  // line there is no note beside the story.
  constexpr std::size_t kEndMarkLines = 3;  // the end mark is among a chapter's last lines
  // What each chapter's edges hold, found on every core; then moved, in order.
  std::vector<std::vector<bool>> notes(book.chapters.size());
  std::vector<std::size_t> glued_at(book.chapters.size(), 0);
  std::vector<char> ends_story(book.chapters.size(), 0);
  parallel_for(book.chapters.size(), 0, [&](std::size_t i) {
    const Chapter& c = book.chapters[i];
    if (c.front_matter) return;
    const TextEdges edges = c.paragraphs.edges(kHead, std::max(kTail, kEndMarkLines));
    for (std::size_t j = edges.size() > kEndMarkLines ? edges.size() - kEndMarkLines : 0;
         j < edges.size(); ++j)
      ends_story[i] |= is_end_mark(edges[j].text);
    if (!authors_section(c.title) && !names_an_afterword(c.title))
      notes[i] = NoteFinder(edges).find(&glued_at[i]);
  });
  for (std::size_t i = 0; i < book.chapters.size(); ++i) {
    const Chapter& c = book.chapters[i];
    if (c.front_matter) continue;
    const bool afterword = authors_section(c.title, /*before=*/false);
    if (!afterword && !ends_story[i]) continue;
    for (std::size_t j = afterword ? i : i + 1; j < book.chapters.size(); ++j) {
      notes[j].clear();
      glued_at[j] = 0;
    }
    break;
  }
  for (std::size_t i = 0; i < book.chapters.size(); ++i) {
    Chapter& c = book.chapters[i];
    if (c.front_matter) continue;
    std::size_t glued = glued_at[i];
    std::vector<bool> note = std::move(notes[i]);
    bool any = glued > 0 || std::find(note.begin(), note.end(), true) != note.end();
    if (!any) continue;
    // A chapter that would be left with no story keeps its text: nothing here tells a note
    // from a short chapter.
    if (std::count(note.begin(), note.end(), false) == 0 && glued == 0) continue;
    std::string file = c.sources.empty() ? std::string() : c.sources.front();
    AuthorNote moved{c.title, {}};
    std::vector<Paragraph> kept;
    std::vector<Paragraph>& paragraphs = c.paragraphs.edit();
    for (std::size_t j = 0; j < paragraphs.size(); ++j) {
      Paragraph& p = paragraphs[j];
      if (j == 0 && glued > 0) {
        std::string_view t = trim_spaces(p.text);
        std::string note_text(t.substr(0, glued));
        std::string story(trim_spaces(t.substr(glued)));
        c.repairs.push_back({"author_note", file, p.line, p.text, story});
        moved.paragraphs.push_back({note_text, p.line, false});
        p.text = std::move(story);
      }
      if (!note[j]) {
        kept.push_back(std::move(p));
        continue;
      }
      // (The break before a note, a scene break or a rule line, goes without moving.)
      const bool rule = p.scene_break || is_rule_line(trim_spaces(p.text));
      if (mode == "apart" && !rule)
        c.repairs.push_back(
            {"author_note", file, p.line, "", "moved to the author's notes: " + p.text});
      else
        c.repairs.push_back(
            {"author_note", file, p.line, p.scene_break ? "<scene break>" : p.text, ""});
      if (!rule) moved.paragraphs.push_back(std::move(p));
      ++lines;
    }
    paragraphs = std::move(kept);
    ++chapters;
    if (mode == "apart" && !moved.paragraphs.empty()) book.notes.push_back(std::move(moved));
  }
  if (lines == 0) return;
  book.warnings.push_back(
      {"author_note", "", 0,
       std::to_string(lines) + " line(s) the author wrote to the readers beside " +
           std::to_string(chapters) + " chapter(s) " +
           (mode == "apart" ? "moved to the author's notes page at the end of the book"
                            : "dropped") +
           " (the report lists each); [clean] author_notes = \"keep\" leaves them where they "
           "stand"});
}

}  // namespace novelbind
