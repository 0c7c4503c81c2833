// `novelbind clean INPUT`: the repairs a build would make, as a diff to review, without
// building.
#pragma once

#include <string>
#include <vector>

#include "book.h"
#include "cli/cmd_build.h"

namespace CLI {
class App;
}

namespace novelbind {

struct CleanOptions {
  BuildOptions build;  // INPUT and the options that change cleaning (script, encoding, ...)
  std::vector<std::string> rules;  // show only these rules; empty = all
  std::string html;                // write the review page here instead of the diff
};

CLI::App* add_clean_command(CLI::App& app, CleanOptions* options);

// Runs a parsed `clean`: prints the diff on stdout and a count per rule on the log; returns
// the process exit code (0 done, 1 failed).
int run_clean_command(const CleanOptions& options);

// One repair as a readable diff:
//   file:line: rule
//   - before
//   + after           (one "+" line per line of `after`; none when the line was dropped)
std::string format_repair(const Repair& repair);

}  // namespace novelbind
