// Rule "conversion_errata": phrases a bad Simplified->Traditional conversion damaged.
#pragma once

#include <vector>

#include "base/phrase_matcher.h"
#include "clean/clean_rule.h"
#include "clean/errata.h"

namespace novelbind {

// Replaces every damaged form of data/errata.tsv (計程車兵 -> 的士兵) by what the author wrote,
// longest form first. Each row there says why the replacement is always safe.
class ConversionErrataRule : public LineRule {
 public:
  explicit ConversionErrataRule(const std::vector<Erratum>& errata = builtin_errata());
  std::string_view name() const override { return "conversion_errata"; }
  bool rewrite(std::string_view text, const CleanContext& context, std::string* out) const override;

 private:
  std::vector<std::string> corrections_;
  PhraseMatcher damaged_;
};

}  // namespace novelbind
