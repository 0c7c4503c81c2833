#include "pipeline/pipeline.h"

#include <spdlog/spdlog.h>
#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <future>
#include <iterator>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>

#include "base/file_bytes.h"
#include "base/parallel.h"
#include "base/temp_files.h"
#include "cache/file_unit.h"
#include "cache/incremental.h"
#include "clean/clean.h"
#include "cli/log_format.h"
#include "cli/progress.h"
#include "cli/report.h"
#include "cli/strictness.h"
#include "convert/convert.h"
#include "convert/opencc_converter.h"
#include "convert/script_detect.h"
#include "ingest/ingest.h"
#include "package/check.h"
#include "package/epub_writer.h"
#include "package/epubcheck.h"
#include "package/identifier.h"
#include "package/metadata_check.h"
#include "package/output_guard.h"
#include "package/package.h"
#include "render/cover_draw.h"
#include "render/front_matter.h"
#include "render/render.h"
#include "render/templates.h"
#include "structure/dedupe.h"
#include "structure/order.h"
#include "structure/split.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

// The process's peak resident memory so far (VmHWM), in MB; 0 where /proc cannot tell.
long peak_memory_mb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10) / 1024;
  return 0;
}

class StageClock {
 public:
  explicit StageClock(std::vector<StageTiming>* out) : out_(out) {}
  void done(const std::string& stage) {
    auto now = std::chrono::steady_clock::now();
    double s = std::chrono::duration<double>(now - start_).count();
    out_->push_back({stage, s});
    spdlog::debug("stage {}: {:.3f} s, peak memory {} MB", stage, s, peak_memory_mb());
    start_ = now;
  }

 private:
  std::vector<StageTiming>* out_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

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

// [style] templates; without it, the templates/ folder beside book.toml when there is one
// (what `novelbind init` writes), so that a project's copies are used without a setting.
fs::path template_folder(const Config& config) {
  if (!config.style.templates.empty()) return config.resolve(config.style.templates);
  if (config.toml_path.empty()) return {};
  std::error_code ec;
  fs::path beside = config.resolve("templates");
  return fs::is_directory(beside, ec) ? beside : fs::path();
}

}  // namespace

std::vector<Diagnostic> all_warnings(const Book& book) {
  std::vector<Diagnostic> out;
  for (const Chapter& c : book.chapters)
    out.insert(out.end(), c.warnings.begin(), c.warnings.end());
  out.insert(out.end(), book.warnings.begin(), book.warnings.end());
  return out;
}

namespace {

// One input file on its way through the per-file stages of one build.
struct FileWork {
  std::optional<FileUnit> unit;      // from the cache, for as long as it is valid
  bool fresh = false;                // read in this build, and cleaned anew
  std::optional<SourceText> source;  // read, not split yet
  FileCandidates candidates;         // its heading-shaped lines (with a unit: the unit's)
  std::string encoding;
  std::int64_t mtime = 0;
  std::vector<Chapter> chapters;
  std::vector<ScriptCounts> counts;
  InterpunctTally interpunct;
  ResidueTally residue;
};

// What a file unit's cleaning and conversion depend on besides the file and the settings.
std::string plan_signature(const ScriptPlan& plan, const std::string& quotes) {
  return plan.target + "|" + plan.language + "|" + plan.quotes + "|" + plan.source + "|" + quotes +
         (plan.repair_only ? "|auto" : "") + (plan.leftovers ? "|leftovers" : "") +
         (plan.forms ? "|" + plan.forms->signature : "");
}

}  // namespace

