// The committed baseline of the real-book scoreboard (tests/realworld/baseline.tsv): the
// figures the code has reached, one tab-separated line per case, and the check that no figure
// gets worse.
#pragma once

#include <filesystem>
#include <vector>

#include "row.h"

namespace realworld {

void write_baseline(const std::filesystem::path& file, const std::vector<Row>& rows);

// Returns the number of figures worse than the baseline, printing each. all_cases: every truth
// file was scored, so a case of the baseline missing from the rows is a worse figure too.
int compare_baseline(const std::filesystem::path& file, const std::vector<Row>& rows,
                     bool all_cases);

}  // namespace realworld
