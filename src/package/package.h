// The "package" stage: package document (OPF), navigation (nav + NCX) and the container.
#pragma once

#include <functional>
#include <future>
#include <string>

#include "base/background_task.h"
#include "base/status.h"
#include "book.h"
#include "config/config.h"
#include "package/epub_writer.h"
#include "render/render.h"

namespace novelbind {

// "YYYY-MM-DDThh:mm:ssZ" of a UTC instant.
std::string iso8601_utc(std::int64_t seconds);

// The package document (EPUB/package.opf).
std::string make_opf(const Book& book, const RenderedBook& rendered, const Config& config);
// The EPUB 3 navigation document (EPUB/nav.xhtml): toc and landmarks.
std::string make_nav(const Book& book, const RenderedBook& rendered, const Config& config);
// The EPUB 2 NCX (EPUB/toc.ncx), for readers that predate EPUB 3.
std::string make_ncx(const Book& book, const RenderedBook& rendered);

// How package_book makes the documents made from the whole book: the contents page, the
// package document, the nav and the NCX.
struct BookWideOptions {
  // The contents page's XHTML, when render_book left it to be made here
  // (RenderOptions::contents_page_later).
  std::function<Result<std::string>(const std::vector<TocEntry>& toc)> contents_page;
  // When set, these documents are made and deflated with it on other threads while write_zip
  // writes the entries before them (ZipEntry::later); else they are made here, as plain
  // entries.
  std::function<Result<SharedBytes>(std::string_view)> deflate;
};

struct Package {
  std::vector<ZipEntry> entries;
  Task<void> making;  // with BookWideOptions::deflate: the book-wide documents' work
};

// Every entry of the container in its fixed order: mimetype and container.xml, the rendered
// documents (whose content is moved into the entries: pass std::move, a copy would hold the
// whole book's XHTML twice), and last the documents made from the whole book: the contents
// page, OPF, nav and NCX (last, so that they can be made while the rest is written).
Package package_book(const Book& book, RenderedBook rendered, const Config& config,
                     BookWideOptions options = {});
std::vector<ZipEntry> package_entries(const Book& book, RenderedBook rendered,
                                      const Config& config);

}  // namespace novelbind
