#include "ingest/section_titles.h"

#include "base/utf8.h"

namespace novelbind {

void title_sections(const InputFile& file, std::vector<Chapter>& chapters) {
  if (!file.made || file.name.empty() || chapters.empty()) return;
  Chapter& first = chapters.front();
  if (!first.heading.empty() || first.part != 0) return;
  first.title = file.name;
  const ChapterText& paragraphs = first.paragraphs;
  if (!paragraphs.empty() && utf8::trim(paragraphs.front().text) == utf8::trim(file.name)) {
    first.heading = paragraphs.front().text;
    first.heading_line = paragraphs.front().line;
    first.paragraphs.edit().erase(paragraphs.begin());
  }
}

}  // namespace novelbind
