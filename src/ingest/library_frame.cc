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

// `value` without a romanisation in brackets after it: 蘭陵笑笑生 (Lanling Xiaoxiao Sheng).
std::string without_romanisation(std::string value) {
  value = std::string(utf8::trim(value));
  const std::size_t open = value.rfind(" (");
  if (open != std::string::npos && value.ends_with(")")) {
    const std::string_view inner = std::string_view(value).substr(open + 2);
    if (std::all_of(inner.begin(), inner.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
      value.erase(open);
  }
  return std::string(utf8::trim(value));
}

bool has_non_ascii(std::string_view s) {
  return std::any_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
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
  // The book's own fields in its script right after the START line, on one line: Title: 金瓶梅
  // (Jin Ping Mei) Author: 蘭陵笑笑生 (Lanling Xiaoxiao Sheng). They win over the header's
  // romanised ones, and the line is the header's too.
  for (std::size_t i = out.end; i < paragraphs.size() && i < out.end + 3; ++i) {
    const std::string line(utf8::trim(paragraphs[i].text));
    std::string title = field(line, "title:");
    if (title.empty()) continue;
    std::string author;
    if (std::size_t at = utf8::ascii_lower(title).find("author:"); at != std::string::npos) {
      author = without_romanisation(title.substr(at + 7));
      title.erase(at);
    }
    title = without_romanisation(title);
    if (has_non_ascii(title)) {
      out.title = title;
      out.title_at = i;
    }
    if (has_non_ascii(author)) {
      out.author = author;
      out.author_at = i;
    }
    out.end = i + 1;
    break;
  }
  return out;
}

std::size_t library_footer(const std::vector<Paragraph>& paragraphs) {
  for (std::size_t i = 0; i < paragraphs.size(); ++i)
    if (is_end_line(paragraphs[i].text)) return i;
  return std::string::npos;
}

}  // namespace novelbind
