#include "pipeline/strictness.h"

#include <algorithm>
#include <map>

namespace novelbind {

std::string strict_failure(const Book& book, const BuildConfig& config) {
  if (!config.strict && config.fail_on.empty()) return "";
  auto fatal = [&](const std::string& rule) {
    return config.strict ||
           std::find(config.fail_on.begin(), config.fail_on.end(), rule) != config.fail_on.end();
  };
  std::map<std::string, int> by_rule;
  int warnings = 0, repairs = 0;
  auto count = [&](const std::vector<Diagnostic>& list) {
    for (const Diagnostic& d : list)
      if (fatal(d.rule)) ++warnings, ++by_rule[d.rule];
  };
  count(book.warnings);
  for (const Chapter& c : book.chapters) {
    count(c.warnings);
    for (const Repair& r : c.repairs)
      if (fatal(r.rule)) ++repairs, ++by_rule[r.rule];
  }
  if (by_rule.empty()) return "";
  std::string list;
  for (const auto& [rule, n] : by_rule)
    list += (list.empty() ? "" : ", ") + rule + " " + std::to_string(n);
  std::string flag = config.strict ? "--strict" : "--fail-on";
  return flag + ": " + std::to_string(warnings) + " warning(s) and " + std::to_string(repairs) +
         " repair(s) fail the build (" + list + "); fix the sources, or relax --strict/--fail-on";
}

}  // namespace novelbind
