// The names of the rules a build's repairs and warnings carry, which --fail-on, [build]
// fail_on, [clean] disable and `clean --rule` accept.
#pragma once

#include <string>
#include <vector>

namespace novelbind {

// Every rule name a build's repairs and warnings carry (what --fail-on, [build] fail_on and
// `clean --rule` accept): the cleaning rules, book_header, and the warnings of decoding,
// structure and conversion.
std::vector<std::string> known_rule_names();

// The names [clean] disable accepts: the cleaning rules, book_header and the built-in
// boilerplate pattern ids.
std::vector<std::string> disable_names_with_header();

// "" when `name` is in `known`; otherwise "unknown rule 'NAME'; expected one of A, B, ...",
// so that a misspelt CI gate is an error rather than a gate that never closes.
// `what` names the kind of name ("rule", or "rule or pattern" for [clean] disable).
std::string unknown_rule(const std::string& name, const std::vector<std::string>& known,
                         const std::string& what = "rule");

}  // namespace novelbind
