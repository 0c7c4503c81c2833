// The build report (--report FILE.json): what the build found, repaired and decided.
// The schema is documented in README.md ("Build report"); bump kReportVersion on any
// incompatible change.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "pipeline.h"
#include "status.h"

namespace novelbind {

inline constexpr int kReportVersion = 1;

// Number of repairs per rule over the whole book, by rule name.
std::map<std::string, int> repair_counts(const Book& book);

// The report as JSON text (pretty-printed, UTF-8).
std::string report_json(const BuildResult& result);

// The book's findings as stored in a report: metadata, chapters with their titles, sources,
// repairs and scripts, and every warning (in Book::warnings). Enough to print the findings
// and apply --strict to a book reused from the cache; paragraphs are not in a report.
Result<Book> book_from_report(std::string_view report);

// Writes the report; an unwritable path is an error naming it.
Status write_report(const std::filesystem::path& path, const BuildResult& result);

}  // namespace novelbind
