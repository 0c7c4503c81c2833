// An EPUB 2 or 3 made by another tool (calibre, pandoc, kaf-cli, a web-novel downloader) as
// the input of a build: its spine's documents read as the text a .txt of the book would hold,
// cut where its table of contents says a section starts, with its metadata and cover.
//
// The archive is not trusted: it is read through base/zip_reader.h within limits, one entry
// at a time, so a forged or damaged EPUB is a clear error, never a crash or a large allocation.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "base/zip_reader.h"
#include "ingest/input_plan.h"

namespace novelbind {

// What a book's documents may take: a chapter's XHTML is rarely above a megabyte, a whole
// novel's text a few hundred.
inline constexpr ZipLimits kEpubInputLimits{64ull << 20, 1ull << 30, 1100};

// One part of the book as its table of contents cuts it (all of it when the contents name no
// more than one place in the text, as calibre's from a .txt): the text of its documents and
// the title its contents entry gives it.
struct EpubSection {
  std::string title;    // the contents entry's label; "" for the text before the first entry
  std::string display;  // "book.epub:OEBPS/ch1.xhtml" (with "#id" when it starts inside one)
  std::shared_ptr<const MadeText> text;
};

struct EpubSource {
  std::vector<EpubSection> sections;  // in reading order
  SourceBook book;
};

// Reads the EPUB at `path`; `display` is how messages name it. Errors name it, the entry (and
// line) and what to do.
Result<EpubSource> read_epub_source(const std::filesystem::path& path, const std::string& display,
                                    const ZipLimits& limits = kEpubInputLimits);
// The same from the archive's bytes in memory (tests, the fuzz target).
Result<EpubSource> read_epub_source_bytes(std::string_view bytes, const std::string& display,
                                          const ZipLimits& limits = kEpubInputLimits);

}  // namespace novelbind
