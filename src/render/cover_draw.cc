#include "render/cover_draw.h"

#include <cairo.h>
#include <pango/pangocairo.h>
#include <png.h>
#include <spdlog/spdlog.h>
#include <zlib.h>

#include <csetjmp>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "render/cairo_ptr.h"

namespace novelbind {
namespace {

struct ObjectFree {
  void operator()(void* o) const { g_object_unref(o); }
};
struct FontFree {
  void operator()(PangoFontDescription* f) const { pango_font_description_free(f); }
};

// The Noto Serif CJK face for the book's language: the regional forms of the characters differ.
const char* font_family(const std::string& language) {
  if (language.rfind("zh-HK", 0) == 0 || language.rfind("zh-Hant-HK", 0) == 0)
    return "Noto Serif CJK HK, Noto Serif CJK TC, serif";
  if (language.rfind("zh-Hant", 0) == 0 || language.rfind("zh-TW", 0) == 0)
    return "Noto Serif CJK TC, serif";
  if (language.rfind("ja", 0) == 0) return "Noto Serif CJK JP, serif";
  if (language.rfind("ko", 0) == 0) return "Noto Serif CJK KR, serif";
  return "Noto Serif CJK SC, serif";
}

void append_png(png_structp png, png_bytep data, png_size_t length) {
  static_cast<std::string*>(png_get_io_ptr(png))
      ->append(reinterpret_cast<const char*>(data), length);
}

// Writes a PNG of `height` rows from `row` (RGB, or indices into `palette` when given) to
// `out`. (Apart from encode_png so that nothing of its own lives across libpng's longjmp.)
bool write_png(std::string* out, int width, int height, const std::vector<png_color>* palette,
               const std::function<png_bytep(int)>& row) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (!png) return false;
  png_infop info = png_create_info_struct(png);
  if (!info || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, info ? &info : nullptr);
    return false;
  }
  png_set_write_fn(png, out, append_png, nullptr);
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8,
               palette ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  if (palette) png_set_PLTE(png, info, palette->data(), static_cast<int>(palette->size()));
  png_set_filter(png, PNG_FILTER_TYPE_BASE, palette ? PNG_FILTER_NONE : PNG_FILTER_SUB);
  png_set_compression_strategy(png, Z_RLE);
  png_write_info(png, info);
  for (int y = 0; y < height; ++y) png_write_row(png, row(y));
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return true;
}

// The surface as a PNG: 8-bit indices into a palette when the picture has at most 256
// colours (a drawn cover does: paper, ink and their anti-aliased blends), else 8-bit RGB.
// Written here rather than by cairo: cairo lets libpng try every row filter at the default
// level, which took most of a small book's build. A cover is flat colour with text: its
// rows are long runs, which run-length deflate packs well and fast (RGB rows get the Sub
// filter first, which makes their runs zeros); a palette gives deflate a third of the bytes.
// No time or text chunks, so the same picture is the same bytes.
bool encode_png(cairo_surface_t* surface, std::string* out) {
  const int width = cairo_image_surface_get_width(surface);
  const int height = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  // CAIRO_FORMAT_RGB24: one native-endian 32-bit word a pixel, 0x00RRGGBB.
  auto row_pixels = [&](int y) {
    return reinterpret_cast<const std::uint32_t*>(data + static_cast<size_t>(y) * stride);
  };
  // The palette, in order of first use; empty when there are more than 256 colours.
  std::vector<std::uint32_t> palette;
  std::unordered_map<std::uint32_t, png_byte> index;
  std::vector<png_byte> indices(static_cast<size_t>(width) * static_cast<size_t>(height));
  for (int y = 0; y < height && index.size() <= 256; ++y) {
    const std::uint32_t* pixels = row_pixels(y);
    std::uint32_t last = 0xffffffff;
    png_byte last_index = 0;
    for (int x = 0; x < width; ++x) {
      std::uint32_t colour = pixels[x] & 0xffffff;
      if (colour != last) {
        auto [it, added] = index.emplace(colour, static_cast<png_byte>(palette.size()));
        if (added) palette.push_back(colour);
        if (palette.size() > 256) break;
        last = colour;
        last_index = it->second;
      }
      indices[static_cast<size_t>(y) * width + x] = last_index;
    }
  }
  const bool indexed = palette.size() <= 256;
  if (!indexed) std::vector<png_byte>().swap(indices);

  std::vector<png_color> colours;
  for (std::uint32_t c : palette)
    colours.push_back(
        {static_cast<png_byte>(c >> 16), static_cast<png_byte>(c >> 8), static_cast<png_byte>(c)});
  std::vector<png_byte> row(static_cast<size_t>(width) * 3);
  return write_png(out, width, height, indexed ? &colours : nullptr, [&](int y) -> png_bytep {
    if (indexed) return indices.data() + static_cast<size_t>(y) * width;
    const std::uint32_t* pixels = row_pixels(y);
    for (int x = 0; x < width; ++x) {
      row[3 * x] = static_cast<png_byte>(pixels[x] >> 16);
      row[3 * x + 1] = static_cast<png_byte>(pixels[x] >> 8);
      row[3 * x + 2] = static_cast<png_byte>(pixels[x]);
    }
    return row.data();
  });
}

}  // namespace

