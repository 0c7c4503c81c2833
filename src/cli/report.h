// The build report (--report FILE.json): what the build found, repaired and decided.
// The schema is documented in README.md ("Build report"); bump kReportVersion on any
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

// Where each one-chapter file's chapter starts (its heading, else its first paragraph), by
// file: taken before the order stage, which drops duplicates and so loses their lines.
std::map<std::string, int> chapter_start_lines(const Book& book);

// Gives warnings that name a chapter's file but no line (a headless chapter has no heading
// line) the line where that chapter starts, from the chapter itself or `starts`: "file:0"
// is nothing a reader can open. Warnings about a whole file (encoding,
// invisible_characters) keep no line.
void locate_warnings(Book& book, const std::map<std::string, int>& starts);

// The report as JSON text (pretty-printed, UTF-8).
std::string report_json(const BuildResult& result);

// What the build cache keeps of a built book, so that a build in which nothing changed can
// print, check and report the same findings without building: the book's metadata and
// chapters (without their text), the warnings, the sources and the script. A compact
// binary form (binary_io.h); read_findings returns false for damaged bytes.
std::string findings_record(const BuildResult& result);
bool read_findings(std::string_view record, BuildResult* result);

// Writes the report; an unwritable path is an error naming it.
Status write_report(const std::filesystem::path& path, const BuildResult& result);

}  // namespace novelbind
