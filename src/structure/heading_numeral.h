// The numbers of headings: a numeral read where a heading puts it (第　一　回, 第３２５回, 廿一),
// its style, and the Latin numerals English headings use (XIV, twenty-one).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "structure/heading_shape.h"

namespace novelbind {

// A numeral at byte `p` of `t`, possibly with single spaces between its characters when
// `spaced` (第　一　回): returns its end and appends its characters, without the spaces, to
// `numeral`; returns `p` when there is none.
size_t read_heading_numeral(std::string_view t, size_t p, bool spaced, std::string* numeral);

// How `numeral` writes its number (Arabic, zero-padded, full-width, Chinese, financial).
NumeralStyle numeral_style(std::string_view numeral);

// Sets the number, its style and `malformed` (a numeral that does not parse) of `shape`.
void set_heading_number(HeadingShape* shape, std::string_view numeral);

// The value of a Roman numeral (XIV, xiv, Ⅻ), or nullopt.
std::optional<long long> parse_roman(std::string_view numeral);

// The value of an English number word or hyphenated pair (one, twelve, twenty-one), or nullopt.
std::optional<long long> parse_english_number(std::string_view word);

}  // namespace novelbind
