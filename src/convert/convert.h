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

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/codepoint_set.h"

#include "base/status.h"
#include "book.h"
#include "config/config.h"
#include "convert/phrase_table.h"
#include "convert/script_detect.h"
#include "convert/script_plan.h"

namespace novelbind {

class OpenccConverter;
class ScriptDetector;

// The forms a book writes, learned from `own` (the counts of its chapters in its own
// script): for a Traditional book, the variant of each group it writes most, else the one of
// the region it mostly follows.
BookForms learn_book_forms(const ScriptCounts& own, bool traditional);

// Whether `script` (a --script target) is written in Traditional characters: zh-Hant, zh-TW, zh-HK.
bool is_traditional(const std::string& script);

// --script auto: logs how many lines the conversion changed (the repairs of rule "script"), so
// that the log says what the report lists.
void log_script_repairs(const std::vector<Chapter>& chapters, const ScriptPlan& plan);

class Converter {
 public:
  // Reads the user dictionary (`config.phrases`, relative to the book.toml of `whole_config`)
  // and, for --script auto in a book with leftovers, the configurations that find them. The
  // configurations of the conversions themselves (and the errata's phrases, which need OpenCC)
  // are loaded when a conversion first needs them: most books in --script auto convert
  // nothing, and a Traditional book spent 30-45 ms loading s2t for it (before the chapters
  // are cleaned, on the main thread). Loading them beside the cleaning when the chapters' raw
  // counts showed characters of the other script was slower still on real books: their
  // residue lines (site notices in the other script) showed them, and are cleaned away.
  static Result<Converter> create(const ConvertConfig& config, const ScriptPlan& plan,
                                  const Config& whole_config);
  // Ok, or why a conversion that was needed could not be loaded (OpenCC's data missing): the
  // text it should have converted was left as it was, and the build must fail.
  Status status() const;
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
  // The two routes, made the first time a conversion needs them (routes()).
  struct Routes {
    std::once_flag once;
    std::atomic<bool> made{false};
    Status status = Status::Ok();
    std::string from_simplified_name, from_traditional_name;
    std::vector<Phrase> user;                      // the user's dictionary
    std::shared_ptr<const PhraseTable> user_only;  // the same as a table; null when empty
    Route from_simplified;   // for text measured zh-Hans (and mixed, for a Traditional target)
    Route from_traditional;  // for text measured zh-Hant (and mixed, for a Simplified target)
  };
  const Routes& routes() const;      // made (or failed: routes without OpenCC, status() says why)
  const Route& cross_route() const;  // the route for text in the other script than the target

  const Route& route_for(const std::string& script) const;
  // --script auto: converts what chapter holds in the other script (see ScriptPlan).
  void repair_script(Chapter& chapter) const;
  // `converted` (the cross-script conversion of `text`, character for character) taken where
  // the plan allows: everywhere when `whole`, else only at characters of the other script or
  // leftovers; never into a character outside the BMP; in the book's variant forms.
  // `phrase_converted`: the same by OpenCC's phrases alone, which is all a leftover that is
  // also a character of the book's script takes, and only where `direct_converted` (the
  // conversion of the text as written) agrees.
  std::string keep_book_forms(std::string_view text, std::string_view converted,
                              std::string_view phrase_converted, std::string_view direct_converted,
                              bool whole) const;
  // Leftover fields converted to `afters` (their originals from `before(i)`) that OpenCC's
  // conversion `cross` reads otherwise than their originals (`direct_lines`: the originals
  // converted) lose the changes that made the difference: what the book says must not change
  // with the conversion, and a second conversion of the book must read as the first.
  void keep_stable(const Route& cross, std::size_t count,
                   const std::vector<std::string_view>& direct_lines,
                   std::vector<std::string>& afters, bool* used_user_phrases,
                   const std::function<const std::string&(std::size_t)>& before) const;
  // Converts `text` along `route`; *used_user_phrases is set when the user dictionary matched.
  std::string apply(const Route& route, std::string_view text, bool* used_user_phrases) const;

  ScriptPlan plan_;
  const ScriptDetector* detector_ =
      nullptr;  // for the target; shared, lives as long as the process
  std::shared_ptr<Routes> routes_ = std::make_shared<Routes>();
  // --script auto in a book with leftovers: to the other script, and its phrases alone
  std::shared_ptr<const OpenccConverter> reverse_, phrases_only_;
};

}  // namespace novelbind
