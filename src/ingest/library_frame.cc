#include "ingest/library_frame.h"

#include <algorithm>
#include <string_view>

#include "base/utf8.h"

namespace novelbind {
namespace {

// The most paragraphs a library's header runs to (Gutenberg's: about twenty).
constexpr std::size_t kMaxHeaderParagraphs = 80;

// `text` in lower case without the stars and spaces around it.
std::string bare(std::string_view text) {
  std::string s = utf8::ascii_lower(text);
  const std::size_t first = s.find_first_not_of("* \t");
  if (first == std::string::npos) return "";
  const std::size_t last = s.find_last_not_of("* \t");
  return s.substr(first, last - first + 1);
}

bool is_start_line(std::string_view text) {
  const std::string s = bare(text);
  return (s.starts_with("start of the project gutenberg") ||
          s.starts_with("start of this project gutenberg")) &&
         text.find("***") != std::string_view::npos;
}

bool is_end_line(std::string_view text) {
  const std::string s = bare(text);
  if ((s.starts_with("end of the project gutenberg") ||
       s.starts_with("end of this project gutenberg")) &&
      text.find("***") != std::string_view::npos)
    return true;
  // Older books: "End of the Project Gutenberg EBook of …", "End of Project Gutenberg's …".
  return s.starts_with("end of the project gutenberg ebook") ||
         s.starts_with("end of project gutenberg's");
}

// The value of a field `label` ("title:") on a line of the header, or "".
std::string field(std::string_view text, std::string_view label) {
  const std::string_view line = utf8::trim(text);
  if (!utf8::ascii_lower(line.substr(0, label.size())).starts_with(label)) return "";
  return std::string(utf8::trim(line.substr(label.size())));
}

}  // namespace

LibraryHeader library_header(const std::vector<Paragraph>& paragraphs) {
  LibraryHeader out;
  const std::size_t n = std::min(paragraphs.size(), kMaxHeaderParagraphs);
  std::size_t start = n;
  for (std::size_t i = 0; i < n && start == n; ++i)
    if (is_start_line(paragraphs[i].text)) start = i;
  if (start == n) return out;
  out.end = start + 1;
  for (std::size_t i = 0; i < start; ++i) {
    if (std::string t = field(paragraphs[i].text, "title:"); !t.empty() && out.title.empty()) {
      out.title = t;
      out.title_at = i;
    }
    if (std::string a = field(paragraphs[i].text, "author:"); !a.empty() && out.author.empty()) {
      out.author = a;
      out.author_at = i;
    }
  }
  return out;
}

std::size_t library_footer(const std::vector<Paragraph>& paragraphs) {
  for (std::size_t i = 0; i < paragraphs.size(); ++i)
    if (is_end_line(paragraphs[i].text)) return i;
  return std::string::npos;
}

}  // namespace novelbind
