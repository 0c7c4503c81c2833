// The build cache's part in the per-file stages (see file_stages.h): a file whose unit the last
// build left, still valid under this build's book-wide evidence, is not read, cleaned nor
// converted; the bigram model counts only the files that joined the book.
//
// A unit is found (StageMemo, as every cached stage's result) by its key (build_cache_keys:
// novelbind's identity, the settings, the file's name and bytes) and then checked against
// each book-wide fact it was made under, in the order the facts become known, since each
// depends on the files split under the one before:
//  1. the heading scheme: FileStructure::digest() of the decisions for this file
//     (decide_heading_scheme());
//  2. the script plan and quote style: plan_signature (redo_stale_units()), and the book's
//     variant forms of the characters its text holds (forms_used);
//  3. the clean stage's book-wide decisions (clean_decisions.h: the bigram model, the
//     interpuncts, the recurring residue lines): the questions its cleaning asked of them
//     (CleanQuestions) must get the same answers now (answers()). A digest of the decisions
//     themselves would change with every file added and invalidate every unit.
// A unit that fails a check is read, split and cleaned again; one that passes them all is
// reused (kept for the next build). The facts cannot be part of the key: the scheme is
// decided from the units' own heading-shaped lines, and the probes are known only once the
// file was cleaned.
#include <spdlog/spdlog.h>
#include <algorithm>
#include <iterator>
#include <set>

#include "base/codepoint_set.h"
#include "base/parallel.h"
#include "base/utf8.h"
#include "convert/script_detect.h"
#include "order/dedupe.h"
#include "pipeline/file_stages.h"

