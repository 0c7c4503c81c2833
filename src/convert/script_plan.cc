#include "convert/script_plan.h"

#include <spdlog/spdlog.h>

#include "base/parallel.h"
#include "clean/residue_line.h"
#include "convert/convert.h"

namespace novelbind {
namespace {

std::string script_word(const std::string& script) {
  if (script == "zh-Hans") return "Simplified";
  if (script == "zh-TW") return "Traditional, Taiwan";
  if (script == "zh-HK") return "Traditional, Hong Kong";
  return "Traditional";
}

}  // namespace

Result<std::vector<ScriptCounts>> measure_scripts(
    std::vector<Chapter>& chapters, const ConvertConfig& config, int jobs,
    const std::vector<std::vector<residue::EdgeNotices>>* notices) {
  // An explicit target is known before measuring, and decides what counts as Simplified.
  bool explicit_target = config.script != "auto" && config.script != "keep";
  bool automatic = config.script == "auto";
  const Result<ScriptDetector>& detector = script_detector(explicit_target ? config.script
                                                           : automatic     ? "auto"
                                                                           : "");
  if (!detector) return detector.status();
  std::vector<ScriptCounts> counts(chapters.size());
  parallel_for(chapters.size(), jobs, [&](size_t i) {
    Chapter& c = chapters[i];
    // Only auto learns the book's forms from its characters.
    detector->count(c.title, &counts[i], automatic);
    // A site's notices are not the book's text: Simplified ones in every chapter of a
    // Traditional book would make it look half converted (kLeftoverPercent), and its own forms
    // (雇, 娘) would then be "repaired".
    auto count = [&](std::string_view part) { detector->count(part, &counts[i], automatic); };
    for (std::size_t k = 0; k < c.paragraphs.size(); ++k)
      residue::for_each_story_piece(
          notices ? (*notices)[i][k].story : residue::without_notices(c.paragraphs[k].text), count);
    // auto converts by what each paragraph holds, so a chapter is only ever in one script
    c.script = automatic ? dominant_script(counts[i]) : classify_script(counts[i]);
  });
  return counts;
}

Result<ScriptPlan> plan_script(std::vector<Chapter>& chapters, const ConvertConfig& config,
                               int jobs) {
  auto counts = measure_scripts(chapters, config, jobs);
  if (!counts) return counts.status();
  std::vector<const ScriptCounts*> all;
  all.reserve(counts->size());
  for (const ScriptCounts& c : *counts) all.push_back(&c);
  ScriptPlan plan = decide_script(all, config);
  warn_mixed_script(chapters, *counts, plan);
  return plan;
}

ScriptPlan decide_script(const std::vector<const ScriptCounts*>& counts,
                         const ConvertConfig& config) {
  size_t simplified = 0, traditional = 0, mixed = 0, mostly_simplified = 0, mostly_traditional = 0;
  std::vector<std::string> dominant(counts.size());  // each chapter's, worked out once
  for (size_t i = 0; i < counts.size(); ++i) {
    const std::string s = classify_script(*counts[i]);
    simplified += s == "zh-Hans";
    traditional += s == "zh-Hant";
    mixed += s == "mixed";
    dominant[i] = dominant_script(*counts[i]);
    mostly_simplified += dominant[i] == "zh-Hans";
    mostly_traditional += dominant[i] == "zh-Hant";
  }
  const ScriptCounts total = add_up(counts);

  ScriptPlan plan;
  plan.source = mostly_traditional > mostly_simplified   ? "zh-Hant"
                : mostly_simplified > mostly_traditional ? "zh-Hans"
                                                         : dominant_script(total);
  if (config.script == "auto")
    plan.target = plan.source;
  else if (config.script != "keep")
    plan.target = config.script;
  if (!plan.target.empty())
    plan.language = plan.target;
  else if (mixed == 0 && (simplified == 0) != (traditional == 0))
    plan.language = simplified ? "zh-Hans" : "zh-Hant";
  else
    plan.language = "zh";
  std::string written = plan.target.empty() ? plan.source : plan.target;
  plan.quotes = written == "zh-Hans" ? "curly" : "corner";

  size_t m = counts.size();
  if (config.script == "auto" && !plan.target.empty()) {
    plan.repair_only = true;
    bool trad = plan.target == "zh-Hant";
    std::vector<const ScriptCounts*> own_chapters;
    size_t other_chapters = 0;
    for (size_t i = 0; i < counts.size(); ++i) {
      if (dominant[i].empty() || dominant[i] == plan.source)
        own_chapters.push_back(counts[i]);
      else
        ++other_chapters;
    }
    const ScriptCounts own = add_up(own_chapters);
    // Measured over the whole book: a book with chapters in the other script went through a
    // partial conversion, and the other script's characters in its own chapters are left over
    // from it (the seeds' 003 writes 怎么 among 麼).
    size_t foreign = trad ? total.simplified_only : total.traditional_only;
    size_t native = trad ? total.traditional_only : total.simplified_only;
    plan.leftovers =
        foreign >= kLeftoverMinimum && foreign * 100 >= (foreign + native) * kLeftoverPercent;
    plan.forms = std::make_shared<const BookForms>(learn_book_forms(own, trad));
    std::string other = script_word(trad ? "zh-Hans" : "zh-Hant");
    std::string what = other_chapters == 0 ? std::string("no chapter is written in ") + other
                                           : "converting the " + std::to_string(other_chapters) +
                                                 " chapter(s) written in " + other;
    if (plan.leftovers) {
      what +=
          "; " + other + " characters make " + std::to_string(foreign * 100 / (foreign + native)) +
          "% of the book: converting those left in its " + script_word(plan.target) + " text too";
    } else {
      what += "; " + other +
              " paragraphs of the other chapters are converted, the characters "
              "of the book's own text kept";
    }
    spdlog::info("script: auto kept {} ({}): {} of {} chapters are mostly {}; {}",
                 script_word(plan.target), plan.target,
                 trad ? mostly_traditional : mostly_simplified, m, script_word(plan.target), what);
    return plan;
  }
  std::string found = std::to_string(traditional) + " Traditional, " + std::to_string(simplified) +
                      " Simplified, " + std::to_string(mixed) + " mixed chapter(s)";
  if (config.script == "auto" && !plan.target.empty()) {
    bool trad = plan.target == "zh-Hant";
    size_t other = trad ? simplified : traditional;
    std::string what = other + mixed == 0
                           ? "nothing in the other script to convert"
                           : "converting " + std::to_string(other) + " " +
                                 script_word(trad ? "zh-Hans" : "zh-Hant") + " and " +
                                 std::to_string(mixed) + " mixed chapter(s)";
    spdlog::info("script: auto picked {} ({}): {} of {} chapters are mostly {}; {}",
                 script_word(plan.target), plan.target,
                 trad ? mostly_traditional : mostly_simplified, m, script_word(plan.target), what);
  } else if (config.script == "auto") {
    spdlog::info(
        "script: auto found no character that tells Simplified from Traditional in {} "
        "chapter(s); the text is kept as it is",
        m);
  } else if (plan.target.empty()) {
    spdlog::info("script: keep: the text is kept as it is ({})", found);
  } else {
    spdlog::info("script: {} ({}) as asked; found {}", plan.target, script_word(plan.target),
                 found);
  }
  return plan;
}

void warn_mixed_script(std::vector<Chapter>& chapters, const std::vector<ScriptCounts>& counts,
                       const ScriptPlan& plan) {
  for (size_t i = 0; i < chapters.size(); ++i) {
    Chapter& c = chapters[i];
    if (c.script != "mixed") continue;
    std::string what = c.title.empty() ? std::string("this chapter") : "chapter '" + c.title + "'";
    std::string fate = plan.target.empty()
                           ? "left as it is (script: keep)"
                           : "converted to " + plan.target + " as a whole; check its text";
    c.warnings.push_back(Diagnostic{
        "mixed_script", c.sources.empty() ? std::string() : c.sources.front(), c.heading_line,
        what + " mixes Simplified and Traditional script (" +
            std::to_string(counts[i].simplified_only) + " Simplified-only and " +
            std::to_string(counts[i].traditional_only) + " Traditional-only characters); " + fate});
  }
}

}  // namespace novelbind
