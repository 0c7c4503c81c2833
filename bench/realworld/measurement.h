// Running ../shared/realworld-truth/measure.py on a built EPUB and reading its figures (its JSON)
// and its examples of each fault (its printed lines after the first).
#pragma once

#include <filesystem>
#include <string>

#include "process.h"
#include "row.h"

namespace realworld {

// python3 MEASURE_PY TRUTH_DIR EPUB --json JSON_OUT, logging to `log`.
Command measure_command(const std::filesystem::path& measure_py,
                        const std::filesystem::path& truth_dir, const std::filesystem::path& epub,
                        const std::filesystem::path& json_out, const std::filesystem::path& log);

// Fills row.figures and row.examples from measure.py's JSON text and printed output. Returns an
// error message (the JSON is missing a figure, or measure.py failed before writing it), or empty.
std::string read_measurement(const std::string& json_text, const std::string& output, Row& row);

}  // namespace realworld
