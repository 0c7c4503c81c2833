#include "heading_candidates.h"

#include "heading_shape.h"
#include "utf8.h"

namespace novelbind {
namespace {

std::uint32_t visible_length(std::string_view line) {
  std::uint32_t n = 0;
  for (size_t i = 0; i < line.size();)
    if (!utf8::is_space(utf8::next(line, &i))) ++n;
  return n;
}

}  // namespace

FileCandidates collect_candidates(std::string_view text, size_t max_length) {
  FileCandidates out;
  int line_number = 0;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++line_number;
    std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    std::uint32_t visible = visible_length(raw);
    if (visible == 0) continue;
    std::string_view t = utf8::trim(raw);
    if (utf8::length(t) <= max_length && parse_heading_shape(t)) {
      out.lines.push_back({line_number, out.chars, visible, std::string(t)});
    }
    out.chars += visible;
  }
  return out;
}

void add_file_name(FileCandidates* file, std::string_view stem, size_t max_length) {
  std::string_view t = utf8::trim(stem);
  if (t.empty() || utf8::length(t) > max_length) return;
  // A name is a heading only when it says so plainly (第三十三章 回营, Chapter 3, 序章); a
  // bare number (001.txt, 12_ab34.txt) only orders the files.
  auto shape = parse_heading_shape(t);
  if (!shape || !shape->strong) return;
  if (!file->lines.empty() && file->lines.front().before == 0) return;  // the file has its own
  file->lines.insert(file->lines.begin(), HeadingCandidate{0, 0, 0, std::string(t)});
}

}  // namespace novelbind
