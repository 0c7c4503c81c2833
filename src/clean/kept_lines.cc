#include "clean/kept_lines.h"

#include <algorithm>

namespace novelbind {

KeptLines::KeptLines(std::vector<std::string> texts) : texts_(std::move(texts)) {
  std::erase_if(texts_, [](const std::string& t) { return t.empty(); });
}

bool KeptLines::keeps(std::string_view line) const {
  return std::any_of(texts_.begin(), texts_.end(),
                     [&](const std::string& t) { return line.find(t) != std::string_view::npos; });
}

void KeptLines::restore_dropped(Chapter& chapter) const {
  std::vector<Paragraph> restored;
  std::erase_if(chapter.repairs, [&](const Repair& r) {
    if (!r.after.empty() || r.before.empty() || !keeps(r.before)) return false;
    restored.push_back({r.before, r.line, false});
    return true;
  });
  if (restored.empty()) return;
  put_back(chapter.paragraphs.edit(), std::move(restored));
}

void KeptLines::set_aside(Chapter& chapter, std::vector<Paragraph>* aside) const {
  restore_dropped(chapter);  // the split's: a heading's echo, a contents line
  std::vector<Paragraph> rest;
  rest.reserve(chapter.paragraphs.size());
  for (Paragraph& p : chapter.paragraphs.edit())
    (!p.scene_break && keeps(p.text) ? *aside : rest).push_back(std::move(p));
  chapter.paragraphs = std::move(rest);
}

void KeptLines::put_back(std::vector<Paragraph>& paragraphs, std::vector<Paragraph> aside) {
  std::vector<Paragraph> out;
  out.reserve(paragraphs.size() + aside.size());
  size_t k = 0;
  for (Paragraph& p : paragraphs) {
    while (k < aside.size() && aside[k].line < p.line) out.push_back(std::move(aside[k++]));
    out.push_back(std::move(p));
  }
  while (k < aside.size()) out.push_back(std::move(aside[k++]));
  paragraphs = std::move(out);
}

}  // namespace novelbind
