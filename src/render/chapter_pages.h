// Where render_book gets each chapter's documents already deflated: the pages of a chapter,
// made now or found made before. render_book is given one, as a build is given its disk.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/shared_bytes.h"
#include "base/status.h"
#include "book.h"

namespace novelbind {

// Where render_book gets each chapter's documents already deflated (deflate_entry): found
// made before (pipeline's page store is one), or rendered and deflated at once, on the worker
// thread, so that a long book never holds all of its XHTML.
class ChapterPages {
 public:
  virtual ~ChapterPages() = default;
  // The deflated parts of `chapter`; `render` gives its XHTML parts when they are needed, each
  // made by Templates::render (so parsed, and well-formed). Called from several threads at once.
  virtual Result<std::vector<SharedBytes>> deflated(
      const Chapter& chapter, const std::function<Result<std::vector<std::string>>()>& render) = 0;
  // The chapter's parts when they can be given without rendering it (as deflated() would;
  // counted as found), else nullopt (nothing counted). Called from several threads at once.
  virtual std::optional<std::vector<SharedBytes>> ready(const Chapter&) { return std::nullopt; }
};

}  // namespace novelbind
