// The "convert" stage: one script per book, with OpenCC.
//
// Each chapter is measured (its Simplified-only and Traditional-only characters, see
// script_detect.h) and converted with the OpenCC configuration that fits its script and the
// target: a chapter in the other script, or mixing both, goes through a character-level
// configuration (s2tw, t2s, ...); a chapter already in the target script only through the
// target's variants (t2tw, t2hk), never s2tw, which would turn 餘里 into 餘裡. Phrase-level
// configurations (s2twp, tw2sp) only with localize_phrases. Two kinds of fixed phrases are
// taken out of OpenCC's hands: the user's dictionary, and the correct forms of the errata
// list (data/errata.tsv), which OpenCC would otherwise damage (的士兵 -> 計程車兵).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "book.h"
#include "config.h"
#include "script_detect.h"
#include "status.h"

namespace novelbind {

class OpenccConverter;
class PhraseTable;
class ScriptDetector;

// What the book will be written in, decided once from all chapters before any is converted.
struct ScriptPlan {
  std::string target;    // "zh-Hans", "zh-Hant", "zh-TW", "zh-HK"; empty = keep each as is
  std::string language;  // dc:language / lang for the book
  std::string quotes;    // default quote style for the script: "corner" or "curly"
  std::string source;    // script most chapters were written in ("zh-Hans", "zh-Hant", "")
};

// Measures every chapter (sets chapter.script, on up to `jobs` threads) and picks the target
// script from `config.script` ("auto" = the script of most chapters). Chapters that mix both
// scripts get a "mixed_script" warning. Fails only when OpenCC's data files are missing.
Result<ScriptPlan> plan_script(std::vector<Chapter>& chapters, const ConvertConfig& config,
                               int jobs);

// plan_script in its three steps, for a build that knows some chapters' counts already (from
// the build cache): measure (sets chapter.script), decide from the counts of every chapter of
// the book (and log the choice), warn about the mixed chapters.
Result<std::vector<ScriptCounts>> measure_scripts(std::vector<Chapter>& chapters,
                                                  const ConvertConfig& config, int jobs);
ScriptPlan decide_script(const std::vector<ScriptCounts>& counts, const ConvertConfig& config);
void warn_mixed_script(std::vector<Chapter>& chapters, const std::vector<ScriptCounts>& counts,
                       const ScriptPlan& plan);

class Converter {
 public:
  // Loads the OpenCC configurations the plan can need and the user dictionary
  // (`config.phrases`, relative to the book.toml of `whole_config`).
  static Result<Converter> create(const ConvertConfig& config, const ScriptPlan& plan,
                                  const Config& whole_config);
  // Converts one chapter's title, volume title and paragraphs in place; sets
  // chapter.conversion. Thread-safe.
  void convert(Chapter& chapter) const;
  // Converts a piece of metadata (title, author, description) to the target script, choosing
  // the configuration from the text's own script. Thread-safe.
  std::string convert_text(const std::string& text) const;

 private:
  // One way through conversion: an OpenCC configuration (or none) and the fixed phrases that
  // bypass it.
  struct Route {
    std::string name;  // e.g. "s2tw"; empty when OpenCC is not involved
    std::shared_ptr<const OpenccConverter> opencc;
    std::shared_ptr<const PhraseTable> phrases;
  };

  const Route& route_for(const std::string& script) const;
  // Converts `text` along `route`; *used_user_phrases is set when the user dictionary matched.
  std::string apply(const Route& route, std::string_view text, bool* used_user_phrases) const;

  ScriptPlan plan_;
  const ScriptDetector* detector_ =
      nullptr;              // for the target; shared, lives as long as the process
  Route from_simplified_;   // for text measured zh-Hans (and mixed, for a Traditional target)
  Route from_traditional_;  // for text measured zh-Hant (and mixed, for a Simplified target)
};

}  // namespace novelbind