Result<CleanedBook> run_clean_stages(const InputPlan& plan, const Config& config,
                                     std::vector<StageTiming>* timings,
                                     const CleanStageOptions& options) {
  StageClock clock(timings);
  CleanedBook result;
  int jobs = resolve_jobs(config.build.jobs);
  const BuildCache* cache = options.convert ? options.cache : nullptr;
  const size_t n = plan.files.size();
  std::vector<FileWork> work(n);
  auto headings = HeadingRecognizer::create(config.chapters);
  if (!headings) {
    std::string where = config.toml_path.empty() ? "" : config.toml_path.string() + ": ";
    return Status::Error(where + headings.message());
  }

  // The units of the last build, and its bigram model with the files it counted: files that
  // left the book are taken out of the model (their text is kept in the cache for that), new
  // ones added. Without a usable model every file is read and counted.
  std::unique_ptr<CachePack> stored;
  std::vector<std::string> keys;  // sorted unit keys of this build
  std::set<std::string> added;    // keys the model does not count yet
  std::optional<StoredModel> model;
  std::unique_ptr<CachePack> texts;  // the decoded text of the files the model counts
  // OpenCC's data for the script measure and the duplicate fold, loaded in the background
  // while the cache is read when some file will be read anew (both are loaded once per
  // process and shared; the future waits for the loading on every return).
  std::future<void> warm;
  auto warm_up = [&] {
    warm = std::async(std::launch::async, [] {
      (void)script_detector("");
      (void)OpenccConverter::shared("t2s");
    });
  };
  if (!cache) warm_up();
  if (cache) {
    stored = std::make_unique<CachePack>(*cache, "units");
    for (size_t i = 0; i < n && !warm.valid(); ++i)
      if (!stored->records().count(options.unit_keys[i])) warm_up();
    parallel_for(n, jobs, [&](size_t i) {
      auto found = stored->records().find(options.unit_keys[i]);
      if (found != stored->records().end())
        work[i].unit = parse_unit(found->second, stored->owner());
    });
    keys = options.unit_keys;
    std::sort(keys.begin(), keys.end());
    model = options.reads ? options.reads->take_model() : load_model(*cache);

    std::vector<std::string> removed;
    if (model) {
      std::set_difference(model->keys.begin(), model->keys.end(), keys.begin(), keys.end(),
                          std::back_inserter(removed));
      if (removed.size() > n / 2) model.reset();  // counting afresh is cheaper
    }
    if (model) {
      std::set_difference(keys.begin(), keys.end(), model->keys.begin(), model->keys.end(),
                          std::inserter(added, added.end()));
    }
    // Texts are read only for files that left the book (each checked on its own, see
    // text_record); otherwise new ones are only added.
    if (!model || !removed.empty() || !added.empty()) {
      texts = options.reads ? options.reads->take_texts()
                            : std::make_unique<CachePack>(*cache, "texts", /*verify=*/false);
    }
    for (const std::string& key : removed) {
      auto record = model ? texts->records().find(key) : texts->records().end();
      std::optional<std::string_view> text;
      if (record != texts->records().end()) text = text_of_record(record->second);
      if (!text) {  // missing or damaged: count afresh
        if (record != texts->records().end()) ++cache->stats().corrupt;
        model.reset();
        break;
      }
      model->counts.add_text(*text, -1);
    }
    if (!model) added.insert(keys.begin(), keys.end());
    clock.done("cache");
  }
  // Whether the model counts file i already (never without a cache: then it counts them all).
  auto counted = [&](size_t i) { return cache && added.count(options.unit_keys[i]) == 0; };

  // ingest: the files without a valid unit are read and their heading-shaped lines listed
  const bool several = n > 1;
  auto read = [&](const std::vector<size_t>& which) -> Status {
    std::vector<Status> errors(which.size());
    parallel_for(which.size(), jobs, [&](size_t k) {
      FileWork& w = work[which[k]];
      auto source = read_source(plan.files[which[k]], static_cast<int>(which[k]), config.clean);
      if (!source) {
        errors[k] = source.status();
        return;
      }
      w.unit.reset();
      w.fresh = true;
      w.encoding = source->encoding;
      w.mtime = source->mtime;
      if (!headings->user_pattern()) {
        w.candidates = collect_candidates(source->text, headings->max_length());
        if (several)
          add_file_name(&w.candidates, plan.files[which[k]].path.stem().string(),
                        headings->max_length());
      }
      w.source = std::move(*source);
    });
    for (Status& s : errors)
      if (!s) return s;
    return Status::Ok();
  };
  // split (and measure the script) of the files read, under the book's heading structure
  BookStructure structure;
  auto bigrams = std::make_shared<BigramCounts>();
  if (model) *bigrams = std::move(model->counts);
  std::mutex bigrams_mutex;
  auto split = [&](const std::vector<size_t>& which) -> Status {
    std::vector<Status> errors(which.size());
    parallel_for(which.size(), jobs, [&](size_t k) {
      FileWork& w = work[which[k]];
      if (!w.source) return;
      const SourceText& source = *w.source;
      w.chapters = headings->user_pattern()
                       ? split_chapters(source, file_structure(source, *headings))
                       : split_chapters(source, structure.files[which[k]]);
      if (!w.chapters.empty()) {
        auto& first = w.chapters.front().warnings;
        first.insert(first.begin(), source.warnings.begin(), source.warnings.end());
      }
      // The model needs the text again when the file leaves the book.
      if (cache && !counted(which[k]))
        texts->add(options.unit_keys[which[k]], text_record(source.text));
      auto counts = measure_scripts(w.chapters, config.convert, 1);
      if (!counts) {
        errors[k] = counts.status();
        return;
      }
      w.counts = std::move(*counts);
      w.interpunct.add(w.chapters);
      w.residue.add(w.chapters);
      // The model's pairs, and the text let go at once: a long book never holds its decoded
      // text and its chapters whole at the same time.
      if (!counted(which[k])) {
        std::lock_guard<std::mutex> lock(bigrams_mutex);
        bigrams->add_text(source.text, 1);
      }
      w.source.reset();
    });
    for (Status& s : errors)
      if (!s) return s;
    return Status::Ok();
  };
  std::vector<size_t> unread;
  for (size_t i = 0; i < n; ++i)
    if (!work[i].unit || !counted(i)) unread.push_back(i);
  if (Status s = read(unread); !s) return s;
  spdlog::info("ingest: {} file(s), {} read", n, unread.size());
  clock.done("ingest");

  // structure: the book's heading scheme, from every file's heading-shaped lines; a unit split
  // under other decisions is read and split again
  if (!headings->user_pattern()) {
    std::vector<const FileCandidates*> all(n);
    for (size_t i = 0; i < n; ++i)
      all[i] = work[i].unit ? &work[i].unit->candidates : &work[i].candidates;
    std::vector<std::string> stems;
    if (several)
      for (const InputFile& f : plan.files) stems.push_back(f.path.stem().string());
    structure = infer_structure(all, stems);
    result.book.structure = {structure.chapters, structure.volumes, structure.evidence};
    spdlog::debug("structure: {}", format_structure(result.book.structure));
    std::vector<size_t> restructured;
    for (size_t i = 0; i < n; ++i) {
      const auto& unit = work[i].unit;
      if (unit && unit->structure != structure.files[i].digest()) restructured.push_back(i);
    }
    if (Status s = read(restructured); !s) return s;
    unread.insert(unread.end(), restructured.begin(), restructured.end());
  }
  if (Status s = split(unread); !s) return s;
  clock.done("split");

  InterpunctTally interpunct;
  ResidueTally residue;
  std::vector<ScriptCounts> counts;
  for (const FileWork& w : work) {
    interpunct += w.unit ? w.unit->interpunct : w.interpunct;
    residue += w.unit ? w.unit->residue : w.residue;
    const auto& c = w.unit ? w.unit->counts : w.counts;
    counts.insert(counts.end(), c.begin(), c.end());
  }

  // the script plan comes before cleaning: it decides the quote style
  result.script = decide_script(counts, config.convert);
  auto converter = Converter::create(config.convert, result.script, config);
  if (!converter) return converter.status();
  result.converter = std::make_shared<Converter>(std::move(*converter));
  clock.done("script");
  std::string quotes = config.clean.quotes == "auto" ? result.script.quotes : config.clean.quotes;
  if (config.style.writing_mode == "vertical" && config.clean.quotes == "auto") quotes = "corner";
  std::string config_name = config.toml_path.empty() ? "book.toml" : config.toml_path.string();
  // book_header is switched off here, not by the cleaner (read_book_metadata below).
  CleanConfig clean_config = config.clean;
  std::erase(clean_config.disable, std::string("book_header"));
  auto cleaner = Cleaner::create(clean_config, config_name);
  if (!cleaner) return cleaner.status();
  cleaner->learn(bigrams, interpunct, residue);

  // A unit made under another plan, or whose cleaning the book's evidence now answers
  // differently, is made again.
  std::string signature = plan_signature(result.script, quotes);
  std::vector<size_t> stale;
  for (size_t i = 0; i < n; ++i) {
    const auto& unit = work[i].unit;
    if (unit && (unit->plan != signature || cleaner->answers(unit->probes) != unit->answers))
      stale.push_back(i);
  }
  if (Status s = read(stale); !s) return s;
  if (Status s = split(stale); !s) return s;
  if (cache) {
    size_t reused = 0;
    for (const FileWork& w : work) reused += w.unit.has_value();
    result.files_reused = static_cast<int>(reused);
    cache->stats().hits += static_cast<int>(reused);
    cache->stats().misses += static_cast<int>(n - reused);
    spdlog::info("cache: {} of {} file(s) reused as cleaned{}", reused, n,
                 options.convert ? " and converted" : "");
  }

  // clean (and convert) chapter by chapter, then keep each file's unit
  std::vector<std::pair<size_t, size_t>> tasks;  // (file, chapter)
  std::vector<std::vector<CleanProbes>> probes(n);
  for (size_t i = 0; i < n; ++i) {
    FileWork& w = work[i];
    if (!w.fresh) continue;
    warn_mixed_script(w.chapters, w.counts, result.script);
    probes[i].resize(w.chapters.size());
    for (size_t j = 0; j < w.chapters.size(); ++j) tasks.emplace_back(i, j);
  }
  size_t chapter_count = tasks.size();
  for (const FileWork& w : work)
    if (w.unit) chapter_count += w.unit->chapters.size();
  Progress bar("clean", chapter_count, stderr,
               options.progress && Progress::wanted(chapter_count, true, false, false));
  bar.advance(chapter_count - tasks.size());
  parallel_for(tasks.size(), jobs, [&](size_t k) {
    bar.advance();
    auto [i, j] = tasks[k];
    cleaner->clean(work[i].chapters[j], quotes, cache ? &probes[i][j] : nullptr);
  });
  // What each new file's cleaning asked of the book's evidence, and the answers, while the
  // evidence is at hand; then the bigram model is stored and let go before converting.
  std::vector<CleanProbes> file_probes(n);
  std::vector<std::string> answers(n);
  if (cache) {
    for (size_t i = 0; i < n; ++i) {
      if (!work[i].fresh) continue;
      CleanProbes& merged = file_probes[i];
      for (const CleanProbes& p : probes[i]) {
        auto& lines = merged.reversed_lines;
        lines.insert(lines.end(), p.reversed_lines.begin(), p.reversed_lines.end());
        auto& pairs = merged.interpunct_pairs;
        pairs.insert(pairs.end(), p.interpunct_pairs.begin(), p.interpunct_pairs.end());
        merged.interpunct_lost |= p.interpunct_lost;
        auto& keys = merged.residue_lines;
        keys.insert(keys.end(), p.residue_lines.begin(), p.residue_lines.end());
      }
      answers[i] = cleaner->answers(merged);
    }
  }
  probes.clear();
  if (texts) {  // written while the build goes on; the model is let go once it is stored
    result.cache_writes.push_back(
        std::async(std::launch::async, [cache, texts = std::move(texts), keys = std::move(keys),
                                        added, bigrams = std::move(bigrams)] {
          for (const std::string& key : keys)
            if (!added.count(key)) texts->keep(key);
          texts->commit();
          store_model(*cache, keys, *bigrams);
        }));
  }
  bigrams.reset();
  cleaner->learn(std::make_shared<BigramCounts>(), interpunct, residue);

  parallel_for(tasks.size(), jobs, [&](size_t k) {
    auto [i, j] = tasks[k];
    Chapter& c = work[i].chapters[j];
    if (options.convert) result.converter->convert(c);
    if (cache) {
      thread_local TextFolder folder;
      c.prints = chapter_prints(c, folder);
      c.content_key = paragraphs_key(c.paragraphs);
    }
  });
  // This build's units: the new ones written as they are made.
  if (cache) {
    parallel_for(n, jobs, [&](size_t i) {
      FileWork& w = work[i];
      if (!w.fresh) return;
      FileUnit unit{w.encoding,
                    std::move(w.chapters),
                    std::move(w.counts),
                    w.interpunct,
                    w.residue,
                    std::move(file_probes[i]),
                    std::move(answers[i]),
                    signature,
                    std::move(w.candidates),
                    headings->user_pattern() ? "" : structure.files[i].digest()};
      stored->add(options.unit_keys[i], serialize_unit(unit));
      w.chapters = std::move(unit.chapters);
    });
    for (size_t i = 0; i < n; ++i)
      if (!work[i].fresh) stored->keep(options.unit_keys[i]);
    result.cache_writes.push_back(
        std::async(std::launch::async, [stored = std::move(stored)] { stored->commit(); }));
  }
  bar.finish();
  clock.done(options.convert ? "clean and convert" : "clean");

  Book& book = result.book;
  std::vector<std::int64_t> times;
  for (size_t i = 0; i < n; ++i) {
    FileWork& w = work[i];
    if (w.unit) {
      w.chapters = std::move(w.unit->chapters);
      w.encoding = std::move(w.unit->encoding);
      w.mtime = options.modified[i];
    }
    for (Chapter& c : w.chapters) {
      c.source_index = static_cast<int>(i);
      book.chapters.push_back(std::move(c));
    }
    result.sources.emplace_back(plan.files[i].display, w.encoding);
    times.push_back(w.mtime);
  }
  result.modified = modified_time(times);
  bool take_header = std::find(config.clean.disable.begin(), config.clean.disable.end(),
                               "book_header") == config.clean.disable.end();
  result.metadata = read_book_metadata(book, plan.default_title, n == 1, take_header);
  spdlog::info("clean: {} chapter(s) from {} file(s)", book.chapters.size(), n);
  return result;
}

