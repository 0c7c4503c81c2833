#include "structure/running_header.h"

#include <string>

#include "base/utf8.h"
#include "structure/heading_shape.h"

namespace novelbind {
namespace {

bool is_frame(char32_t cp) {
  return cp == U'=' || cp == U'-' || cp == U'─' || cp == U'＝' || cp == U'*' || cp == U'☆' ||
         cp == U'★' || cp == U'━' || cp == U'═';
}

// The end of the frame run starting at `i` in `s`, counting its characters into *count.
size_t frame_end(std::string_view s, size_t i, size_t* count) {
  *count = 0;
  while (i < s.size()) {
    size_t k = i;
    if (!is_frame(utf8::next(s, &k))) break;
    i = k;
    ++*count;
  }
  return i;
}

}  // namespace

std::optional<long long> framed_heading_number(std::string_view line, std::string_view* after) {
  constexpr size_t kMinFrame = 5;
  line = utf8::trim(line);
  size_t count = 0;
  size_t start = frame_end(line, 0, &count);
  if (count < kMinFrame) return std::nullopt;
  size_t end = start;
  while (end < line.size()) {  // the text up to the closing frame
    size_t k = end;
    if (is_frame(utf8::next(line, &k))) break;
    end = k;
  }
  size_t close_end = frame_end(line, end, &count);
  if (count < kMinFrame) return std::nullopt;
  std::string_view inside = utf8::trim(line.substr(start, end - start));
  if (inside.rfind("《", 0) == 0) {  // the book's name before the heading
    size_t close = inside.find("》");
    if (close == std::string_view::npos) return std::nullopt;
    inside = utf8::trim(inside.substr(close + std::string_view("》").size()));
  }
  auto shape = parse_heading_shape(inside);
  if (!shape || !shape->number || shape->contents_label) return std::nullopt;
  if (after) *after = utf8::trim(line.substr(close_end));
  return shape->number;
}

}  // namespace novelbind
