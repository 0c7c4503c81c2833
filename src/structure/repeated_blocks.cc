#include "structure/repeated_blocks.h"

#include <functional>
#include <string_view>
#include <vector>

#include "base/utf8.h"

namespace novelbind {
namespace {

// The longest block looked for: a page of a scraped site.
constexpr size_t kMaxBlockParagraphs = 200;

size_t drop_once(Chapter& chapter) {
  std::vector<Paragraph>& ps = chapter.paragraphs;
  const size_t n = ps.size();
  if (n < 2) return 0;
  std::vector<std::string_view> text(n);
  std::vector<size_t> hash(n), chars(n);
  for (size_t i = 0; i < n; ++i) {
    text[i] = utf8::trim(ps[i].text);
    hash[i] = std::hash<std::string_view>{}(text[i]);
    chars[i] = utf8::length(text[i]);
  }
  std::vector<bool> gone(n, false);
  size_t dropped = 0;
  for (size_t i = 0; i < n; ++i) {
    if (gone[i] || text[i].empty()) continue;
    for (size_t len = 1; len <= kMaxBlockParagraphs && i + 2 * len <= n; ++len) {
      if (hash[i] != hash[i + len]) continue;
      size_t total = 0;
      bool same = true;
      for (size_t k = 0; k < len && same; ++k) {
        same = !gone[i + k] && !gone[i + len + k] && hash[i + k] == hash[i + len + k] &&
               text[i + k] == text[i + len + k];
        total += chars[i + k];
      }
      if (!same || total < kMinRepeatedBlockChars) continue;
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
