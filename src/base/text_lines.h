// A text made again line by line: the passes over a decoded file that rewrite some of its lines
// (HTML spaces at their edges, a page's link before them) and keep the others and every line end.
#pragma once

#include <string>
#include <string_view>

namespace novelbind {

// `text` ('\n' line ends) with each line replaced by what `rewrite(line, number, out)` appends to
// `out` (number 1-based); the line ends stay where they were, the last line's missing one too.
template <typename Rewrite>
std::string map_lines(std::string_view text, Rewrite&& rewrite) {
  std::string result;
  result.reserve(text.size());
  int number = 0;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    const bool last = end == std::string_view::npos;
    if (last) end = text.size();
    rewrite(text.substr(start, end - start), ++number, &result);
    if (last) break;
    result += '\n';
    start = end + 1;
  }
  return result;
}

}  // namespace novelbind
