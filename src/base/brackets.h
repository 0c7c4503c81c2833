// Bracket pairs of Chinese and Latin text, in nested sets: a rule that knows only some of them
// looks among the first kParenBrackets or kSiteBrackets pairs.
#pragma once

#include <array>
#include <cstddef>
#include <utility>

namespace novelbind {

inline constexpr std::array<std::pair<char32_t, char32_t>, 14> kBracketPairs = {{
    {U'（', U'）'},
    {U'(', U')'},
    {U'【', U'】'},
    {U'[', U']'},  // the first kParenBrackets: page marks (page_merge.h)
    {U'〔', U'〕'},
    {U'［', U'］'},
    {U'{', U'}'},
    {U'〖', U'〗'},  // the first kSiteBrackets: fragments a site adds (residue_line.h)
    {U'「', U'」'},
    {U'『', U'』'},
    {U'〈', U'〉'},
    {U'《', U'》'},
    {U'<', U'>'},
    {U'｛', U'｝'},
}};
inline constexpr std::size_t kParenBrackets = 4;
inline constexpr std::size_t kSiteBrackets = 8;

// The closing bracket of `open` among the first `among` pairs; 0 when it opens none.
constexpr char32_t closing_bracket(char32_t open, std::size_t among = kBracketPairs.size()) {
  for (std::size_t i = 0; i < among; ++i)
    if (kBracketPairs[i].first == open) return kBracketPairs[i].second;
  return 0;
}

// The opening bracket of `close` among the first `among` pairs; 0 when it closes none.
constexpr char32_t opening_bracket(char32_t close, std::size_t among = kBracketPairs.size()) {
  for (std::size_t i = 0; i < among; ++i)
    if (kBracketPairs[i].second == close) return kBracketPairs[i].first;
  return 0;
}

// Whether `cp` opens (closes) one of the first `among` pairs.
constexpr bool opens_bracket(char32_t cp, std::size_t among = kBracketPairs.size()) {
  return closing_bracket(cp, among) != 0;
}
constexpr bool closes_bracket(char32_t cp, std::size_t among = kBracketPairs.size()) {
  return opening_bracket(cp, among) != 0;
}

}  // namespace novelbind
