#include "book.h"

#include <iterator>

namespace novelbind {

std::string format_diagnostic(const Diagnostic& d) {
  std::string out;
  if (!d.file.empty()) {
    out += d.file;
    if (d.line > 0) {
      out += ':';
      out += std::to_string(d.line);
    }
    out += ": ";
  }
  out += d.message;
  return out;
}

std::string format_structure(const StructureSummary& s) {
  if (s.chapters.empty()) return "no heading scheme found; " + s.evidence;
  std::string out = "chapters " + s.chapters;
  if (!s.volumes.empty()) out += ", volumes " + s.volumes;
  return out + "; " + s.evidence;
}

}  // namespace novelbind

namespace novelbind {

std::size_t count_characters(const Chapter& c) {
  return c.paragraphs.characters();
}

bool has_text(const Chapter& c) {
  return c.paragraphs.has_text();
}

void hand_over_findings(Chapter& from, Chapter& to) {
  to.warnings.insert(to.warnings.begin(), std::make_move_iterator(from.warnings.begin()),
                     std::make_move_iterator(from.warnings.end()));
  to.repairs.insert(to.repairs.begin(), std::make_move_iterator(from.repairs.begin()),
                    std::make_move_iterator(from.repairs.end()));
  from.warnings.clear();
  from.repairs.clear();
}

}  // namespace novelbind
