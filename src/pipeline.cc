#include "pipeline.h"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "check.h"
#include "clean.h"
#include "convert.h"
#include "epub_writer.h"
#include "epubcheck.h"
#include "file_bytes.h"
#include "identifier.h"
#include "incremental.h"
#include "ingest.h"
#include "order.h"
#include "package.h"
#include "parallel.h"
#include "render.h"
#include "report.h"
#include "split.h"
#include "strictness.h"
#include "templates.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

class StageClock {
 public:
  explicit StageClock(std::vector<StageTiming>* out) : out_(out) {}
  void done(const std::string& stage) {
    auto now = std::chrono::steady_clock::now();
    double s = std::chrono::duration<double>(now - start_).count();
    out_->push_back({stage, s});
    spdlog::debug("stage {}: {:.3f} s", stage, s);
    start_ = now;
  }

 private:
  std::vector<StageTiming>* out_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

std::int64_t modified_time(const std::vector<SourceText>& sources) {
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    char* end = nullptr;
    long long v = std::strtoll(epoch, &end, 10);
    if (end && *end == '\0' && end != epoch && v >= 0) return v;
    spdlog::warn("SOURCE_DATE_EPOCH='{}' is not a number of seconds; using the newest input time",
                 epoch);
  }
  std::int64_t newest = 0;
  for (const SourceText& s : sources) newest = std::max(newest, s.mtime);
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

Result<CleanedBook> run_clean_stages(const InputPlan& plan, const Config& config,
                                     std::vector<StageTiming>* timings) {
  StageClock clock(timings);
  int jobs = resolve_jobs(config.build.jobs);
  CleanedBook result;

  // ingest
  std::vector<Result<SourceText>> read(plan.files.size(), Status::Error(""));
  parallel_for(plan.files.size(), jobs, [&](size_t i) {
    read[i] = read_source(plan.files[i], static_cast<int>(i), config.clean);
  });
  std::vector<SourceText> sources;
  for (auto& r : read) {
    if (!r) return r.status();
    sources.push_back(std::move(r.value()));
    result.sources.emplace_back(sources.back().path, sources.back().encoding);
  }
  spdlog::info("ingest: {} file(s)", sources.size());
  result.modified = modified_time(sources);
  clock.done("ingest");

  // split
  auto headings = HeadingRecognizer::create(config.chapters);
  if (!headings) {
    std::string where = config.toml_path.empty() ? "" : config.toml_path.string() + ": ";
    return Status::Error(where + headings.message());
  }
  std::vector<std::vector<Chapter>> per_file(sources.size());
  parallel_for(sources.size(), jobs, [&](size_t i) {
    per_file[i] = split_chapters(sources[i], *headings);
    if (!per_file[i].empty()) {
      auto& w = per_file[i].front().warnings;
      w.insert(w.begin(), sources[i].warnings.begin(), sources[i].warnings.end());
    }
  });
  Book& book = result.book;
  for (auto& chapters : per_file)
    for (auto& c : chapters) book.chapters.push_back(std::move(c));
  per_file.clear();
  // The chapters hold the text now; only the files' times are needed later.
  for (SourceText& s : sources) std::string().swap(s.text);
  spdlog::info("split: {} chapter(s)", book.chapters.size());
  clock.done("split");

  // clean (the script plan comes first: it decides the quote style)
  auto planned = plan_script(book.chapters, config.convert, jobs);
  if (!planned) return planned.status();
  result.script = *planned;
  // Created before cleaning so that a bad user dictionary fails the build early.
  auto converter = Converter::create(config.convert, result.script, config);
  if (!converter) return converter.status();
  result.converter = std::make_shared<Converter>(std::move(*converter));
  clock.done("script");
  std::string quotes = config.clean.quotes == "auto" ? result.script.quotes : config.clean.quotes;
  if (config.style.writing_mode == "vertical" && config.clean.quotes == "auto") quotes = "corner";
  std::string config_name = config.toml_path.empty() ? "book.toml" : config.toml_path.string();
  auto cleaner = Cleaner::create(config.clean, config_name);
  if (!cleaner) return cleaner.status();
  cleaner->learn(book.chapters);
  parallel_for(book.chapters.size(), jobs,
               [&](size_t i) { cleaner->clean(book.chapters[i], quotes); });
  clock.done("clean");
  return result;
}

namespace {

// --check and --epubcheck on the written book; a failing book is removed.
Status verify_output(const BuildRequest& request, BuildResult* result) {
  StageClock clock(&result->timings);
  std::error_code ec;
  if (request.check) {
    std::vector<std::string> problems = check_epub(result->output);
    if (!problems.empty()) {
      fs::remove(result->output, ec);
      return Status::Error(result->output.string() +
                           ": the built book fails the structural check: " + problems.front());
    }
    clock.done("check");
  }
  if (request.epubcheck) {
    if (Status s = run_epubcheck(result->output); !s) {
      fs::remove(result->output, ec);
      return s;
    }
    clock.done("epubcheck");
  }
  return Status::Ok();
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
  auto epub = cache.get_file("book", key + ".epub");
  auto report = epub ? cache.get("book", key + ".json") : std::nullopt;
  if (!report) return false;
  auto book = book_from_report(*report);
  if (!book) return false;  // an older or damaged report: build anew
  result->book = std::move(*book);
  result->reused_report = std::move(*report);
  result->cache.book_reused = true;
  spdlog::info("cache: nothing changed since the last build; reusing its book");
  if (request.on_findings) request.on_findings(result->book);
  if (std::string failure = strict_failure(result->book, request.config.build); !failure.empty())
    return Status::Error(failure);
  if (Status s = copy_file_atomically(*epub, result->output); !s) return s;
  clock.done("reuse");
  if (Status s = verify_output(request, result); !s) return s;
  record_cache_stats(cache, result);
  return true;
}

}  // namespace

Result<BuildResult> run_build(const BuildRequest& request) {
  const Config& config = request.config;
  BuildResult result;
  auto plan = plan_input(request.input, config);
  if (!plan) return plan.status();
  result.output = request.output.empty() ? plan->default_output : request.output;
  if (Status s = check_output_path(result.output); !s) return s;

  std::shared_ptr<BuildCache> cache;
  std::string book_key;
  if (!request.cache.empty()) {
    auto opened = BuildCache::open(request.cache);
    if (!opened) return opened.status();
    cache = *opened;
    result.cache.enabled = true;
    auto key = book_cache_key(*plan, config);
    if (!key) return key.status();
    book_key = *key;
    auto reused = reuse_book(*cache, book_key, request, &result);
    if (!reused) return reused.status();
    if (*reused) return result;
  }

  auto cleaned = run_clean_stages(*plan, config, &result.timings);
  if (!cleaned) return cleaned.status();
  result.sources = std::move(cleaned->sources);
  StageClock clock(&result.timings);
  int jobs = resolve_jobs(config.build.jobs);
  const ScriptPlan& script = cleaned->script;
  Book& book = result.book;
  book = std::move(cleaned->book);

  // convert
  const Converter* converter = cleaned->converter.get();
  parallel_for(book.chapters.size(), jobs, [&](size_t i) { converter->convert(book.chapters[i]); });
  clock.done("convert");

  // order
  order_chapters(book, config.chapters);
  spdlog::info("order: {} chapter(s) in reading order", book.chapters.size());
  clock.done("order");

  // metadata
  book.meta = config.book;
  if (book.meta.title.empty()) book.meta.title = plan->default_title;
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
  auto rendered = render_book(book, *templates, *options);
  if (!rendered) return rendered.status();
  clock.done("render");

  // Everything the user should hear about is known now, before anything is written.
  if (request.on_findings) request.on_findings(book);
  if (std::string failure = strict_failure(book, config.build); !failure.empty())
    return Status::Error(failure);

  // package: documents are deflated on every core (or taken from the cache), then copied
  if (Status s = deflate_documents(*rendered, cache.get(), jobs); !s) return s;
  clock.done("compress");
  if (Status s = write_epub(result.output, book, std::move(*rendered), config); !s) return s;
  clock.done("package");
  if (Status s = verify_output(request, &result); !s) return s;
  if (cache) {
    cache->put_file("book", book_key + ".epub", result.output);
    cache->put("book", book_key + ".json", report_json(result));
    record_cache_stats(*cache, &result);
  }
  return result;
}

}  // namespace novelbind
