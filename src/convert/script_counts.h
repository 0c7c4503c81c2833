// How many characters of a text exist only in Simplified or only in Traditional, and how
// often it writes each character whose form a conversion has to choose (script_detect.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace novelbind {

struct ScriptCounts {
  ScriptCounts() = default;
  ScriptCounts(std::size_t simplified, std::size_t traditional)
      : simplified_only(simplified), traditional_only(traditional) {}

  std::size_t simplified_only = 0;
  std::size_t traditional_only = 0;
  // How often the text writes each character whose form a conversion has to choose (see
  // ScriptDetector::tracked), sorted by code point. From it --script auto learns the book's
  // own forms: 為 or 爲, 裡 or 裏, and whether 后 stands for 後 here.
  std::vector<std::pair<char32_t, std::uint32_t>> usage;

  ScriptCounts& operator+=(const ScriptCounts& o);
  // The count of `cp` in `usage`.
  std::uint32_t used(char32_t cp) const;
  void add_use(char32_t cp, std::uint32_t n = 1);
};

// The counts of `parts` added up: the same as += of each in turn, without merging every part's
// usage into a total that grows with each (a 3000-chapter book merged its total 3000 times).
ScriptCounts add_up(const std::vector<const ScriptCounts*>& parts);

}  // namespace novelbind
