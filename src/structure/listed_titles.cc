#include "structure/listed_titles.h"

#include <algorithm>
#include <string>

namespace novelbind {

size_t add_listed_titles(const std::vector<const FileCandidates*>& files,
                         BookStructure* structure) {
  if (files.size() != structure->files.size()) return 0;
  size_t added = 0;
  for (size_t f = 0; f < files.size(); ++f) {
    std::vector<LineDecision>& decisions = structure->files[f].lines;
    bool listed = false;
    for (const HeadingCandidate& c : files[f]->lines) {
      if (c.listing == 0) continue;
      listed = true;
      auto at = std::find_if(decisions.begin(), decisions.end(),
                             [&](const LineDecision& d) { return d.line == c.line; });
      if (c.listing == kContentsEntry) {
        LineDecision d;
        d.line = c.line;
        d.role = LineRole::kContents;
        if (at == decisions.end())
          decisions.push_back(d);
        else
          *at = d;
      } else if (at == decisions.end()) {
        LineDecision d;
        d.line = c.line;
        d.role = LineRole::kChapter;
        decisions.push_back(d);
        ++added;
      }
    }
    if (!listed) continue;
    std::stable_sort(decisions.begin(), decisions.end(),
                     [](const LineDecision& a, const LineDecision& b) { return a.line < b.line; });
  }
  if (added > 0) {
    if (structure->chapters.empty()) structure->chapters = "titles listed in the contents";
    structure->evidence += (structure->evidence.empty() ? "" : "; ") + std::to_string(added) +
                           " heading(s) named by the book's contents block";
  }
  return added;
}

}  // namespace novelbind
