// The character classes the cleaning rules reason about (ideographs, CJK punctuation, spaces,
// invisible characters). Shared by every rule so that they agree on what "CJK context" means.
// (UTF-8 stepping is utf8.h's.)
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "base/utf8.h"

namespace novelbind {

// A Han ideograph (CJK Unified Ideographs and extensions, compatibility ideographs) or 〇.
// Inline: the cleaning rules ask it of nearly every character of the book.
inline bool is_ideograph(char32_t cp) {
  return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
         (cp >= 0x20000 && cp <= 0x3FFFF) || (cp >= 0xF900 && cp <= 0xFAFF) || cp == 0x3007;
}

// Whether `s` is Latin words without an ideograph (a translator's English, a note in it): an
// ASCII letter and no ideograph.
inline bool latin_without_ideograph(std::u32string_view s) {
  bool letter = false;
  for (char32_t c : s) {
    if (is_ideograph(c)) return false;
    letter |= (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
  return letter;
}

// Full-width ASCII (Ａ, ｗ, ３, ．, ！) as ASCII; every other code point as it is.
inline char32_t narrow_full_width(char32_t cp) {
  return cp >= 0xFF01 && cp <= 0xFF5E ? cp - 0xFEE0 : cp;
}

// Punctuation that belongs to Chinese text: the CJK Symbols block, full-width forms, curly
// quotes, the ellipsis, the em dash, the middle dot and the vertical forms.
bool is_cjk_punctuation(char32_t cp);

// A closing quotation mark or bracket: ”’」』）)"】》.
bool closes_quote_or_bracket(char32_t cp);

// An ideograph or CJK punctuation: the context in which half-width punctuation and spaces are
// typing mistakes.
inline bool is_cjk(char32_t cp) {
  return is_ideograph(cp) || is_cjk_punctuation(cp);
}

// Space, tab, NBSP, U+3000 and the other Unicode spaces.
bool is_space(char32_t cp);

// Zero-width characters, bidi controls, soft hyphen, BOM and control characters (except tab):
// they carry nothing a reader sees.
bool is_invisible(char32_t cp);

// A letter, digit or ideograph: the line has content a reader would read.
bool is_word_character(char32_t cp);

// True when `s` contains a letter, digit or ideograph.
bool has_word_character(std::string_view s);

// The letters, digits and ideographs of `s` (what a story's length is counted in).
std::size_t word_characters(std::string_view s);

// True when `s` holds a sentence's punctuation (，。！？；“”「」…,!?): a line holding any is prose,
// not a title or a name.
bool has_sentence_punctuation(std::string_view s);

// True when `s` contains an ideograph.
bool has_ideograph(std::string_view s);

// `s` without leading and trailing spaces (is_space) and invisible characters.
std::string_view trim_spaces(std::string_view s);

// The name of a book's byline (`江南 著`, `金庸　著`): a short name, a space, then 著; nothing for
// any other line (名著 and 原著 are words, and a line with a sentence's punctuation is prose).
std::optional<std::string> byline_name(std::string_view line);

}  // namespace novelbind
