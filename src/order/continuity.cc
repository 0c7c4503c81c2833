#include "order/continuity.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <string>

#include "base/utf8.h"

namespace novelbind {
namespace {

bool is_han_ideograph(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3134F);
}

bool is_latin_letter(char32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0x24F);
}

// The words of a text in order: each ideograph is one, a run of Latin letters another
// (lower-cased). Anything else separates words; a pair never spans a separator.
struct Words {
  std::vector<std::uint64_t> ids;  // 0 marks a break
  std::vector<size_t> ends;        // characters read when the word ended
};

std::uint64_t hash_word(std::u32string_view w) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (char32_t c : w) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h | 1;  // never 0
}

Words words_of(const std::vector<std::string_view>& paragraphs) {
  Words out;
  size_t chars = 0;
  std::u32string latin;
  auto flush = [&] {
    if (latin.empty()) return;
    out.ids.push_back(hash_word(latin));
    out.ends.push_back(chars);
    latin.clear();
  };
  auto brk = [&] {
    flush();
    if (!out.ids.empty() && out.ids.back() != 0) {
      out.ids.push_back(0);
      out.ends.push_back(chars);
    }
  };
  for (std::string_view p : paragraphs) {
    for (size_t i = 0; i < p.size();) {
      char32_t c = utf8::next(p, &i);
      if (utf8::is_space(c)) {  // ends a Latin word; between ideographs it is only layout
        flush();
        continue;
      }
      ++chars;
      if (is_latin_letter(c)) {
        latin += c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
      } else if (is_han_ideograph(c)) {
        flush();
        out.ids.push_back(hash_word(std::u32string_view(&c, 1)));
        out.ends.push_back(chars);
      } else {
        brk();
      }
    }
    brk();
  }
  flush();
  return out;
}

std::uint64_t pair_id(std::uint64_t a, std::uint64_t b) {
  return (a * 0x9E3779B97F4A7C15ull) ^ (b + 0x632BE59BD9B4E019ull + (a << 6) + (a >> 2));
}

}  // namespace

ContinuityText continuity_text(const std::vector<std::string_view>& paragraphs) {
  Words w = words_of(paragraphs);
  ContinuityText out;
  size_t total = w.ends.empty() ? 0 : w.ends.back();
  for (size_t i = 1; i < w.ids.size(); ++i) {
    if (w.ids[i - 1] == 0 || w.ids[i] == 0) continue;
    std::uint64_t id = pair_id(w.ids[i - 1], w.ids[i]);
    out.all.insert(id);
    if (w.ends[i] <= kContinuitySpan) out.head.insert(id);
    if (total - w.ends[i - 1] <= kContinuitySpan) out.tail.insert(id);
  }
  return out;
}

std::vector<size_t> order_by_continuity(const ContinuityText* before,
                                        const std::vector<ContinuityText>& middle,
                                        const ContinuityText* after) {
  std::vector<size_t> order(middle.size());
  std::iota(order.begin(), order.end(), size_t{0});
  if (middle.size() < 2 || middle.size() > kMaxContinuityPieces) return order;

  // How many of the compared pieces hold each pair: a pair most of them hold weighs little.
  std::vector<const ContinuityText*> pieces;
  if (before) pieces.push_back(before);
  for (const ContinuityText& m : middle) pieces.push_back(&m);
  if (after) pieces.push_back(after);
  std::map<std::uint64_t, int> held;
  for (const ContinuityText* p : pieces)
    for (std::uint64_t id : p->all) ++held[id];
  const double n = static_cast<double>(pieces.size()) + 1;
  auto link = [&](const ContinuityText* a, const ContinuityText* b) {
    if (!a || !b) return 0.0;
    double s = 0;
    for (std::uint64_t id : a->tail)
      if (b->head.count(id)) s += std::log(n / held[id]);
    return s;
  };
  auto score = [&](const std::vector<size_t>& o) {
    double s = link(before, &middle[o.front()]) + link(&middle[o.back()], after);
    for (size_t i = 1; i < o.size(); ++i) s += link(&middle[o[i - 1]], &middle[o[i]]);
    return s;
  };
  std::vector<size_t> best = order;
  const double given = score(order);
  double best_score = given;
  for (std::vector<size_t> o = order; std::next_permutation(o.begin(), o.end());) {
    double s = score(o);
    if (s > best_score + 1e-9) {
      best_score = s;
      best = o;
    }
  }
  return best_score >= given + kMinContinuityMargin ? best : order;
}

}  // namespace novelbind
