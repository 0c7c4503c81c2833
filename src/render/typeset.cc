#include "render/typeset.h"

#include <regex>
#include <vector>

#include "base/resources.h"
#include "render/render.h"

namespace novelbind {
namespace {

const std::vector<std::regex>& heading_patterns() {
  static const std::vector<std::regex> all = [] {
    std::vector<std::regex> out;
    std::string_view text = builtin_resource("data/heading_number.txt");
    size_t start = 0;
    while (start < text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string line(text.substr(start, end - start));
      start = end + 1;
      if (line.empty() || line[0] == '#') continue;
      out.emplace_back(line, std::regex::ECMAScript | std::regex::optimize);
    }
    return out;
  }();
  return all;
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

}  // namespace

HeadingParts split_heading(std::string_view title) {
  std::string text(title);
  std::smatch m;
  for (const std::regex& pattern : heading_patterns()) {
    // A title that is only a number ("第三章") is the whole heading, set as a name.
    if (std::regex_match(text, m, pattern) && m[2].length() > 0) return {m[1].str(), m[2].str()};
  }
  return {"", text};
}

std::string text_to_xhtml(std::string_view text, bool vertical) {
  if (!vertical) return xml_escape(text);
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  size_t i = 0;
  while (i < text.size()) {
    if (!is_digit(text[i])) {
      size_t j = i;
      while (j < text.size() && !is_digit(text[j])) ++j;
      out += xml_escape(text.substr(i, j - i));
      i = j;
      continue;
    }
    size_t j = i;
    while (j < text.size() && is_digit(text[j])) ++j;
    if (j - i <= 2) {
      out += "<span class=\"tcy\">";
      out.append(text.substr(i, j - i));
      out += "</span>";
    } else {
      out.append(text.substr(i, j - i));
    }
    i = j;
  }
  return out;
}

}  // namespace novelbind
