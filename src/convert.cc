#include "convert.h"

#include <spdlog/spdlog.h>
#include <fstream>
#include <sstream>

#include "clean_rule.h"
#include "errata.h"
#include "opencc_converter.h"
#include "parallel.h"
#include "phrase_table.h"
#include "resources.h"
#include "script_detect.h"

namespace novelbind {
namespace {

constexpr int kUserPhrase = 1;
constexpr int kErratumPhrase = 2;

bool is_traditional(const std::string& script) {
  return script == "zh-Hant" || script == "zh-TW" || script == "zh-HK";
}

std::string script_word(const std::string& script) {
  if (script == "zh-Hans") return "Simplified";
  if (script == "zh-TW") return "Traditional, Taiwan";
  if (script == "zh-HK") return "Traditional, Hong Kong";
  return "Traditional";
}

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

// The forms the book writes, from `own` (the counts of its chapters in its own script).
BookForms book_forms(const ScriptCounts& own, bool traditional) {
  BookForms forms;
  const Result<ScriptDetector>& detector = script_detector("auto");
  if (!detector) return forms;
  if (traditional) {
    // The region the book follows: each group it writes votes for the region(s) of the form
    // it writes most. A group it never writes takes that region's form (為/著 in a book
    // suggest 裡 over 裏).
    long taiwan = 0, not_taiwan = 0, hong_kong = 0, not_hong_kong = 0;
    for (const ScriptDetector::VariantGroup& g : detector->variant_groups()) {
      char32_t most = 0;
      std::uint32_t n = 0;
      for (char32_t m : {g.standard, g.taiwan, g.hong_kong}) {
        if (own.used(m) > n) n = own.used(m), most = m;
      }
      if (n == 0) continue;
      if (g.taiwan != g.standard) (most == g.taiwan ? taiwan : not_taiwan) += 1;
      // Hong Kong's own forms only: 為 is Taiwan's and Hong Kong's, and says nothing of 温.
      if (g.hong_kong != g.standard && g.hong_kong != g.taiwan)
        (most == g.hong_kong ? hong_kong : not_hong_kong) += 1;
    }
    for (const ScriptDetector::VariantGroup& g : detector->variant_groups()) {
      char32_t pick = taiwan > not_taiwan         ? g.taiwan
                      : hong_kong > not_hong_kong ? g.hong_kong
                                                  : g.standard;
      std::uint32_t most = 0;
      for (char32_t m : {g.standard, g.taiwan, g.hong_kong}) {
        if (own.used(m) > most) most = own.used(m), pick = m;
      }
      for (char32_t m : {g.standard, g.taiwan, g.hong_kong}) {
        if (m != pick) forms.variants[m] = pick;
      }
    }
  }
  std::vector<std::pair<char32_t, char32_t>> sorted(forms.variants.begin(), forms.variants.end());
  std::sort(sorted.begin(), sorted.end());
  for (const auto& [from, to] : sorted) {
    utf8::append(&forms.signature, from);
    utf8::append(&forms.signature, to);
  }

  return forms;
}

}  // namespace

Result<std::vector<ScriptCounts>> measure_scripts(std::vector<Chapter>& chapters,
                                                  const ConvertConfig& config, int jobs) {
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
    for (const Paragraph& p : c.paragraphs) detector->count(p.text, &counts[i], automatic);
    // auto converts by what each paragraph holds, so a chapter is only ever in one script
    c.script = automatic ? dominant_script(counts[i]) : classify_script(counts[i]);
  });
  return counts;
}

Result<ScriptPlan> plan_script(std::vector<Chapter>& chapters, const ConvertConfig& config,
                               int jobs) {
  auto counts = measure_scripts(chapters, config, jobs);
  if (!counts) return counts.status();
  ScriptPlan plan = decide_script(*counts, config);
  warn_mixed_script(chapters, *counts, plan);
  return plan;
}

