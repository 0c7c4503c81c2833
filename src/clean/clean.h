// The "clean" stage: repairs what scraping damaged and removes what is not the story.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "book.h"
#include "clean/clean_decisions.h"
#include "clean/clean_rule.h"
#include "clean/kept_lines.h"
#include "config/config.h"

namespace novelbind {

class Cleaner {
 public:
  // Loads the built-in data files and the user's patterns. A bad `[clean] drop` pattern or an
  // unknown name in `[clean] disable` is an error naming `config_name` (the book.toml).
  static Result<Cleaner> create(const CleanConfig& config,
                                const std::string& config_name = "book.toml");

  // The book-wide decisions to apply (clean_decisions.h: gathered file by file, decided
  // once). Without them nothing is learned from the book.
  void decide(CleanDecisions decisions) { decisions_ = std::move(decisions); }
  const CleanDecisions& decisions() const { return decisions_; }
  // Gathers the evidence of all chapters at once and decides (a book read whole).
  void learn(const std::vector<Chapter>& chapters);

  // Cleans one chapter in place, recording every change in chapter.repairs. Thread-safe.
  // `quotes` is the resolved quote style: "corner", "curly" or "keep".
  // With `questions`, what the cleaning asked of the decisions is noted there.
  void clean(Chapter& chapter, const std::string& quotes,
             CleanQuestions* questions = nullptr) const;

  // The rules in the order they run (whitespace, html, site_residue, site_ads, reversed_lines,
  // scene_breaks, lost_interpunct, conversion_errata, quotes, punctuation), without the disabled
  // ones.
  std::vector<std::string> rule_names() const;

 private:
  std::vector<std::shared_ptr<CleanRule>> rules_;
  KeptLines kept_{{}};  // [clean] keep
  CleanDecisions decisions_;
};

// The name of every rule, in the order the rules run.
std::vector<std::string> clean_rule_names();

// Every rule name and built-in pattern id that `[clean] disable` accepts.
std::vector<std::string> disable_names();

}  // namespace novelbind
