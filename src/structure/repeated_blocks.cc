#include "structure/repeated_blocks.h"

#include <algorithm>
#include <functional>
#include <set>
#include <string_view>
#include <vector>

#include "base/utf8.h"

namespace novelbind {
namespace {

// The longest block looked for: a page of a scraped site.
constexpr size_t kMaxBlockParagraphs = 200;

size_t drop_once(Chapter& chapter) {
  std::vector<Paragraph>& ps = chapter.paragraphs.edit();
  const size_t n = ps.size();
  if (n < 2) return 0;
  std::vector<std::string_view> text(n);
  std::vector<size_t> hash(n);
  std::vector<size_t> before(n + 1, 0);  // the characters of paragraphs [0, i)
  for (size_t i = 0; i < n; ++i) {
    text[i] = utf8::trim(ps[i].text);
    hash[i] = std::hash<std::string_view>{}(text[i]);
    before[i + 1] = before[i] + utf8::length(text[i]);
  }
  std::vector<bool> gone(n, false);
  std::set<size_t> gone_starts;  // where each dropped block starts (they never overlap)
  // For each block length, how far from the current position paragraphs equal those that
  // length further on: it only moves forward, so that comparing blocks costs each length one
  // walk through the chapter, not one walk per position (quadratic on lines that repeat with
  // small differences).
  std::vector<size_t> equal_until(kMaxBlockParagraphs + 1, 0);
  auto blocks_equal = [&](size_t i, size_t len) {
    size_t& k = equal_until[len];
    if (k < i) k = i;
    while (k < i + len && hash[k] == hash[k + len] && text[k] == text[k + len]) ++k;
    return k >= i + len;
  };
  size_t dropped = 0;
  for (size_t i = 0; i < n; ++i) {
    if (gone[i] || text[i].empty()) continue;
    // Only lengths that can count are tried, so that a run of identical short lines costs a
    // few steps a line, not 200 x 200 / 2: both blocks end before the next dropped one, and
    // the first holds at least kMinRepeatedBlockChars characters.
    auto next_gone = gone_starts.lower_bound(i);
    size_t end = next_gone == gone_starts.end() ? n : *next_gone;
    size_t shortest = static_cast<size_t>(std::lower_bound(before.begin() + i + 1, before.end(),
                                                           before[i] + kMinRepeatedBlockChars) -
                                          before.begin()) -
                      i;
    for (size_t len = shortest; len <= kMaxBlockParagraphs && i + 2 * len <= end; ++len) {
      if (hash[i] != hash[i + len] || !blocks_equal(i, len)) continue;
      gone_starts.insert(i + len);
      for (size_t k = i + len; k < i + 2 * len; ++k) {
        gone[k] = true;
        ++dropped;
        chapter.repairs.push_back({"repeated_block",
                                   chapter.sources.empty() ? "" : chapter.sources[0], ps[k].line,
                                   std::string(text[k]), ""});
      }
      break;
    }
  }
  if (dropped == 0) return 0;
  std::vector<Paragraph> kept;
  kept.reserve(n - dropped);
  for (size_t i = 0; i < n; ++i)
    if (!gone[i]) kept.push_back(std::move(ps[i]));
  ps = std::move(kept);
  return dropped;
}

}  // namespace

size_t drop_repeated_blocks(Chapter& chapter) {
  // A block saved three times is dropped in two passes.
  size_t total = 0;
  for (size_t pass = 0; pass < 8; ++pass) {
    size_t dropped = drop_once(chapter);
    if (dropped == 0) break;
    total += dropped;
  }
  return total;
}

}  // namespace novelbind
