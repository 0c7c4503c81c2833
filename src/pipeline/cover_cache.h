// The drawn cover kept in the build cache, so that a rebuild does not draw it again: the
// cache layer around the render stage's draw_cover.
#pragma once

#include "base/status.h"
#include "cache/build_cache.h"
#include "render/cover_draw.h"

namespace novelbind {

// draw_cover() through the build cache (`cache` may be null): drawing and encoding the PNG
// takes a noticeable part of a small rebuild, and the picture changes only with the metadata
// (and the versions of novelbind, Pango and Cairo, which are in the key). *missing_glyphs
// receives the characters drawn as boxes, kept with the picture so that a rebuild warns too.
Result<Image> drawn_cover(const Metadata& meta, const BuildCache* cache, int* missing_glyphs);

}  // namespace novelbind
