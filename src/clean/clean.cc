#include "clean/clean.h"

#include <algorithm>
#include <set>

#include "clean/rule_conversion_errata.h"
#include "clean/rule_html.h"
#include "clean/rule_lost_interpunct.h"
#include "clean/rule_punctuation.h"
#include "clean/rule_quotes.h"
#include "clean/rule_reversed_lines.h"
#include "clean/rule_scene_breaks.h"
#include "clean/rule_site_ads.h"
#include "clean/rule_site_residue.h"
#include "clean/rule_whitespace.h"

namespace novelbind {
namespace {

// Every rule, in the fixed order they run, and why that order: whitespace first so every rule
// sees trimmed lines; html next, so that every later rule reads characters, not markup; ads (the
// residue found from the text, then the listed patterns, which could otherwise cut the URL off a
// notice and leave its words) go before any rule that repairs text, so that an ad is removed whole,
// never polished; and before reversed_lines so that they neither feed nor look like reversed text;
// reversed_lines before anything that reads punctuation, because a reversed line's punctuation is
// backwards; scene_breaks before punctuation turns ——— runs into ——; quotes before punctuation so
// that the spaces around resolved straight quotes are judged as CJK.
std::vector<std::shared_ptr<CleanRule>> make_rules(SiteAdsRule site_ads, bool normalize = false) {
  return {
      std::make_shared<WhitespaceRule>(),     std::make_shared<HtmlRule>(),
      std::make_shared<SiteResidueRule>(),    std::make_shared<SiteAdsRule>(std::move(site_ads)),
      std::make_shared<ReversedLinesRule>(),  std::make_shared<SceneBreaksRule>(),
      std::make_shared<LostInterpunctRule>(), std::make_shared<ConversionErrataRule>(),
      std::make_shared<QuotesRule>(),         std::make_shared<PunctuationRule>(normalize)};
}

bool contains(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

std::vector<std::string> clean_rule_names() {
  auto site_ads = SiteAdsRule::create({}, {}, "");
  std::vector<std::string> names;
  for (const auto& rule : make_rules(std::move(*site_ads))) names.emplace_back(rule->name());
  return names;
}

std::vector<std::string> disable_names() {
  std::vector<std::string> names = clean_rule_names();
  std::set<std::string> ids;
  for (const BoilerplatePattern& p : builtin_boilerplate()) ids.insert(p.id);
  names.insert(names.end(), ids.begin(), ids.end());
  return names;
}

Result<Cleaner> Cleaner::create(const CleanConfig& config, const std::string& config_name) {
  std::vector<std::string> known = disable_names();
  for (const std::string& name : config.disable) {
    if (!contains(known, name)) {
      std::string list;
      for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
      return Status::Error(config_name + ": [clean] disable: unknown rule or pattern '" + name +
                           "'; expected one of " + list);
    }
  }
  auto enabled = [&](const std::string& name) { return !contains(config.disable, name); };

  std::vector<BoilerplatePattern> patterns;
  for (const BoilerplatePattern& p : builtin_boilerplate())
    if (enabled(p.id)) patterns.push_back(p);
  auto site_ads = SiteAdsRule::create(patterns, config.drop, config_name);
  if (!site_ads) return site_ads.status();

  Cleaner c;
  c.kept_ = KeptLines(config.keep);
  for (auto& rule : make_rules(std::move(*site_ads), config.punctuation == "normalize"))
    if (enabled(std::string(rule->name()))) c.rules_.push_back(std::move(rule));
  return c;
}

void Cleaner::learn(const std::vector<Chapter>& chapters) {
  decide(decide_cleaning(CleanEvidence::of(chapters)));
}

void Cleaner::clean(Chapter& chapter, const std::string& quotes, CleanQuestions* questions) const {
  CleanContext context;
  context.quotes = quotes;
  context.decisions = &decisions_;
  context.questions = questions;
  context.front_matter = chapter.front_matter;
  std::string file = chapter.sources.empty() ? std::string() : chapter.sources.front();
  std::vector<Paragraph> kept;  // [clean] keep: no rule sees them
  if (!kept_.empty()) kept_.set_aside(chapter, &kept);
  std::size_t first_repair = chapter.repairs.size();
  std::vector<Paragraph>& paragraphs = chapter.paragraphs.edit();
  for (const auto& rule : rules_) {
    RepairLog log(std::string(rule->name()), file, &chapter.repairs, &chapter.warnings);
    rule->apply(paragraphs, context, log);
  }
  // Whatever the enabled rules, the renderer gets no empty paragraph.
  drop_emptied(paragraphs);
  if (!kept.empty()) KeptLines::put_back(paragraphs, std::move(kept));
  // In line order, so that a review reads the chapter top to bottom (rule order within a line).
  std::stable_sort(chapter.repairs.begin() + first_repair, chapter.repairs.end(),
                   [](const Repair& a, const Repair& b) { return a.line < b.line; });
}

std::vector<std::string> Cleaner::rule_names() const {
  std::vector<std::string> names;
  for (const auto& rule : rules_) names.emplace_back(rule->name());
  return names;
}

}  // namespace novelbind
