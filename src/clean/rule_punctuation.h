// Rule "punctuation": half-width and irregular punctuation in Chinese text.
#pragma once

#include "clean/clean_rule.h"

namespace novelbind {

// Do no harm: by default ("repair") only what typing or scraping damaged changes, in CJK
// context (an ideograph or CJK punctuation on the side that matters):
//   , : ;  one, after an ideograph or closing quote, not before a Latin letter or digit -> ，：；
//   ? !    one, after an ideograph, before punctuation, a quote or the line's end      -> ？！
//          (a '?' between two ideographs with no question particle before it, 劉?不信, is a
//          character the encoding lost: it stays and is reported as a warning)
//   spaces between two ideographs that each stand alone ("他 走 了"; a digit or letter
//   makes a word, so "第162章 妈" stays), and a space after a closing quote before an
//   ideograph in a chapter that shows that habit twice or more, are removed.
// Expressive runs (~~~~, ——————, !!!, ……, ...) and the author's own spacing stay as written.
// With `normalize` ([clean] punctuation = "normalize") widths and runs are made consistent
// too: ... (3+), 。。。, ・・・, ．．． and runs of … other than two -> ……; --, a lone — and
// runs of — or ― -> ——; a run of ! or ? -> full width; spaces next to CJK punctuation go.
// Latin text, numbers (3.14, 1990-2000, 12:30) and spaces next to them are left alone.
class PunctuationRule : public CleanRule {
 public:
  explicit PunctuationRule(bool normalize = false) : normalize_(normalize) {}
  std::string_view name() const override { return "punctuation"; }
  void apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
             RepairLog& log) const override;

  // Returns true and sets *out when the rule changes `text`. `quote_spaces`: the chapter
  // shows the habit of a space after a closing quote. Each lost character is noted in `lost`
  // (its code point offset), when given. `asks_with_ascii`: the book writes its question marks
  // '?' and has lost no characters to it (lost_interpunct's decision), so a '?' between two
  // ideographs is one of its questions (京城?兄弟), not a lost character.
  bool rewrite(std::string_view text, bool quote_spaces, std::string* out,
               std::vector<std::size_t>* lost = nullptr, bool asks_with_ascii = false) const;

 private:
  bool normalize_;
};

}  // namespace novelbind
