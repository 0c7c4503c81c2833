// The build cache's part in the per-file stages (see clean_run.h): a file whose unit the last
// build left, still valid under this build's book-wide evidence, is not read, cleaned nor
// converted; the bigram model counts only the files that joined the book.
//
// A unit is found (StageMemo, as every cached stage's result) by its key (build_cache_keys:
// novelbind's identity, the settings, the file's name and bytes) and then checked against
// each book-wide fact it was made under, in the order the facts become known, since each
// depends on the files split under the one before:
//  1. the heading scheme: FileStructure::digest() of the decisions for this file (structure());
//  2. the script plan and quote style: plan_signature (redo_stale_units());
//  3. the evidence of the rules that learn from the whole book (the bigram model, the
//     interpuncts, the recurring residue lines): the questions its cleaning asked (probes)
//     must get the same answers now (Cleaner::answers). A digest of the evidence itself would
//     change with every file added and invalidate every unit.
// A unit that fails a check is read, split and cleaned again; one that passes them all is
// reused (kept for the next build). The facts cannot be part of the key: the scheme is
// decided from the units' own heading-shaped lines, and the probes are known only once the
// file was cleaned.
#include <spdlog/spdlog.h>
#include <algorithm>
#include <iterator>

#include "base/parallel.h"
#include "base/utf8.h"
#include "pipeline/clean_run.h"
#include "structure/dedupe.h"

namespace novelbind {
namespace {

// The book's forms as text: each variant and its replacement, in code point order.
std::string forms_signature(const BookForms& forms) {
  std::vector<std::pair<char32_t, char32_t>> sorted(forms.variants.begin(), forms.variants.end());
  std::sort(sorted.begin(), sorted.end());
  std::string out;
  for (const auto& [from, to] : sorted) {
    utf8::append(&out, from);
    utf8::append(&out, to);
  }
  return out;
}

// What a file unit's cleaning and conversion depend on besides the file and the settings.
std::string plan_signature(const ScriptPlan& plan, const std::string& quotes) {
  return plan.target + "|" + plan.language + "|" + plan.quotes + "|" + plan.source + "|" + quotes +
         (plan.repair_only ? "|auto" : "") + (plan.leftovers ? "|leftovers" : "") +
         (plan.forms ? "|" + forms_signature(*plan.forms) : "");
}

}  // namespace

void CleanRun::open_units() {
  if (!cache_) {
    warm_up();
    return;
  }
  units_ = std::make_unique<StageMemo>(cache_, "units");
  for (size_t i = 0; i < n_ && !warm_.valid(); ++i)
    if (!units_->lookup(options_.unit_keys[i])) warm_up();
  parallel_for(n_, jobs_, [&](size_t i) {
    if (auto found = units_->lookup(options_.unit_keys[i]))
      work_[i].unit = parse_unit(*found, units_->owner());
  });
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
Status CleanRun::redo_stale_units() {
  signature_ = plan_signature(result_.script, quotes_);
  std::vector<size_t> stale;
  for (size_t i = 0; i < n_; ++i) {
    const auto& unit = work_[i].unit;
    if (unit && (unit->plan != signature_ || cleaner_->answers(unit->probes) != unit->answers))
      stale.push_back(i);
  }
  if (Status s = read(stale); !s) return s;
  if (Status s = split(stale); !s) return s;
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
void CleanRun::keep_probes_and_model() {
  file_probes_.resize(n_);
  answers_.resize(n_);
  if (cache_) {
    for (size_t i = 0; i < n_; ++i) {
      if (!work_[i].fresh) continue;
      CleanProbes& merged = file_probes_[i];
      for (const CleanProbes& p : probes_[i]) {
        auto& lines = merged.reversed_lines;
        lines.insert(lines.end(), p.reversed_lines.begin(), p.reversed_lines.end());
        auto& pairs = merged.interpunct_pairs;
        pairs.insert(pairs.end(), p.interpunct_pairs.begin(), p.interpunct_pairs.end());
        merged.interpunct_lost |= p.interpunct_lost;
        auto& keys = merged.residue_lines;
        keys.insert(keys.end(), p.residue_lines.begin(), p.residue_lines.end());
      }
      answers_[i] = cleaner_->answers(merged);
    }
  }
  probes_.clear();
  if (texts_) {  // written while the build goes on; the model is let go once it is stored
    result_.cache_writes.push_back(std::async(
        std::launch::async, [cache = cache_, texts = std::move(texts_), keys = std::move(keys_),
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
void CleanRun::count_text(std::size_t i, std::string_view text) {
  if (counted(i)) return;
  if (cache_) texts_->add(options_.unit_keys[i], text_record(text));
  std::lock_guard<std::mutex> lock(bigrams_mutex_);
  bigrams_->add_text(text, 1);
}

// A chapter made in this build, as its unit will keep it: with its fingerprints (dedupe.h)
// and content key (page_cache.h), so that a rebuild that reuses it need not unpack its text
// for them. Called on the converting thread, while the chapter's text is at hand.
void CleanRun::note_made(Chapter& c) const {
  if (!cache_) return;
  thread_local TextFolder folder;
  c.prints = chapter_prints(c, folder);
  c.content_key = paragraphs_key(c.paragraphs);
}

// This build's units: the new ones written as they are made.
void CleanRun::store_units() {
  if (!cache_) return;
  parallel_for(n_, jobs_, [&](size_t i) {
    FileWork& w = work_[i];
    if (!w.fresh) return;
    FileUnit unit{w.encoding,
                  std::move(w.chapters),
                  std::move(w.counts),
                  w.interpunct,
                  w.residue,
                  std::move(file_probes_[i]),
                  std::move(answers_[i]),
                  signature_,
                  std::move(w.candidates),
                  headings_->user_pattern() ? "" : structure_.files[i].digest()};
    units_->store(options_.unit_keys[i], serialize_unit(unit));
    w.chapters = std::move(unit.chapters);
  });
  result_.cache_writes.push_back(
      std::async(std::launch::async, [units = std::move(units_)] { units->commit(); }));
}

}  // namespace novelbind
