// Finds any of a fixed set of phrases in UTF-8 text in one pass, for the built-in patterns of
// the clean rules (boilerplate, conversion errata) where a regex per phrase would be slow.
#pragma once

#include <bitset>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace novelbind {

class PhraseMatcher {
 public:
  PhraseMatcher() = default;
  // Empty phrases are ignored.
  explicit PhraseMatcher(const std::vector<std::string>& phrases);

  struct Match {
    std::size_t position = 0;  // byte offset in the text
    std::size_t length = 0;    // bytes
    std::size_t index = 0;     // into the phrases given to the constructor
  };

  // The leftmost match starting at or after byte `from` (on a code point boundary); at one
  // position the longest phrase wins.
  std::optional<Match> find(std::string_view text, std::size_t from = 0) const;

  bool empty() const { return phrases_.empty(); }

 private:
  std::vector<std::string> phrases_;
  std::unordered_map<char32_t, std::vector<std::size_t>> by_first_;  // longest first
  std::bitset<0x10000> first_bmp_;  // quick rejection of code points no phrase starts with
};

}  // namespace novelbind
