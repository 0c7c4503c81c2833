// One chapter as XHTML: its document from the chapter template, or several parts when one
// document would pass the size limit (RenderOptions::max_document_bytes).
#pragma once

#include <string>
#include <vector>

#include "base/status.h"
#include "book.h"
#include "render/render.h"
#include "render/templates.h"

namespace novelbind {

class ChapterRenderer {
 public:
  ChapterRenderer(const Book& book, const Templates& templates, const RenderOptions& options)
      : book_(book), templates_(templates), options_(options) {}

  // The chapter's document, or its parts when one document would be too large.
  Result<std::vector<std::string>> render(const Chapter& c) const;

 private:
  Result<std::string> render_part(const Chapter& c, const std::vector<std::string>& html,
                                  const std::vector<size_t>& which, bool continued) const;
  // Packs paragraphs greedily into parts under the limit. Sizes are measured, not guessed:
  // what the template wraps around one paragraph (or scene break) is the difference between
  // a part holding it twice and once, and the template's own bytes are what remains. A part
  // that still comes out too large (a template whose size is not linear) is halved until it
  // fits or holds a single paragraph.
  Result<std::vector<std::string>> render_split(const Chapter& c,
                                                const std::vector<std::string>& html) const;

  const Book& book_;
  const Templates& templates_;
  const RenderOptions& options_;
};

}  // namespace novelbind
