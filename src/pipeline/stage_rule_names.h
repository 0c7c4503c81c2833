// The names of the rules a build's repairs and warnings carry, gathered from the stages, which
// --fail-on, [build] fail_on, [clean] disable and `clean --rule` accept. config/ receives them
// (RuleNames) and knows no stage.
#pragma once

#include <string>
#include <vector>

#include "config/rule_names.h"

namespace novelbind {

// Every rule name a build's repairs and warnings carry (what --fail-on, [build] fail_on and
// `clean --rule` accept): the cleaning rules, book_header, and the warnings of decoding,
// structure, order and conversion.
std::vector<std::string> known_rule_names();

// The names [clean] disable accepts: the cleaning rules, book_header, the residue in the
// book's structure and the built-in boilerplate pattern ids.
std::vector<std::string> disable_names_with_header();

// Both lists, as book.toml's reader takes them.
RuleNames stage_rule_names();

}  // namespace novelbind
