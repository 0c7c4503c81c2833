#include "structure/contents_lines.h"

#include <algorithm>
#include <set>

#include "base/utf8.h"

namespace novelbind {
namespace {

bool separates(char32_t cp) {
  return utf8::is_space(cp) || cp == U'、' || cp == U'.' || cp == U'．' || cp == U':' ||
         cp == U'：' || cp == U'\t';
}

// A heading's numbering rather than its title: numerals and the units around them.
bool numbering_word(std::u32string_view word) {
  static constexpr std::u32string_view kNumbering =
      U"第章回节節卷部集篇话話幕〇○零一二三四五六七八九十百千万萬两兩廿卅壹贰貳叁參肆伍陆陸柒捌玖拾"
      U"佰仟"
      U"0123456789０１２３４５６７８９";
  return std::all_of(word.begin(), word.end(),
                     [](char32_t cp) { return kNumbering.find(cp) != std::u32string_view::npos; });
}

}  // namespace

ContentsLines::ContentsLines(std::string_view text, const FileStructure& structure) {
  std::set<std::string> titles;
  auto decision = structure.lines.begin();
  int number = 0;
  for (size_t start = 0; start < text.size() && decision != structure.lines.end();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++number;
    while (decision != structure.lines.end() && decision->line < number) ++decision;
    if (decision != structure.lines.end() && decision->line == number &&
        decision->role == LineRole::kChapter) {
      std::string_view line = text.substr(start, end - start);
      std::u32string word;
      auto flush = [&] {
        if (word.size() >= 2 && !numbering_word(word)) {
          std::string utf8_word;
          for (char32_t cp : word) utf8::append(&utf8_word, cp);
          titles.insert(utf8_word);
        }
        word.clear();
      };
      for (size_t i = 0; i < line.size();) {
        char32_t cp = utf8::next(line, &i);
        if (separates(cp))
          flush();
        else
          word += cp;
      }
      flush();
    }
    start = end + 1;
  }
  titles_.assign(titles.begin(), titles.end());
}

bool ContentsLines::is_contents(std::string_view line) const {
  if (titles_.size() < 3) return false;
  std::vector<bool> covered(line.size(), false);
  int found = 0;
  for (const std::string& title : titles_) {
    bool seen = false;
    for (size_t at = line.find(title); at != std::string_view::npos;
         at = line.find(title, at + title.size())) {
      std::fill(covered.begin() + at, covered.begin() + at + title.size(), true);
      seen = true;
    }
    found += seen;
  }
  if (found < 3) return false;
  size_t total = 0, in_titles = 0;
  for (size_t i = 0; i < line.size();) {
    size_t at = i;
    char32_t cp = utf8::next(line, &i);
    if (utf8::is_space(cp)) continue;
    ++total;
    in_titles += covered[at];
  }
  return total > 0 && in_titles * 10 >= total * 6;
}

}  // namespace novelbind
