// Numbers as chapter headings write them: Arabic (12), full-width (１２), Chinese
// (一百零三, 两千零一, 十五, 十万, 一〇三) and financial (壹佰零叁, 贰拾) numerals.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace novelbind {

// The value of `numeral`, which must be a numeral and nothing else (no 第, no spaces).
// Returns nullopt for anything that is not a well-formed numeral ("十百", "一二百", "",
// "三个") or whose value exceeds 10^15.
//   parse_number("第一百零三") -> nullopt   parse_number("一百零三") -> 103
//   parse_number("两千零一") -> 2001   parse_number("十") -> 10   parse_number("十万") -> 100000
std::optional<long long> parse_number(std::string_view numeral);

// Length in bytes of the longest run of numeral characters at the start of `text` (0 when
// it does not start with one). The run is not validated; pass it to parse_number.
size_t numeral_prefix_length(std::string_view text);

// `n` (>= 0) in Chinese numerals as a heading writes it: 1 -> 一, 15 -> 十五, 103 ->
// 一百零三, 100000 -> 十万. `traditional` selects 萬/億 over 万/亿; every other character
// is the same in both scripts.
std::string chinese_numeral(long long n, bool traditional = false);

}  // namespace novelbind
