// The build report (--report FILE.json): what the build found, repaired and decided.
// The schema is documented in docs/usage.md ("Build report"); bump kReportVersion on any
// incompatible change.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "base/status.h"
#include "pipeline/pipeline.h"

namespace novelbind {

inline constexpr int kReportVersion = 1;

// Number of repairs per rule over the whole book, by rule name.
std::map<std::string, int> repair_counts(const Book& book);

// The report as JSON text (pretty-printed, UTF-8).
std::string report_json(const BuildResult& result);

// Writes the report; an unwritable path is an error naming it.
Status write_report(const std::filesystem::path& path, const BuildResult& result);

}  // namespace novelbind
