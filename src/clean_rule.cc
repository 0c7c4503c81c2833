#include "clean_rule.h"

#include <algorithm>

namespace novelbind {

void drop_emptied(std::vector<Paragraph>& paragraphs) {
  std::erase_if(paragraphs, [](const Paragraph& p) { return !p.scene_break && p.text.empty(); });
}

void LineRule::apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
                     RepairLog& log) const {
  std::string out;
  bool dropped = false;
  for (Paragraph& p : paragraphs) {
    if (p.scene_break) continue;
    out.clear();
    if (!rewrite(p.text, context, &out)) continue;
    log.record(p.line, p.text, out);
    p.text = std::move(out);
    dropped |= p.text.empty();
  }
  if (dropped) drop_emptied(paragraphs);
}

namespace {

// Unchanged text longer than this on either side of a change is cut down to kContext.
constexpr std::size_t kLongContext = 60;  // about twenty CJK characters
constexpr std::size_t kContext = 30;

bool continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// `s` without the unchanged text that is not needed to show the change.
std::string hunk(std::string_view s, std::size_t prefix, std::size_t suffix) {
  std::size_t start = prefix > kLongContext ? prefix - kContext : 0;
  while (start > 0 && continuation(s[start])) --start;
  std::size_t end = s.size() - (suffix > kLongContext ? suffix - kContext : 0);
  while (end < s.size() && continuation(s[end])) ++end;
  std::string out;
  out.reserve(end - start + 6);
  if (start > 0) out += "…";
  out.append(s.substr(start, end - start));
  if (end < s.size()) out += "…";
  return out;
}

}  // namespace

void RepairLog::record(int line, std::string_view before, std::string_view after) {
  std::size_t prefix = 0, suffix = 0;
  if (!after.empty()) {
    std::size_t limit = std::min(before.size(), after.size());
    while (prefix < limit && before[prefix] == after[prefix]) ++prefix;
    while (suffix < limit - prefix &&
           before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
      ++suffix;
  }
  out_->push_back({rule_, file_, line, hunk(before, prefix, suffix), hunk(after, prefix, suffix)});
}

}  // namespace novelbind
