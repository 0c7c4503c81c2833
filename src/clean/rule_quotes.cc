#include "clean/rule_quotes.h"

#include <algorithm>
#include <vector>

#include "base/cjk_text.h"

namespace novelbind {
namespace {

enum class Kind { kNone, kOpen, kClose, kStraight };

Kind kind_of(char32_t cp) {
  switch (cp) {
    case U'“':
    case U'「':
    case U'『':
    case U'‘':
    case U'〝':
      return Kind::kOpen;
    case U'”':
    case U'」':
    case U'』':
    case U'’':
    case U'〞':
    case U'〟':
      return Kind::kClose;
    case U'"':
    case U'＂':
      return Kind::kStraight;
    default:
      return Kind::kNone;
  }
}

bool is_latin_letter(char32_t cp) {
  return ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z') || (cp >= 0xC0 && cp <= 0x24F);
}

struct Style {
  char32_t open[2];
  char32_t close[2];
};
constexpr Style kCorner = {{U'「', U'『'}, {U'」', U'』'}};
constexpr Style kCurly = {{U'“', U'‘'}, {U'”', U'’'}};

// Typed quotes keep their level and direction, so only straight quotes and quotes of the
// other style can change: one pass over the bytes, decoding only the three-byte characters
// that quotes start with (E2 “”‘’, E3 「」『』〝〞〟, EF ＂).
bool may_change(std::string_view s, const std::string& quotes) {
  bool corner = quotes == "corner", curly = quotes == "curly";
  for (std::size_t i = 0; i < s.size(); ++i) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c == '"') return true;
    if ((c != 0xE2 && c != 0xE3 && c != 0xEF) || i + 2 >= s.size()) continue;
    std::size_t n = 0;
    char32_t cp = utf8::decode(s, i, &n);
    if (cp == U'＂') return true;
    bool corner_quote = cp == U'「' || cp == U'」' || cp == U'『' || cp == U'』';
    bool curly_quote = cp == U'“' || cp == U'”' || cp == U'‘' || cp == U'’';
    bool other = cp == U'〝' || cp == U'〞' || cp == U'〟';
    if ((curly && (corner_quote || other)) || (corner && (curly_quote || other))) return true;
    i += n - 1;
  }
  return false;
}

}  // namespace

