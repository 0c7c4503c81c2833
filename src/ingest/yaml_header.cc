#include "ingest/yaml_header.h"

#include <cctype>
#include <string_view>

namespace novelbind {
namespace {

// A header this long at most (lines between its fences).
constexpr int kMaxFields = 40;

// Whether `line` is one of a YAML header's fields: an ASCII key, a colon, a space or the end.
bool is_yaml_field(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() &&
         (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_' || line[i] == '-'))
    ++i;
  if (i == 0 || !std::isalpha(static_cast<unsigned char>(line[0])) || i >= line.size() ||
      line[i] != ':')
    return false;
  return i + 1 == line.size() || line[i + 1] == ' ';
}

std::string_view without_carriage_return(std::string_view line) {
  return line.ends_with('\r') ? line.substr(0, line.size() - 1) : line;
}

}  // namespace

int blank_yaml_header(std::string* text) {
  std::string_view t = *text;
  if (!t.starts_with("---\n") && !t.starts_with("---\r\n")) return 0;
  std::size_t at = t.find('\n') + 1;
  int fields = 0;
  for (;;) {
    if (at >= t.size() || fields > kMaxFields) return 0;
    std::size_t end = t.find('\n', at);
    if (end == std::string_view::npos) end = t.size();
    std::string_view line = without_carriage_return(t.substr(at, end - at));
    at = end + 1;
    if (line == "---") break;
    if (!is_yaml_field(line)) return 0;
    ++fields;
  }
  if (fields == 0) return 0;
  // Each of its characters but the line ends goes.
  std::string blanked;
  std::size_t stop = std::min(at, text->size());
  for (std::size_t i = 0; i < stop; ++i)
    if ((*text)[i] == '\n') blanked += '\n';
  text->replace(0, stop, blanked);
  return fields + 2;
}

}  // namespace novelbind
