// The committed baseline of the real-book scoreboard (tests/realworld/baseline.tsv): the figures
// the code has reached, one tab-separated line per book, and the check that no figure gets worse.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "row.h"

namespace realworld {

// The baseline file's text for these rows.
std::string baseline_text(const std::vector<Row>& rows);

// Compares the rows with a baseline's text, printing each worse figure to `out`, and returns how
// many are worse: fewer chapters in order, more residue, changed, lost, extra or echoes, a worse
// EPUBCheck verdict, a build or a measurement failing that passed. all_cases: every book was
// scored, so a book of the baseline missing from the rows is worse too. A malformed baseline
// counts as one worse figure, with its file line in the message (`source` names the file).
int compare_baseline(const std::string& text, const std::string& source,
                     const std::vector<Row>& rows, bool all_cases, std::ostream& out);

}  // namespace realworld
