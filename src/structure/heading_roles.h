// The second half of the heading inference (heading_scheme.h): once the book's chapter and volume
// schemes are chosen, what each heading-shaped line is — a chapter or volume heading, a line of
// a table of contents, an echo of its heading — with the numbering faults to warn about and the
// evidence the log and the report give.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "structure/heading_candidates.h"
#include "structure/heading_scheme.h"
#include "structure/heading_shape.h"

namespace novelbind {

// Lines with less than this between them stand together (a contents block, an echo): nothing
// but blank lines.
inline constexpr std::uint64_t kTogether = 1;
// An echo of a heading stands this close after it (characters): right after it, or under a
// line or two a site put between (更新时间：2012-3-5 12:21:33 本章字数：3211).
inline constexpr std::uint64_t kEchoReach = 80;
// A run of this many headings with nothing between them is a table of contents.
inline constexpr size_t kMinContentsRun = 3;

// One candidate line in reading order, with its shape.
struct SchemeLine {
  size_t file = 0;
  const HeadingCandidate* candidate = nullptr;
  HeadingShape shape;
  bool inner = false;     // the chapter part of a volume line
  std::uint64_t pos = 0;  // book-wide characters before the line
  std::uint64_t end = 0;  // pos + the line's characters
  bool echo = false;      // the same number as the scheme's line before, nothing between
  bool block = false;     // in a run of the scheme's lines with nothing between
};

// Story between the end of line a and the start of line b (a before b).
inline std::uint64_t story_between(const SchemeLine& a, const SchemeLine& b) {
  return b.pos > a.end ? b.pos - a.end : 0;
}

// The schemes the inference chose.
struct SchemeChoice {
  std::string chapter_key;  // the best chapter scheme ("" when none)
  std::set<std::string> chapter_keys, volume_keys;
  std::vector<bool> accepted;  // by line: the line continues its scheme
  std::string evidence;        // of the chapter scheme: counts, sequence, coverage
};

// The decisions for `files` files from the lines of the book in reading order (`total`
// characters in all): the chosen schemes' accepted lines and keyword lines are headings, runs
// of them with no story between are contents, repeats of a heading are echoes.
BookStructure decide_roles(const std::vector<SchemeLine>& lines, std::uint64_t total,
                           const SchemeChoice& choice, size_t files);

}  // namespace novelbind
