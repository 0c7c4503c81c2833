// Rule "reversed_lines": lines whose characters a scraper wrote out in reverse order.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clean/bigram_counts.h"
#include "clean/clean_rule.h"

namespace novelbind {

// How much better `line` reads backwards than forwards at its two ends: +1 each for ending in
// sentence-final punctuation or a closing quote, -1 each for starting with punctuation that
// cannot open a line (。，」) or ending with an opening quote; the reversed reading's score
// minus the forward one's. A reversed Chinese line scores 2 or 3.
int punctuation_evidence(std::string_view line);

// Mean log-ratio over the line's character pairs of how often the book has each pair
// backwards versus forwards (add-0.5 smoothed): > 0 means the line reads better reversed.
double bigram_evidence(std::string_view line, const BigramCounts& counts);

// Restores a line when both kinds of evidence agree: punctuation evidence of 2 or more and a
// bigram score that does not favour the forward reading, or punctuation evidence of 1 and a
// clear bigram score (> 0.5). Lines without punctuation evidence are never touched: on the
// corpus novels every line that looks reversed at the ends reads forward by the bigrams.
// Without a model of the book (CleanDecisions::bigrams) nothing is reversed.
bool should_reverse(std::string_view line, const BigramCounts& counts);

class ReversedLinesRule : public CleanRule {
 public:
  std::string_view name() const override { return "reversed_lines"; }
  void apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
             RepairLog& log) const override;
};

}  // namespace novelbind
