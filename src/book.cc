#include "book.h"

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

}  // namespace novelbind
