// Rule "lost_interpunct": the name separator · lost to '?' or U+FFFD by a bad encoding.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <utility>

#include "clean/clean_rule.h"
#include "clean/interpunct_tally.h"

namespace novelbind {

// A '?' or U+FFFD between two ideographs (毗伽?那仁, 娑葛?答摩) becomes the interpunct the book
// uses (· unless it mostly writes ‧ or ・). U+FFFD there is always a lost character. A '?' is
// kept as a real question (then written ？ by the punctuation rule) when a question particle
// precedes it (…嗎?) or its clause asks something (誰, 什麼, 怎, 哪, 去不去, …), unless the book
// shows the same two characters joined by an interpunct elsewhere or by '?' at least twice
// (a name repeats; a question rarely repeats word for word). In a book that writes ASCII '?'
// as its question mark elsewhere (twice at least: after an ideograph at a sentence's
// end, or after a question's particle, 什么?这), or where '?' replaced other lost characters
// (after a stop or before a comma: "”?得", "刘?，"), only that repeated-name evidence converts.
class LostInterpunctRule : public LineRule {
 public:
  std::string_view name() const override { return "lost_interpunct"; }
  // Applies the book's InterpunctDecision (clean_decisions.h).
  bool rewrite(std::string_view text, const CleanContext& context, std::string* out) const override;
};

}  // namespace novelbind
