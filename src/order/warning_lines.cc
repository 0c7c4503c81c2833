#include "order/warning_lines.h"

namespace novelbind {

namespace {

int first_line(const std::vector<Paragraph>& paragraphs) {
  for (const Paragraph& p : paragraphs)
    if (p.line > 0) return p.line;
  return 0;
}

int start_line(const Chapter& c) {
  if (c.heading_line > 0) return c.heading_line;
  // A chapter without a heading whose text is still stored elsewhere: its first line is read
  // from a copy (the text need not stay in memory for it).
  if (c.paragraphs.is_stored()) return first_line(c.paragraphs.copy());
  return first_line(c.paragraphs.all());
}

bool about_whole_file(const Diagnostic& d) {
  return d.rule == "encoding" || d.rule == "invisible_characters";
}

}  // namespace

std::map<std::string, int> chapter_start_lines(const Book& book) {
  std::map<std::string, int> chapters;  // per file
  std::map<std::string, int> starts;
  for (const Chapter& c : book.chapters) {
    if (c.sources.empty()) continue;
    if (++chapters[c.sources[0]] == 1)
      starts[c.sources[0]] = start_line(c);
    else
      starts.erase(c.sources[0]);  // several chapters: which one a warning means is unknown
  }
  std::erase_if(starts, [](const auto& s) { return s.second == 0; });
  return starts;
}

void locate_warnings(Book& book, const std::map<std::string, int>& starts) {
  auto locate = [&](Diagnostic& d, int line) {
    if (d.line != 0 || about_whole_file(d)) return;
    if (line == 0) {
      auto found = starts.find(d.file);
      if (found != starts.end()) line = found->second;
    }
    d.line = line;
  };
  for (Chapter& c : book.chapters)
    for (Diagnostic& d : c.warnings)
      locate(d, !c.sources.empty() && d.file == c.sources[0] ? start_line(c) : 0);
  for (Diagnostic& d : book.warnings) locate(d, 0);
}

}  // namespace novelbind
