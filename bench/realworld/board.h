// Printing the real-book scoreboard: one row of figures per book, then each book's examples of
// its faults as measure.py printed them, then the build time against the target.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "row.h"

namespace realworld {

void print_rows(const std::vector<Row>& rows, std::ostream& out);
void print_examples(const std::vector<Row>& rows, std::ostream& out);

// The development set's build time: `runs` holds the sum of the real books' cold builds for each
// run of the set (the first is the scored run); `whole_set` is false when --only left books out.
void print_build_time(const std::vector<Row>& rows, const std::vector<double>& runs, bool whole_set,
                      double target_seconds, std::ostream& out);

// The median of the values (the mean of the middle two for an even count); 0 when empty.
double median(std::vector<double> values);

}  // namespace realworld
