// --strict and --fail-on: which of a build's warnings and repairs fail it (the rule names
// they accept: pipeline/stage_rule_names.h).
#pragma once

#include <string>

#include "book.h"
#include "config/config.h"

namespace novelbind {

// The error for a book whose warnings or repairs `config` makes fatal (`strict`: every
// warning and every repair; `fail_on`: those whose rule is listed), or "" when none does.
// Example: "--strict: 2 warning(s) and 5 repair(s) fail the build (duplicate_chapter 1,
// mixed_script 1, quotes 5); fix the sources, or relax --strict/--fail-on".
std::string strict_failure(const Book& book, const BuildConfig& config);

}  // namespace novelbind
