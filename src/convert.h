// The "convert" stage: one script per book, with OpenCC.
#pragma once

#include <string>
#include <vector>

#include "book.h"
#include "config.h"
#include "status.h"

namespace novelbind {

// What the book will be written in, decided once from all chapters before any is converted.
struct ScriptPlan {
  std::string target;    // "zh-Hans", "zh-Hant", "zh-TW", "zh-HK"; empty = keep each as is
  std::string language;  // dc:language / lang for the book
  std::string quotes;    // default quote style for the script: "corner" or "curly"
};

// Measures every chapter (sets chapter.script) and picks the target script from
// `config.script` ("auto" = the majority). Decisions are logged into `book_warnings` when the
// user should know (mixed chapters).
ScriptPlan plan_script(std::vector<Chapter>& chapters, const ConvertConfig& config,
                       std::vector<Diagnostic>* book_warnings);

class Converter {
 public:
  static Result<Converter> create(const ConvertConfig& config, const ScriptPlan& plan,
                                  const Config& whole_config);
  // Converts one chapter's title and paragraphs in place; sets chapter.conversion. Thread-safe.
  void convert(Chapter& chapter) const;
  // Converts a piece of metadata (title, author, description) to the target script.
  std::string convert_text(const std::string& text) const;

 private:
  ScriptPlan plan_;
};

}  // namespace novelbind
