// Test-only (never part of novelbind_lib). Test helper for the clean rules: runs one rule over
// lines given as literals.
#pragma once

#include <string>
#include <vector>

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

// The text of one line after the rule (the whole line list must have one entry).
inline std::string run_line(const CleanRule& rule, const std::string& line,
                            const std::string& quotes = "keep") {
  RuleRun run = run_rule(rule, {line}, quotes);
  return run.lines.empty() ? "<dropped>" : run.lines.front();
}

}  // namespace novelbind::test