bool QuotesRule::rewrite(std::string_view text, const CleanContext& context,
                         std::string* out) const {
  if (!may_change(text, context.quotes)) return false;
  std::u32string s;
  for (std::size_t i = 0, n = 0; i < text.size(); i += n) s += utf8::decode(text, i, &n);
  // A paragraph of Latin words without an ideograph (a translator's English: "Swindler!" became
  // 「Swindler!」, ‘Brother.’” became ‘Brother.』」) keeps its quotes as typed: neither style of
  // Chinese quotation marks is English's. (Dialogue of marks alone, "……", takes the book's.)
  if (latin_without_ideograph(s)) return false;

  bool keep = context.quotes != "corner" && context.quotes != "curly";
  const Style* style = context.quotes == "corner" ? &kCorner : &kCurly;
  if (keep) {
    for (char32_t cp : s) {
      if (cp == U'「' || cp == U'『') {
        style = &kCorner;
        break;
      }
      if (cp == U'“') break;
    }
  }

  // Pass 1: which quote characters open and which close. Straight quotes alternate; an
  // apostrophe is no quote; an opening quote that ends the line inside a quotation closes it.
  struct Quote {
    std::size_t at;
    bool opens;
    int level;  // 0 primary (“「), 1 secondary (‘『), -1 straight
  };
  std::vector<Quote> quotes;
  std::vector<bool> straight_open;  // per open quotation: opened by a straight quote?
  // An odd number of straight quotes cannot pair among themselves: then one closes whatever
  // quotation is open (“不要五！＂ is “不要五！” typed with the wrong key).
  std::size_t straights =
      std::count(s.begin(), s.end(), U'"') + std::count(s.begin(), s.end(), U'＂');
  bool odd_straights = straights % 2 == 1;
  bool typed = std::any_of(s.begin(), s.end(), [](char32_t cp) {
    Kind k = kind_of(cp);
    return k == Kind::kOpen || k == Kind::kClose;
  });
  if (typed) odd_straights = std::count(s.begin(), s.end(), U'"') % 2 == 1;
  auto apostrophe = [&](std::size_t i) {  // don’t, l’amour
    return (s[i] == U'‘' || s[i] == U'’') && ((i > 0 && is_latin_letter(s[i - 1])) ||
                                              (i + 1 < s.size() && is_latin_letter(s[i + 1])));
  };
  // The typed closing quotes from each place to the line's end that the typed opening quotes
  // after it leave over. A straight quote that ends an utterance inside a typed quotation no
  // later typed quote closes is its closer (“快請出甄爺來！" in a text that opens with “ and
  // closes with "), not a quotation nested in it; a typed closer that a later typed opener
  // takes closes that one (“…何興至此？"士隱笑道：“今夜中秋…便道：“兄何不早言．”: the " closes
  // the first quotation, the ” the last).
  // (Counted once, when first asked: most lines never ask, and a line of many straight quotes
  // asks at each of them.)
  std::vector<long> closers;
  auto closers_after = [&](std::size_t from) {
    if (closers.empty()) {
      closers.assign(s.size() + 1, 0);
      for (std::size_t k = s.size(); k-- > 0;) {
        const Kind kind = apostrophe(k) ? Kind::kNone : kind_of(s[k]);
        closers[k] = closers[k + 1] + (kind == Kind::kClose) - (kind == Kind::kOpen);
      }
    }
    return closers[from];
  };
  // The line's last character, spaces aside: a straight quote there after a word or a stop,
  // with no quotation open in the line, closes one opened paragraphs before (a letter quoted
  // over several paragraphs, each opening with " and the last ending 您诚挚的，乔薇尼"; or a
  // line whose opening quote was lost, …那么我去报告。"). After a colon it opens speech.
  std::size_t last = s.size();
  while (last > 0 && (s[last - 1] == U' ' || s[last - 1] == U'　' || s[last - 1] == U'\t')) --last;
  auto closes_earlier = [&](std::size_t i) {
    if (i + 1 != last || i == 0) return false;
    char32_t before = s[i - 1];
    return before != U'：' && before != U':' && before != U' ' && before != U'　' &&
           before != U'"' && before != U'＂' && kind_of(before) == Kind::kNone;
  };
  for (std::size_t i = 0; i < s.size(); ++i) {
    Kind kind = kind_of(s[i]);
    if (kind == Kind::kNone) continue;
    // A full-width straight quote among typed ones is the author's glyph, not a missing pair.
    if (s[i] == U'＂' && typed) continue;
    if (apostrophe(i)) continue;
    bool straight = kind == Kind::kStraight;
    bool opens = kind == Kind::kOpen;
    if (straight) {
      opens = straight_open.empty() || (!odd_straights && !straight_open.back());
      if (opens && straight_open.empty() && closes_earlier(i)) opens = false;
      if (opens && !straight_open.empty()) {  // inside a typed quotation
        std::size_t typed_open = std::count(straight_open.begin(), straight_open.end(), false);
        // (Spaces after the stop aside: “你无耻！ "林红在电话里喊叫起来.)
        std::size_t before = i;
        while (before > 0 && (s[before - 1] == U' ' || s[before - 1] == U'　')) --before;
        const bool after_utterance =
            before > 0 && std::u32string_view(U"。！？!?…，,～~—").find(s[before - 1]) !=
                              std::u32string_view::npos;
        opens = !after_utterance || closers_after(i + 1) >= static_cast<long>(typed_open);
      }
    }
    int level = straight ? -1 : (s[i] == U'‘' || s[i] == U'’' || s[i] == U'『' || s[i] == U'』');
    quotes.push_back({i, opens, level});
    if (opens) {
      straight_open.push_back(straight);
    } else if (!straight_open.empty()) {
      straight_open.pop_back();
    }
  }

  // A straight quote the pairing makes a closer right after a colon (曰：" is speech opening):
  // the line's straight quotes do not pair as they alternate (a quote lost or typed as ' in a
  // long paragraph of many), and each after that one would turn the wrong way. They stay as
  // written.
  bool unpaired = false;
  for (const Quote& q : quotes)
    unpaired |=
        q.level < 0 && !q.opens && q.at > 0 && (s[q.at - 1] == U'：' || s[q.at - 1] == U':');

  // Pass 2: the level each quote is written at. The author's level stands, always: a paragraph
  // may sit inside a quotation opened paragraphs before, nesting written with one kind
  // (“…“…”…”) is a style, and a mismatched pair cannot show which of its two quotes is wrong.
  // Only a straight quote takes the level its place calls for.
  // 『…』 outside every quotation, in a book whose quotes become curly, are brackets (a
  // skill's or an instance's name: 进入『古宅惊魂』副本), not a quotation nested in one: they
  // stay as written, both of them.
  // So are 「」 inside a “” quotation (“…只需要记住，「规则是绝对的」。”: the author's marks for a
  // term), and “” inside 「」 in a corner book: made the quotation's own kind, they would nest
  // it in itself.
  std::vector<bool> as_written(quotes.size(), false);
  if (!keep) {
    const bool curly = style == &kCurly;
    std::vector<std::size_t> openers;
    for (std::size_t k = 0; k < quotes.size(); ++k) {
      if (quotes[k].opens) {
        openers.push_back(k);
      } else if (!openers.empty()) {
        std::size_t o = openers.back();
        openers.pop_back();
        char32_t open = s[quotes[o].at], close = s[quotes[k].at];
        char32_t around = openers.empty() ? 0 : s[quotes[openers.back()].at];
        bool bracket = curly && openers.empty() && open == U'『' && close == U'』';
        // (Around them a straight quote, which becomes “, nests them the same: create_issue("我
        // 们是否应该给AI说「谢谢」的机会？") would read “…“谢谢”…”.)
        bool inner = curly ? (around == U'“' || around == U'"' || around == U'＂') &&
                                 open == U'「' && close == U'」'
                           : around == U'「' && open == U'“' && close == U'”';
        if (bracket || inner) as_written[o] = as_written[k] = true;
      }
    }
  }
  std::vector<int> open_levels;
  bool changed = false;
  for (std::size_t k = 0; k < quotes.size(); ++k) {
    const Quote& q = quotes[k];
    int level = q.level;
    if (q.opens) {
      int around = open_levels.empty() ? -1 : open_levels.back();
      if (level < 0) level = around < 0 ? 0 : 1 - around;
      open_levels.push_back(level);
    } else if (!open_levels.empty()) {
      // A straight closer matches its opener; a typed one keeps the author's level.
      if (level < 0) level = open_levels.back();
      open_levels.pop_back();
    }
    if (level < 0) level = 0;
    if (as_written[k] || (keep && kind_of(s[q.at]) != Kind::kStraight) || (unpaired && q.level < 0))
      continue;
    char32_t replacement = q.opens ? style->open[level] : style->close[level];
    if (replacement != s[q.at]) {
      s[q.at] = replacement;
      changed = true;
    }
  }
  if (!changed) return false;
  for (char32_t cp : s) utf8::append(out, cp);
  return true;
}

}  // namespace novelbind
