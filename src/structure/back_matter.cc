#include "structure/back_matter.h"

#include <algorithm>

namespace novelbind {

size_t add_back_matter_headings(const std::vector<const FileCandidates*>& files,
                                BookStructure* structure) {
  if (files.size() != structure->files.size()) return 0;
  // Back matter is at the back: after the last numbered chapter (an end mark between the books
  // of an omnibus ends one book, not the text).
  size_t last_file = 0;
  int last_line = -1;
  for (size_t f = 0; f < structure->files.size(); ++f)
    for (const LineDecision& d : structure->files[f].lines)
      if (d.role == LineRole::kChapter && d.place == HeadingPlace::kBody) {
        last_file = f;
        last_line = d.line;
      }
  if (last_line < 0) return 0;
  size_t added = 0;
  for (size_t f = 0; f < files.size(); ++f) {
    const auto& lines = files[f]->lines;
    auto& decisions = structure->files[f].lines;
    for (size_t i = 0; i < lines.size(); ++i) {
      const HeadingCandidate& c = lines[i];
      // The last title line of the block after the end mark, or a title line set apart further
      // on (past_end).
      if (!c.past_end && (!c.after_end || (i + 1 < lines.size() && lines[i + 1].after_end)))
        continue;
      if (f < last_file || (f == last_file && c.line < last_line)) continue;
      // Prose until the next heading decided, or the end of the file.
      std::uint64_t until = files[f]->chars;
      for (const LineDecision& d : decisions) {
        if (d.line <= c.line) continue;
        auto next =
            std::lower_bound(lines.begin(), lines.end(), d.line,
                             [](const HeadingCandidate& x, int line) { return x.line < line; });
        if (next != lines.end() && next->line == d.line) until = next->before;
        break;
      }
      std::uint64_t end = c.before + c.length;
      if (until < end || until - end < kMinBackMatter) continue;
      LineDecision d;
      d.line = c.line;
      d.role = LineRole::kChapter;
      d.place = HeadingPlace::kAfter;
      decisions.push_back(d);
      ++added;
    }
    std::stable_sort(decisions.begin(), decisions.end(),
                     [](const LineDecision& a, const LineDecision& b) { return a.line < b.line; });
  }
  if (added)
    structure->evidence +=
        "; " + std::to_string(added) + " back-matter heading(s) after the end mark";
  return added;
}

}  // namespace novelbind
