// Filler characters: a character a site inserts into words to get past a word filter
// (分卝身 for 分身, 大卝陆 for 大陆, 体垩内 for 体内). Found from the book itself, two ways:
// - a character outside GB2312 and Big5 (which hold every character ordinary text needs) that
//   stands, many times and in many different words, between two characters that the book
//   elsewhere writes side by side. A rare character of a name (孙綝, 王濬) stands in the same
//   few places, between characters the book never joins, and stays.
// - a character of the two sets' second levels (垩) only on stricter evidence, as 噜 and 癫 pass
//   the first test in 叽哩咕噜, 疯疯癫癫: every use of it between such a pair, never beside
//   itself, and each character beside it always with the same partner across it.
// Characters of the first levels (everyday characters) are never taken.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace novelbind {

class BigramCounts;

// Whether `cp` is a character GB2312 or Big5 holds.
bool is_common_hanzi(char32_t cp);
// Whether `cp` is of the first level of GB2312 or of Big5: a character in everyday use.
bool is_frequent_hanzi(char32_t cp);

// Counts, into `tally` (ResidueTally's map), each rare character of one file's `lines` that
// stands between two ideographs, under filler_context_key(X, a, b). A character of the second
// levels whose use in the file rules it out (see the top) is counted under filler_ruled_out_key(X)
// instead of its contexts.
void tally_fillers(const std::vector<std::string_view>& lines, std::map<std::string, int>* tally);
// The key a filler is known by in learn_fillers' result.
std::string filler_count_key(char32_t filler);
std::string filler_context_key(char32_t filler, char32_t before, char32_t after);
std::string filler_ruled_out_key(char32_t filler);
// Whether `keys` (a book's learned residue keys) hold a filler's filler_count_key.
bool holds_filler_key(const std::set<std::string>& keys);

// The characters of `tally` that are fillers: at least kMinUses uses in kMinContexts different
// words or more, and in three of four uses the two characters around it are a pair the book
// writes side by side elsewhere (`bigrams`). Returned as filler_count_key()s.
std::set<std::string> learn_fillers(const std::map<std::string, int>& tally,
                                    const BigramCounts& bigrams);
inline constexpr int kMinFillerUses = 8;
inline constexpr int kMinFillerContexts = 4;
inline constexpr int kMinStrictContexts = 3;

// `text` without the rare characters between two ideographs that `is_filler` (asked with
// their filler_count_key) says are fillers, into *out. Returns whether anything was removed;
// when nothing is, *out is left untouched (and `text` is not copied).
bool without_fillers(std::string_view text,
                     const std::function<bool(const std::string&)>& is_filler, std::string* out);

}  // namespace novelbind