Result<Image> draw_cover(const Metadata& meta) {
  const CoverLayout layout = layout_cover(meta);
  const double scale = static_cast<double>(kDrawnCoverWidth) / layout.width;
  const double top = (kDrawnCoverHeight - layout.height * scale) / 2;  // layout centred

  CairoSurface surface(
      cairo_image_surface_create(CAIRO_FORMAT_RGB24, kDrawnCoverWidth, kDrawnCoverHeight));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
    return Status::Error(std::string("generated cover: ") +
                         cairo_status_to_string(cairo_surface_status(surface.get())));
  CairoContext cr(cairo_create(surface.get()));
  cairo_t* c = cr.get();

  // Paper and a double frame in the colours of the former SVG cover.
  cairo_set_source_rgb(c, 0xf3 / 255.0, 0xed / 255.0, 0xe0 / 255.0);
  cairo_paint(c);
  cairo_set_source_rgb(c, 0x7a / 255.0, 0x24 / 255.0, 0x18 / 255.0);
  cairo_set_line_width(c, 11);
  cairo_rectangle(c, 80, 80, kDrawnCoverWidth - 160, kDrawnCoverHeight - 160);
  cairo_stroke(c);
  cairo_set_line_width(c, 3);
  cairo_rectangle(c, 112, 112, kDrawnCoverWidth - 224, kDrawnCoverHeight - 224);
  cairo_stroke(c);

  cairo_translate(c, 0, top);
  cairo_scale(c, scale, scale);
  std::unique_ptr<PangoLayout, ObjectFree> text(pango_cairo_create_layout(c));
  PangoContext* context = pango_layout_get_context(text.get());
  pango_context_set_language(context, pango_language_from_string(meta.language.c_str()));
  // Outlines as designed, not fitted to a screen's pixel grid: the same picture everywhere.
  cairo_font_options_t* options = cairo_font_options_create();
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
  pango_cairo_context_set_font_options(context, options);
  cairo_font_options_destroy(options);
  pango_layout_context_changed(text.get());

  int unknown = 0;
  auto draw_lines = [&](const std::vector<CoverLine>& lines, bool bold, double r, double g,
                        double b) {
    for (const CoverLine& line : lines) {
      std::unique_ptr<PangoFontDescription, FontFree> font(
          pango_font_description_from_string(font_family(meta.language)));
      pango_font_description_set_weight(font.get(), bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
      pango_font_description_set_absolute_size(font.get(), line.font_size * PANGO_SCALE);
      pango_layout_set_font_description(text.get(), font.get());
      pango_layout_set_text(text.get(), line.text.c_str(), -1);
      int width = 0, height = 0;
      pango_layout_get_pixel_size(text.get(), &width, &height);
      double baseline = pango_layout_get_baseline(text.get()) / static_cast<double>(PANGO_SCALE);
      cairo_set_source_rgb(c, r, g, b);
      cairo_move_to(c, layout.width / 2.0 - width / 2.0, line.y - baseline);
      pango_cairo_show_layout(c, text.get());
      unknown += pango_layout_get_unknown_glyphs_count(text.get());
    }
  };
  draw_lines(layout.series, false, 0x7a / 255.0, 0x24 / 255.0, 0x18 / 255.0);
  draw_lines(layout.title, true, 0x1e / 255.0, 0x1e / 255.0, 0x1e / 255.0);
  draw_lines(layout.author, false, 0x1e / 255.0, 0x1e / 255.0, 0x1e / 255.0);
  if (unknown > 0) {
    spdlog::warn(
        "generated cover: {} character(s) of the title or author have no glyph in the installed "
        "fonts and show as boxes; install fonts-noto-cjk (scripts/bootstrap) or pass --cover",
        unknown);
  }
  cairo_surface_flush(surface.get());

  std::string png;
  if (!encode_png(surface.get(), &png))
    return Status::Error("generated cover: cannot encode the PNG (libpng failed)");
  return identify_image(std::move(png), "generated cover");
}

}  // namespace novelbind