namespace {

// --check and --epubcheck on the written book; a failing book is removed.
// `fresh`: the book was written by this build (a book reused from the cache passed the check
// when it was written, and its checksum vouches that it is the same).
// `checked`: the entries of the book the cache held before this build (which passed this
// check when it was written), so that only the documents that changed are read again.
Status verify_output(const BuildRequest& request, BuildResult* result, bool fresh,
                     const CheckedEntries* checked = nullptr) {
  StageClock clock(&result->timings);
  std::error_code ec;
  // Always: a book that fails novelbind's own check is never left behind with exit 0.
  std::vector<std::string> problems;
  if (fresh || request.check) problems = check_epub(result->output, {}, checked);
  if (!problems.empty()) {
    fs::remove(result->output, ec);
    return Status::Error(result->output.string() + ": the built book fails the structural check: " +
                         problems.front() + "; the book was not written (please report this)");
  }
  clock.done("check");
  if (request.epubcheck) {
    if (Status s = run_epubcheck(result->output); !s) {
      fs::remove(result->output, ec);
      return s;
    }
    clock.done("epubcheck");
  }
  return Status::Ok();
}

// The entries of the book an earlier build left in the cache (one that passed the check, or
// it would not have been kept), before it is pruned; empty when there is none.
CheckedEntries previous_book_entries(const BuildCache& cache, const std::string& book_key) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(cache.dir() / "book", ec)) {
    std::string name = entry.path().filename().string();
    if (name.rfind(book_key, 0) == 0 || name.size() < 5 ||
        name.compare(name.size() - 5, 5, ".epub") != 0 ||
        !fs::exists(entry.path().string() + ".sum", ec))
      continue;
    return checked_entries(entry.path());
  }
  return {};
}

