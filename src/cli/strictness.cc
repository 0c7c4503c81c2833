#include "cli/strictness.h"

#include <algorithm>
#include <map>

#include "clean/clean.h"

namespace novelbind {

namespace {
// The rules of warnings and repairs made outside the cleaning rules (whose names come from
// the rules themselves). A stage that adds a rule name adds it here, or --fail-on rejects it.
constexpr const char* kOtherRules[] = {
    "book_header",
    "contents_block",
    "duplicate_chapter",
    "empty_chapter",
    "encoding",
    "heading_echo",
    "long_line",
    "invisible_characters",
    "mixed_script",
    "numbering_gap",
    "numbering_malformed",
    "numbering_order",
    "numbering_repeat",
    "numbering_style",
    "page_merge",
    "page_seam",
    "repeated_block",
    "heading_residue",
    "repeated_front_matter",
    "script",
};
}  // namespace

std::vector<std::string> known_rule_names() {
  std::vector<std::string> names = clean_rule_names();
  for (const char* name : kOtherRules)
    if (std::find(names.begin(), names.end(), name) == names.end()) names.emplace_back(name);
  return names;
}

std::vector<std::string> disable_names_with_header() {
  std::vector<std::string> names = disable_names();
  names.insert(names.begin() + static_cast<long>(clean_rule_names().size()), "book_header");
  return names;
}

std::string unknown_rule(const std::string& name, const std::vector<std::string>& known,
                         const std::string& what) {
  if (std::find(known.begin(), known.end(), name) != known.end()) return "";
  std::string list;
  for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
  return "unknown " + what + " '" + name + "'; expected one of " + list;
}

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
