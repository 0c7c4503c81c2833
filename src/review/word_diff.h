// A change shown as a word-level diff: what stayed, what went, what came, for the review page.
// Words are runs of Latin letters and digits (a URL's "xiaoshuotxt"), every other character
// (each Han character, each punctuation mark) a word of its own, so that a diff of Chinese text
// marks the characters that changed and a diff of an address the words.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace novelbind {

struct DiffPiece {
  enum Kind { kSame = 0, kRemoved = 1, kAdded = 2 } kind = kSame;
  std::string text;
};

// The pieces that turn `before` into `after`, neighbours of one kind joined. A pair too long to
// compare word by word (more than `max_cells` word pairs) is shown as removed then added.
std::vector<DiffPiece> word_diff(std::string_view before, std::string_view after,
                                 std::size_t max_cells = 4'000'000);

}  // namespace novelbind
