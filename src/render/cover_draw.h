// The generated cover: a PNG drawn at build time, title and author set in a CJK serif (Noto
// Serif CJK, Debian's fonts-noto-cjk) with Pango on a Cairo image surface. A raster image,
// not SVG, because Kindle (calibre's AZW3, KindleGen) and most library views only show a
// JPEG or PNG cover. The same metadata gives the same bytes on every build: the PNG is written
// by its own few lines (deflated by libdeflate), with no time or other varying chunk.
#pragma once

#include "base/status.h"
#include "book.h"
#include "render/cover.h"

typedef struct _cairo cairo_t;  // cairo.h, included where the drawing is done

namespace novelbind {

constexpr int kDrawnCoverWidth = 1600;
constexpr int kDrawnCoverHeight = 2560;

// The cover of `meta` (title, author, series) as a kDrawnCoverWidth x kDrawnCoverHeight PNG,
// laid out by layout_cover(). An error when Cairo cannot make or encode the picture. Text in a
// script no installed font covers comes out as boxes: *missing_glyphs receives how many
// characters, or, when it is null, a warning (missing_glyphs_message) is printed.
Result<Image> draw_cover(const Metadata& meta, int* missing_glyphs = nullptr);

// The drawing itself, on `c`, a Cairo context over a whole kDrawnCoverWidth x kDrawnCoverHeight
// picture (its transformation is set here): paper, frame, then the lines of `layout`
// (layout_cover(meta)). Returns the characters without a glyph. Pango and Cairo must be loaded
// (load_paint_library). draw_cover paints the same, a strip of rows at a time.
int paint_cover(cairo_t* c, const Metadata& meta, const CoverLayout& layout);

// The warning for a drawn cover with `count` characters shown as boxes, naming the package to
// install (rule cover_glyphs).
std::string missing_glyphs_message(int count);

}  // namespace novelbind
