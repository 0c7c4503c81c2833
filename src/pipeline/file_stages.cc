#include "pipeline/pipeline.h"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <cstdlib>

#include "base/parallel.h"
#include "convert/convert.h"
#include "convert/script_detect.h"
#include "ingest/ingest.h"
#include "ingest/section_titles.h"
#include "ingest/source_metadata.h"
#include "order/book_residue.h"
#include "pipeline/file_stages.h"
#include "structure/heading_title.h"
#include "structure/split.h"

namespace novelbind {
namespace {

std::int64_t modified_time(const std::vector<std::int64_t>& times) {
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    char* end = nullptr;
    long long v = std::strtoll(epoch, &end, 10);
    if (end && *end == '\0' && end != epoch && v >= 0) return v;
    spdlog::warn("SOURCE_DATE_EPOCH='{}' is not a number of seconds; using the newest input time",
                 epoch);
  }
  std::int64_t newest = 0;
  for (std::int64_t t : times) newest = std::max(newest, t);
  return newest;
}

}  // namespace

Result<BookText> run_file_stages(const InputPlan& plan, const Config& config,
                                 std::vector<StageTiming>* timings,
                                 const FileStageOptions& options) {
  FileStages run(plan, config, timings, options);
  if (Status s = run.recognize_headings(); !s) return s;
  run.open_units();
  if (Status s = run.ingest(); !s) return s;
  if (Status s = run.decide_heading_scheme(); !s) return s;
  if (Status s = run.split_read_files(); !s) return s;
  if (Status s = run.plan_script(); !s) return s;
  if (Status s = run.make_cleaner(); !s) return s;
  if (Status s = run.redo_stale_units(); !s) return s;
  run.clean();
  run.keep_probes_and_model();
  if (Status s = run.convert(); !s) return s;
  run.store_units();
  run.finish_cleaning();
  return run.assemble();
}

FileStages::FileStages(const InputPlan& plan, const Config& config,
                       std::vector<StageTiming>* timings, const FileStageOptions& options)
    : plan_(plan),
      config_(config),
      options_(options),
      clock_(timings),
      jobs_(resolve_jobs(config.build.jobs)),
      cache_(options.convert ? options.cache : nullptr),
      n_(plan.files.size()),
      several_(n_ > 1),
      work_(n_) {}

Status FileStages::recognize_headings() {
  auto headings = HeadingRecognizer::create(config_.chapters);
  if (!headings) {
    std::string where = config_.toml_path.empty() ? "" : config_.toml_path.string() + ": ";
    return Status::Error(where + headings.message());
  }
  headings_.emplace(std::move(*headings));
  return Status::Ok();
}

void FileStages::warm_up() {
  warm_ = start_task([] { (void)script_detector(""); });
}

// The files without a valid unit are read and their heading-shaped lines listed.
Status FileStages::read_files(const std::vector<size_t>& which) {
  std::vector<Status> errors(which.size());
  parallel_for(which.size(), jobs_, [&](size_t k) {
    FileWork& w = work_[which[k]];
    auto source = read_source(plan_.files[which[k]], static_cast<int>(which[k]), config_.clean);
    if (!source) {
      errors[k] = source.status();
      return;
    }
    w.unit.reset();
    w.fresh = true;
    w.encoding = source->encoding;
    w.mtime = source->mtime;
    if (!headings_->user_pattern()) {
      w.candidates = collect_candidates(source->text, headings_->max_length());
      if (several_)
        add_file_name(&w.candidates, plan_.files[which[k]].stem(), headings_->max_length());
    }
    w.source = std::move(*source);
  });
  for (Status& s : errors)
    if (!s) return s;
  return Status::Ok();
}

