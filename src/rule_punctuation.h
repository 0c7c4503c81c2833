// Rule "punctuation": half-width and irregular punctuation in Chinese text.
#pragma once

#include "clean_rule.h"

namespace novelbind {

// In CJK context (an ideograph or CJK punctuation on the side that matters):
//   , ! ? : ;  after CJK, not before a Latin letter or digit  -> ，！？：；
//   ... (3+), 。。。 (3+), ・・・, ．．．, and any run of … other than two  -> ……
//   -- (2+), a lone — or a run of three or more — or ―                    -> ——
//   spaces between two CJK characters or CJK punctuation                   -> removed
// Latin text, numbers (3.14, 1990-2000, 12:30) and spaces next to them are left alone.
class PunctuationRule : public LineRule {
 public:
  std::string_view name() const override { return "punctuation"; }
  bool rewrite(std::string_view text, const CleanContext& context, std::string* out) const override;
};

}  // namespace novelbind
