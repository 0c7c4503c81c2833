// The site_ads rule's built-in patterns as data (data/boilerplate.txt): one row a pattern,
// id<TAB>kind<TAB>text, kind one of tail, rest, line, block, promo, nav, inline,
// url.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace novelbind {

// One row of data/boilerplate.txt. (The kinds are the rule's: see rule_site_ads.h.)
struct BoilerplatePattern {
  enum class Kind { kTail, kRest, kLine, kBlock, kPromo, kNav, kInline, kAccount, kUrl };
  std::string id;
  Kind kind = Kind::kTail;
  std::string text;
};

// Parses data/boilerplate.txt text; a bad row is an error naming `name` and the line.
Result<std::vector<BoilerplatePattern>> parse_boilerplate(std::string_view text,
                                                          const std::string& name);

// The built-in patterns (data/boilerplate.txt).
const std::vector<BoilerplatePattern>& builtin_boilerplate();

}  // namespace novelbind