ScriptPlan decide_script(const std::vector<ScriptCounts>& counts, const ConvertConfig& config) {
  size_t simplified = 0, traditional = 0, mixed = 0, mostly_simplified = 0, mostly_traditional = 0;
  ScriptCounts total;
  for (size_t i = 0; i < counts.size(); ++i) {
    const std::string s = classify_script(counts[i]);
    simplified += s == "zh-Hans";
    traditional += s == "zh-Hant";
    mixed += s == "mixed";
    std::string dominant = dominant_script(counts[i]);
    mostly_simplified += dominant == "zh-Hans";
    mostly_traditional += dominant == "zh-Hant";
    total += counts[i];
  }

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
    ScriptCounts own;
    size_t other_chapters = 0;
    for (const ScriptCounts& c : counts) {
      std::string d = dominant_script(c);
      if (d.empty() || d == plan.source)
        own += c;
      else
        ++other_chapters;
    }
    // Measured over the whole book: a book with chapters in the other script went through a
    // partial conversion, and the other script's characters in its own chapters are left over
    // from it (the seeds' 003 writes 怎么 among 麼).
    size_t foreign = trad ? total.simplified_only : total.traditional_only;
    size_t native = trad ? total.traditional_only : total.simplified_only;
    plan.leftovers =
        foreign >= kLeftoverMinimum && foreign * 100 >= (foreign + native) * kLeftoverPercent;
    plan.forms = std::make_shared<const BookForms>(book_forms(own, trad));
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
  auto errata = errata_phrases(plan.target);
  if (!errata) return errata.status();
  std::shared_ptr<PhraseTable> user_only, protected_phrases;
  if (!user->empty()) {
    user_only = std::make_shared<PhraseTable>();
    for (const Phrase& p : *user) user_only->add(p);
  }
  if (!user->empty() || !errata->empty()) {
    // Added after the errata, the user's entry wins when both name the same source.
    protected_phrases = std::make_shared<PhraseTable>();
    for (const Phrase& p : *errata) protected_phrases->add(p);
    for (const Phrase& p : *user) protected_phrases->add(p);
  }

  ConfigNames names = config_names(plan.target, config.localize_phrases);
  auto make_route = [&](const std::string& name, Route* route) -> Status {
    route->name = name;
    route->phrases = user_only;
    if (name.empty()) return Status::Ok();
    auto opencc = load_opencc(name);
    if (!opencc) return opencc.status();
    route->opencc = *opencc;
    // Only conversions that go beyond variants can produce the errata's damage.
    if (!variants_only(name)) route->phrases = protected_phrases;
    return Status::Ok();
  };
  if (Status s = make_route(names.from_simplified, &c.from_simplified_); !s) return s;
  if (Status s = make_route(names.from_traditional, &c.from_traditional_); !s) return s;
  return c;
}

