// The compress stage: the documents of the rendered book deflated for the archive, on worker
// threads, before the package stage writes them.
#pragma once

#include <functional>
#include <string_view>

#include "base/shared_bytes.h"
#include "base/status.h"
#include "render/rendered_book.h"

namespace novelbind {

// deflate_entry's form of one document's bytes (package/deflate.h), or an error. Thread-safe.
using DeflateDocument = std::function<Result<SharedBytes>(std::string_view)>;

// Fills rendered.deflated: each compressible document not deflated yet (chapters usually are,
// as they were rendered), by `deflate` on `jobs` threads. Images are stored as they are; a
// document still empty (the contents page, made by the package stage) is left for later.
Status deflate_documents(RenderedBook& rendered, const DeflateDocument& deflate, int jobs);

}  // namespace novelbind
