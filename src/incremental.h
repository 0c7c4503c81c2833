// Incremental builds: what the build cache (--cache DIR) keeps between builds.
//  - The whole book, keyed by everything that makes it: when nothing changed the previous
//    EPUB and its report are reused as they are.
//  - Every document's deflated form, keyed by its content and kept together in one entry:
//    chapters that did not change are not compressed again; new ones are compressed on all
//    cores.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "build_cache.h"
#include "config.h"
#include "ingest.h"
#include "render.h"
#include "rule_reversed_lines.h"
#include "status.h"

namespace novelbind {

// The key of the whole book: novelbind's version, every output-affecting option, the bytes
// of every file the options name (cover, phrases, stylesheet, templates), and each input
// file's name, time and bytes (and SOURCE_DATE_EPOCH). A file that cannot be read is an error
// naming it.
Result<std::string> book_cache_key(const InputPlan& plan, const Config& config,
                                   std::string_view version = NOVELBIND_VERSION);

struct BuildKeys {
  std::string book;                // book_cache_key
  std::vector<std::string> units;  // per input file: the settings, its name and its bytes
};
Result<BuildKeys> build_cache_keys(const InputPlan& plan, const Config& config,
                                   std::string_view version = NOVELBIND_VERSION);

// The file units of the last build (see file_unit.h), as one cache entry: `data` holds the
// bytes that `units` points into, by unit key.
struct StoredUnits {
  std::shared_ptr<const MappedEntry> entry;  // mapped, not read: units stay packed in it
  std::unordered_map<std::string, std::string_view> units;
};
StoredUnits load_units(const BuildCache& cache);

// Writes this build's units as they are made (never all held at once); commit() replaces the
// stored ones. Thread-safe.
class UnitsWriter {
 public:
  explicit UnitsWriter(const BuildCache& cache);
  void add(const std::string& key, std::string_view unit);
  void commit();

 private:
  std::unique_ptr<EntryWriter> writer_;
  std::mutex mutex_;
};

// The bigram model of reversed_lines (see rule_reversed_lines.h) as the last build left it,
// with the unit keys of the files it counted; nullopt when there is none or it is damaged.
struct StoredModel {
  std::vector<std::string> keys;  // sorted
  BigramCounts counts;
};
std::optional<StoredModel> load_model(const BuildCache& cache);
void store_model(const BuildCache& cache, const StoredModel& model);

// ChapterPages for a build: each chapter's deflated documents from the cache (may be null)
// when the chapter was rendered before in the same context (chapter_page_context), else
// rendered and deflated on the calling worker thread. store() keeps this build's pages for
// the next.
class PageCache : public ChapterPages {
 public:
  PageCache(const BuildCache* cache, std::string context);
  Result<std::vector<std::string>> deflated(
      const Chapter& chapter,
      const std::function<Result<std::vector<std::string>>()>& render) override;
  void store();

 private:
  const BuildCache* cache_;
  std::string context_;
  std::shared_ptr<const MappedEntry> entry_;  // the stored pack, which stored_ points into
  std::unordered_map<std::string, std::string_view> stored_;
  std::mutex mutex_;
  std::unique_ptr<EntryWriter> writer_;  // the new pack: new pages as they are made
  std::set<std::string> written_;        // keys in writer_
  std::vector<std::pair<std::string, std::string_view>> reused_;  // stored pages used again
  std::atomic<int> hits_{0}, misses_{0};
};

// Fills rendered.deflated: each compressible document deflated on `jobs` threads, or taken
// from `cache` (may be null) when the same content was deflated before.
Status deflate_documents(RenderedBook& rendered, const BuildCache* cache, int jobs);

}  // namespace novelbind