// Split (and measure the script) of the files read, under the book's heading structure.
Status FileStages::split_files(const std::vector<size_t>& which) {
  std::vector<Status> errors(which.size());
  // With fewer files than threads (a book in one file), a file's bigram pairs are counted as a
  // task of their own, beside its split, and its text let go once both are done; otherwise
  // each task does one whole file, so that a long book never holds its decoded text and its
  // chapters whole at the same time.
  const bool apart = which.size() < static_cast<size_t>(jobs_);
  const bool join_wrapped = std::find(config_.clean.disable.begin(), config_.clean.disable.end(),
                                      "hard_wrap") == config_.clean.disable.end();
  parallel_for(apart ? 2 * which.size() : which.size(), jobs_, [&](size_t t) {
    size_t k = apart ? t / 2 : t;
    FileWork& w = work_[which[k]];
    if (!w.source) return;
    if (apart && t % 2 == 1) {
      count_text(which[k], w.source->text);
      return;
    }
    const SourceText& source = *w.source;
    w.chapters = headings_->user_pattern()
                     ? split_chapters(source, file_structure(source, *headings_), join_wrapped)
                     : split_chapters(source, structure_.files[which[k]], join_wrapped);
    title_sections(plan_.files[which[k]], w.chapters);
    if (!w.chapters.empty()) {
      auto& first = w.chapters.front().warnings;
      first.insert(first.begin(), source.warnings.begin(), source.warnings.end());
    }
    // The notices at the paragraphs' edges, which both the script measure and the evidence
    // leave out, found once.
    const auto notices = edge_notices_of(w.chapters);
    auto counts = measure_scripts(w.chapters, config_.convert, 1, &notices);
    if (!counts) {
      errors[k] = counts.status();
      return;
    }
    w.counts = std::move(*counts);
    w.evidence.add(w.chapters, /*beside=*/apart, &notices);
    if (!apart) count_or_leave(which[k]);
  });
  count_left();
  if (apart)
    for (size_t i : which) work_[i].source.reset();
  for (Status& s : errors)
    if (!s) return s;
  return Status::Ok();
}

Status FileStages::ingest() {
  for (size_t i = 0; i < n_; ++i)
    if (!work_[i].unit || !counted(i)) unread_.push_back(i);
  if (Status s = read_files(unread_); !s) return s;
  spdlog::info("ingest: {} file(s), {} read", n_, unread_.size());
  clock_.done("ingest");
  return Status::Ok();
}

// The book's heading scheme, from every file's heading-shaped lines; a unit split under other
// decisions is read and split again.
Status FileStages::decide_heading_scheme() {
  if (headings_->user_pattern()) return Status::Ok();
  std::vector<const FileCandidates*> all(n_);
  for (size_t i = 0; i < n_; ++i)
    all[i] = work_[i].unit ? &work_[i].unit->candidates : &work_[i].candidates;
  std::vector<std::string> stems;
  if (several_)
    for (const InputFile& f : plan_.files) stems.push_back(f.stem());
  structure_ = decide_structure(all, stems);
  result_.book.structure = {structure_.chapters, structure_.volumes, structure_.evidence};
  spdlog::debug("structure: {}", format_structure(result_.book.structure));
  std::vector<size_t> restructured;
  for (size_t i = 0; i < n_; ++i) {
    const auto& unit = work_[i].unit;
    if (unit && unit->structure != structure_.files[i].digest()) restructured.push_back(i);
  }
  if (Status s = read_files(restructured); !s) return s;
  unread_.insert(unread_.end(), restructured.begin(), restructured.end());
  return Status::Ok();
}

Status FileStages::split_read_files() {
  if (Status s = split_files(unread_); !s) return s;
  clock_.done("split");
  return Status::Ok();
}

// The script plan comes before cleaning: it decides the quote style.
Status FileStages::plan_script() {
  std::vector<const ScriptCounts*> counts;
  std::vector<const FileEvidence*> evidence;
  evidence.reserve(n_);
  for (const FileWork& w : work_) {
    evidence.push_back(w.unit ? &w.unit->evidence : &w.evidence);
    for (const ScriptCounts& c : w.unit ? w.unit->counts : w.counts) counts.push_back(&c);
  }
  evidence_ = add_up(evidence);
  result_.script = decide_script(counts, config_.convert);
  auto converter = Converter::create(config_.convert, result_.script, config_);
  if (!converter) return converter.status();
  result_.converter = std::make_shared<Converter>(std::move(*converter));
  clock_.done("script");
  quotes_ = config_.clean.quotes == "auto" ? result_.script.quotes : config_.clean.quotes;
  if (config_.style.writing_mode == "vertical" && config_.clean.quotes == "auto")
    quotes_ = "corner";
  return Status::Ok();
}

// The cleaner, taught the book-wide evidence: the bigram model, the interpuncts, the residue.
Status FileStages::make_cleaner() {
  std::string config_name = config_.toml_path.empty() ? "book.toml" : config_.toml_path.string();
  // book_header is switched off here, not by the cleaner (read_book_metadata below); hard_wrap
  // by the split, new_book_preview by the order stage.
  CleanConfig clean_config = config_.clean;
  for (const char* other : {"book_header", "hard_wrap", "new_book_preview"})
    std::erase(clean_config.disable, std::string(other));
  for (const std::string& rule : book_residue_rules()) std::erase(clean_config.disable, rule);
  auto cleaner = Cleaner::create(clean_config, config_name);
  if (!cleaner) return cleaner.status();
  cleaner_.emplace(std::move(*cleaner));
  cleaner_->decide(decide_cleaning(CleanEvidence{bigrams_, std::move(evidence_)}));
  return Status::Ok();
}

