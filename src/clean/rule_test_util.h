// Test-only (never part of novelbind_lib). Test helper for the clean rules: runs one rule over
// lines given as literals.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "clean/clean_decisions.h"
#include "clean/clean_rule.h"

namespace novelbind::test {

struct RuleRun {
  std::vector<std::string> lines;  // the paragraphs after the rule; a scene break is "<hr>"
  std::vector<Repair> repairs;
};

// Runs `rule` over `lines` (line numbers 1, 2, ...; "<hr>" is a scene break), as file "t.txt".
inline RuleRun run_rule(const CleanRule& rule, const std::vector<std::string>& lines,
                        const std::string& quotes = "keep") {
  std::vector<Paragraph> paragraphs;
  for (size_t i = 0; i < lines.size(); ++i)
    paragraphs.push_back(
        {lines[i] == "<hr>" ? "" : lines[i], static_cast<int>(i + 1), lines[i] == "<hr>"});
  RuleRun run;
  RepairLog log(std::string(rule.name()), "t.txt", &run.repairs);
  CleanContext context;
  context.quotes = quotes;
  rule.apply(paragraphs, context, log);
  for (const Paragraph& p : paragraphs) run.lines.push_back(p.scene_break ? "<hr>" : p.text);
  return run;
}

// `rule` under the book-wide decisions made from `book` (gathered, then decided, as the clean
// stage does before it cleans a file).
class Decided : public CleanRule {
 public:
  template <class Rule>
  Decided(Rule rule, const std::vector<Chapter>& book)
      : rule_(std::make_shared<Rule>(std::move(rule))),
        decisions_(decide_cleaning(CleanEvidence::of(book))) {}
  std::string_view name() const override { return rule_->name(); }
  void apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
             RepairLog& log) const override {
    CleanContext decided = context;
    decided.decisions = &decisions_;
    rule_->apply(paragraphs, decided, log);
  }
  const CleanDecisions& decisions() const { return decisions_; }

 private:
  std::shared_ptr<const CleanRule> rule_;
  CleanDecisions decisions_;
};

// The text of one line after the rule (the whole line list must have one entry).
inline std::string run_line(const CleanRule& rule, const std::string& line,
                            const std::string& quotes = "keep") {
  RuleRun run = run_rule(rule, {line}, quotes);
  return run.lines.empty() ? "<dropped>" : run.lines.front();
}

}  // namespace novelbind::test
