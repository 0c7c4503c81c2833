// The warnings as a person reads them: a kind of warning found in many places (a numbering
// style switched at every other heading of a long book) is shown by its first few places and
// a count, so that the one warning that matters is not lost among a hundred of one kind. The
// full list stays where it is used: -v prints every one, and the build report and the GitHub
// annotations (--log-format github) keep every place.
#pragma once

#include <string>
#include <vector>

#include "book.h"

namespace novelbind {

struct WarningListing {
  std::size_t shown_per_rule = 3;  // places shown of a rule with more
  bool every = false;              // -v: every place, as found
  std::string report;              // --report FILE, named where the full list is; may be empty
};

// The plain lines (format_warning's, without the log's "warning: ") for `warnings`, in their
// order, the places past `shown_per_rule` of each rule left out; then, for each rule that lost
// places, one line with its count and where the full list is.
std::vector<std::string> warning_lines(const std::vector<Diagnostic>& warnings,
                                       const WarningListing& listing);

}  // namespace novelbind
