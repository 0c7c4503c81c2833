// Incremental builds: what the build cache (--cache DIR) keeps between builds.
//  - The whole book, keyed by everything that makes it: when nothing changed the previous
//    EPUB and its report are reused as they are.
//  - Every document's deflated form, keyed by its content and kept together in one entry:
//    chapters that did not change are not compressed again; new ones are compressed on all
//    cores.
#pragma once

#include <string>

#include "build_cache.h"
#include "config.h"
#include "ingest.h"
#include "render.h"
#include "status.h"

namespace novelbind {

// The key of the whole book: novelbind's version, every output-affecting option, the bytes
// of every file the options name (cover, phrases, stylesheet, templates), and each input
// file's name, time and bytes (and SOURCE_DATE_EPOCH). A file that cannot be read is an error
// naming it.
Result<std::string> book_cache_key(const InputPlan& plan, const Config& config,
                                   std::string_view version = NOVELBIND_VERSION);

// Fills rendered.deflated: each compressible document deflated on `jobs` threads, or taken
// from `cache` (may be null) when the same content was deflated before.
Status deflate_documents(RenderedBook& rendered, const BuildCache* cache, int jobs);

}  // namespace novelbind
