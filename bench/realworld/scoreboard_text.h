// The text comparisons of the real-book scoreboard (bench/realworld_bench.cc): UTF-8 to code
// points and back, whitespace, the case's `fold` character pairs, quote marks, and the rule
// that matches a TOC entry to a truth title.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace realworld {

// Invalid or truncated sequences become U+FFFD.
std::u32string utf8_decode(const std::string& s);
std::string utf8_encode(const std::u32string& s);

bool is_space(char32_t c);
std::u32string without_spaces(const std::u32string& s);

// Character pairs "aAbB..." from a case's `fold`: the characters of a pair are equal, and so
// are pairs that share a character (干 with 幹 and with 乾): each maps to one representative.
using FoldMap = std::map<char32_t, char32_t>;

FoldMap make_fold(const std::string& pairs);
std::u32string folded(std::u32string s, const FoldMap& fold);

// Every quotation mark (ASCII, curly, corner, full-width) as one: a paragraph whose only change
// is its quote style is counted apart from other changes (issue 14).
std::u32string quotes_folded(std::u32string s);

// A title with all whitespace removed, full-width ASCII folded to ASCII and `fold` applied.
std::u32string title_key(const std::string& title, const FoldMap& fold);

// Equal, or one contains the other and the contained one has at least 2 characters.
bool titles_match(const std::u32string& toc, const std::u32string& truth);

// The longest common subsequence of the TOC keys and the truth keys under titles_match.
size_t lcs(const std::vector<std::u32string>& toc, const std::vector<std::u32string>& truth);

// At most n characters of s, cut at a character boundary.
std::string head(const std::string& s, size_t n);

}  // namespace realworld
