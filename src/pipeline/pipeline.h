// The build pipeline: ingest -> split -> clean -> convert -> order -> render -> package ->
// check, each stage a function over the Book, run in this fixed, logged order.
#pragma once

#include <filesystem>
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "base/background_task.h"
#include "base/progress_meter.h"
#include "base/status.h"
#include "book.h"
#include "cache/build_cache.h"
#include "config/config.h"
#include "convert/convert.h"
#include "ingest/book_header.h"
#include "ingest/book_metadata.h"
#include "ingest/ingest.h"
#include "pipeline/stage_clock.h"

namespace novelbind {

struct BuildRequest {
  std::filesystem::path input;   // folder, .txt or book.toml
  std::filesystem::path output;  // empty = next to the input
  Config config;                 // book.toml with command-line overrides applied
  bool check = false;            // run the structural check on the result
  bool epubcheck = false;        // run EPUBCheck on the result (needs Java)
  std::filesystem::path cache;   // the build cache folder; empty = none
  // Called once every warning and repair is known, before --strict may fail the build and
  // before anything is written: the place to print them.
  std::function<void(const Book&)> on_findings;
  // Called for a warning known only once the book is written (the drawn cover's characters
  // without a glyph: the cover is drawn beside the chapters); it is in the result's warnings too.
  std::function<void(const Diagnostic&)> on_late_warning;
  // Shows how far cleaning and rendering have come (the command line: a bar on stderr for
  // long books); empty shows nothing.
  ProgressMeters progress;
};

struct BuildResult {
  Book book;
  std::filesystem::path output;
  std::vector<StageTiming> timings;
  std::string script_target;  // the script the book was written in ("" = kept as found)
  // (path, encoding it was decoded from) of every input file, in input order.
  std::vector<std::pair<std::string, std::string>> sources;

  struct CacheSummary {
    bool enabled = false;
    bool book_reused = false;  // nothing changed: the previous EPUB was reused whole
    int hits = 0, misses = 0, corrupt = 0;
    // Input files whose cleaned and converted chapters came from the cache, and the others.
    int files_reused = 0, files_rebuilt = 0;
  } cache;
};

// The book's text as the text stages make it of the input (run_file_stages, then
// run_text_stages): chapters split, cleaned and converted, in input order after the per-file
// stages and in reading order after the order stage; no metadata yet.
struct BookText {
  Book book;
  std::vector<std::pair<std::string, std::string>> sources;  // (path, encoding) of each file
  ScriptPlan script;                     // decided before cleaning, because it sets the quote style
  std::shared_ptr<Converter> converter;  // for `script`; made early to fail early
  std::int64_t modified = 0;             // dcterms:modified: SOURCE_DATE_EPOCH or the newest input
  int files_reused = 0;                  // files whose unit came from the cache
  // Title, author and blurb from a one-file book's header (removed from `book`) or the input's
  // name, for the settings to override.
  BookMetadata metadata;
  // What this stage leaves running on other threads: the cache entries it made (model, texts,
  // units) being written, the memory of its work being freed. Waiting for them (or destroying
  // them) finishes it.
  std::vector<Task<void>> background;
  // With a cache: lets go of the memory that the chapters' texts read from it take (they are
  // read from the cache again if read again), for a pass that read them to call when done.
  std::function<void()> release_stored_text;
};

// How far run_file_stages goes, and with which cache.
class CacheReads;  // incremental.h

struct FileStageOptions {
  bool convert = false;  // also convert every chapter to the planned script
  // With `convert`: every file's chapters are kept in `cache` (see file_unit.h) under its key
  // in `unit_keys` (parallel to the plan's files), and a file whose unit is found there, and
  // is still valid under this build's book-wide evidence, is not read, cleaned nor converted.
  const BuildCache* cache = nullptr;
  std::vector<std::string> unit_keys;
  std::vector<std::int64_t> modified;  // with the keys: each file's time, seconds
  ProgressMeters progress;             // counts the chapters cleaned
  CacheReads* reads = nullptr;         // with `cache`: its model and texts, being read already
};

// The per-file stages over every input file: ingest -> structure (the book's heading scheme) ->
// split -> script plan -> clean (-> convert). Appends to `timings`. run_text_stages runs them.
Result<BookText> run_file_stages(const InputPlan& plan, const Config& config,
                                 std::vector<StageTiming>* timings,
                                 const FileStageOptions& options = {});

// The book-wide order stage over the book of the per-file stages: reading order, duplicates
// and page merges (order.h), then the residue that lives in the book's structure
// (book_residue.h), judged with the title and author the settings or the book give, and the
// author's notes. `found` gains the author a breadcrumb names when the book named none.
void order_book(Book& book, const Config& config, BookMetadata& found);

// The text stages in their one order, which `build` and `clean` both run, so that
// `novelbind clean` shows exactly the repairs a build makes: the per-file stages
// (run_file_stages), then the order stage (order_book), with the warnings and findings placed
// at their input files' lines. Appends to `timings`. A book without chapter text comes back
// empty, unordered: the caller says what is missing.
Result<BookText> run_text_stages(const InputPlan& plan, const Config& config,
                                 std::vector<StageTiming>* timings,
                                 const FileStageOptions& options = {});

// Builds the EPUB. On failure nothing is left at the output path.
Result<BuildResult> run_build(const BuildRequest& request);

// Every warning of the book (decoding, chapters, book-wide) in reading order.
std::vector<Diagnostic> all_warnings(const Book& book);

}  // namespace novelbind
