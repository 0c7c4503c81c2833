// The rule names book.toml accepts in [build] fail_on and [clean] disable. config/ receives
// them from the stages (pipeline/stage_rule_names.h) and checks each name against them.
#pragma once

#include <string>
#include <vector>

namespace novelbind {

struct RuleNames {
  std::vector<std::string> rules;    // --fail-on, [build] fail_on, `clean --rule`
  std::vector<std::string> disable;  // [clean] disable: rules and boilerplate pattern ids
};

// "" when `name` is in `known`; otherwise "unknown rule 'NAME'; expected one of A, B, ...",
// so that a misspelt CI gate is an error rather than a gate that never closes.
// `what` names the kind of name ("rule", or "rule or pattern" for [clean] disable).
std::string unknown_rule(const std::string& name, const std::vector<std::string>& known,
                         const std::string& what = "rule");

}  // namespace novelbind
