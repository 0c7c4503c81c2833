// --script auto: the book's own forms, and the conversion of only what is in the other script
// (see convert.h).
#include "convert/convert.h"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <functional>

#include "base/cjk_text.h"
#include "clean/clean_rule.h"
#include "clean/filler_characters.h"
#include "convert/opencc_converter.h"
#include "convert/script_detect.h"

namespace novelbind {
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

// Stylised writing (火星文: 莪愛伱，看見叻; 很叻鈈起仫), which a chat line of a Simplified book
// writes on purpose in forms of both scripts and in rare variants, is no paragraph of the other
// script: converted, its variants turn into other words (鈈, a variant of 不, became 钚).
// Known by its rare characters: at least three, and a fifth of its ideographs or more.
bool stylised(std::string_view text) {
  std::size_t ideographs = 0, rare = 0;
  for (std::size_t i = 0; i < text.size();) {
    char32_t c = utf8::next(text, &i);
    if (!is_ideograph(c)) continue;
    ++ideographs;
    rare += !is_frequent_hanzi(c);
  }
  return rare >= 3 && rare * 5 >= ideographs;
}

}  // namespace

BookForms learn_book_forms(const ScriptCounts& own, bool traditional) {
  BookForms forms;
  const Result<ScriptDetector>& detector = script_detector("auto");
  if (!detector) return forms;
  if (traditional) {
    // Each group the book writes takes the form it writes most. A group it never writes keeps
    // OpenCC's standard form: guessing the region from other groups (為/著 suggest 裡) would
    // rewrite a leftover 里 as 裡 where the conversion reads 裏, a variant no reader of the
    // book asked for.
    for (const ScriptDetector::VariantGroup& g : detector->variant_groups()) {
      char32_t pick = 0;
      std::uint32_t most = 0;
      for (char32_t m : {g.standard, g.taiwan, g.hong_kong}) {
        if (own.used(m) > most) most = own.used(m), pick = m;
      }
      if (most == 0) continue;
      for (char32_t m : {g.standard, g.taiwan, g.hong_kong}) {
        if (m != pick) forms.variants[m] = pick;
      }
    }
  }
  return forms;
}