namespace novelbind {
namespace {

std::string plan_signature(const ScriptPlan& plan, const std::string& quotes) {
  return plan.target + "|" + plan.language + "|" + plan.quotes + "|" + plan.source + "|" + quotes +
         (plan.repair_only ? "|auto" : "") + (plan.leftovers ? "|leftovers" : "");
}

// The form the book's forms give a character (itself when they say nothing of it).
char32_t book_form(const ScriptPlan& plan, char32_t c) {
  if (!plan.forms) return c;
  auto v = plan.forms->variants.find(c);
  return v == plan.forms->variants.end() ? c : v->second;
}

// What a unit's conversion took of the book's forms: each member of a variant group (裏, 裡)
// its converted text holds, and the form the book gives it. A group the text holds no member
// of played no part in its conversion (the forms only ever turn one member into another), so
// a change of the book's forms redoes only the units that hold one of that group's members.
std::string forms_used(const ScriptPlan& plan, const std::vector<Chapter>& chapters) {
  if (!plan.forms) return "";
  static const CodepointSet members = [] {
    CodepointSet set;
    if (const Result<ScriptDetector>& detector = script_detector("auto"))
      for (const ScriptDetector::VariantGroup& g : detector->variant_groups())
        for (char32_t m : {g.standard, g.taiwan, g.hong_kong}) set.insert(m);
    return set;
  }();
  std::set<char32_t> held;
  auto scan = [&](std::string_view text) {
    for (std::size_t i = 0, len = 0; i < text.size(); i += len) {
      char32_t c = utf8::decode_strict(text, i, &len);
      if (members.contains(c)) held.insert(c);
    }
  };
  for (const Chapter& c : chapters) {
    scan(c.title);
    scan(c.volume);
    for (const Paragraph& p : c.paragraphs) scan(p.text);
  }
  std::string out;
  for (char32_t c : held) {
    utf8::append(&out, c);
    utf8::append(&out, book_form(plan, c));
  }
  return out;
}

// Whether the book's forms give each character of a unit's forms_used the form they gave it.
bool same_forms(const ScriptPlan& plan, std::string_view used) {
  for (std::size_t i = 0, len = 0; i < used.size(); i += len) {
    char32_t c = utf8::decode_strict(used, i, &len);
    if (i + len >= used.size()) return false;
    i += len;
    char32_t form = utf8::decode_strict(used, i, &len);
    if (book_form(plan, c) != form) return false;
  }
  return true;
}

}  // namespace

void FileStages::open_units() {
  if (!cache_) {
    warm_up();
    return;
  }
  units_ = std::make_unique<StageMemo>(cache_, "units");
  for (size_t i = 0; i < n_ && !warm_.valid(); ++i)
    if (!units_->lookup(options_.unit_keys[i])) warm_up();
  parallel_for(n_, jobs_, [&](size_t i) {
    if (auto found = units_->lookup(options_.unit_keys[i])) {
      work_[i].unit = parse_unit(*found, units_->owner());
      if (work_[i].unit) respell_unit(*work_[i].unit, plan_.files[i].display);
    }
  });
  // For whoever reads the texts last (ChapterText) to let go of them.
  result_.release_stored_text = units_->releaser();
  keys_ = options_.unit_keys;
  std::sort(keys_.begin(), keys_.end());
  model_ = options_.reads ? options_.reads->take_model() : load_model(*cache_);

  std::vector<std::string> removed;
  if (model_) {
    std::set_difference(model_->keys.begin(), model_->keys.end(), keys_.begin(), keys_.end(),
                        std::back_inserter(removed));
    if (removed.size() > n_ / 2) model_.reset();  // counting afresh is cheaper
  }
  if (model_) {
    std::set_difference(keys_.begin(), keys_.end(), model_->keys.begin(), model_->keys.end(),
                        std::inserter(added_, added_.end()));
  }
  // Texts are read only for files that left the book (each checked on its own, see
  // text_record); otherwise new ones are only added.
  if (!model_ || !removed.empty() || !added_.empty()) {
    texts_ = options_.reads ? options_.reads->take_texts()
                            : std::make_unique<CachePack>(*cache_, "texts", /*verify=*/false);
  }
  for (const std::string& key : removed) {
    auto record = model_ ? texts_->records().find(key) : texts_->records().end();
    std::optional<std::string_view> text;
    if (record != texts_->records().end()) text = text_of_record(record->second);
    if (!text) {  // missing or damaged: count afresh
      if (record != texts_->records().end()) ++cache_->stats().corrupt;
      model_.reset();
      break;
    }
    model_->counts.add_text(*text, -1);
  }
  if (!model_) added_.insert(keys_.begin(), keys_.end());
  clock_.done("cache");
  if (model_) *bigrams_ = std::move(model_->counts);
}

// A unit made under another plan, or whose cleaning the book's evidence now answers
// differently, is made again.
Status FileStages::redo_stale_units() {
  signature_ = plan_signature(result_.script, quotes_);
  std::vector<size_t> stale;
  for (size_t i = 0; i < n_; ++i) {
    const auto& unit = work_[i].unit;
    if (!unit) continue;
    std::string_view plan = unit->plan;
    bool same_plan = plan.substr(0, plan.find('\n')) == signature_ &&
                     same_forms(result_.script, plan.find('\n') == std::string_view::npos
                                                    ? std::string_view()
                                                    : plan.substr(plan.find('\n') + 1));
    if (!same_plan || answers(unit->questions, cleaner_->decisions()) != unit->answers)
      stale.push_back(i);
  }
  if (Status s = read_files(stale); !s) return s;
  if (Status s = split_files(stale); !s) return s;
  if (cache_) {
    size_t reused = 0;
    for (size_t i = 0; i < n_; ++i) {
      if (!work_[i].unit) continue;
      units_->reuse(options_.unit_keys[i]);
      ++reused;
    }
    result_.files_reused = static_cast<int>(reused);
    spdlog::info("cache: {} of {} file(s) reused as cleaned{}", reused, n_,
                 options_.convert ? " and converted" : "");
  }
  return Status::Ok();
}

// What each new file's cleaning asked of the book's evidence, and the answers, while the
// evidence is at hand; then the bigram model is stored (and let go, by convert).
void FileStages::keep_probes_and_model() {
  file_probes_.resize(n_);
  answers_.resize(n_);
  if (cache_) {
    for (size_t i = 0; i < n_; ++i) {
      if (!work_[i].fresh) continue;
      CleanQuestions& merged = file_probes_[i];
      for (const CleanQuestions& p : probes_[i]) merged += p;
      answers_[i] = answers(merged, cleaner_->decisions());
    }
  }
  probes_.clear();
  if (texts_) {  // written while the build goes on; the model is let go once it is stored
    result_.background.push_back(
        start_task([cache = cache_, texts = std::move(texts_), keys = std::move(keys_),
                    added = added_, bigrams = std::move(bigrams_)] {
          for (const std::string& key : keys)
            if (!added.count(key)) texts->keep(key);
          texts->commit();
          store_model(*cache, keys, *bigrams);
        }));
  }
}

// The bigram model counts a file read anew, unless it counts it already; the cache keeps
// the file's text, so that the model can forget the file when it leaves the book.
void FileStages::count_text(std::size_t i, std::string_view text) {
  if (counted(i)) return;
  if (cache_) texts_->add(options_.unit_keys[i], text_record(text));
  std::lock_guard<std::mutex> lock(bigrams_mutex_);
  bigrams_->add_text(text, 1);
}

// One model counts every file, one file at a time. A thread that finds another counting does
// not wait: it leaves the file (its text kept) to whichever thread counts next, and splits on.
// The order of the files counted does not change the counts.
void FileStages::count_or_leave(std::size_t i) {
  FileWork& w = work_[i];
  if (counted(i)) {
    w.source.reset();
    return;
  }
  if (cache_) texts_->add(options_.unit_keys[i], text_record(w.source->text));
  std::unique_lock<std::mutex> lock(bigrams_mutex_, std::try_to_lock);
  if (!lock.owns_lock()) {
    std::lock_guard<std::mutex> left(left_mutex_);
    left_uncounted_.push_back(i);
    return;
  }
  for (;;) {
    bigrams_->add_text(work_[i].source->text, 1);
    work_[i].source.reset();
    std::lock_guard<std::mutex> left(left_mutex_);
    if (left_uncounted_.empty()) return;
    i = left_uncounted_.back();
    left_uncounted_.pop_back();
  }
}

// The files left by count_or_leave that no thread came back for.
void FileStages::count_left() {
  for (std::size_t i : left_uncounted_) {
    bigrams_->add_text(work_[i].source->text, 1);
    work_[i].source.reset();
  }
  left_uncounted_.clear();
}

// A chapter made in this build, as its unit will keep it: with its fingerprints (dedupe.h)
// and content key (page_cache.h), so that a rebuild that reuses it need not unpack its text
// for them. Called on the converting thread, while the chapter's text is at hand.
void FileStages::note_made(Chapter& c) const {
  if (!cache_) return;
  thread_local TextFolder folder;
  c.paragraphs.set_prints(chapter_prints(c, folder));
  c.paragraphs.set_key(paragraphs_key(c.paragraphs.all()));
}

// This build's units: the new ones written as they are made.
void FileStages::store_units() {
  if (!cache_) return;
  parallel_for(n_, jobs_, [&](size_t i) {
    FileWork& w = work_[i];
    if (!w.fresh) return;
    std::string plan = signature_ + "\n" + forms_used(result_.script, w.chapters);
    FileUnit unit{w.encoding,
                  std::move(w.chapters),
                  std::move(w.counts),
                  w.evidence,
                  std::move(file_probes_[i]),
                  std::move(answers_[i]),
                  std::move(plan),
                  std::move(w.candidates),
                  headings_->user_pattern() ? "" : structure_.files[i].digest()};
    units_->store(options_.unit_keys[i], serialize_unit(unit));
    w.chapters = std::move(unit.chapters);
  });
  result_.background.push_back(start_task([units = std::move(units_)] { units->commit(); }));
}

}  // namespace novelbind
