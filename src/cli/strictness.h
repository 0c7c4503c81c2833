// --strict and --fail-on: which of a build's warnings and repairs fail it.
#pragma once

#include <string>
#include <vector>

#include "book.h"
#include "config/config.h"

namespace novelbind {

// The error for a book whose warnings or repairs `config` makes fatal (`strict`: every
// warning and every repair; `fail_on`: those whose rule is listed), or "" when none does.
// Example: "--strict: 2 warning(s) and 5 repair(s) fail the build (duplicate_chapter 1,
// mixed_script 1, quotes 5); fix the sources, or relax --strict/--fail-on".
std::string strict_failure(const Book& book, const BuildConfig& config);

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
