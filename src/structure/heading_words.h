// The words of the built-in heading shapes (data/headings.txt), loaded once, and the small text
// helpers the shape parsers (heading_shape.h, heading_english.h) share.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "structure/heading_shape.h"

namespace novelbind {

struct HeadingWords {
  std::u32string chapter_markers, volume_markers, volume_prefixes, attached_title_markers;
  std::u32string separators;
  std::vector<std::u32string> not_headings;                 // marker + following character
  std::vector<std::pair<std::string, HeadingPlace>> words;  // longest first
  std::vector<std::string> prefixes, ornaments;             // longest first
  std::vector<std::pair<char32_t, char32_t>> wrappers;
  std::vector<std::string> english_chapter, english_volume, english_before, english_after;
  std::vector<std::string> contents_labels;     // without spaces, lower case
  std::vector<std::string> field_labels;        // 最新 of 最新：第2088章 …: a page's field
  std::vector<std::string> end_marks;           // 全书完: the book ends here
  std::vector<std::string> chapter_end_titles;  // 完 of （第十一回完）: the chapter ends here
  std::map<char32_t, char32_t> fold;            // Traditional -> Simplified, for heading words
  std::u32string word_firsts;                   // each of `words`' first character, folded
  std::string front_title;
};

// `c` as heading words are compared: Traditional folded to Simplified (w.fold).
inline char32_t fold_char(const HeadingWords& w, char32_t c) {
  auto it = w.fold.find(c);
  return it == w.fold.end() ? c : it->second;
}

// The words of `text` in the format of data/headings.txt (`key: word word ...`, '#' comments).
HeadingWords parse_heading_words(std::string_view text);

// The built-in words, from data/headings.txt.
const HeadingWords& heading_words();

// Whether `set` holds `cp`.
inline bool has_char(std::u32string_view set, char32_t cp) {
  return set.find(cp) != std::u32string_view::npos;
}

// `text` as code points.
std::u32string to_utf32(std::string_view text);

// The code point starting at byte `i` of `t`, or 0 past its end.
char32_t char_at(std::string_view t, size_t i);

// The first byte at or after `i` that is not a space (utf8::is_space).
size_t skip_spaces(std::string_view t, size_t i);

}  // namespace novelbind
