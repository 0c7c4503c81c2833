// How well the end of one piece of a book runs on into the start of another: the evidence a
// careful editor reads when two files claim the same place (a crawl that saved 第四十七章 twice,
// the second one really chapter 48) and neither the numbers nor the file names order them.
// The end of the chapter before a piece and the start of the piece share names, places and
// objects; two pieces in the wrong order break that chain twice.
//
// Measured as word pairs (two CJK characters in a row, or two Latin words) found both in the
// last kContinuitySpan characters of one piece and in the first kContinuitySpan of the next,
// each weighted by how rare it is among the pieces compared (a pair in every piece, such as the
// hero's name, says nothing).
#pragma once

#include <cstdint>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace novelbind {

// Characters at each end of a piece that are compared.
inline constexpr size_t kContinuitySpan = 150;

// The word pairs of one piece of text: of its start, of its end and of the whole.
struct ContinuityText {
  std::unordered_set<std::uint64_t> head, tail, all;
};

// The word pairs of the paragraphs `paragraphs` (in order) of one piece.
ContinuityText continuity_text(const std::vector<std::string_view>& paragraphs);

// The order of `middle` (indexes) between `before` and `after` (either may be null) in which
// the text runs on best. Keeps the given order (0, 1, 2, ...) unless another scores at least
// kMinContinuityMargin more (about one rare word pair across a seam: unrelated pieces share a
// few by chance), and when there are more than kMaxContinuityPieces pieces.
inline constexpr double kMinContinuityMargin = 1.5;
inline constexpr size_t kMaxContinuityPieces = 5;
std::vector<size_t> order_by_continuity(const ContinuityText* before,
                                        const std::vector<ContinuityText>& middle,
                                        const ContinuityText* after);

}  // namespace novelbind
