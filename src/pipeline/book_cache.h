// The build cache (--cache) as one layer around a build's stages: the inputs hashed into the
// keys, the book reused whole when nothing changed, what the per-file stages will read from
// the cache (read meanwhile), and the built book's record and findings kept once they are
// checked. The stages themselves see only what this layer hands them. Without --cache every
// call does nothing and `cache()` is null.
//
// The book itself is not copied into the cache when it was written to a file: the record
// ("book/KEY.record") names that file with its checksum and the entries that passed the check.
// A build in which nothing changed reuses the file while its bytes are still the ones recorded
// (left where it is, or copied to another output); when the file was moved, removed or edited,
// the book is made again from the cached units and pages. A book sent down a stream (-o -)
// leaves no file behind, so its copy is kept in the cache ("book/KEY.epub") as before.
#pragma once

#include <filesystem>
#include <future>
#include <memory>
#include <optional>
#include <string>

#include "base/background_task.h"
#include "base/status.h"
#include "cache/build_cache.h"
#include "cache/incremental.h"
#include "cache/page_cache.h"
#include "package/check.h"
#include "pipeline/pipeline.h"
#include "pipeline/stage_clock.h"

namespace novelbind {

class BookCache {
 public:
  BookCache(const BuildRequest& request, BuildResult* result)
      : request_(request), result_(result) {}

  // Opens the cache and hashes the inputs (timed as "plan and hash inputs" on `clock`). True
  // when nothing changed since the build the cache holds: its book was copied to the output
  // and `result` filled from its findings (they are printed and --strict applied exactly as
  // for a new build); the caller then only checks it (check_book, fresh=false) and calls
  // finish_reused. Otherwise the cache's packs start being read for the stages.
  Result<bool> open(const InputPlan& plan, StageClock* clock);
  void finish_reused() { record_stats(); }

  BuildCache* cache() const { return cache_.get(); }
  // What run_file_stages needs of the cache: the file units' keys, times and packs.
  FileStageOptions file_stage_options(const ProgressMeters& progress);
  std::unique_ptr<CachePack> take_pages() { return reads_ ? reads_->take_pages() : nullptr; }
  std::unique_ptr<CachePack> take_deflate() { return reads_ ? reads_->take_deflate() : nullptr; }
  // The entries of the previous book, which passed the check when it was written.
  const CheckedEntries* checked() const { return &checked_; }

  // The book being replaced at `output` is given a second name in the cache before the new
  // one is written, so that replacing it does not free its blocks on the writing thread.
  void set_aside(const std::filesystem::path& output);
  // Once the book is written: keeps this build's pages and deflated documents for the next
  // build, and lets the set-aside book go.
  void keep_rendered(PageCache& pages, DocumentDeflater& deflater);

  // The written book and its checksum: a streamed one is copied into the cache (on another
  // thread, while it is checked); then keep(verified) keeps the book's record (or copy) and the
  // findings when the check passed, or takes them out.
  void store_book(const std::string& checksum, bool streamed);
  Status keep(Status verified, StageClock* clock);

 private:
  Result<bool> reuse_book();
  void record_stats();

  const BuildRequest& request_;
  BuildResult* result_;
  std::shared_ptr<BuildCache> cache_;
  std::optional<CacheReads> reads_;
  std::string book_key_;
  std::string checksum_;  // of the book written by this build
  bool streamed_ = false;
  std::vector<std::string> unit_keys_;
  std::vector<std::int64_t> modified_;
  CheckedEntries checked_;
  CheckedEntries recorded_entries_;          // of the record of this build's key, when there is one
  std::unique_ptr<TempFileGuard> replaced_;  // the old output's second name, while it exists
  Task<void> pruning_, freeing_, storing_;
};

}  // namespace novelbind
