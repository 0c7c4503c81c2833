#include "convert/convert.h"

#include <spdlog/spdlog.h>
#include <fstream>
#include <sstream>

#include "base/parallel.h"
#include "base/resources.h"
#include "clean/errata.h"
#include "convert/opencc_converter.h"
#include "convert/phrase_table.h"
#include "convert/script_detect.h"

namespace novelbind {

bool is_traditional(const std::string& script) {
  return script == "zh-Hant" || script == "zh-TW" || script == "zh-HK";
}

namespace {

constexpr int kUserPhrase = 1;
constexpr int kErratumPhrase = 2;

// The configurations for text written in the other script and for text already in the target
// script. The second only normalises the target's regional variants.
struct ConfigNames {
  std::string from_simplified, from_traditional;
};

ConfigNames config_names(const std::string& target, bool localize) {
  if (target == "zh-Hans") return {"", localize ? "tw2sp" : "t2s"};
  if (target == "zh-TW")
    return localize ? ConfigNames{"s2twp", "t2twp"} : ConfigNames{"s2tw", "t2tw"};
  if (target == "zh-HK") return {"s2hk", "t2hk"};  // OpenCC has no Hong Kong phrase table
  return {"s2t", ""};
}

bool variants_only(const std::string& name) {
  return name == "t2tw" || name == "t2hk";
}

Result<std::shared_ptr<const OpenccConverter>> load_opencc(const std::string& name) {
  // OpenCC ships s2twp for Simplified text but nothing that localises Taiwan phrases in text
  // that is already Traditional: data/opencc_t2twp.json is s2twp without its
  // Simplified->Traditional step.
  if (name == "t2twp")
    return OpenccConverter::shared(std::string(builtin_resource("data/opencc_t2twp.json")), name);
  return OpenccConverter::shared(name);
}

Result<std::vector<Phrase>> load_user_phrases(const ConvertConfig& config, const Config& whole) {
  if (config.phrases.empty()) return std::vector<Phrase>{};
  std::filesystem::path path = whole.resolve(config.phrases);
  std::ifstream in(path, std::ios::binary);
  std::string where = whole.toml_path.empty() ? std::string("[convert] phrases")
                                              : whole.toml_path.string() + ": [convert] phrases";
  if (!in) {
    return Status::Error(where + " names '" + config.phrases + "', which cannot be read (" +
                         path.string() + "); fix the path or create the file");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse_phrases(text.str(), path.string(), kUserPhrase);
}

// Phrases the errata list knows OpenCC breaks, in every form the source may write them, each
// mapped to its correct form in the target's variants.
Result<std::vector<Phrase>> errata_phrases(const std::string& target) {
  std::vector<Phrase> out;
  if (!is_traditional(target) || builtin_errata().empty()) return out;
  auto to_simplified = load_opencc("t2s");
  if (!to_simplified) return to_simplified.status();
  std::shared_ptr<const OpenccConverter> variants;
  if (target != "zh-Hant") {
    auto v = load_opencc(target == "zh-TW" ? "t2tw" : "t2hk");
    if (!v) return v.status();
    variants = *v;
  }
  for (const Erratum& e : builtin_errata()) {
    std::string correct = variants ? variants->convert(e.correct) : e.correct;
    for (const std::string& source : {e.correct, correct, (*to_simplified)->convert(e.correct)})
      out.push_back({source, correct, kErratumPhrase});
  }
  return out;
}

}  // namespace

Result<Converter> Converter::create(const ConvertConfig& config, const ScriptPlan& plan,
                                    const Config& whole_config) {
  Converter c;
  c.plan_ = plan;
  if (plan.target.empty()) return c;  // keep: nothing is converted, not even user phrases
  if (plan.repair_only && plan.leftovers) {
    bool trad = is_traditional(plan.target);
    auto reverse = load_opencc(trad ? "t2s" : "s2t");
    if (!reverse) return reverse.status();
    std::string dict = trad ? "STPhrases.ocd2" : "TSPhrases.ocd2";
    auto phrases = OpenccConverter::shared(
        R"({"name":"phrases","segmentation":{"type":"mmseg","dict":{"type":"ocd2","file":")" +
            dict + R"("}},"conversion_chain":[{"dict":{"type":"ocd2","file":")" + dict + R"("}}]})",
        trad ? "s2t phrases" : "t2s phrases");
    if (!phrases) return phrases.status();
    c.reverse_ = *reverse;
    c.phrases_only_ = *phrases;
  }
  const Result<ScriptDetector>& detector = script_detector(plan.repair_only ? "auto" : plan.target);
  if (!detector) return detector.status();
  c.detector_ = &detector.value();

  auto user = load_user_phrases(config, whole_config);
  if (!user) return user.status();
  Routes& routes = *c.routes_;
  ConfigNames names = config_names(plan.target, config.localize_phrases);
  routes.from_simplified_name = names.from_simplified;
  routes.from_traditional_name = names.from_traditional;
  if (!user->empty()) {
    auto user_only = std::make_shared<PhraseTable>();
    for (const Phrase& p : *user) user_only->add(p);
    routes.user_only = std::move(user_only);
  }
  routes.user = std::move(*user);
  return c;
}

Status Converter::status() const {
  return routes_->made ? routes_->status : Status::Ok();
}

