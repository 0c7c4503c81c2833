// Incremental builds: what the build cache (--cache DIR) keeps between builds.
//  - The whole book, keyed by everything that makes it: when nothing changed the previous
//    EPUB and its findings are reused as they are.
//  - Each input file's cleaned and converted chapters (file units, see file_unit.h), and the
//    reversed_lines bigram model with the texts it needs to forget a file.
//  - Each chapter's deflated pages by content and context (PageCache), and every other
//    document's deflated form by content: unchanged ones are not compressed again.
#pragma once

#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "base/status.h"
#include "cache/build_cache.h"
#include "cache/cache_pack.h"
#include "clean/rule_reversed_lines.h"
#include "config/config.h"
#include "ingest/ingest.h"
#include "package/epub_writer.h"
#include "render/render.h"

namespace novelbind {

// The key of the whole book: novelbind's version, every output-affecting option, the bytes
// of every file the options name (cover, phrases, stylesheet, templates), and each input
// file's name, time and bytes (and SOURCE_DATE_EPOCH). A file that cannot be read is an error
// naming it.
Result<std::string> book_cache_key(const InputPlan& plan, const Config& config,
                                   std::string_view version = NOVELBIND_VERSION);

struct BuildKeys {
  std::string book;                    // book_cache_key
  std::vector<std::string> units;      // per input file: the settings, its name and its bytes
  std::vector<std::int64_t> modified;  // per input file: modification time, seconds
  int files_read = 0;                  // inputs read and hashed (the rest by their stamps)
};
// With `cache`, each input's hash is remembered with the file's stamp (inputs/stamps), and a
// file whose stamp has not changed since it was hashed is not read again.
Result<BuildKeys> build_cache_keys(const InputPlan& plan, const Config& config,
                                   std::string_view version = NOVELBIND_VERSION,
                                   const BuildCache* cache = nullptr);

// The bigram model of reversed_lines (see rule_reversed_lines.h) as the last build left it,
// with the unit keys of the files it counted; nullopt when there is none or it is damaged.
struct StoredModel {
  std::vector<std::string> keys;  // sorted
  BigramCounts counts;
};
std::optional<StoredModel> load_model(const BuildCache& cache);
// Stores a model and the sorted unit keys of the files it counts (no copy of either is made).
void store_model(const BuildCache& cache, const std::vector<std::string>& keys,
                 const BigramCounts& counts);

// What a rebuild reads from the cache before it can use it (the bigram model, and the packs
// of decoded texts, chapter pages and deflated documents), read on a background thread in
// the order the stages need them as soon as the build knows it has work to do, so that each
// stage finds its part ready instead of reading it first. Each take_* waits for its part.
class CacheReads {
 public:
  explicit CacheReads(const BuildCache& cache);
  ~CacheReads();
  CacheReads(const CacheReads&) = delete;
  CacheReads& operator=(const CacheReads&) = delete;

  std::optional<StoredModel> take_model() { return model_.get(); }
  // The packs as CachePack(cache, kind) opens them; texts are not verified as a whole (see
  // text_record).
  std::unique_ptr<CachePack> take_texts() { return texts_.get(); }
  std::unique_ptr<CachePack> take_pages() { return pages_.get(); }
  std::unique_ptr<CachePack> take_deflate() { return deflate_.get(); }

 private:
  std::future<std::optional<StoredModel>> model_;
  std::future<std::unique_ptr<CachePack>> texts_, pages_, deflate_;
  std::thread thread_;
};

// A decoded text as the "texts" pack keeps it: its checksum, then the text. The pack's
// segments are not verified as a whole (a build reads only the texts of files that left the
// book); text_of_record gives the text only when it matches its checksum.
std::string text_record(std::string_view text);
std::optional<std::string_view> text_of_record(std::string_view record);

// ChapterPages for a build: each chapter's deflated documents from the cache (may be null)
// when the chapter was rendered before in the same context (chapter_page_context), else
// rendered and deflated on the calling worker thread. store() keeps this build's pages for
// the next.
class PageCache : public ChapterPages {
 public:
  // `pack`, when given, is the "pages" pack already opened (CacheReads::take_pages).
  PageCache(const BuildCache* cache, std::string context, std::unique_ptr<CachePack> pack = {});
  Result<std::vector<SharedBytes>> deflated(
      const Chapter& chapter,
      const std::function<Result<std::vector<std::string>>()>& render) override;
  std::optional<std::vector<SharedBytes>> cached(const Chapter& chapter) override;
  void store(BuildCache& cache);

 private:
  std::string key_of(const Chapter& chapter) const;
  // The chapter's stored parts, counted as a hit and kept; `key` receives its key.
  std::optional<std::vector<SharedBytes>> find(const Chapter& chapter, std::string* key);
  std::string context_;
  std::unique_ptr<CachePack> pack_;
  std::atomic<int> hits_{0}, misses_{0};
};

// Deflates documents for the archive (deflate_entry's form), taking what an earlier build
// deflated from the cache's "deflate" pack: a small document whole, a large one (64 KiB and
// more) piece by piece (deflate_pieces), so that the nav, NCX, package document and contents
// page of a long book, which change by a few lines when a chapter is added, are mostly found
// and only their changed pieces are compressed.
class DocumentDeflater {
 public:
  // `cache` may be null (nothing is kept); `pack`, when given, is its "deflate" pack already
  // opened (CacheReads::take_deflate).
  explicit DocumentDeflater(const BuildCache* cache, std::unique_ptr<CachePack> pack = {});
  // Thread-safe.
  Result<SharedBytes> deflate(std::string_view data);
  // Keeps this build's records (only these, so old ones age out) and counts hits and misses.
  void commit();

 private:
  // The stored record under `key`, kept for the next build; nullopt without one (or a pack).
  std::optional<std::string_view> find(const std::string& key);
  const BuildCache* cache_;
  std::unique_ptr<CachePack> pack_;
  std::atomic<int> hits_{0}, misses_{0};
};

// Fills rendered.deflated: each compressible document not deflated yet, on `jobs` threads.
Status deflate_documents(RenderedBook& rendered, DocumentDeflater& deflater, int jobs);

}  // namespace novelbind
