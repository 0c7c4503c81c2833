// Cairo and Pango, loaded when a picture is first drawn or scaled, not when novelbind starts:
// of the 56 libraries the program would otherwise load at every start, 34 are theirs (fonts,
// shaping, GLib, X11), and many runs (clean, check, a rebuild in which nothing changed, a book
// with its own small cover, a rebuild whose drawn cover is cached) draw nothing. The drawing
// code calls them through paint().
#pragma once

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>

#include <filesystem>
#include <vector>

#include "base/status.h"

namespace novelbind {

#define NOVELBIND_PAINT_FUNCTIONS(X)          \
  X(FcInit)                                   \
  X(cairo_create)                             \
  X(cairo_destroy)                            \
  X(cairo_font_options_create)                \
  X(cairo_font_options_destroy)               \
  X(cairo_font_options_set_antialias)         \
  X(cairo_font_options_set_hint_metrics)      \
  X(cairo_font_options_set_hint_style)        \
  X(cairo_get_source)                         \
  X(cairo_identity_matrix)                    \
  X(cairo_image_surface_create)               \
  X(cairo_image_surface_create_for_data)      \
  X(cairo_image_surface_get_data)             \
  X(cairo_image_surface_get_height)           \
  X(cairo_image_surface_get_stride)           \
  X(cairo_image_surface_get_width)            \
  X(cairo_move_to)                            \
  X(cairo_paint)                              \
  X(cairo_pattern_set_extend)                 \
  X(cairo_pattern_set_filter)                 \
  X(cairo_rectangle)                          \
  X(cairo_scale)                              \
  X(cairo_set_line_width)                     \
  X(cairo_set_operator)                       \
  X(cairo_set_source_rgb)                     \
  X(cairo_set_source_surface)                 \
  X(cairo_status)                             \
  X(cairo_status_to_string)                   \
  X(cairo_stroke)                             \
  X(cairo_surface_destroy)                    \
  X(cairo_surface_flush)                      \
  X(cairo_surface_status)                     \
  X(cairo_surface_write_to_png_stream)        \
  X(cairo_translate)                          \
  X(cairo_version_string)                     \
  X(g_object_unref)                           \
  X(pango_cairo_context_set_font_options)     \
  X(pango_cairo_create_layout)                \
  X(pango_cairo_show_layout)                  \
  X(pango_context_set_language)               \
  X(pango_font_description_free)              \
  X(pango_font_description_from_string)       \
  X(pango_font_description_set_absolute_size) \
  X(pango_font_description_set_weight)        \
  X(pango_language_from_string)               \
  X(pango_layout_context_changed)             \
  X(pango_layout_get_baseline)                \
  X(pango_layout_get_context)                 \
  X(pango_layout_get_pixel_extents)           \
  X(pango_layout_get_unknown_glyphs_count)    \
  X(pango_layout_set_font_description)        \
  X(pango_layout_set_text)                    \
  X(pango_version_string)

// The functions the drawing code uses, each the library's own.
struct PaintLibrary {
#define NOVELBIND_PAINT_POINTER(name) decltype(&::name) name = nullptr;
  NOVELBIND_PAINT_FUNCTIONS(NOVELBIND_PAINT_POINTER)
#undef NOVELBIND_PAINT_POINTER
};

// Loads Pango's Cairo library (and with it Pango, Cairo and GObject) once, on first use, from
// any thread; the error names what is missing and what to install.
const Result<PaintLibrary>& load_paint_library();

// The loaded library: for code that runs only after load_paint_library() succeeded.
const PaintLibrary& paint();

// The files the dynamic loader loaded Pango and Cairo from (libpango-1.0, libcairo), whose
// versions the drawing depends on; empty before load_paint_library().
std::vector<std::filesystem::path> paint_library_files();

// Fontconfig's configuration read (once, on the calling thread), before the first text is set:
// otherwise Pango reads it on a thread of its own when the first font is asked for, the same
// work. Fontconfig keeps an allocation of its parser that it never frees; in the sanitizer
// build it is made here, where LeakSanitizer is told to let it be, so that no leak is left to
// match against tests/lsan.supp, which cost each run that drew a cover 0.2 s of symbolizing.
void load_font_configuration();

}  // namespace novelbind
