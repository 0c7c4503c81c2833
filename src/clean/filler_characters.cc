#include "clean/filler_characters.h"

#include <iconv.h>

#include "base/cjk_text.h"
#include "base/codepoint_set.h"
#include "base/utf8.h"
#include "clean/rule_reversed_lines.h"

namespace novelbind {
namespace {

using Context = std::pair<char32_t, char32_t>;  // the characters before and after a filler

// Every two-byte code of `encoding` from `first` to `last` (lead byte by lead byte, trail
// bytes `trail_low`..0xFE and, for Big5, 0x40..0x7E too), decoded into `set`.
void add_range(CodepointSet* set, const char* encoding, unsigned first, unsigned last, bool big5) {
  iconv_t cd = iconv_open("UTF-8", encoding);
  if (cd == reinterpret_cast<iconv_t>(-1)) return;
  for (unsigned code = first; code <= last; ++code) {
    unsigned trail = code & 0xFF;
    bool valid = big5 ? ((trail >= 0x40 && trail <= 0x7E) || (trail >= 0xA1 && trail <= 0xFE))
                      : (trail >= 0xA1 && trail <= 0xFE);
    if (!valid) continue;
    char in[2] = {static_cast<char>(code >> 8), static_cast<char>(trail)};
    char out[8];
    char* in_p = in;
    char* out_p = out;
    size_t in_left = 2, out_left = sizeof out;
    iconv(cd, nullptr, nullptr, nullptr, nullptr);
    if (iconv(cd, &in_p, &in_left, &out_p, &out_left) == static_cast<size_t>(-1)) continue;
    std::string_view decoded(out, sizeof out - out_left);
    size_t n = 0;
    char32_t cp = utf8::decode_strict(decoded, 0, &n);
    if (cp != utf8::kInvalid && n == decoded.size()) set->insert(cp);
  }
  iconv_close(cd);
}

// The hanzi of GB2312 up to `gb2312_last` and of Big5 up to `big5_last`.
CodepointSet hanzi_up_to(unsigned gb2312_last, unsigned big5_last) {
  CodepointSet s;
  add_range(&s, "GB2312", 0xB0A1, gb2312_last, false);
  add_range(&s, "BIG5", 0xA440, big5_last, true);
  return s;
}

const CodepointSet& common_hanzi() {
  // GB2312 whole (level 2 has characters a story uses: 噜 癫), and Big5 whole: a character
  // outside both is one a writer hardly ever needs.
  static const CodepointSet set = hanzi_up_to(0xF7FE, 0xF9D5);
  return set;
}

const CodepointSet& frequent_hanzi() {
  // The first level of each: the characters in everyday use, ordered by frequency (GB2312)
  // or by how often they are needed (Big5).
  static const CodepointSet set = hanzi_up_to(0xD7F9, 0xC67E);
  return set;
}

// Calls fn(before, cp, after, start, length) for each ideograph outside the everyday sets
// that stands between two ideographs.
// `each_rare` is called with every ideograph outside the everyday sets, wherever it stands.
template <typename Fn, typename Each = void (*)(char32_t)>
void for_each_candidate(
    std::string_view text, Fn fn, Each each_rare = [](char32_t) {}) {
  // Each character is looked up once, and its kind moves along with it.
  const CodepointSet& frequent = frequent_hanzi();
  char32_t before = 0, cp = 0;
  bool before_ideograph = false, cp_ideograph = false, cp_rare = false;
  size_t cp_start = 0, cp_length = 0;
  for (size_t i = 0; i < text.size();) {
    size_t start = i;
    char32_t next = utf8::next(text, &i);
    const bool next_ideograph = is_ideograph(next);
    const bool next_rare = next_ideograph && !frequent.contains(next);
    if (next >= 0x3400 && next_rare) each_rare(next);
    if (before_ideograph && cp_rare && next_ideograph) fn(before, cp, next, cp_start, cp_length);
    before = cp;
    before_ideograph = cp_ideograph;
    cp = next;
    cp_ideograph = next_ideograph;
    cp_rare = next_rare;
    cp_start = start;
    cp_length = i - start;
  }
}

// A rare character's test: in three of four uses the characters around it are a pair the book
// writes side by side elsewhere.
bool passes_rare_test(int uses, const std::vector<std::pair<Context, int>>& contexts,
                      const BigramCounts& bigrams) {
  int joined = 0;
  for (const auto& [context, n] : contexts)
    if (bigrams.count(context.first, context.second) >= 2) joined += n;
  return static_cast<int>(contexts.size()) >= kMinFillerContexts && joined * 4 >= uses * 3;
}

// The words a second-level character was seen in so far, for whether each new one keeps it
// apart from them: a filler never stands beside itself, and each character beside it always
// has the same partner across it (体_内, 真_实, 镇_压). A character of its own words has a fixed
// neighbour with varying partners (到嵩山, 上嵩山; 发飙了, 发飙的) or stands beside itself
// (咕噜噜, 疯疯癫癫).
class Partners {
 public:
  explicit Partners(char32_t filler) : filler_(filler) {}
  bool keeps_apart(Context word) {
    auto [before, after] = word;
    if (before == filler_ || after == filler_) return false;
    return after_.emplace(before, after).first->second == after &&
           before_.emplace(after, before).first->second == before;
  }

