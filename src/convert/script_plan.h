// The script plan: what the book will be written in (--script), decided once from every
// chapter's measure before any is converted, and which chapters mix both scripts. The
// conversion that carries it out is convert.h's.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/status.h"
#include "book.h"
#include "clean/residue_line.h"
#include "config/config.h"
#include "convert/script_detect.h"

namespace novelbind {

// The forms a book writes, learned from its chapters in its own script (--script auto).
struct BookForms {
  // A form a conversion may produce -> the form of the same character the book writes
  // (爲 -> 為 in a book written with 為; when the book writes none, its usual region's).
  std::unordered_map<char32_t, char32_t> variants;
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
// `notices`, when given, are the chapters' edge notices found before (residue::edge_notices),
// which the measure leaves out as it does those it finds itself.
Result<std::vector<ScriptCounts>> measure_scripts(
    std::vector<Chapter>& chapters, const ConvertConfig& config, int jobs,
    const std::vector<std::vector<residue::EdgeNotices>>* notices = nullptr);
// (The counts by pointer: a build with the cache has them in the cached units, each file's its
// own vector.)
ScriptPlan decide_script(const std::vector<const ScriptCounts*>& counts,
                         const ConvertConfig& config);
void warn_mixed_script(std::vector<Chapter>& chapters, const std::vector<ScriptCounts>& counts,
                       const ScriptPlan& plan);

}  // namespace novelbind
