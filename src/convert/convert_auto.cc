// --script auto: the book's own forms, and the conversion of only what is in the other script
// (see convert.h).
#include "convert/convert.h"

#include <spdlog/spdlog.h>
#include <algorithm>

#include "clean/clean_rule.h"
#include "convert/opencc_converter.h"
#include "convert/script_detect.h"

namespace novelbind {
namespace {

bool is_traditional(const std::string& script) {
  return script == "zh-Hant" || script == "zh-TW" || script == "zh-HK";
}

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

BookForms learn_book_forms(const ScriptCounts& own, bool traditional) {
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
  return forms;
}

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
                         (trad ? "Simplified" : "Traditional");
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
