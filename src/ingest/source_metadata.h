// What a source EPUB's package document says of the book (input_plan.h's SourceBook), taken
// where the settings say nothing: before what the book's header or its file name say, as the
// package is the book's own catalogue record. Placeholders that tools write for want of a
// value (calibre's "Unknown", a title that is only the file's name) are passed over.
#pragma once

#include <string>

#include "book.h"
#include "ingest/book_metadata.h"
#include "ingest/input_plan.h"

namespace novelbind {

// The package's title, author and description replace what the header or name gave in
// `found`, each with a log decision ("title 仙逆 from 仙逆.epub's package document").
// `file_stem` is the EPUB's name without .epub.
void prefer_source_metadata(const SourceBook& source, const std::string& file_stem,
                            BookMetadata* found);

// The package's publisher, subjects, date and series fill those `meta` leaves empty.
void fill_source_metadata(const SourceBook& source, Metadata* meta);

// The package's language when it is a Chinese tag of the script the text is written in
// (`detected`, e.g. "zh-Hant"): zh-TW for a Traditional book; `detected` otherwise (calibre
// labels a Chinese .txt "en").
std::string source_language(const SourceBook& source, const std::string& detected);

}  // namespace novelbind
