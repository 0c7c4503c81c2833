#include "clean/rule_punctuation.h"
#include <algorithm>
#include <cctype>

#include "base/cjk_text.h"

namespace novelbind {
namespace {

bool is_ascii_alnum(char32_t cp) {
  return (cp >= '0' && cp <= '9') || ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z');
}

char32_t full_width(char32_t cp) {
  switch (cp) {
    case ',':
      return U'，';
    case '!':
      return U'！';
    case '?':
      return U'？';
    case ':':
      return U'：';
    case ';':
      return U'；';
    default:
      return 0;
  }
}

bool is_closing(char32_t cp) {
  return cp == U'”' || cp == U'’' || cp == U'」' || cp == U'』' || cp == U'）' || cp == U'》';
}

bool is_clause_punctuation(char32_t cp) {
  return std::u32string_view(U"，。、；：？！").find(cp) != std::u32string_view::npos;
}

// Whether half-width `cp` between `before` and `after` is Chinese punctuation typed on a Latin
// keyboard. A '?' or '!' must follow an ideograph and must not stand before a comma or stop:
// "刘?，" and "”?得" are characters lost to '?', not questions.
bool takes_full_width(char32_t cp, char32_t before, char32_t after) {
  if (is_ascii_alnum(after)) return false;
  if (cp == '?' || cp == '!') return is_ideograph(before) && !is_clause_punctuation(after);
  return is_ideograph(before) || is_closing(before);
}

// Whether s[i] is an ASCII letter.
bool latin_word_at(const std::u32string& s, std::size_t i) {
  return i < s.size() && s[i] < 0x80 && std::isalpha(static_cast<int>(s[i]));
}

bool is_question_ending(char32_t cp) {
  return std::u32string_view(U"吗嗎呢么麼吧啊呀嘛").find(cp) != std::u32string_view::npos;
}

bool is_word(char32_t cp) {
  return is_ideograph(cp) || is_ascii_alnum(cp) || (cp >= U'０' && cp <= U'９');
}

bool is_closing_quote(char32_t cp) {
  return cp == U'”' || cp == U'」' || cp == U'』' || cp == U'’';
}

bool is_opening_quote(char32_t cp) {
  return cp == U'“' || cp == U'「' || cp == U'『' || cp == U'‘';
}

// Words run on through digits and Latin letters: "第162章" is one word, not a lone 章.
std::size_t ideograph_run(const std::u32string& s, std::size_t from) {
  std::size_t n = 0;
  while (from + n < s.size() && is_word(s[from + n])) ++n;
  return n;
}

std::size_t ideograph_run_before(const std::u32string& s, std::size_t end) {
  std::size_t n = 0;
  while (n < end && is_word(s[end - 1 - n])) ++n;
  return n;
}

// A space after a closing quote, before an ideograph: "回鶻……」 這兩個字".
int quote_spaces(std::string_view text) {
  int n = 0;
  // Spaces are rare in Chinese text: find them, then look at what ends before each.
  for (std::size_t at = text.find(' '); at != std::string_view::npos; at = text.find(' ', at + 1)) {
    if (at < 3) continue;
    std::string_view before = text.substr(at - 3, 3);
    n += before == "”" || before == "」" || before == "』" || before == "’";
  }
  return n;
}

bool is_ellipsis_dot(char32_t cp) {
  return cp == '.' || cp == U'・' || cp == U'．' || cp == U'…';
}

bool is_dash(char32_t cp) {
  return cp == U'—' || cp == U'―' || cp == '-';
}

// Whether a line can need this rule at all: ASCII punctuation, spaces or the characters whose
// runs it normalises. Most lines of a clean book pass through on this check alone.
bool may_need(std::string_view s) {
  for (unsigned char c : s) {
    switch (c) {
      case ',':
      case '!':
      case '?':
      case ':':
      case ';':
      case '.':
      case '-':
      case ' ':
      case '\t':
        return true;
      default:
        break;
    }
  }
  return s.find("\xE2\x80\xA6") != std::string_view::npos ||              // …
         s.find("\xE2\x80\x94") != std::string_view::npos ||              // —
         s.find("\xE2\x80\x95") != std::string_view::npos ||              // ―
         s.find("\xE3\x80\x82\xE3\x80\x82") != std::string_view::npos ||  // 。。
         s.find("\xE3\x80\x80") != std::string_view::npos ||              // U+3000
         s.find("\xC2\xA0") != std::string_view::npos ||                  // NBSP
         s.find("\xE3\x83\xBB") != std::string_view::npos ||              // ・
         s.find("\xEF\xBC\x8E") != std::string_view::npos;                // ．
}

// The same for the default mode, which touches only ASCII punctuation and ASCII spaces: one
// pass over the bytes, no search for the runs only normalisation rewrites.
bool may_need_repair(std::string_view s) {
  for (unsigned char c : s)
    if (c == ',' || c == '!' || c == '?' || c == ':' || c == ';' || c == ' ') return true;
  return false;
}

}  // namespace

void PunctuationRule::apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
                            RepairLog& log) const {
  const InterpunctDecision& interpunct = *context.book().interpunct;
  const bool asks_with_ascii = interpunct.question_mark_in_use && !interpunct.lost_characters;
  int habit = 0;
  for (const Paragraph& p : paragraphs)
    if (!p.scene_break) habit += quote_spaces(p.text);
  std::string out;
  std::vector<std::size_t> lost;
  for (Paragraph& p : paragraphs) {
    if (p.scene_break) continue;
    out.clear();
    lost.clear();
    bool changed = rewrite(p.text, habit >= 2, &out, &lost, asks_with_ascii);
    for (std::size_t at : lost) {
      (void)at;
      log.warn(p.line,
               "'?' between two characters stands for a character lost in decoding; "
               "left as it is: restore it by hand");
    }
    if (!changed) continue;
    log.record(p.line, p.text, out);
    p.text.assign(out);
  }
}