void record_cache_stats(const BuildCache& cache, BuildResult* result) {
  result->cache.hits = cache.stats().hits;
  result->cache.misses = cache.stats().misses;
  result->cache.corrupt = cache.stats().corrupt;
  if (result->cache.corrupt > 0) {
    spdlog::warn("{}: {} damaged cache entr(ies) ignored and rebuilt", cache.dir().string(),
                 result->cache.corrupt);
  }
}

// Nothing changed since a build whose book and report the cache holds: reuse them. Returns
// whether it did; the findings are printed and --strict applied exactly as for a new build.
Result<bool> reuse_book(const BuildCache& cache, const std::string& key,
                        const BuildRequest& request, BuildResult* result) {
  StageClock clock(&result->timings);
  auto findings = cache.map("book", key + ".findings");
  auto epub = findings ? cache.get_file("book", key + ".epub") : std::nullopt;
  if (!epub) return false;
  if (!read_findings(findings->payload(), result)) return false;  // damaged: build anew
  result->cache.book_reused = true;
  spdlog::info("cache: nothing changed since the last build; reusing its book");
  if (request.on_findings) request.on_findings(result->book);
  if (std::string failure = strict_failure(result->book, request.config.build); !failure.empty())
    return Status::Error(failure);
  if (Status s = copy_file_atomically(*epub, result->output); !s) return s;
  clock.done("reuse");
  if (Status s = verify_output(request, result, /*fresh=*/false); !s) return s;
  record_cache_stats(cache, result);
  return true;
}

}  // namespace

