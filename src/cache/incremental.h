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
#include <vector>

#include "base/background_task.h"
#include "base/status.h"
#include "cache/build_cache.h"
#include "cache/cache_pack.h"
#include "cache/code_identity.h"
#include "clean/bigram_counts.h"
#include "config/config.h"
#include "ingest/input_plan.h"

namespace novelbind {

// The key of the whole book: novelbind's version, every output-affecting option, the bytes
// of every file the options name (cover, phrases, stylesheet, templates), and each input
// file's name, time and bytes (and SOURCE_DATE_EPOCH). A file that cannot be read is an error
// naming it.
Result<std::string> book_cache_key(const InputPlan& plan, const Config& config,
                                   std::string_view version = code_identity());

struct BuildKeys {
  std::string book;                    // book_cache_key
  std::vector<std::string> units;      // per input file: the settings, its name and its bytes
  std::vector<std::int64_t> modified;  // per input file: modification time, seconds
  int files_read = 0;                  // inputs read and hashed (the rest by their stamps)
};
// With `cache`, each input's hash is remembered with the file's stamp (inputs/stamps), and a
// file whose stamp has not changed since it was hashed is not read again.
Result<BuildKeys> build_cache_keys(const InputPlan& plan, const Config& config,
                                   std::string_view version = code_identity(),
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
  Task<void> reading_;  // (last: waited for first)
};

// A decoded text as the "texts" pack keeps it: its checksum, then the text. The pack's
// segments are not verified as a whole (a build reads only the texts of files that left the
// book); text_of_record gives the text only when it matches its checksum.
std::string text_record(std::string_view text);
std::optional<std::string_view> text_of_record(std::string_view record);

}  // namespace novelbind
