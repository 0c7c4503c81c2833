// The "package" stage: package document (OPF), navigation (nav + NCX) and the container.
#pragma once

#include <filesystem>
#include <string>

#include "book.h"
#include "config.h"
#include "epub_writer.h"
#include "render.h"
#include "status.h"

namespace novelbind {

// "YYYY-MM-DDThh:mm:ssZ" of a UTC instant.
std::string iso8601_utc(std::int64_t seconds);

// The package document (EPUB/package.opf).
std::string make_opf(const Book& book, const RenderedBook& rendered, const Config& config);
// The EPUB 3 navigation document (EPUB/nav.xhtml): toc and landmarks.
std::string make_nav(const Book& book, const RenderedBook& rendered, const Config& config);
// The EPUB 2 NCX (EPUB/toc.ncx), for readers that predate EPUB 3.
std::string make_ncx(const Book& book, const RenderedBook& rendered);

// Every entry of the container in its fixed order: mimetype, container.xml, OPF, nav, NCX,
// then the rendered documents, whose content is moved into the entries (pass std::move: a
// copy would hold the whole book's XHTML twice).
std::vector<ZipEntry> package_entries(const Book& book, RenderedBook rendered,
                                      const Config& config);

// Writes the EPUB to `out` atomically.
Status write_epub(const std::filesystem::path& out, const Book& book, RenderedBook rendered,
                  const Config& config, std::string* checksum = nullptr);

}  // namespace novelbind
