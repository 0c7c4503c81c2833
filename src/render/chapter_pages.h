// Where render_book gets each chapter's documents already deflated (the build cache's
// PageCache is one).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/shared_bytes.h"
#include "base/status.h"
#include "book.h"

namespace novelbind {

// Where render_book gets each chapter's documents already deflated (deflate_entry): from a
// cache of earlier builds, or by rendering and deflating them at once, on the worker thread,
// so that a long book never holds all of its XHTML (see incremental.h).
class ChapterPages {
 public:
  virtual ~ChapterPages() = default;
  // The deflated parts of `chapter`; `render` gives its XHTML parts when they are needed.
  // Called from several threads at once.
  virtual Result<std::vector<SharedBytes>> deflated(
      const Chapter& chapter, const std::function<Result<std::vector<std::string>>()>& render) = 0;
  // The chapter's parts when they can be given without rendering it (as deflated() would;
  // counted as found), else nullopt (nothing counted). Called from several threads at once.
  virtual std::optional<std::vector<SharedBytes>> cached(const Chapter&) { return std::nullopt; }
};

}  // namespace novelbind
