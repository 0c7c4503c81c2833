#include "pipeline/book_cache.h"

#include <spdlog/spdlog.h>

#include "base/binary_io.h"
#include "base/file_bytes.h"
#include "base/temp_files.h"
#include "cache/code_identity.h"
#include "package/epub_writer.h"
#include "pipeline/findings_record.h"
#include "pipeline/strictness.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

// Where a build left its book (a file of the user's), the book's checksum, and its entries
// as they passed the check.
struct BookRecord {
  std::string output;
  std::string checksum;
  CheckedEntries entries;
};

std::string book_record(const BookRecord& record) {
  Writer w;
  w.put(std::string_view(record.output));
  w.put(std::string_view(record.checksum));
  w.put<std::uint32_t>(static_cast<std::uint32_t>(record.entries.size()));
  for (const auto& [name, entry] : record.entries) {
    w.put(std::string_view(name));
    w.put<std::uint32_t>(entry.first);
    w.put<std::uint64_t>(entry.second);
  }
  return w.take();
}

std::optional<BookRecord> read_book_record(std::string_view bytes) {
  Reader r(bytes);
  BookRecord record;
  record.output = r.str();
  record.checksum = r.str();
  for (std::size_t i = 0, n = r.count(16); i < n && r.ok(); ++i) {
    std::string name = r.str();
    std::uint32_t crc = r.get<std::uint32_t>();
    std::uint64_t size = r.get<std::uint64_t>();
    record.entries.emplace(std::move(name), std::make_pair(crc, size));
  }
  if (!r.ok() || !r.at_end() || record.output.empty() || record.checksum.empty())
    return std::nullopt;
  return record;
}

// The record under `key`, when there is one and it is whole.
std::optional<BookRecord> load_book_record(const BuildCache& cache, const std::string& key) {
  std::optional<std::string> bytes = cache.get("book", key + ".record");
  if (!bytes) return std::nullopt;
  std::optional<BookRecord> record = read_book_record(*bytes);
  if (!record) ++cache.stats().corrupt;
  return record;
}

// The output as a record names it: absolute, without `.` and `..`.
std::string record_path(const fs::path& output) {
  std::error_code ec;
  fs::path absolute = fs::absolute(output, ec);
  return (ec ? output : absolute).lexically_normal().string();
}

// The entries of the book an earlier build with another key left (one that passed the check,
// or it would not have been recorded), before it is pruned: its record's, or its kept copy's (a
// streamed book); empty when there is none. (The record of this build's key was read already.)
CheckedEntries previous_book_entries(const BuildCache& cache, const std::string& book_key) {
  std::error_code ec;
  CheckedEntries from_copy;
  for (const auto& entry : fs::directory_iterator(cache.dir() / "book", ec)) {
    std::string name = entry.path().filename().string();
    // (A name that is no more than the ending names no book.)
    auto ends_with = [&](std::string_view end) {
      return name.size() > end.size() && name.ends_with(end);
    };
    if (name.rfind(book_key, 0) == 0) continue;
    if (ends_with(".record")) {
      auto record = load_book_record(cache, name.substr(0, name.size() - 7));
      if (record) return std::move(record->entries);
    } else if (from_copy.empty() && ends_with(".epub") &&
               fs::exists(entry.path().string() + ".sum", ec)) {
      from_copy = checked_entries(entry.path());
    }
  }
  return from_copy;
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
  // The entries of the book this key made (a build whose output was moved or is missing, as in
  // a fresh checkout with the cache restored), else of the one before it.
  checked_ = !recorded_entries_.empty() ? std::move(recorded_entries_)
                                        : previous_book_entries(*cache_, book_key_);
  // Only the latest book is kept (an author's CI would otherwise keep every day's); the
  // older one goes now, on another thread, since freeing a large file takes a while.
  pruning_ = start_task([dir = cache_->dir() / "book", key = book_key_] {
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
// The book is the file the record names while its bytes are the ones recorded (or the copy a
// streamed book left in the cache); a file that is gone or was edited is no damage to the
// cache, and the book is made again.
Result<bool> BookCache::reuse_book() {
  StageClock clock(&result_->timings);
  auto findings = cache_->map("book", book_key_ + ".findings");
  if (!findings) return false;
  std::optional<BookRecord> record = load_book_record(*cache_, book_key_);
  if (record) recorded_entries_ = record->entries;
  std::optional<fs::path> epub;
  const bool recorded = record && file_checksum(record->output) == record->checksum;
  if (recorded)
    epub = record->output;
  else
    epub = cache_->get_file("book", book_key_ + ".epub");  // a streamed book's copy
  if (!epub) return false;
  // (Should the book not be reused after all, the build that follows sets what this fills.)
  if (!read_findings(findings->payload(), result_)) return false;  // damaged: build anew
  std::string failure = strict_failure(result_->book, request_.config.build);
  const bool in_place = recorded && record->output == record_path(result_->output);
  if (in_place) {  // what a killed build left beside it goes, as a build that writes it removes
    remove_stale_temp_files_beside(result_->output);
  } else if (failure.empty()) {
    if (Status s = copy_file_atomically(*epub, result_->output); !s) return s;
    // The file may have changed between its checksum and the copy: the copy must be the book.
    if (recorded && file_checksum(result_->output) != record->checksum) {
      std::error_code ec;
      fs::remove(result_->output, ec);
      return false;
    }
  }
  result_->cache.book_reused = true;
  spdlog::info("cache: nothing changed since the last build; reusing its book");
  if (request_.on_findings) request_.on_findings(result_->book);
  if (!failure.empty()) return Status::Error(failure);  // (nothing was written)
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
    freeing_ = start_task([replaced = std::move(replaced_)] {
      std::error_code ignored;
      fs::remove(replaced->path(), ignored);
    });
  }
}

void BookCache::store_book(const std::string& checksum, bool streamed) {
  checksum_ = checksum;
  streamed_ = streamed;
  if (cache_ && streamed) {
    storing_ = start_task([this, checksum] {
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
    if (!streamed_) {
      cache_->put("book", book_key_ + ".record",
                  book_record({record_path(result_->output),
                               checksum_.empty() ? file_checksum(result_->output) : checksum_,
                               checked_entries(result_->output)}));
    }
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
