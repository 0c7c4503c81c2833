// The "render" stage: the book's chapters and front matter as XHTML documents, from templates.
#pragma once

#include <cstddef>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/background_task.h"
#include "base/progress_meter.h"
#include "base/shared_bytes.h"
#include "base/status.h"
#include "book.h"
#include "config/config.h"
#include "render/chapter_pages.h"
#include "render/cover.h"
#include "render/rendered_book.h"
#include "render/templates.h"

namespace novelbind {

// Old readers (Adobe RMSDK) refuse XHTML files of about 260 KB and more.
constexpr std::size_t kMaxDocumentBytes = 250 * 1024;

// Everything render needs besides the book and the templates, read from disk beforehand.
struct RenderOptions {
  bool vertical = false;
  bool cover_page = true;
  bool title_page = true;
  bool intro_page = true;  // only when the book has a description
  bool toc_page = true;
  std::optional<Image> cover;  // the user's cover; without one a cover is drawn (cover_draw.h)
  // Without `cover`: a drawn cover (a PNG) still being drawn on another thread, whose bytes the
  // archive takes when it gets to them, last; the chapters are rendered meanwhile.
  std::shared_future<Result<SharedBytes>> cover_later;
  std::string extra_css;  // [style] css, appended to the default stylesheet
  // What reading the files found that the user should hear of (a cover scaled down), for the
  // book's warnings.
  std::vector<Diagnostic> warnings;
  int jobs = 1;
  std::size_t max_document_bytes = kMaxDocumentBytes;
  // When set, chapters come out deflated (in RenderedBook::deflated) through it.
  ChapterPages* pages = nullptr;
  // Let go of each chapter's paragraphs once its documents are made (Chapter::released).
  bool release_text = false;
  // Counts the chapters rendered (none shown when empty).
  ProgressMeters progress;
  // Leave the contents page's content empty (its document is listed as usual): the packager
  // makes it from RenderedBook::toc with render_contents_page, alongside the package
  // document and the nav, while the archive's other entries are written.
  bool contents_page_later = false;
  // With `pages`: a chapter that is not in `pages` already and is far below
  // max_document_bytes (so that it will be one document) is rendered on other threads after
  // render_book returns; its document comes in RenderedBook::later. RenderedBook::stream
  // says when they are done, and whether every one came out as one document.
  bool chapters_later = false;
};

// The chapters render_book left to other threads (RenderOptions::chapters_later).
class ChapterStream {
 public:
  ~ChapterStream();
  // Waits for them. Ok when each came out as the one document it was listed as; an error
  // when one failed; kMispredicted when one came out in several documents (a template whose
  // output is far larger than its text): the book must then be put together again with
  // reassemble(), from the parts made.
  Status wait();
  static constexpr const char* kMispredicted = "a chapter came out in several documents";
  // The book with every chapter's actual parts (after wait()).
  Result<RenderedBook> reassemble();

 private:
  friend Result<RenderedBook> render_book(Book&, const class Templates&, const RenderOptions&);
  std::function<Result<RenderedBook>()> reassemble_;
  Task<void> work_;
  Status status_;
};

// The options of `config`, reading the cover image ([book] cover or --cover) and the extra
// stylesheet ([style] css). Errors name the file.
Result<RenderOptions> load_render_options(const Config& config, int jobs);

// Escapes & < > " for XML text and attribute values.
std::string xml_escape(std::string_view text);

// Renders every chapter and the front matter. A chapter whose document would exceed
// `max_document_bytes` is split at paragraph boundaries into consecutive files
// (text/ch0007.xhtml, text/ch0007_2.xhtml, ...); its TOC entry points at the first.
Result<RenderedBook> render_book(Book& book, const Templates& templates,
                                 const RenderOptions& options);

// What a chapter's documents depend on besides the chapter: the book's title, author and
// language, the writing mode, the chapter template and the size limit (for ChapterPages).
std::string chapter_page_context(const Book& book, const Templates& templates,
                                 const RenderOptions& options);

}  // namespace novelbind
