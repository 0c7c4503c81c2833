// Rule "quotes": one quotation style for the whole book, nested correctly.
#pragma once

#include "clean_rule.h"

namespace novelbind {

// With quotes = "corner" every quotation becomes 「…」 with 『…』 inside it (Traditional, and
// vertical books); with "curly" “…” with ‘…’ inside, so a book that mixed styles comes out in
// one. Nesting is repaired where the line shows it: a quotation opened inside one of its own
// kind (「「」」) moves to the other level when the line's quotes pair up; otherwise the level
// the author wrote stands (‘…’ may begin a paragraph that continues a quotation, and a second
// “ in a line that does not pair up is a missing ”, not nesting). Straight " (and ＂) are
// paired: the first opens, the next closes, at the level their place calls for; when a line
// has an odd number of them, one closes the quotation open before it. An opening
// quote that ends a line inside a quotation is a closing one typed wrong (…過來。“). ‘ and ’
// next to a Latin letter are apostrophes and stay. With "keep" only straight quotes are
// resolved, to the style the line already uses (curly when it has none).
class QuotesRule : public LineRule {
 public:
  std::string_view name() const override { return "quotes"; }
  bool rewrite(std::string_view text, const CleanContext& context, std::string* out) const override;
};

}  // namespace novelbind