const Converter::Route& Converter::route_for(const std::string& script) const {
  // Text in which no character tells the scripts apart follows the book's majority.
  const std::string& s = script.empty() ? plan_.source : script;
  if (is_traditional(plan_.target))
    return s == "zh-Hans" || s == "mixed" ? from_simplified_ : from_traditional_;
  return s == "zh-Hant" || s == "mixed" ? from_traditional_ : from_simplified_;
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
  const Route& cross = is_traditional(plan_.target) ? from_simplified_ : from_traditional_;

  // The title is field 0, paragraph i is field i + 1.
  const size_t fields = chapter.paragraphs.size() + 1;
  auto field = [&](size_t i) -> std::string& {
    return i == 0 ? chapter.title : chapter.paragraphs[i - 1].text;
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

namespace {

std::u32string decode(std::string_view text) {
  std::u32string out;
  out.reserve(text.size() / 3 + 1);
  for (std::size_t i = 0, len = 0; i < text.size(); i += len)
    out += utf8::decode_strict(text, i, &len);
  return out;
}

// Splits the conversion of "a\nb\n...\n" back into its lines.
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace

std::string Converter::keep_book_forms(std::string_view text, std::string_view converted,
                                       std::string_view phrase_converted, bool whole) const {
  bool trad = is_traditional(plan_.target);
  std::u32string before = decode(text), after = decode(converted);
  std::u32string phrased = whole ? std::u32string() : decode(phrase_converted);
  // s2t and t2s keep every character's place; a user phrase that did not is taken whole when
  // the whole text is converted, else left out.
  if (after.size() != before.size() || (!whole && phrased.size() != before.size()))
    return whole ? std::string(converted) : std::string(text);
  std::string out;
  out.reserve(converted.size());
  for (std::size_t i = 0; i < before.size(); ++i) {
    char32_t b = before[i], a = after[i];
    if (!whole && b != a) {
      bool other_script = trad ? detector_->simplified_only(b) : detector_->traditional_only(b);
      // A character of both scripts (后, 于, 范, 里) changes only inside a phrase OpenCC
      // knows (之后, 于是, 这里), never by its default (范遙 stays).
      if (!other_script) a = detector_->other_forms(b, trad) ? phrased[i] : b;
    }
    // Text converted as a whole takes the book's forms also where OpenCC changes nothing
    // (着 is Simplified and OpenCC's Traditional; the book may write 著).
    if ((a != b || whole) && plan_.forms) {
      auto v = plan_.forms->variants.find(a);
      if (v != plan_.forms->variants.end()) a = v->second;
    }
    // Outside the BMP is where most readers' fonts end (綝 -> 𬘭, 濬 -> 𪻺): the source's
    // character is better than a blank box.
    if (a > 0xFFFF || a == utf8::kInvalid || b == utf8::kInvalid) a = b;
    utf8::append(&out, a);
  }
  return out;
}

void Converter::repair_script(Chapter& chapter) const {
  if (!detector_) return;
  bool trad = is_traditional(plan_.target);
  const Route& cross = trad ? from_simplified_ : from_traditional_;
  bool other_chapter = !chapter.script.empty() && chapter.script != plan_.source;

  // The fields to convert: the volume and chapter titles and the paragraphs, each as a whole
  // (written in the other script) or for its leftover characters only.
  struct Field {
    std::string* text;
    int line;
  };
  std::vector<Field> whole, leftover;
  auto consider = [&](std::string& text, int line) {
    if (text.empty()) return;
    ScriptCounts c = detector_->count(text);
    std::size_t foreign = trad ? c.simplified_only : c.traditional_only;
    std::size_t native = trad ? c.traditional_only : c.simplified_only;
    if (other_chapter || (foreign >= kOtherScriptParagraph && foreign > native)) {
      whole.push_back({&text, line});
      return;
    }
    // A paragraph left unconverted shows it by a character of the other script.
    if (plan_.leftovers && reverse_ && foreign > 0) leftover.push_back({&text, line});
  };
  consider(chapter.volume, 0);
  consider(chapter.title, chapter.heading_line);
  for (Paragraph& p : chapter.paragraphs) consider(p.text, p.line);
  if (whole.empty() && leftover.empty()) return;

  RepairLog log("script", chapter.sources.empty() ? std::string() : chapter.sources.front(),
                &chapter.repairs);
  std::size_t changed = 0;
  bool used_user_phrases = false;
  // One OpenCC call per pass for all fields (its cost per call is far above its cost per
  // character); no dictionary key holds a line end, so the lines come back as they went.
  auto run = [&](const std::vector<Field>& fields, bool is_whole) {
    if (fields.empty()) return;
    std::string joined;
    for (const Field& f : fields) (joined += *f.text) += '\n';
    std::string converted, phrased;
    if (is_whole) {
      converted = apply(cross, joined, &used_user_phrases);
    } else {
      // Leftovers are converted as if the whole text were in the other script, so that
      // OpenCC sees their phrases: 這里 is read as 这里 -> 這裡, 後面 stays 後面.
      std::string view = reverse_->convert(joined);
      converted = apply(cross, view, &used_user_phrases);
      phrased = phrases_only_->convert(view);
    }
    std::vector<std::string_view> lines = split_lines(converted),
                                  phrase_lines = split_lines(phrased);
    for (std::size_t i = 0; i < fields.size(); ++i) {
      std::string& text = *fields[i].text;
      std::string after;
      if (lines.size() == fields.size() && (is_whole || phrase_lines.size() == fields.size()))
        after = keep_book_forms(text, lines[i], is_whole ? "" : phrase_lines[i], is_whole);
      else
        after = text;  // a line end inside a phrase: cannot happen with OpenCC's dictionaries
      if (after == text) continue;
      log.record(fields[i].line, text, after);
      text = std::move(after);
      ++changed;
    }
  };
  run(whole, true);
  run(leftover, false);
  if (changed > 0) {
    chapter.conversion = cross.name + " for " + std::to_string(changed) + " of " +
                         std::to_string(chapter.paragraphs.size() + 1) + " lines in " +
                         script_word(trad ? "zh-Hans" : "zh-Hant");
  }
}

void log_script_repairs(const std::vector<Chapter>& chapters, const ScriptPlan& plan) {
  if (!plan.repair_only) return;
  std::size_t lines = 0, in_chapters = 0;
  for (const Chapter& c : chapters) {
    std::size_t n = 0;
    for (const Repair& r : c.repairs) n += r.rule == "script";
    lines += n;
    in_chapters += n > 0;
  }
  if (lines == 0)
    spdlog::info("script: nothing was converted: the text is as written");
  else
    spdlog::info("script: converted {} line(s) in {} chapter(s) (rule \"script\" in the report)",
                 lines, in_chapters);
}

}  // namespace novelbind