bool PunctuationRule::rewrite(std::string_view text, bool quote_space_habit, std::string* out,
                              std::vector<std::size_t>* lost, bool asks_with_ascii) const {
  if (!(normalize_ ? may_need(text) : may_need_repair(text))) return false;
  std::u32string s;
  for (std::size_t i = 0, n = 0; i < text.size(); i += n) s += utf8::decode(text, i, &n);
  auto at = [&](std::size_t i) -> char32_t { return i < s.size() ? s[i] : 0; };
  // A line spaced out by damage has several gaps between lone ideographs ("他 走 了"); one
  // gap is the author's spacing (尾 声, 目　錄 in a heading).
  int lone_gaps = 0;
  for (std::size_t i = 1; i + 1 < s.size(); ++i)
    if ((s[i] == ' ' || s[i] == 0xA0) && is_ideograph(s[i - 1]) && is_ideograph(s[i + 1]) &&
        ideograph_run_before(s, i) == 1 && ideograph_run(s, i + 1) == 1)
      ++lone_gaps;
  bool spaced_out = lone_gaps >= 2;
  // A paragraph of Latin words without an ideograph (a translator's English, a note in it) keeps
  // its commas after a closing quote: “Sect”, along is English punctuation.
  const bool latin = latin_without_ideograph(s);

  std::u32string r;
  r.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    char32_t cp = s[i];
    char32_t before = r.empty() ? 0 : r.back();
    // Runs of the same mark are the author's expression (!!!, ???, ~~~): kept as written
    // unless asked to normalize.
    if (cp == '!' || cp == '?' || cp == U'！' || cp == U'？') {
      std::size_t j = i;
      while (j < s.size() && (s[j] == '!' || s[j] == '?' || s[j] == U'！' || s[j] == U'？')) ++j;
      if (j - i >= 2) {
        bool cjk_context = is_cjk(before) || is_cjk(at(j)) || at(j) == 0;
        for (std::size_t k = i; k < j; ++k)
          r += normalize_ && cjk_context ? (s[k] == '!'   ? U'！'
                                            : s[k] == '?' ? U'？'
                                                          : s[k])
                                         : s[k];
        i = j;
        continue;
      }
      if (cp == '?' && is_ideograph(before) && is_ideograph(at(i + 1)) &&
          !is_question_ending(before) && !asks_with_ascii) {
        // 劉?不信: a character lost to '?', not a question.
        if (lost) lost->push_back(i);
        r += cp;
        ++i;
        continue;
      }
    }
    if (!normalize_ && (cp == U'。' || is_ellipsis_dot(cp) || is_dash(cp))) {
      r += cp;
      ++i;
      continue;
    }
    if (cp == U'。') {
      std::size_t j = i;
      while (j < s.size() && s[j] == U'。') ++j;
      // "。。" is two full stops; three or more are an ellipsis typed with the stop key.
      if (j - i >= 3)
        r += U"……";
      else
        r.append(s, i, j - i);
      i = j;
      continue;
    }
    // Runs of dots and ellipses.
    if (is_ellipsis_dot(cp)) {
      std::size_t j = i, ellipses = 0, dots = 0;
      for (; j < s.size() && is_ellipsis_dot(s[j]); ++j) (s[j] == U'…' ? ellipses : dots)++;
      bool cjk_context = is_cjk(before) || is_cjk(at(j)) || (before == 0 && j == s.size());
      bool is_run = ellipses > 0 ? (ellipses + dots != 2 || dots > 0) : dots >= 3;
      // "..." beside Latin text stays Latin.
      if (is_run && (ellipses > 0 || cjk_context)) {
        r += U"……";
        i = j;
        continue;
      }
      r.append(s, i, j - i);
      i = j;
      continue;
    }
    if (is_dash(cp)) {
      std::size_t j = i, hyphens = 0, dashes = 0;
      for (; j < s.size() && is_dash(s[j]); ++j) (s[j] == '-' ? hyphens : dashes)++;
      bool cjk_context = is_cjk(before) || is_cjk(at(j));
      bool proper = dashes == 2 && hyphens == 0 && s[i] == U'—' && s[i + 1] == U'—';
      if (!proper && cjk_context && (dashes > 0 || hyphens >= 2)) {
        r += U"——";
        i = j;
        continue;
      }
      r.append(s, i, j - i);
      i = j;
      continue;
    }
    if (is_space(cp)) {
      std::size_t j = i;
      while (j < s.size() && is_space(s[j])) ++j;
      char32_t after = at(j);
      bool stray = is_cjk(before) && is_cjk(after);
      if (!normalize_) {
        // Only spacing that shows damage: between lone ideographs, or the chapter's habit of
        // a space after a closing quote, and then the space before an opening one too (喊 “打
        // 120” 的声音: a writer who pads quotations pads both sides; taking one side only left
        // 喊 “打 120”的).
        const bool habit = quote_space_habit && j - i == 1 && s[i] == ' ';
        stray = (spaced_out && s[i] != 0x3000 && is_ideograph(before) && is_ideograph(after)) ||
                (habit && is_closing_quote(before) && is_ideograph(after)) ||
                (habit && is_opening_quote(after) &&
                 (is_ideograph(before) ||
                  std::u32string_view(U"，。：；！？").find(before) != std::u32string_view::npos));
      }
      if (stray && is_ideograph(before) && is_ideograph(after)) {
        // Between words, a space can be a separator (药方 "人参二钱 白术二钱", "第1章 甄士隐");
        // between single characters it is spacing-out damage ("他 走 了").
        stray = ideograph_run_before(s, i) == 1 && ideograph_run(s, j) == 1;
      }
      if (!stray) r.append(s, i, j - i);
      i = j;
      continue;
    }
    if (char32_t wide = full_width(cp);
        wide && !latin && takes_full_width(cp, before, at(i + 1)) &&
        // (A comma, a space and a Latin word after it, quoted or not: an English clause in a
        // bilingual note, “hanging down”, and 髫…, mean “Empty”, “Void”)
        !(cp == ',' && at(i + 1) == ' ' && latin_word_at(s, at(i + 2) == U'“' ? i + 3 : i + 2))) {
      r += wide;
      ++i;
      // The space typed after the ASCII mark goes with it: a full-width mark holds its own
      // ("崽崽, 开心" is 崽崽，开心, not 崽崽， 开心).
      std::size_t j = i;
      while (j < s.size() && s[j] == ' ') ++j;
      if (j > i && is_cjk(at(j))) i = j;
      continue;
    }
    r += cp;
    ++i;
  }
  if (r == s) return false;
  for (char32_t cp : r) utf8::append(out, cp);
  return true;
}

}  // namespace novelbind
