// Rule "punctuation": half-width and irregular punctuation in Chinese text.
#pragma once

#include "clean_rule.h"

namespace novelbind {

// In CJK context (an ideograph or CJK punctuation on the side that matters):
//   , : ;  after an ideograph or closing quote, not before a Latin letter or digit -> ，：；
//   ? !    after an ideograph, not before a Latin letter, digit or ，。 (there a '?' is a
//          character lost in decoding: "刘?，")                                      -> ？！
//   ... (3+), 。。。 (3+), ・・・, ．．．, and any run of … other than two          -> ……
//   -- (2+), a lone — or a run of three or more — or ―                              -> ——
//   spaces next to CJK punctuation, or between two ideographs that each stand alone
//   ("他 走 了"), are removed; a space next to a word of several characters is a separator
//   (prescriptions, "第1章 甄士隐", couplet titles) and stays
// Latin text, numbers (3.14, 1990-2000, 12:30) and spaces next to them are left alone.
class PunctuationRule : public LineRule {
 public:
  std::string_view name() const override { return "punctuation"; }
  bool rewrite(std::string_view text, const CleanContext& context, std::string* out) const override;
};

}  // namespace novelbind
