#include "book.h"

#include <iterator>

#include "base/utf8.h"

namespace novelbind {

void unpack_paragraphs(Chapter& chapter) {
  if (!chapter.packed) return;
  chapter.paragraphs = chapter.packed->unpack(*chapter.packed);
  chapter.packed.reset();
}

void paragraphs_changed(Chapter& chapter) {
  chapter.prints.reset();
  chapter.content_key.clear();
}

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
  if (c.packed) return c.packed->characters;
  std::size_t n = 0;
  for (const Paragraph& p : c.paragraphs)
    for (unsigned char ch : p.text)
      if ((ch & 0xC0) != 0x80) ++n;
  return n;
}

bool has_text(const Chapter& c) {
  if (c.packed) return c.packed->has_text;
  for (const Paragraph& p : c.paragraphs)
    if (!utf8::trim(p.text).empty()) return true;
  return false;
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
