// The data files' one table format: tab-separated rows, '#' comment lines, blank lines.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

namespace novelbind {

// Calls `row` with the first `columns` fields of every data row of `tsv`, in order; the last
// field takes the rest of the line (tabs included). Comment and blank lines, and rows with
// fewer fields, are skipped.
void for_each_tsv_row(std::string_view tsv, size_t columns,
                      const std::function<void(const std::vector<std::string_view>&)>& row);

}  // namespace novelbind
