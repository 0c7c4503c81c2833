// Rule "whitespace": invisible characters and the indentation that the CSS replaces.
#pragma once

#include "clean/clean_rule.h"

namespace novelbind {

// Removes zero-width, bidi and control characters anywhere in a line, trims leading and
// trailing spaces, NBSP and U+3000, turns inner tabs and NBSP into plain spaces, and drops
// lines left empty. Only the removal of invisible characters is recorded: indentation is
// layout, not text, and one repair per indented line would bury the real repairs.
class WhitespaceRule : public CleanRule {
 public:
  std::string_view name() const override { return "whitespace"; }
  void apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
             RepairLog& log) const override;
};

// The line cleaned as above; *invisible tells whether invisible characters were removed.
std::string clean_whitespace(std::string_view text, bool* invisible);

}  // namespace novelbind
