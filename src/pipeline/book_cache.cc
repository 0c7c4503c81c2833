#include "pipeline/book_cache.h"

#include <spdlog/spdlog.h>

#include "base/file_bytes.h"
#include "base/temp_files.h"
#include "cache/code_identity.h"
#include "package/epub_writer.h"
#include "pipeline/findings_record.h"
#include "pipeline/strictness.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

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

}  // namespace

Result<bool> BookCache::open(const InputPlan& plan, StageClock* clock) {
  if (request_.cache.empty()) return false;
  auto opened = BuildCache::open(request_.cache);
  if (!opened) return opened.status();
  cache_ = *opened;
  result_->cache.enabled = true;
  auto keys = build_cache_keys(plan, request_.config, code_identity(), cache_.get());
  if (!keys) return keys.status();
  book_key_ = keys->book;
  clock->done("plan and hash inputs");
  auto reused = reuse_book();
  if (!reused) return reused.status();
  if (*reused) return true;
  reads_.emplace(*cache_);  // what the stages will read, read meanwhile
  checked_ = previous_book_entries(*cache_, book_key_);
  // Only the latest book is kept (an author's CI would otherwise keep every day's); the
  // older one goes now, on another thread, since freeing a large file takes a while.
  pruning_ = std::async(std::launch::async, [dir = cache_->dir() / "book", key = book_key_] {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      std::string name = entry.path().filename().string();
      if (name.rfind(key, 0) != 0) fs::remove(entry.path(), ec);
    }
  });
  unit_keys_ = std::move(keys->units);
  modified_ = std::move(keys->modified);
  return false;
}

// Nothing changed since a build whose book and report the cache holds: reuse them. Returns
// whether it did; the findings are printed and --strict applied exactly as for a new build.
Result<bool> BookCache::reuse_book() {
  StageClock clock(&result_->timings);
  auto findings = cache_->map("book", book_key_ + ".findings");
  auto epub = findings ? cache_->get_file("book", book_key_ + ".epub") : std::nullopt;
  if (!epub) return false;
  if (!read_findings(findings->payload(), result_)) return false;  // damaged: build anew
  result_->cache.book_reused = true;
  spdlog::info("cache: nothing changed since the last build; reusing its book");
  if (request_.on_findings) request_.on_findings(result_->book);
  if (std::string failure = strict_failure(result_->book, request_.config.build); !failure.empty())
    return Status::Error(failure);
  if (Status s = copy_file_atomically(*epub, result_->output); !s) return s;
  clock.done("reuse");
  return true;
}

FileStageOptions BookCache::file_stage_options(const ProgressMeters& progress) {
  FileStageOptions stages;
  stages.convert = true;
  stages.progress = progress;
  if (cache_) {
    stages.reads = &*reads_;
    stages.cache = cache_.get();
    stages.unit_keys = std::move(unit_keys_);
    stages.modified = std::move(modified_);
  }
  return stages;
}

void BookCache::set_aside(const fs::path& output) {
  // (A name left by a build that stopped is pruned by the next.)
  std::error_code ec;
  if (cache_ && fs::is_regular_file(output, ec)) {
    replaced_ =
        std::make_unique<TempFileGuard>(cache_->dir() / "book" / temp_name("replaced", false));
    fs::create_directories(replaced_->path().parent_path(), ec);
    replaced_->create([&] { fs::create_hard_link(output, replaced_->path(), ec); });
    if (ec) replaced_.reset();
  }
}

void BookCache::keep_rendered(PageCache& pages, DocumentDeflater& deflater) {
  pages.commit();
  deflater.commit();
  if (replaced_) {
    freeing_ = std::async(std::launch::async, [replaced = std::move(replaced_)] {
      std::error_code ignored;
      fs::remove(replaced->path(), ignored);
    });
  }
}

void BookCache::store_book(const std::string& checksum) {
  if (cache_) {
    storing_ = std::async(std::launch::async, [this, checksum] {
      cache_->put_file("book", book_key_ + ".epub", result_->output, checksum);
    });
  }
}

Status BookCache::keep(Status verified, StageClock* clock) {
  if (storing_.valid()) storing_.wait();
  if (!verified) {
    if (cache_) cache_->erase_file("book", book_key_ + ".epub");
    return verified;
  }
  if (cache_) {
    clock->done("cache the book");
    cache_->put("book", book_key_ + ".findings", findings_record(*result_));
    clock->done("cache the findings");
    record_stats();
  }
  return Status::Ok();
}

void BookCache::record_stats() {
  const BuildCache& cache = *cache_;
  result_->cache.hits = cache.stats().hits;
  result_->cache.misses = cache.stats().misses;
  result_->cache.corrupt = cache.stats().corrupt;
  if (result_->cache.corrupt > 0) {
    spdlog::warn("{}: {} damaged cache entr(ies) ignored and rebuilt", cache.dir().string(),
                 result_->cache.corrupt);
  }
}

}  // namespace novelbind
