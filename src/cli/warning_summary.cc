#include "cli/warning_summary.h"

#include <map>

#include "cli/log_format.h"

namespace novelbind {

std::vector<std::string> warning_lines(const std::vector<Diagnostic>& warnings,
                                       const WarningListing& listing) {
  std::vector<std::string> lines;
  std::map<std::string, std::size_t> seen;  // warnings of each rule so far
  std::vector<std::string> cut;             // rules that lost places, in order of first loss
  for (const Diagnostic& d : warnings) {
    std::size_t n = ++seen[d.rule];
    if (listing.every || n <= listing.shown_per_rule) {
      lines.push_back(format_warning(d, LogFormat::kPlain));
    } else if (n == listing.shown_per_rule + 1) {
      cut.push_back(d.rule);
    }
  }
  const std::string where = listing.report.empty()
                                ? "the build report (--report FILE.json) lists them all"
                                : "the build report " + listing.report + " lists them all";
  for (const std::string& rule : cut) {
    const std::size_t all = seen[rule];
    lines.push_back((rule.empty() ? std::string("warnings") : rule) + ": " + std::to_string(all) +
                    " places in all, the first " + std::to_string(listing.shown_per_rule) +
                    " shown above and " + std::to_string(all - listing.shown_per_rule) +
                    " more; -v prints every one, and " + where);
  }
  return lines;
}

}  // namespace novelbind