// Clean chapter by chapter the files read in this build.
void FileStages::clean() {
  probes_.resize(n_);
  for (size_t i = 0; i < n_; ++i) {
    FileWork& w = work_[i];
    if (!w.fresh) continue;
    warn_mixed_script(w.chapters, w.counts, result_.script);
    probes_[i].resize(w.chapters.size());
    for (size_t j = 0; j < w.chapters.size(); ++j) tasks_.emplace_back(i, j);
  }
  size_t chapter_count = tasks_.size();
  for (const FileWork& w : work_)
    if (w.unit) chapter_count += w.unit->chapters.size();
  bar_ = open_meter(options_.progress, "clean", chapter_count);
  bar_->advance(chapter_count - tasks_.size());
  parallel_for(tasks_.size(), jobs_, [&](size_t k) {
    bar_->advance();
    auto [i, j] = tasks_[k];
    cleaner_->clean(work_[i].chapters[j], quotes_, cache_ ? &probes_[i][j] : nullptr);
  });
}

// Convert chapter by chapter, once the bigram model is let go.
Status FileStages::convert() {
  bigrams_.reset();  // the cleaning is done: the model is let go
  cleaner_.reset();
  parallel_for(tasks_.size(), jobs_, [&](size_t k) {
    auto [i, j] = tasks_[k];
    Chapter& c = work_[i].chapters[j];
    if (options_.convert) result_.converter->convert(c);
    note_made(c);
  });
  return result_.converter->status();
}

void FileStages::finish_cleaning() {
  bar_->finish();
  clock_.done(options_.convert ? "clean and convert" : "clean");
}

// The chapters of every file in input order, with the sources, the date and what the book
// says of itself.
BookText FileStages::assemble() {
  Book& book = result_.book;
  std::vector<std::int64_t> times;
  times.reserve(n_);
  result_.sources.reserve(n_);
  std::size_t chapters = 0;
  for (size_t i = 0; i < n_; ++i) {
    FileWork& w = work_[i];
    if (w.unit) {
      w.chapters = std::move(w.unit->chapters);
      w.encoding = std::move(w.unit->encoding);
      w.mtime = options_.modified[i];
    }
    chapters += w.chapters.size();
  }
  // Made once at its size: 3000 chapters of 520 bytes, moved a dozen times by doubling, are
  // megabytes of fresh memory, which costs more than the moves on this kind of machine.
  book.chapters.reserve(book.chapters.size() + chapters);
  for (size_t i = 0; i < n_; ++i) {
    FileWork& w = work_[i];
    const bool first_line_title =
        i < structure_.files.size() && structure_.files[i].first_line_title;
    for (Chapter& c : w.chapters) {
      c.source_index = static_cast<int>(i);
      c.first_line_title = first_line_title;
      book.chapters.push_back(std::move(c));
    }
    result_.sources.emplace_back(plan_.files[i].display, w.encoding);
    times.push_back(w.mtime);
  }
  result_.modified = modified_time(times);
  book.warnings.insert(book.warnings.end(), plan_.warnings.begin(), plan_.warnings.end());
  bool take_header = std::find(config_.clean.disable.begin(), config_.clean.disable.end(),
                               "book_header") == config_.clean.disable.end();
  // An EPUB is one file to its reader, whose blurb is at its top however many sections its
  // contents cut it into.
  bool one_file = n_ == 1 || plan_.source_book;
  result_.metadata = read_book_metadata(book, plan_.default_title, one_file, take_header,
                                        repeated_heading_name(book.chapters));
  if (plan_.source_book)
    prefer_source_metadata(*plan_.source_book, plan_.default_title, &result_.metadata);
  // [clean] keep holds for the header's lines too.
  if (!config_.clean.keep.empty() && !book.chapters.empty())
    KeptLines(config_.clean.keep).restore_dropped(book.chapters.front());
  spdlog::info("clean: {} chapter(s) from {} file(s)", book.chapters.size(), n_);
  // What is left of the files' work (the units' evidence, questions and heading-shaped lines:
  // thousands of small allocations for a book of 3000 files) is freed on another thread while
  // the order stage runs, not on this one before it.
  result_.background.push_back(
      start_task([work = std::move(work_)]() mutable { std::vector<FileWork>().swap(work); }));
  return std::move(result_);
}

}  // namespace novelbind
