#include "clean/filler_characters.h"

#include <iconv.h>

#include "base/cjk_text.h"
#include "base/utf8.h"
#include "clean/rule_reversed_lines.h"
#include "convert/codepoint_set.h"

namespace novelbind {
namespace {

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

const CodepointSet& common_hanzi() {
  static const CodepointSet set = [] {
    CodepointSet s;
    // GB2312 whole (level 2 has characters a story uses: 噜 癫), and Big5 whole: a character
    // outside both is one a writer hardly ever needs.
    add_range(&s, "GB2312", 0xB0A1, 0xF7FE, false);
    add_range(&s, "BIG5", 0xA440, 0xF9D5, true);
    return s;
  }();
  return set;
}

// Calls fn(before, cp, after, start, length) for each rare ideograph between two ideographs.
template <typename Fn>
void for_each_candidate(std::string_view text, Fn fn) {
  char32_t before = 0, cp = 0;
  size_t cp_start = 0, cp_length = 0;
  for (size_t i = 0; i < text.size();) {
    size_t start = i;
    char32_t next = utf8::next(text, &i);
    if (is_ideograph(before) && is_ideograph(cp) && is_ideograph(next) && !is_common_hanzi(cp))
      fn(before, cp, next, cp_start, cp_length);
    before = cp;
    cp = next;
    cp_start = start;
    cp_length = i - start;
  }
}

}  // namespace

bool is_common_hanzi(char32_t cp) {
  return common_hanzi().contains(cp);
}

std::string filler_count_key(char32_t filler) {
  std::string key = "\x02";
  utf8::append(&key, filler);
  return key;
}

std::string filler_context_key(char32_t filler, char32_t before, char32_t after) {
  std::string key = "\x03";
  utf8::append(&key, filler);
  utf8::append(&key, before);
  utf8::append(&key, after);
  return key;
}

void tally_fillers(std::string_view text, std::map<std::string, int>* tally) {
  for_each_candidate(text, [&](char32_t before, char32_t cp, char32_t after, size_t, size_t) {
    ++(*tally)[filler_count_key(cp)];
    ++(*tally)[filler_context_key(cp, before, after)];
  });
}

std::set<std::string> learn_fillers(const std::map<std::string, int>& tally,
                                    const BigramCounts& bigrams) {
  std::set<std::string> fillers;
  for (auto it = tally.lower_bound("\x02"); it != tally.end() && it->first[0] == '\x02'; ++it) {
    if (it->second < kMinFillerUses) continue;
    std::string prefix = "\x03" + it->first.substr(1);
    int contexts = 0, joined = 0;
    for (auto c = tally.lower_bound(prefix);
         c != tally.end() && c->first.compare(0, prefix.size(), prefix) == 0; ++c) {
      std::string_view rest = std::string_view(c->first).substr(prefix.size());
      size_t i = 0;
      char32_t before = utf8::next(rest, &i);
      char32_t after = utf8::next(rest, &i);
      ++contexts;
      if (bigrams.count(before, after) >= 2) joined += c->second;
    }
    if (contexts >= kMinFillerContexts && joined * 4 >= it->second * 3) fillers.insert(it->first);
  }
  return fillers;
}

bool remove_fillers(std::string* text, const std::function<bool(const std::string&)>& is_filler) {
  std::vector<std::pair<size_t, size_t>> cuts;
  for_each_candidate(*text, [&](char32_t, char32_t cp, char32_t, size_t start, size_t length) {
    if (is_filler(filler_count_key(cp))) cuts.emplace_back(start, length);
  });
  for (auto it = cuts.rbegin(); it != cuts.rend(); ++it) text->erase(it->first, it->second);
  return !cuts.empty();
}

}  // namespace novelbind
