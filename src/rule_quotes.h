// Rule "quotes": one quotation style for the whole book, nested correctly.
#pragma once

#include "clean_rule.h"

namespace novelbind {

// With quotes = "corner" every quotation becomes 「…」 with 『…』 inside it (Traditional, and
// vertical books); with "curly" “…” with ‘…’ inside. The level of a quote, not the character
// the source used, decides its form, so a book that mixed styles comes out in one. Straight "
// (and ＂) are paired: the first opens, the next closes. An opening quote that ends a line
// inside a quotation is a closing one typed wrong (…過來。“). ‘ and ’ next to a Latin letter
// are apostrophes and stay. With "keep" only straight quotes are resolved, to the style the
// line already uses (curly when it has none).
class QuotesRule : public LineRule {
 public:
  std::string_view name() const override { return "quotes"; }
  bool rewrite(std::string_view text, const CleanContext& context, std::string* out) const override;
};

}  // namespace novelbind
