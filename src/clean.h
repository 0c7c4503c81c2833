// The "clean" stage: repairs what scraping damaged and removes what is not the story.
#pragma once

#include <vector>

#include "book.h"
#include "config.h"
#include "status.h"

namespace novelbind {

class Cleaner {
 public:
  // Loads the built-in data files and the user's patterns; a bad pattern is an error.
  static Result<Cleaner> create(const CleanConfig& config);

  // Gathers book-wide evidence (e.g. character statistics) from all chapters before any is
  // cleaned. Optional; call once.
  void learn(const std::vector<Chapter>& chapters);

  // Cleans one chapter in place, recording every change in chapter.repairs. Thread-safe.
  // `quotes` is the resolved quote style: "corner", "curly" or "keep".
  void clean(Chapter& chapter, const std::string& quotes) const;

 private:
  CleanConfig config_;
};

}  // namespace novelbind