Result<BuildResult> run_build(const BuildRequest& request) {
  const Config& config = request.config;
  BuildResult result;
  StageClock start(&result.timings);
  auto plan = plan_input(request.input, config);
  if (!plan) return plan.status();
  result.output = request.output.empty() ? plan->default_output : request.output;
  if (Status s = check_output_path(result.output); !s) return s;
  if (Status s = check_output_spares_inputs(result.output, *plan, config); !s) return s;

  std::shared_ptr<BuildCache> cache;
  std::optional<CacheReads> reads;
  std::future<void> pruning, freeing;
  std::string book_key;
  CheckedEntries checked;
  CleanStageOptions stages;
  stages.convert = true;
  stages.progress = request.progress;
  if (!request.cache.empty()) {
    auto opened = BuildCache::open(request.cache);
    if (!opened) return opened.status();
    cache = *opened;
    result.cache.enabled = true;
    auto keys = build_cache_keys(*plan, config, NOVELBIND_VERSION, cache.get());
    if (!keys) return keys.status();
    book_key = keys->book;
    start.done("plan and hash inputs");
    auto reused = reuse_book(*cache, book_key, request, &result);
    if (!reused) return reused.status();
    if (*reused) return result;
    reads.emplace(*cache);  // what the stages will read, read meanwhile
    checked = previous_book_entries(*cache, book_key);
    // Only the latest book is kept (an author's CI would otherwise keep every day's); the
    // older one goes now, on another thread, since freeing a large file takes a while.
    pruning = std::async(std::launch::async, [dir = cache->dir() / "book", book_key] {
      std::error_code ec;
      for (const auto& entry : fs::directory_iterator(dir, ec)) {
        std::string name = entry.path().filename().string();
        if (name.rfind(book_key, 0) != 0) fs::remove(entry.path(), ec);
      }
    });
    stages.reads = &*reads;
    stages.cache = cache.get();
    stages.unit_keys = std::move(keys->units);
    stages.modified = std::move(keys->modified);
  }

  auto cleaned = run_clean_stages(*plan, config, &result.timings, stages);
  if (!cleaned) return cleaned.status();
  result.sources = std::move(cleaned->sources);
  if (cache) {
    result.cache.files_reused = cleaned->files_reused;
    result.cache.files_rebuilt = static_cast<int>(plan->files.size()) - cleaned->files_reused;
  }
  StageClock clock(&result.timings);
  int jobs = resolve_jobs(config.build.jobs);
  const ScriptPlan& script = cleaned->script;
  Book& book = result.book;
  book = std::move(cleaned->book);

  const Converter* converter = cleaned->converter.get();
  log_script_repairs(book.chapters, script);

  if (book.chapters.empty()) {
    return Status::Error(request.input.string() +
                         ": no chapter text in the input (the files are empty or blank); add "
                         "text to the chapter files");
  }

  // order
  std::map<std::string, int> starts = chapter_start_lines(book);
  order_chapters(book, config.chapters);
  locate_warnings(book, starts);
  spdlog::info("order: {} chapter(s) in reading order", book.chapters.size());
  clock.done("order");

  // metadata
  book.meta = config.book;
  // Flags and book.toml win over what the book says of itself.
  const BookMetadata& found = cleaned->metadata;
  for (const MetadataDecision& d : found.log) {
    bool overridden = (d.field == "title" && !book.meta.title.empty()) ||
                      (d.field == "author" && !book.meta.author.empty()) ||
                      (d.field == "description" && !book.meta.description.empty());
    spdlog::info("metadata: {}{}", d.message, overridden ? " (overridden by the settings)" : "");
  }
  if (book.meta.title.empty()) book.meta.title = without_control_characters(found.title);
  if (book.meta.title.empty()) book.meta.title = without_control_characters(plan->default_title);
  if (book.meta.author.empty()) book.meta.author = without_control_characters(found.author);
  if (book.meta.description.empty()) book.meta.description = found.description;
  book.meta.title = converter->convert_text(book.meta.title);
  book.meta.author = converter->convert_text(book.meta.author);
  book.meta.description = converter->convert_text(book.meta.description);
  book.meta.series = converter->convert_text(book.meta.series);
  for (std::string& subject : book.meta.subjects) subject = converter->convert_text(subject);
  if (!config.language_set) book.meta.language = script.language;
  if (book.meta.identifier.empty())
    book.meta.identifier = derive_identifier(book.meta.title, book.meta.author);
  book.meta.modified = cleaned->modified;
  result.script_target = script.target;

  // render
  auto templates = Templates::load(template_folder(config));
  if (!templates) return templates.status();
  auto options = load_render_options(config, jobs);
  if (!options) return options.status();
  if (!options->cover) {  // drawn with the title and author, or taken from the cache
    auto drawn = drawn_cover(book.meta, cache.get());
    if (!drawn) return drawn.status();
    options->cover = std::move(*drawn);
  }
  // Each chapter is rendered and deflated in one step (or taken from the cache), and its text
  // let go: a long book never holds its text, its XHTML and its compressed form at once.
  PageCache pages(cache.get(), chapter_page_context(book, *templates, *options),
                  reads ? reads->take_pages() : nullptr);
  options->pages = &pages;
  options->release_text = true;
  options->contents_page_later = true;
  // New chapters of ordinary length are rendered and deflated on other threads while the
  // archive is written, each as soon as its turn comes (RenderOptions::chapters_later).
  options->chapters_later = true;
  options->progress = request.progress;
  auto rendered = render_book(book, *templates, *options);
  if (!rendered) return rendered.status();
  std::shared_ptr<ChapterStream> chapters_made = std::move(rendered->stream);
  clock.done("render and compress chapters");

  // Everything the user should hear about is known now, before anything is written.
  if (request.on_findings) request.on_findings(book);
  if (std::string failure = strict_failure(book, config.build); !failure.empty())
    return Status::Error(failure);

  // package: documents are deflated on every core (or taken from the cache), then copied
  DocumentDeflater deflater(cache.get(), reads ? reads->take_deflate() : nullptr);
  auto deflate_front = [&](RenderedBook& book_documents) {
    return deflate_documents(book_documents, deflater, jobs);
  };
  if (Status s = deflate_front(*rendered); !s) return s;
  clock.done("compress");
  // The book being replaced is given a second name in the cache first, so that replacing it
  // does not free its blocks on this thread (18 MB take milliseconds); that name goes on
  // another thread afterwards. (A name left by a build that stopped is pruned by the next.)
  std::error_code ec;
  fs::path replaced;
  if (cache && fs::is_regular_file(result.output, ec)) {
    replaced = cache->dir() / "book" / temp_name("replaced", false);
    fs::create_directories(replaced.parent_path(), ec);
    fs::create_hard_link(result.output, replaced, ec);
    if (ec) replaced.clear();
  }
  std::string checksum;  // of the written book, for the cache
  // The contents page, package document, nav and NCX are made (and deflated) on other threads
  // while the chapters are written: they are the archive's last entries.
  auto write_book = [&](RenderedBook documents) {
    BookWideOptions book_wide;
    book_wide.contents_page = [&](const std::vector<TocEntry>& toc) -> Result<std::string> {
      auto page = render_contents_page(book, *templates, *options, toc);
      if (!page) return page.status();
      return std::move(page->content);
    };
    book_wide.deflate = [&](std::string_view data) { return deflater.deflate(data); };
    Package package = package_book(book, std::move(documents), config, std::move(book_wide));
    Status s = write_zip(result.output, package.entries, book.meta.modified, &checksum);
    if (package.making.valid()) package.making.wait();
    return s;
  };
  Status written = write_book(std::move(*rendered));
  if (chapters_made) {
    // A chapter rendered meanwhile failed (its error is the build's), or came out in several
    // documents where one was listed (a template whose output is far larger than its text):
    // the book is then put together from the parts made and written again.
    Status made = chapters_made->wait();
    if (!made && made.message() == ChapterStream::kMispredicted) {
      auto again = chapters_made->reassemble();
      if (!again) return again.status();
      if (Status s = deflate_front(*again); !s) return s;
      written = write_book(std::move(*again));
      if (!written) fs::remove(result.output, ec);  // not the book as first written either
    } else if (!made) {
      written = made;
    }
  }
  if (cache) pages.store(*cache);
  deflater.commit();
  if (!replaced.empty()) {
    freeing = std::async(std::launch::async, [replaced] {
      std::error_code ignored;
      fs::remove(replaced, ignored);
    });
  }
  if (!written) return written;
  clock.done("package");
  // The book is copied into the cache while it is checked; a book that fails is taken out.
  std::future<void> caching;
  if (cache) {
    caching = std::async(std::launch::async, [&] {
      cache->put_file("book", book_key + ".epub", result.output, checksum);
    });
  }
  Status verified = verify_output(request, &result, /*fresh=*/true, &checked);
  if (caching.valid()) caching.wait();
  if (!verified) {
    if (cache) cache->erase_file("book", book_key + ".epub");
    return verified;
  }
  if (cache) {
    clock.done("cache the book");
    cache->put("book", book_key + ".findings", findings_record(result));
    clock.done("cache the findings");
    record_cache_stats(*cache, &result);
  }
  return result;
}

}  // namespace novelbind
