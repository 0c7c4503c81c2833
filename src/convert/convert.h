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
//
// --script auto never converts a book as a whole: it keeps the script most chapters are
// written in and converts only what is written in the other one (see ScriptPlan::repair_only),
// in the forms the rest of the book uses, never into a character outside the BMP; each change
// is a repair of the rule "script", listed like any other.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "convert/codepoint_set.h"

#include "base/status.h"
#include "book.h"
#include "config/config.h"
#include "convert/script_detect.h"

namespace novelbind {

class OpenccConverter;
class PhraseTable;
class ScriptDetector;

// The forms a book writes, learned from its chapters in its own script (--script auto).
struct BookForms {
  // A form a conversion may produce -> the form of the same character the book writes
  // (爲 -> 為 in a book written with 為; when the book writes none, its usual region's).
  std::unordered_map<char32_t, char32_t> variants;
  std::string signature;  // `variants`, for the build cache
};

// What the book will be written in, decided once from all chapters before any is converted.
struct ScriptPlan {
  std::string target;    // "zh-Hans", "zh-Hant", "zh-TW", "zh-HK"; empty = keep each as is
  std::string language;  // dc:language / lang for the book
  std::string quotes;    // default quote style for the script: "corner" or "curly"
  std::string source;    // script most chapters were written in ("zh-Hans", "zh-Hant", "")
  // --script auto: only text in the other script is converted: chapters written mostly in
  // it, paragraphs written mostly in it (at least kOtherScriptParagraph characters), and,
  // when `leftovers`, the characters of it left in paragraphs of the book's script, with
  // the characters of both scripts there (后 in 之后) where an OpenCC phrase says how.
  // Metadata is kept as typed.
  bool repair_only = false;
  // At least kLeftoverPercent of the book's telling characters are in the other script: the
  // book is not in one script (a chapter in the other one, or an incomplete conversion such
  // as Traditional text with 么/听/气/后 left over), and the other script's characters in its
  // own chapters are repaired one by one. Below that they are the author's (sanguo's 綝, a
  // 1990s Simplified edition's 後, a Big5 classic's 雇) and stay.
  bool leftovers = false;
  std::shared_ptr<const BookForms> forms;  // with repair_only
};

// Share (percent) of the telling characters of a book that must be in the other script for
// it to count as not written in one. Books in one script measure 0.02 to 0.7 (pga_big5hkscs,
// fsljj_big5, sanguo, sdxl_wmtxt_toc: a 1996 Simplified edition writing 後 1462 times); the
// incompletely converted ytlj_mixed_script 6, the seeds (one Simplified chapter in five) 22.
inline constexpr std::size_t kLeftoverPercent = 3;
// ... and at least this many of them: a short book's two or three old forms (雇, 後) are no
// sign of a conversion left half done.
inline constexpr std::size_t kLeftoverMinimum = 20;
// A paragraph of a chapter in the book's script is converted as a whole when at least this
// many of its characters, and more than those of the book's script, belong to the other.
inline constexpr std::size_t kOtherScriptParagraph = 2;

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

// The forms a book writes, learned from `own` (the counts of its chapters in its own
// script): for a Traditional book, the variant of each group it writes most, else the one of
// the region it mostly follows.
BookForms learn_book_forms(const ScriptCounts& own, bool traditional);

// --script auto: logs how many lines the conversion changed (the repairs of rule "script"), so
// that the log says what the report lists.
void log_script_repairs(const std::vector<Chapter>& chapters, const ScriptPlan& plan);

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
  // the configuration from the text's own script; with --script auto (repair_only) returns
  // it as the user typed it. Thread-safe.
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
  // --script auto: converts what chapter holds in the other script (see ScriptPlan).
  void repair_script(Chapter& chapter) const;
  // `converted` (the cross-script conversion of `text`, character for character) taken where
  // the plan allows: everywhere when `whole`, else only at characters of the other script or
  // leftovers; never into a character outside the BMP; in the book's variant forms.
  // `phrase_converted`: the same by OpenCC's phrases alone, which is all a leftover that is
  // also a character of the book's script takes.
  std::string keep_book_forms(std::string_view text, std::string_view converted,
                              std::string_view phrase_converted, bool whole) const;
  // Converts `text` along `route`; *used_user_phrases is set when the user dictionary matched.
  std::string apply(const Route& route, std::string_view text, bool* used_user_phrases) const;

  ScriptPlan plan_;
  const ScriptDetector* detector_ =
      nullptr;              // for the target; shared, lives as long as the process
  Route from_simplified_;   // for text measured zh-Hans (and mixed, for a Traditional target)
  Route from_traditional_;  // for text measured zh-Hant (and mixed, for a Simplified target)
  // --script auto in a book with leftovers: to the other script, and its phrases alone
  std::shared_ptr<const OpenccConverter> reverse_, phrases_only_;
};

}  // namespace novelbind