const Converter::Routes& Converter::routes() const {
  Routes& r = *routes_;
  std::call_once(r.once, [&] {
    auto make = [&]() -> Status {
      auto errata = errata_phrases(plan_.target);
      if (!errata) return errata.status();
      std::shared_ptr<PhraseTable> protected_phrases;
      if (!r.user.empty() || !errata->empty()) {
        // Added after the errata, the user's entry wins when both name the same source.
        protected_phrases = std::make_shared<PhraseTable>();
        for (const Phrase& p : *errata) protected_phrases->add(p);
        for (const Phrase& p : r.user) protected_phrases->add(p);
      }
      auto make_route = [&](const std::string& name, Route* route) -> Status {
        route->name = name;
        route->phrases = r.user_only;
        if (name.empty()) return Status::Ok();
        auto opencc = load_opencc(name);
        if (!opencc) return opencc.status();
        route->opencc = *opencc;
        // Only conversions that go beyond variants can produce the errata's damage.
        if (!variants_only(name)) route->phrases = protected_phrases;
        return Status::Ok();
      };
      if (Status s = make_route(r.from_simplified_name, &r.from_simplified); !s) return s;
      return make_route(r.from_traditional_name, &r.from_traditional);
    };
    r.status = make();
    r.made = true;
  });
  return r;
}

const Converter::Route& Converter::cross_route() const {
  return is_traditional(plan_.target) ? routes().from_simplified : routes().from_traditional;
}

const Converter::Route& Converter::route_for(const std::string& script) const {
  // Text in which no character tells the scripts apart follows the book's majority.
  const std::string& s = script.empty() ? plan_.source : script;
  const Routes& r = routes();
  if (is_traditional(plan_.target))
    return s == "zh-Hans" || s == "mixed" ? r.from_simplified : r.from_traditional;
  return s == "zh-Hant" || s == "mixed" ? r.from_traditional : r.from_simplified;
}

std::string Converter::apply(const Route& route, std::string_view text,
                             bool* used_user_phrases) const {
  std::string out;
  out.reserve(text.size() + text.size() / 16);
  auto convert_part = [&](std::string_view part) {
    if (route.opencc)
      route.opencc->convert_append(part, &out);
    else
      out.append(part);
  };
  size_t done = 0;
  if (route.phrases) {
    for (const PhraseTable::Match& m : route.phrases->find(text)) {
      convert_part(text.substr(done, m.begin - done));
      out += m.phrase->target;
      if (m.phrase->origin == kUserPhrase) *used_user_phrases = true;
      done = m.end;
    }
  }
  convert_part(text.substr(done));
  return out;
}

void Converter::convert(Chapter& chapter) const {
  if (plan_.target.empty()) return;
  if (plan_.repair_only) return repair_script(chapter);
  if (!chapter.volume.empty()) chapter.volume = convert_text(chapter.volume);
  const Route& route = route_for(chapter.script);
  const Route& cross = cross_route();

  // The title is field 0, paragraph i is field i + 1.
  std::vector<Paragraph>& paragraphs = chapter.paragraphs.edit();
  const size_t fields = paragraphs.size() + 1;
  auto field = [&](size_t i) -> std::string& {
    return i == 0 ? chapter.title : paragraphs[i - 1].text;
  };
  // A chapter in the target script may still hold a few characters of the other one, too few
  // to call it mixed: those paragraphs alone take the cross-script conversion.
  std::vector<bool> stray(fields, false);
  size_t strays = 0;
  if (&route != &cross && detector_) {
    for (size_t i = 0; i < fields; ++i) {
      ScriptCounts c = detector_->count(field(i));
      if (is_traditional(plan_.target) ? c.simplified_only > 0 : c.traditional_only > 0)
        stray[i] = true, ++strays;
    }
  }
  if (!route.opencc && !route.phrases && strays == 0) return;

  // One call for the rest of the chapter: OpenCC's cost per call is far above its cost per
  // character, and no dictionary key contains a line end, so the lines come back intact.
  bool used_user_phrases = false;
  if (route.opencc || route.phrases) {
    size_t size = 0;
    for (size_t i = 0; i < fields; ++i) size += stray[i] ? 0 : field(i).size() + 1;
    std::string joined;
    joined.reserve(size);
    size_t joined_fields = 0;
    for (size_t i = 0; i < fields; ++i) {
      if (stray[i]) continue;
      if (joined_fields++ > 0) joined += '\n';
      joined += field(i);
    }
    std::string out = apply(route, joined, &used_user_phrases);
    std::vector<std::string_view> lines;
    lines.reserve(joined_fields);
    for (size_t start = 0;;) {
      size_t end = out.find('\n', start);
      lines.push_back(std::string_view(out).substr(start, end - start));
      if (end == std::string::npos) break;
      start = end + 1;
    }
    bool intact = lines.size() == joined_fields;
    for (size_t i = 0, k = 0; i < fields; ++i) {
      if (stray[i]) continue;
      // A paragraph that held a line end after all: convert the fields one by one.
      if (intact)
        field(i).assign(lines[k++]);
      else
        field(i) = apply(route, field(i), &used_user_phrases);
    }
  }
  for (size_t i = 0; i < fields; ++i)
    if (stray[i]) field(i) = apply(cross, field(i), &used_user_phrases);

  std::string name = !route.name.empty() ? route.name : used_user_phrases ? "phrases" : "";
  if (strays > 0) {
    std::string what = strays == 1 ? "1 paragraph" : std::to_string(strays) + " paragraphs";
    name += (name.empty() ? "" : " + ") + cross.name + " for " + what + " in " +
            (is_traditional(plan_.target) ? "Simplified" : "Traditional");
  }
  chapter.conversion = name;
}

std::string Converter::convert_text(const std::string& text) const {
  if (plan_.target.empty() || plan_.repair_only || text.empty()) return text;
  std::string script = detector_ ? classify_script(detector_->count(text)) : "";
  bool used = false;
  return apply(route_for(script), text, &used);
}

}  // namespace novelbind
