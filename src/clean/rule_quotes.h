// Rule "quotes": one quotation style for the whole book, nested correctly.
#pragma once

#include "clean/clean_rule.h"

namespace novelbind {

// With quotes = "corner" every quotation becomes 「…」 with 『…』 inside it (Traditional, and
// vertical books); with "curly" “…” with ‘…’ inside, so a book that mixed styles comes out in
// one. Each typed quote keeps the level and the direction the author gave it (do no harm:
// nesting with one kind, a pair that does not match, or 『』 inside 「」 in a corner book stay
// as written, converted only in style). Straight " are paired: the first opens, the next
// closes, at the level their place calls for; when a line has an odd number of them, one
// closes the quotation open before it. A full-width ＂ is resolved so only in a line with no
// typed quotes. ‘ and ’ next to a Latin letter are apostrophes and stay. With "keep" only
// straight quotes are resolved, to the style the line already uses (curly when it has none).
class QuotesRule : public LineRule {
 public:
  std::string_view name() const override { return "quotes"; }
  bool rewrite(std::string_view text, const CleanContext& context, std::string* out) const override;
};

}  // namespace novelbind