std::string Converter::keep_book_forms(std::string_view text, std::string_view converted,
                                       std::string_view phrase_converted,
                                       std::string_view direct_converted, bool whole) const {
  bool trad = is_traditional(plan_.target);
  std::u32string before = decode(text), after = decode(converted);
  std::u32string phrased = whole ? std::u32string() : decode(phrase_converted);
  std::u32string direct = whole ? std::u32string() : decode(direct_converted);
  // s2t and t2s keep every character's place; a user phrase that did not is taken whole when
  // the whole text is converted, else left out.
  if (after.size() != before.size() ||
      (!whole && (phrased.size() != before.size() || direct.size() != before.size())))
    return whole ? std::string(converted) : std::string(text);
  std::string out;
  out.reserve(converted.size());
  for (std::size_t i = 0; i < before.size(); ++i) {
    char32_t b = before[i], a = after[i];
    if (!whole && b != a) {
      bool other_script = trad ? detector_->simplified_only(b) : detector_->traditional_only(b);
      // A character of both scripts (后, 于, 范, 里) changes only inside a phrase OpenCC
      // knows (之后, 于是, 这里), never by its default (范遙 stays), and only where the text
      // as written reads as that phrase too: 念 of 念誦 is right in a Traditional book, though
      // the phrase 念诵 (唸誦) is what its Simplified form would read as, and 萬里 stays.
      if (!other_script)
        a = detector_->other_forms(b, trad) && phrased[i] == direct[i] ? phrased[i] : b;
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

void Converter::keep_stable(const Route& cross, std::size_t count,
                            const std::vector<std::string_view>& direct_lines,
                            std::vector<std::string>& afters, bool* used_user_phrases,
                            const std::function<const std::string&(std::size_t)>& before) const {
  if (direct_lines.size() != count) return;
  bool trad = is_traditional(plan_.target);
  constexpr int kRounds = 8;
  bool last = false;  // the round that takes back what the others could not mend
  for (int round = 0; round < kRounds; ++round) {
    last = last || round + 1 == kRounds;
    std::string joined;
    for (const std::string& a : afters) (joined += a) += '\n';
    std::string read = apply(cross, joined, used_user_phrases);
    std::vector<std::string_view> again = split_lines(read);
    if (again.size() != count) return;
    bool changed = false, unsteady = false;
    for (std::size_t i = 0; i < count; ++i) {
      std::u32string orig = decode(before(i)), now = decode(afters[i]);
      std::u32string read_now = decode(again[i]), read_orig = decode(direct_lines[i]);
      if (now.size() != orig.size() || read_now.size() != read_orig.size() ||
          read_now.size() != now.size() || read_now == read_orig)
        continue;
      unsteady = true;
      // What a character goes back to: as written, or, for a character of the other script,
      // what OpenCC makes of the text as written (复雜 -> 復雜, where the phrase 复杂 gave 複雜);
      // in the last round, as written.
      auto fallback = [&](std::size_t p) {
        char32_t o = orig[p], d = read_orig[p];
        if (last) return o;
        bool other = trad ? detector_->simplified_only(o) : detector_->traditional_only(o);
        return other && d <= 0xFFFF && d != utf8::kInvalid ? d : o;
      };
      // A change that makes OpenCC read its neighbours otherwise (郁郁 -> 鬱郁, which reads as
      // 鬱鬱) goes back, with the changes around it (no phrase is longer than kPhraseReach).
      constexpr std::size_t kPhraseReach = 4;
      std::vector<bool> undo(now.size(), false);
      for (std::size_t p = 0; p < now.size(); ++p) {
        if (read_now[p] == read_orig[p]) continue;
        std::size_t from = p >= kPhraseReach ? p - kPhraseReach : 0;
        std::size_t to = std::min(now.size(), p + kPhraseReach + 1);
        for (std::size_t q = from; q < to; ++q) undo[q] = true;
      }
      std::string out;
      for (std::size_t p = 0; p < now.size(); ++p) {
        char32_t c = undo[p] ? fallback(p) : now[p];
        changed |= c != now[p];
        utf8::append(&out, c);
      }
      afters[i] = std::move(out);
    }
    if (!changed && (!unsteady || last)) return;
    last = !changed;
  }
}

void Converter::repair_script(Chapter& chapter) const {
  if (!detector_) return;
  bool trad = is_traditional(plan_.target);
  // A chapter written in the other script is converted whole; a "mixed" one (a conversion
  // left half done) paragraph by paragraph, so that what is right in it stays as written.
  bool other_chapter = chapter.script == (trad ? "zh-Hans" : "zh-Hant");

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
    // Written in the other script: hardly a character of the book's own. A paragraph of the
    // book's script with many leftovers (后, 么, 听 in a Traditional paragraph that also
    // writes 這, 說) is not, and keeps every character that is right as it stands.
    if (foreign > 0 && !other_chapter && stylised(text)) return;
    if (other_chapter || (foreign >= kOtherScriptParagraph && native * 10 <= foreign)) {
      whole.push_back({&text, line});
      return;
    }
    // A paragraph left unconverted shows it by a character of the other script.
    if (plan_.leftovers && reverse_ && foreign > 0) leftover.push_back({&text, line});
  };
  consider(chapter.volume, 0);
  consider(chapter.title, chapter.heading_line);
  for (Paragraph& p : chapter.paragraphs.edit()) consider(p.text, p.line);
  if (whole.empty() && leftover.empty()) return;
  const Route& cross = cross_route();  // (loaded now, if no chapter before needed it)

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
    std::string converted, phrased, direct;
    if (is_whole) {
      converted = apply(cross, joined, &used_user_phrases);
    } else {
      // Leftovers are converted as if the whole text were in the other script, so that
      // OpenCC sees their phrases: 這里 is read as 这里 -> 這裡, 後面 stays 後面.
      std::string view = reverse_->convert(joined);
      converted = apply(cross, view, &used_user_phrases);
      phrased = phrases_only_->convert(view);
      direct = apply(cross, joined, &used_user_phrases);
    }
    std::vector<std::string_view> lines = split_lines(converted),
                                  phrase_lines = split_lines(phrased),
                                  direct_lines = split_lines(direct);
    std::vector<std::string> afters(fields.size());
    for (std::size_t i = 0; i < fields.size(); ++i) {
      const std::string& text = *fields[i].text;
      if (lines.size() == fields.size() && (is_whole || (phrase_lines.size() == fields.size() &&
                                                         direct_lines.size() == fields.size())))
        afters[i] = keep_book_forms(text, lines[i], is_whole ? "" : phrase_lines[i],
                                    is_whole ? "" : direct_lines[i], is_whole);
      else
        afters[i] = text;  // a line end inside a phrase: cannot happen with OpenCC's dictionaries
    }
    if (!is_whole)
      keep_stable(cross, fields.size(), direct_lines, afters, &used_user_phrases,
                  [&](std::size_t i) -> const std::string& { return *fields[i].text; });
    for (std::size_t i = 0; i < fields.size(); ++i) {
      std::string& text = *fields[i].text;
      if (afters[i] == text) continue;
      log.record(fields[i].line, text, afters[i]);
      text = std::move(afters[i]);
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
