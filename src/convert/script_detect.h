// Measuring which script a text is written in, from the characters that exist in only one.
//
// A character is Simplified-only when OpenCC's STCharacters dictionary converts it and never
// keeps it (么 -> 麼; 后 -> 後 or 后 is not, since 后 is also Traditional), Traditional-only by
// the same rule on TSCharacters. The sets are built from the dictionaries libopencc loads at
// run time, so they always agree with the conversion that follows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "base/codepoint_set.h"
#include "base/status.h"
#include "convert/script_counts.h"

namespace novelbind {

class OpenccConverter;

class ScriptDetector {
 public:
  // Loads STCharacters and TSCharacters from OpenCC's data folder.
  static Result<ScriptDetector> load();

  // Adds the Simplified-only and Traditional-only characters of `text` to *counts, and, with
  // `usage`, the uses of the tracked characters.
  void count(std::string_view text, ScriptCounts* counts, bool usage = true) const;
  // The two counts only.
  ScriptCounts count(std::string_view text) const {
    ScriptCounts c;
    count(text, &c, false);
    return c;
  }

  // Stops counting the Simplified-only characters that `to_traditional` keeps as they are.
  void ignore_simplified_kept_by(const OpenccConverter& to_traditional);
  // The same for OpenCC's "s2tw" or "s2hk", worked out from the character dictionaries this
  // detector read (STCharacters, then TWVariants or HKVariants, each character's first value,
  // as OpenCC converts one character), without loading the conversion and its phrases.
  void ignore_simplified_kept_by(const std::string& conversion);

  // What OpenCC's t2s makes of the one character `cp`: its first value in TSCharacters (t2s's
  // other dictionary, TSPhrases, has no one-character key), or `cp` itself. Without loading
  // t2s, which read TSCharacters again (test: the same for every Han character).
  char32_t to_simplified(char32_t cp) const {
    auto it = to_simplified_first_.find(cp);
    return it == to_simplified_first_.end() ? cp : it->second;
  }

  bool simplified_only(char32_t cp) const { return simplified_only_.contains(cp); }
  bool traditional_only(char32_t cp) const { return traditional_only_.contains(cp); }

  // Characters whose use count() records: the members of a variant group (OpenCC's
  // TWVariants and HKVariants: 爲/為, 裏/裡, 羣/群, ...) and the characters one script writes
  // for several of the other (后 for 後 and 后, 乾 for 干 and 乾), with those several.
  bool tracked(char32_t cp) const { return tracked_.contains(cp); }
  // A character's forms: OpenCC's standard one (爲), Taiwan's (為) and Hong Kong's (爲); a
  // region without a form of its own has the standard one.
  struct VariantGroup {
    char32_t standard = 0, taiwan = 0, hong_kong = 0;
  };
  const std::vector<VariantGroup>& variant_groups() const { return groups_; }
  // For a character that the other script writes in several ways, one of them this very
  // character (后: 後 or 后), the other ways (後); nullptr otherwise. `to_traditional` picks
  // the direction (STCharacters or TSCharacters).
  const std::vector<char32_t>* other_forms(char32_t cp, bool to_traditional) const;

 private:
  CodepointSet simplified_only_;
  CodepointSet traditional_only_;
  CodepointSet tracked_;
  std::vector<VariantGroup> groups_;
  // Each character's first value in STCharacters, TSCharacters, TWVariants and HKVariants.
  std::unordered_map<char32_t, char32_t> to_traditional_first_, to_simplified_first_, taiwan_first_,
      hong_kong_first_;
  std::vector<std::pair<char32_t, std::vector<char32_t>>> to_traditional_forms_,
      to_simplified_forms_;
  // The three sets above for the Basic Multilingual Plane (every Han character of a common
  // text), one byte per character: count() looks a character up once instead of three times.
  enum : std::uint8_t { kSimplifiedOnly = 1, kTraditionalOnly = 2, kTracked = 4 };
  std::vector<std::uint8_t> plane0_;
  void index_plane0();
  std::uint8_t classes(char32_t cp) const;
};

// The detector for text bound for `target` ("" for OpenCC's plain sets), loaded on first use
// and shared (thread-safe); an error when OpenCC's data files are missing.
//
// For zh-TW and zh-HK, Simplified-only characters that the conversion to the target keeps as
// they are do not count: they are that region's standard form. STCharacters turns 群 into 羣,
// but Taiwan writes 群 (TWVariants: 羣 -> 群), and Hong Kong writes 温 and 户. Counting them
// would make a book built for zh-TW look mixed when it is built again, and send it through
// s2tw a second time.
//
// "auto" is the detector for --script auto: it counts neither Simplified-only character that
// s2tw or s2hk keeps, since a Traditional book may write those (群, 床, 峰, 吃, 温).
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
