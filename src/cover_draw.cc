#include "cover_draw.h"

#include <cairo.h>
#include <pango/pangocairo.h>
#include <spdlog/spdlog.h>

#include <memory>

#include "build_cache.h"

namespace novelbind {
namespace {

struct SurfaceFree {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct CairoFree {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};
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

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

Result<Image> draw_cover(const Metadata& meta) {
  const CoverLayout layout = layout_cover(meta);
  const double scale = static_cast<double>(kDrawnCoverWidth) / layout.width;
  const double top = (kDrawnCoverHeight - layout.height * scale) / 2;  // layout centred

  std::unique_ptr<cairo_surface_t, SurfaceFree> surface(
      cairo_image_surface_create(CAIRO_FORMAT_RGB24, kDrawnCoverWidth, kDrawnCoverHeight));
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
    return Status::Error(std::string("generated cover: ") +
                         cairo_status_to_string(cairo_surface_status(surface.get())));
  std::unique_ptr<cairo_t, CairoFree> cr(cairo_create(surface.get()));
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
  cairo_status_t written = cairo_surface_write_to_png_stream(surface.get(), append_bytes, &png);
  if (written != CAIRO_STATUS_SUCCESS)
    return Status::Error(std::string("generated cover: cannot encode the PNG: ") +
                         cairo_status_to_string(written));
  return identify_image(std::move(png), "generated cover");
}

Result<Image> drawn_cover(const Metadata& meta, const BuildCache* cache) {
  if (!cache) return draw_cover(meta);
  CacheKey key;
  key.add("drawn cover").add(NOVELBIND_VERSION).add(pango_version_string());
  key.add(cairo_version_string()).add(meta.title).add(meta.author).add(meta.series);
  key.add(meta.series_index).add(meta.language);
  if (auto stored = cache->get("cover", key.hex())) {
    auto image = identify_image(std::move(*stored), "cached cover");
    if (image) return image;
  }
  auto image = draw_cover(meta);
  if (image) cache->put("cover", key.hex(), image->bytes);
  return image;
}

}  // namespace novelbind
