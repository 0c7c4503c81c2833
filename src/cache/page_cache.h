// What a build keeps of the rendered book between builds: each chapter's deflated documents
// (PageCache), and the other documents deflated whole or piece by piece (DocumentDeflater).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/shared_bytes.h"
#include "base/status.h"
#include "cache/build_cache.h"
#include "cache/cache_pack.h"
#include "cache/stage_memo.h"
#include "package/check.h"
#include "render/chapter_pages.h"
#include "render/rendered_book.h"

namespace novelbind {

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
  std::optional<std::vector<SharedBytes>> ready(const Chapter& chapter) override;
  void commit() { memo_.commit(); }
  // The documents rendered here that passed check_document (check_rendered_document) before
  // they were deflated: the check of the written book need not inflate them again.
  const CheckedDocuments* checked() const { return &checked_; }

 private:
  std::string key_of(const Chapter& chapter) const;
  // The chapter's stored parts, used again; `key` receives its key.
  std::optional<std::vector<SharedBytes>> find(const Chapter& chapter, std::string* key);
  std::string context_;
  StageMemo memo_;
  CheckedDocuments checked_;
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
  // Keeps this build's records (only these, so old ones age out).
  void commit() { memo_.commit(); }

 private:
  StageMemo memo_;
};

}  // namespace novelbind
