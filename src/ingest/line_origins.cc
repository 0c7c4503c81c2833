#include "ingest/line_origins.h"

#include <map>

namespace novelbind {
namespace {

template <typename Finding>
void relocate(Finding& f, const std::map<std::string, const MadeText*, std::less<>>& made) {
  auto found = made.find(f.file);
  if (found == made.end()) return;
  const MadeText& text = *found->second;
  if (f.line < 1 || static_cast<size_t>(f.line) > text.lines.size()) return;
  // A made-up line (the blank one around a heading) stands for the next line that has a place.
  for (size_t i = static_cast<size_t>(f.line) - 1; i < text.lines.size(); ++i) {
    const LineOrigin& origin = text.lines[i];
    if (origin.line == 0) continue;
    f.file = text.documents[origin.document];
    f.line = origin.line;
    return;
  }
}

}  // namespace

void relocate_findings(Book& book, const InputPlan& plan) {
  std::map<std::string, const MadeText*, std::less<>> made;
  for (const InputFile& file : plan.files)
    if (file.made) made.emplace(file.display, file.made.get());
  if (made.empty()) return;
  for (Chapter& c : book.chapters) {
    for (Repair& r : c.repairs) relocate(r, made);
    for (Diagnostic& d : c.warnings) relocate(d, made);
  }
  for (Diagnostic& d : book.warnings) relocate(d, made);
}

std::string relocate_message(const std::string& message, const InputPlan& plan) {
  std::string out = message;
  for (const InputFile& file : plan.files) {
    if (!file.made) continue;
    std::map<std::string, const MadeText*, std::less<>> made{{file.display, file.made.get()}};
    size_t at = 0;
    while ((at = out.find(file.display + ":", at)) != std::string::npos) {
      size_t digits = at + file.display.size() + 1;
      size_t end = digits;
      while (end < out.size() && out[end] >= '0' && out[end] <= '9') ++end;
      if (end == digits || end - digits > 9) {
        at = digits;
        continue;
      }
      Diagnostic d{"", file.display, std::stoi(out.substr(digits, end - digits)), ""};
      relocate(d, made);
      std::string where = d.file + ":" + std::to_string(d.line);
      out.replace(at, end - at, where);
      at += where.size();
    }
  }
  return out;
}

}  // namespace novelbind
