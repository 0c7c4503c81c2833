// The drawn cover kept in the build cache, so that a rebuild does not draw it again: the
// cache layer around the render stage's draw_cover.
#pragma once

#include "base/status.h"
#include "cache/build_cache.h"
#include "render/cover_draw.h"

namespace novelbind {

// draw_cover() through the build cache (`cache` may be null): drawing and encoding the PNG
// takes a noticeable part of a small rebuild, and the picture changes only with the metadata
// and the versions of novelbind, Pango and Cairo. *missing_glyphs receives the characters
// drawn as boxes, kept with the picture so that a rebuild warns too.
// The record keeps the versions that drew it and the stamps of the files Pango and Cairo were
// loaded from: while those files are unchanged the picture is taken without loading either
// library (loading them and Fontconfig costs about 20 ms of a core); when they changed, the
// libraries are loaded and their versions compared.
Result<Image> drawn_cover(const Metadata& meta, const BuildCache* cache, int* missing_glyphs);

// Whether the cache holds a drawn cover whose Pango and Cairo files are unchanged: a rebuild
// then most likely takes its cover from the cache, and need not load the libraries ahead.
bool cached_cover_libraries_unchanged(const BuildCache* cache);

}  // namespace novelbind
