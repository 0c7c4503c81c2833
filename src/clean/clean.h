// The "clean" stage: repairs what scraping damaged and removes what is not the story.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "book.h"
#include "clean/clean_rule.h"
#include "clean/kept_lines.h"
#include "clean/rule_lost_interpunct.h"
#include "clean/rule_reversed_lines.h"
#include "clean/rule_site_residue.h"
#include "config/config.h"

namespace novelbind {

class Cleaner {
 public:
  // Loads the built-in data files and the user's patterns. A bad `[clean] drop` pattern or an
  // unknown name in `[clean] disable` is an error naming `config_name` (the book.toml).
  static Result<Cleaner> create(const CleanConfig& config,
                                const std::string& config_name = "book.toml");

  // Gathers book-wide evidence (e.g. character statistics) from all chapters before any is
  // cleaned. Optional; call once.
  void learn(const std::vector<Chapter>& chapters);
  // The same evidence gathered file by file (as the build cache keeps it): the bigram model
  // of reversed_lines, the tally of lost_interpunct and the recurring lines of site_residue.
  void learn(std::shared_ptr<const BigramCounts> bigrams, const InterpunctTally& interpunct,
             const ResidueTally& residue);

  // Cleans one chapter in place, recording every change in chapter.repairs. Thread-safe.
  // `quotes` is the resolved quote style: "corner", "curly" or "keep".
  // With `probes`, what the cleaning asked of the learned evidence is noted there.
  void clean(Chapter& chapter, const std::string& quotes, CleanProbes* probes = nullptr) const;

  // What the learned evidence answers to `probes`; a file cleaned under other evidence is
  // cleaned the same while the answers are equal.
  std::string answers(const CleanProbes& probes) const;

  // The rules in the order they run (whitespace, html, site_residue, site_ads, reversed_lines,
  // scene_breaks, lost_interpunct, conversion_errata, quotes, punctuation), without the disabled
  // ones.
  std::vector<std::string> rule_names() const;

 private:
  std::vector<std::shared_ptr<CleanRule>> rules_;
  KeptLines kept_{{}};  // [clean] keep
};

// The name of every rule, in the order the rules run.
std::vector<std::string> clean_rule_names();

// Every rule name and built-in pattern id that `[clean] disable` accepts.
std::vector<std::string> disable_names();

}  // namespace novelbind
