// Lines too long to be one paragraph: a file that lost its line breaks (a whole chapter, or a
// whole book, on one line) is broken into paragraphs at sentence ends, so that no document
// of the book outgrows what a reader can page (kMaxDocumentBytes) and no cleaning rule has
// to read megabytes as one line.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace novelbind {

// Lines longer than this (about 21,000 Chinese characters, far beyond any paragraph written
// as one) are broken.
inline constexpr std::size_t kLongLineBytes = 64 * 1024;
// The most a piece of a broken line holds.
inline constexpr std::size_t kLongLinePieceBytes = 16 * 1024;

// `line` itself when it is at most kLongLineBytes; else its pieces in order, each at most
// `piece_bytes`, each ending after a sentence end (。！？!?… with the closing quotes and
// brackets after it) where the second half of its window holds one, else after a comma or a
// space, else at a character boundary. Joined, the pieces are `line`.
std::vector<std::string_view> break_long_line(std::string_view line,
                                              std::size_t piece_bytes = kLongLinePieceBytes);

}  // namespace novelbind
