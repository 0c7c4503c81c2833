#include "clean/clean_rule.h"

#include <algorithm>

namespace novelbind {

const CleanDecisions& CleanContext::book() const {
  static const CleanDecisions none;
  return decisions ? *decisions : none;
}

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
    // Into the paragraph's own buffer: `out` grew by doubling, and a long book would keep
    // that slack in every rewritten line.
    p.text.assign(out);
    dropped |= p.text.empty();
  }
  if (dropped) drop_emptied(paragraphs);
}

namespace {

// Unchanged text longer than this on either side of a change is cut down to kContext.
// Six CJK characters each side: enough to see where a change is, and a book whose every
// dialogue line is repaired (quotes, for a script change) keeps little more than its changes.
constexpr std::size_t kLongContext = 36;  // about twelve CJK characters
constexpr std::size_t kContext = 18;

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

// A change inside one line: the bytes [start, end) of `before` became [after_start,
// after_end) of `after`.
struct Change {
  std::size_t start, end, after_start, after_end;
};

// The changes of a rewrite that replaced code points one for one (quotes, punctuation), in
// groups separated by more than kLongContext unchanged bytes; empty when the rewrite changed
// the number of code points (then the change is shown as one span).
std::vector<Change> separate_changes(std::string_view before, std::string_view after,
                                     std::size_t prefix, std::size_t suffix) {
  std::vector<Change> changes;
  std::size_t b = prefix, a = prefix;
  while (b > 0 && continuation(before[b])) --b, --a;
  const std::size_t b_end = before.size() - suffix, a_end = after.size() - suffix;
  std::size_t unchanged = 0;
  while (b < b_end && a < a_end) {
    std::size_t bn = 1, an = 1;
    while (b + bn < before.size() && continuation(before[b + bn])) ++bn;
    while (a + an < after.size() && continuation(after[a + an])) ++an;
    if (before.substr(b, bn) != after.substr(a, an)) {
      if (!changes.empty() && unchanged <= kLongContext)
        changes.back().end = b + bn, changes.back().after_end = a + an;
      else
        changes.push_back({b, b + bn, a, a + an});
      unchanged = 0;
    } else {
      unchanged += bn;
    }
    b += bn;
    a += an;
  }
  if (b < b_end || a < a_end) return {};  // not one for one
  return changes;
}

// The spans of `s` around each change (`s` is before or after), with kContext bytes of
// unchanged text each side, joined by "…".
std::string hunks(std::string_view s, const std::vector<Change>& changes, bool of_after) {
  std::string out;
  std::size_t shown = 0;
  for (const Change& c : changes) {
    std::size_t start = of_after ? c.after_start : c.start;
    std::size_t end = of_after ? c.after_end : c.end;
    start = start > kContext ? start - kContext : 0;
    while (start > 0 && continuation(s[start])) --start;
    end = std::min(s.size(), end + kContext);
    while (end < s.size() && continuation(s[end])) ++end;
    if (start > shown || (start > 0 && out.empty())) out += "…";
    out.append(s.substr(std::max(start, shown), end - std::max(start, shown)));
    shown = end;
  }
  if (shown < s.size()) out += "…";
  return out;
}

}  // namespace

void RepairLog::warn(int line, std::string message) {
  if (warnings_) warnings_->push_back({rule_, file_, line, std::move(message)});
}

void RepairLog::record(int line, std::string_view before, std::string_view after) {
  std::size_t prefix = 0, suffix = 0;
  if (!after.empty()) {
    std::size_t limit = std::min(before.size(), after.size());
    while (prefix < limit && before[prefix] == after[prefix]) ++prefix;
    while (suffix < limit - prefix &&
           before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
      ++suffix;
    // Changes far apart in a long line (the two quotes of a dialogue line) are shown each
    // with its context, not as the whole line between them.
    std::vector<Change> changes = separate_changes(before, after, prefix, suffix);
    if (changes.size() > 1) {
      out_->push_back(
          {rule_, file_, line, hunks(before, changes, false), hunks(after, changes, true)});
      return;
    }
  }
  out_->push_back({rule_, file_, line, hunk(before, prefix, suffix), hunk(after, prefix, suffix)});
}

}  // namespace novelbind
