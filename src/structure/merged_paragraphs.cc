#include "structure/merged_paragraphs.h"

#include "base/utf8.h"

namespace novelbind {
namespace {

// A run of this many spaces breaks a line wherever it stands.
constexpr std::size_t kAnyBreak = 4;

bool ends_sentence(char32_t cp) {
  return std::u32string_view(U"。！？!?…—").find(cp) != std::u32string_view::npos;
}

bool closes(char32_t cp) {
  return std::u32string_view(U"”’」』）)\"】》").find(cp) != std::u32string_view::npos;
}

// Punctuation that carries a sentence on (or closes one) cannot open a paragraph.
bool continues(char32_t cp) {
  return std::u32string_view(U"，。、；：！？…—,.;:!?”’」』）)】》~～").find(cp) !=
         std::u32string_view::npos;
}

// Whether the text before `end` ends a sentence: a sentence end, with any closing quotes and
// brackets after it.
bool sentence_ends_before(std::string_view line, std::size_t end) {
  while (end > 0) {
    std::size_t k = end;
    char32_t cp = utf8::previous(line, &k);
    if (ends_sentence(cp)) return true;
    if (!closes(cp)) return false;
    end = k;
  }
  return false;
}

}  // namespace

std::vector<std::string_view> split_merged_paragraphs(std::string_view line) {
  std::vector<std::string_view> pieces;
  std::size_t start = 0, i = 0;
  // Leading spaces belong to the first paragraph.
  while (i < line.size()) {
    std::size_t k = i;
    if (!utf8::is_space(utf8::next(line, &k))) break;
    i = k;
  }
  while (i < line.size()) {
    std::size_t k = i;
    char32_t cp = utf8::next(line, &k);
    if (!utf8::is_space(cp)) {
      i = k;
      continue;
    }
    // A run of spaces from i to `run_end`.
    std::size_t run_end = i, spaces = 0;
    while (run_end < line.size()) {
      std::size_t m = run_end;
      if (!utf8::is_space(utf8::next(line, &m))) break;
      ++spaces;
      run_end = m;
    }
    if (run_end >= line.size()) break;  // trailing spaces stay
    std::size_t m = run_end;
    char32_t after = utf8::next(line, &m);
    // Two or three spaces after a sentence's end, four or more after anything: a crawl that
    // joined a page's paragraphs with a run of spaces (and lost the ！？ before them).
    if (!continues(after) && (spaces >= kAnyBreak || (spaces >= 2 && sentence_ends_before(line, i)))) {
      pieces.push_back(line.substr(start, i - start));
      start = run_end;
    }
    i = run_end;
  }
  if (pieces.empty()) return {line};
  pieces.push_back(line.substr(start));
  return pieces;
}

}  // namespace novelbind
