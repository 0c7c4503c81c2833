// Measuring which script a text is written in, from the characters that exist in only one.
//
// A character is Simplified-only when OpenCC's STCharacters dictionary converts it and never
// keeps it (么 -> 麼; 后 -> 後 or 后 is not, since 后 is also Traditional), Traditional-only by
// the same rule on TSCharacters. The sets are built from the dictionaries libopencc loads at
// run time, so they always agree with the conversion that follows.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "codepoint_set.h"
#include "status.h"

namespace novelbind {

class OpenccConverter;

struct ScriptCounts {
  std::size_t simplified_only = 0;
  std::size_t traditional_only = 0;

  ScriptCounts& operator+=(const ScriptCounts& o) {
    simplified_only += o.simplified_only;
    traditional_only += o.traditional_only;
    return *this;
  }
};

class ScriptDetector {
 public:
  // Loads STCharacters and TSCharacters from OpenCC's data folder.
  static Result<ScriptDetector> load();

  // Adds the Simplified-only and Traditional-only characters of `text` to *counts.
  void count(std::string_view text, ScriptCounts* counts) const;
  ScriptCounts count(std::string_view text) const {
    ScriptCounts c;
    count(text, &c);
    return c;
  }

  // Stops counting the Simplified-only characters that `to_traditional` keeps as they are.
  void ignore_simplified_kept_by(const OpenccConverter& to_traditional);

  bool simplified_only(char32_t cp) const { return simplified_only_.contains(cp); }
  bool traditional_only(char32_t cp) const { return traditional_only_.contains(cp); }

 private:
  CodepointSet simplified_only_;
  CodepointSet traditional_only_;
};

// The detector for text bound for `target` ("" for OpenCC's plain sets), loaded on first use
// and shared (thread-safe); an error when OpenCC's data files are missing.
//
// For zh-TW and zh-HK, Simplified-only characters that the conversion to the target keeps as
// they are do not count: they are that region's standard form. STCharacters turns 群 into 羣,
// but Taiwan writes 群 (TWVariants: 羣 -> 群), and Hong Kong writes 温 and 户. Counting them
// would make a book built for zh-TW look mixed when it is built again, and send it through
// s2tw a second time.
const Result<ScriptDetector>& script_detector(const std::string& target = "");

// A text is mixed when each script has at least this share (in percent) of its telling
// characters. 003 of the seeds, Traditional with Simplified left over, has 2.9%; Simplified
// chapters of sanguo that keep old forms of rare names (綝, 儁) mostly stay below 1%: their
// few stray characters are converted paragraph by paragraph instead (see convert.cc).
inline constexpr std::size_t kMixedPercent = 1;

// "mixed" when both scripts reach kMixedPercent, else "zh-Hans" or "zh-Hant" by which script's
// characters are more, "" when no character tells the scripts apart.
std::string classify_script(const ScriptCounts& counts);

// The script most of the counted characters belong to: "zh-Hans", "zh-Hant" or "".
std::string dominant_script(const ScriptCounts& counts);

}  // namespace novelbind