 private:
  char32_t filler_;
  std::map<char32_t, char32_t> after_, before_;
};

// A character of the sets' second levels (垩 of 体垩内) is a filler only on evidence no story
// character gives: every use of it in the book stands between two characters the book also
// writes side by side, in kMinStrictContexts words or more, each kept apart (Partners).
bool passes_strict_test(char32_t filler, const std::vector<std::pair<Context, int>>& contexts,
                        const BigramCounts& bigrams) {
  if (static_cast<int>(contexts.size()) < kMinStrictContexts) return false;
  Partners partners(filler);
  for (const auto& [context, n] : contexts) {
    if (bigrams.count(context.first, context.second) < 2 || !partners.keeps_apart(context))
      return false;
  }
  return true;
}

}  // namespace

bool is_common_hanzi(char32_t cp) {
  return common_hanzi().contains(cp);
}

bool is_frequent_hanzi(char32_t cp) {
  return frequent_hanzi().contains(cp);
}

std::string filler_count_key(char32_t filler) {
  std::string key = "\x02";
  utf8::append(&key, filler);
  return key;
}

bool holds_filler_key(const std::set<std::string>& keys) {
  const auto first = keys.lower_bound("\x02");
  return first != keys.end() && first->starts_with('\x02');
}

std::string filler_context_key(char32_t filler, char32_t before, char32_t after) {
  std::string key = "\x03";
  utf8::append(&key, filler);
  utf8::append(&key, before);
  utf8::append(&key, after);
  return key;
}

std::string filler_ruled_out_key(char32_t filler) {
  std::string key = "\x04";
  utf8::append(&key, filler);
  return key;
}

void tally_fillers(const std::vector<std::string_view>& lines, std::map<std::string, int>* tally) {
  // Second-level characters are told apart here, file by file: a use that rules one out (not
  // between two ideographs, or not kept apart from its other words: Partners) is counted under
  // filler_ruled_out_key, and its words are not kept. Most of them are ruled out so, and the book's
  // tally stays small.
  std::map<char32_t, int> all_uses;
  std::map<char32_t, std::vector<Context>> strict;
  for (std::string_view line : lines) {
    for_each_candidate(
        line,
        [&](char32_t before, char32_t cp, char32_t after, size_t, size_t) {
          if (is_common_hanzi(cp))
            strict[cp].emplace_back(before, after);
          else
            ++(*tally)[filler_context_key(cp, before, after)];
        },
        [&](char32_t cp) {
          if (is_common_hanzi(cp)) ++all_uses[cp];
        });
  }
  static const std::vector<Context> kNone;
  for (const auto& [cp, uses] : all_uses) {
    auto found = strict.find(cp);
    const std::vector<Context>& words = found == strict.end() ? kNone : found->second;
    int ruled_out = uses - static_cast<int>(words.size());
    Partners partners(cp);
    for (Context word : words)
      if (!partners.keeps_apart(word)) ++ruled_out;
    if (ruled_out > 0) {
      (*tally)[filler_ruled_out_key(cp)] += ruled_out;
      continue;
    }
    for (auto [before, after] : words) ++(*tally)[filler_context_key(cp, before, after)];
  }
}

std::set<std::string> learn_fillers(const std::map<std::string, int>& tally,
                                    const BigramCounts& bigrams) {
  std::set<std::string> fillers;
  // The words of each character, one character after another (the keys sort by it).
  auto it = tally.lower_bound("\x03");
  while (it != tally.end() && it->first[0] == '\x03') {
    size_t at = 1;
    char32_t filler = utf8::next(it->first, &at);
    std::string prefix = it->first.substr(0, at);
    std::vector<std::pair<Context, int>> contexts;
    int uses = 0;
    for (; it != tally.end() && it->first.compare(0, prefix.size(), prefix) == 0; ++it) {
      std::string_view rest = std::string_view(it->first).substr(prefix.size());
      size_t i = 0;
      char32_t before = utf8::next(rest, &i);
      char32_t after = utf8::next(rest, &i);
      contexts.push_back({{before, after}, it->second});
      uses += it->second;
    }
    if (uses < kMinFillerUses) continue;
    // A character that always follows the same one (眬 of 蒙眬), or always comes before the
    // same one, is half of a word, whatever stands on its other side; one doubled (蒙蒙眬眬)
    // is a word's too. A filler is put into many different words, once.
    std::set<char32_t> befores, afters;
    bool doubled = false;
    for (const auto& [context, n] : contexts) {
      doubled |= context.first == filler || context.second == filler;
      befores.insert(context.first);
      afters.insert(context.second);
    }
    if (doubled || befores.size() < 2 || afters.size() < 2) continue;
    bool filled = false;
    if (!is_common_hanzi(filler)) {
      filled = passes_rare_test(uses, contexts, bigrams);
    } else {
      filled = !tally.count(filler_ruled_out_key(filler)) &&
               passes_strict_test(filler, contexts, bigrams);
    }
    if (filled) fillers.insert(filler_count_key(filler));
  }
  return fillers;
}

bool without_fillers(std::string_view text,
                     const std::function<bool(const std::string&)>& is_filler, std::string* out) {
  std::vector<std::pair<size_t, size_t>> cuts;
  for_each_candidate(text, [&](char32_t, char32_t cp, char32_t, size_t start, size_t length) {
    if (is_filler(filler_count_key(cp))) cuts.emplace_back(start, length);
  });
  if (cuts.empty()) return false;
  out->clear();
  size_t kept = 0;
  for (auto [start, length] : cuts) {
    out->append(text.substr(kept, start - kept));
    kept = start + length;
  }
  out->append(text.substr(kept));
  return true;
}

}  // namespace novelbind
