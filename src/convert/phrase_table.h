// Fixed replacements that OpenCC never sees: the user's dictionary of names and terms, and
// the phrases the errata list protects from being converted into known damage.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/codepoint_set.h"
#include "base/status.h"

namespace novelbind {

struct Phrase {
  std::string source;
  std::string target;
  int origin = 0;  // caller's tag (e.g. user dictionary or errata), reported with matches
};

class PhraseTable {
 public:
  // Adds a phrase; an existing phrase with the same source is replaced. An empty source is
  // ignored.
  void add(Phrase phrase);
  bool empty() const { return by_first_.empty(); }

  struct Match {
    std::size_t begin = 0, end = 0;  // byte range in the searched text
    const Phrase* phrase = nullptr;
  };
  // Non-overlapping matches from left to right, the longest phrase at each position.
  std::vector<Match> find(std::string_view text) const;

 private:
  CodepointSet first_;
  // Phrases by their first character, longest first.
  std::unordered_map<char32_t, std::vector<Phrase>> by_first_;
};

// Parses a user dictionary: one "source<TAB>target" a line, UTF-8; blank lines and lines
// starting with '#' are skipped. `name` (the file as the user knows it) prefixes messages:
// "names.txt:3: expected 'source<TAB>target', found no tab; ...".
Result<std::vector<Phrase>> parse_phrases(std::string_view text, const std::string& name,
                                          int origin = 0);

}  // namespace novelbind
