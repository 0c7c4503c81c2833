#include "render/cover_draw.h"

#include <libdeflate.h>
#include <spdlog/spdlog.h>

#include <sys/mman.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <unordered_map>
#include <vector>

#include "render/cairo_ptr.h"
#include "render/paint_library.h"

namespace novelbind {
namespace {

struct ObjectFree {
  void operator()(void* o) const { paint().g_object_unref(o); }
};
struct FontFree {
  void operator()(PangoFontDescription* f) const { paint().pango_font_description_free(f); }
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

void put_u32(std::string* out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8)
    out->push_back(static_cast<char>((v >> shift) & 0xff));
}

// A PNG chunk: length, type, data and the CRC-32 of type and data.
void put_chunk(std::string* out, const char (&type)[5], std::string_view data) {
  put_u32(out, static_cast<std::uint32_t>(data.size()));
  size_t start = out->size();
  out->append(type, 4);
  out->append(data);
  put_u32(out, static_cast<std::uint32_t>(
                   libdeflate_crc32(0, out->data() + start, out->size() - start)));
}

// Memory for the picture's 4 MB of palette indices in 2 MiB pages where the kernel gives them
// on request (transparent huge pages in "madvise" mode, Debian's default): touched in 4 KiB
// pages, they and the picture, then drawn whole, were 5,000 page faults, which on a virtual
// machine took longer than drawing the cover (a one-chapter book: 195 ms of CPU, 9,600 page
// faults).
struct HugeFree {
  void operator()(void* p) const { std::free(p); }
};
using HugeBuffer = std::unique_ptr<unsigned char[], HugeFree>;

HugeBuffer huge_buffer(size_t size) {
  constexpr size_t kHuge = size_t{2} << 20;
  size_t rounded = (size + kHuge - 1) / kHuge * kHuge;
  void* p = std::aligned_alloc(kHuge, rounded);
  if (p) madvise(p, rounded, MADV_HUGEPAGE);  // a hint: without it, ordinary pages
  return HugeBuffer(static_cast<unsigned char*>(p));
}

constexpr int kPngLevel = 5;

struct CompressorFree {
  void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

// The PNG of `filtered`: `height` rows of `row_bytes` bytes, each after its filter-type byte,
// 8-bit palette indices into `palette` when given, else RGB. One IDAT chunk, deflated by
// libdeflate at level kPngLevel: most rows of a drawn cover repeat the row above, which its
// match finder takes as long matches (zlib's run-length strategy, used before, only saw runs of
// one colour). Level 1's finder still hashes every byte of a match and, the bytes of a run
// being alike, into one bucket, one after the other: on the 4 MB of a cover it took 11 ms where
// level 5 takes 5 to 7 ms, and level 5's picture is 6-9% smaller (a one-chapter book built in
// 8% less time; the same pixels).
bool write_png(std::string* out, int width, int height, const std::vector<std::uint32_t>* palette,
               std::string_view filtered) {
  std::unique_ptr<libdeflate_compressor, CompressorFree> compressor(
      libdeflate_alloc_compressor(kPngLevel));
  if (!compressor) return false;
  // (Not zero-filled: only the pages the stream reaches are touched.)
  const size_t bound = libdeflate_zlib_compress_bound(compressor.get(), filtered.size());
  std::unique_ptr<char[]> stream(new char[bound]);
  size_t deflated = libdeflate_zlib_compress(compressor.get(), filtered.data(), filtered.size(),
                                             stream.get(), bound);
  if (deflated == 0) return false;
  std::string_view idat(stream.get(), deflated);

  out->append("\x89PNG\r\n\x1a\n", 8);
  std::string header;
  put_u32(&header, static_cast<std::uint32_t>(width));
  put_u32(&header, static_cast<std::uint32_t>(height));
  header.push_back(8);                  // bit depth
  header.push_back(palette ? 3 : 2);    // colour type: palette, or RGB
  header.append(std::string(3, '\0'));  // deflate, adaptive filtering, no interlace
  put_chunk(out, "IHDR", header);
  if (palette) {
    std::string colours;
    for (std::uint32_t c : *palette) {
      colours.push_back(static_cast<char>(c >> 16));
      colours.push_back(static_cast<char>(c >> 8));
      colours.push_back(static_cast<char>(c));
    }
    put_chunk(out, "PLTE", colours);
  }
  put_chunk(out, "IDAT", idat);
  put_chunk(out, "IEND", "");
  return true;
}

// The cover's painting: paper, frame, then the lines of a CoverLayout, each laid out by Pango
// once (shaping the text was most of the painting, done again for each strip).
class CoverPainter {
 public:
  // Lays the lines out for `c`, the context they will be shown on.
  CoverPainter(cairo_t* c, const Metadata& meta, const CoverLayout& layout);
  // Paints the rows of the picture from `first` on at the top of c's surface (which holds
  // `rows` of them): c is moved up by `first` pixels.
  void paint_rows(cairo_t* c, int first, int rows) const;
  int unknown_glyphs() const { return unknown_; }  // characters without a glyph

 private:
  struct Line {
    std::unique_ptr<PangoLayout, ObjectFree> text;
    double x = 0, y = 0;  // where it is shown, in the layout's units
    std::uint32_t colour = 0;
    double ink_top = 0, ink_bottom = 0;  // rows of the picture its ink and box reach
  };
  double scale_, top_;
  std::vector<Line> lines_;
  int unknown_ = 0;
};

CoverPainter::CoverPainter(cairo_t* c, const Metadata& meta, const CoverLayout& layout)
    : scale_(static_cast<double>(kDrawnCoverWidth) / layout.width),
      top_((kDrawnCoverHeight - layout.height * scale_) / 2) {  // layout centred
  // The lines are laid out where paint_rows() shows them (a strip is moved by whole pixels, which
  // changes neither the shapes nor their placing within a pixel).
  paint().cairo_identity_matrix(c);
  paint().cairo_translate(c, 0, top_);
  paint().cairo_scale(c, scale_, scale_);
  auto add_lines = [&](const std::vector<CoverLine>& lines, bool bold, std::uint32_t colour) {
    for (const CoverLine& line : lines) {
      std::unique_ptr<PangoLayout, ObjectFree> text(paint().pango_cairo_create_layout(c));
      PangoContext* context = paint().pango_layout_get_context(text.get());
      paint().pango_context_set_language(context,
                                         paint().pango_language_from_string(meta.language.c_str()));
      // Outlines as designed, not fitted to a screen's pixel grid: the same picture everywhere.
      cairo_font_options_t* options = paint().cairo_font_options_create();
      paint().cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
      paint().cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
      paint().cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
      paint().pango_cairo_context_set_font_options(context, options);
      paint().cairo_font_options_destroy(options);
      paint().pango_layout_context_changed(text.get());
      std::unique_ptr<PangoFontDescription, FontFree> font(
          paint().pango_font_description_from_string(font_family(meta.language)));
      paint().pango_font_description_set_weight(font.get(),
                                                bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
      paint().pango_font_description_set_absolute_size(font.get(), line.font_size * PANGO_SCALE);
      paint().pango_layout_set_font_description(text.get(), font.get());
      paint().pango_layout_set_text(text.get(), line.text.c_str(), -1);
      // (The logical box in pixels is what pango_layout_get_pixel_size gives.)
      PangoRectangle ink{}, logical{};
      paint().pango_layout_get_pixel_extents(text.get(), &ink, &logical);
      double baseline =
          paint().pango_layout_get_baseline(text.get()) / static_cast<double>(PANGO_SCALE);
      Line& l = lines_.emplace_back();
      l.x = layout.width / 2.0 - logical.width / 2.0;
      l.y = line.y - baseline;
      l.colour = colour;
      l.ink_top = top_ + (l.y + std::min(ink.y, logical.y)) * scale_;
      l.ink_bottom =
          top_ + (l.y + std::max(ink.y + ink.height, logical.y + logical.height)) * scale_;
      unknown_ += paint().pango_layout_get_unknown_glyphs_count(text.get());
      l.text = std::move(text);
    }
  };
  add_lines(layout.series, false, 0x7a2418);
  add_lines(layout.title, true, 0x1e1e1e);
  add_lines(layout.author, false, 0x1e1e1e);
}

void CoverPainter::paint_rows(cairo_t* c, int first, int rows) const {
  auto set_colour = [c](std::uint32_t rgb) {
    paint().cairo_set_source_rgb(c, (rgb >> 16) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                                 (rgb & 0xff) / 255.0);
  };
  paint().cairo_identity_matrix(c);
  paint().cairo_translate(c, 0, -first);
  // Paper and a double frame in the colours of the former SVG cover.
  set_colour(0xf3ede0);
  paint().cairo_paint(c);
  set_colour(0x7a2418);
  paint().cairo_set_line_width(c, 11);
  paint().cairo_rectangle(c, 80, 80, kDrawnCoverWidth - 160, kDrawnCoverHeight - 160);
  paint().cairo_stroke(c);
  paint().cairo_set_line_width(c, 3);
  paint().cairo_rectangle(c, 112, 112, kDrawnCoverWidth - 224, kDrawnCoverHeight - 224);
  paint().cairo_stroke(c);

  paint().cairo_translate(c, 0, top_);
  paint().cairo_scale(c, scale_, scale_);
  // A line whose ink (and logical box) lies wholly outside the strip leaves no pixel on it; a
  // margin of rows stands for the anti-aliased edge.
  constexpr double kMargin = 8;
  for (const Line& line : lines_) {
    if (line.ink_bottom + kMargin < first || line.ink_top - kMargin > first + rows) continue;
    set_colour(line.colour);
    paint().cairo_move_to(c, line.x, line.y);
    paint().pango_cairo_show_layout(c, line.text.get());
  }
}

// How many rows of the picture are made at a time.
constexpr int kStripRows = 128;

// The picture's rows, made a strip at a time: the cover is painted again for each strip, on one
// small image, moved up by the strip's first row. Drawn whole, the picture was a 16 MB image
// surface: a one-chapter book's build peaked at 52 MB, now 37 MB, in the same time (painting a
// strip again costs what the kernel took to hand out and zero the large surface's pages; under
// AddressSanitizer the build is 7% faster). Moved by whole pixels, a strip's pixels are exactly
// those rows of the whole picture (a recording surface replayed in strips was not: it left out
// a few pixels of anti-aliased ink). The text is laid out once, for all the strips.
class StripRows {
 public:
  StripRows(const Metadata& meta, const CoverLayout& layout, int width, int height)
      : width_(width),
        height_(height),
        strip_(paint().cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, kStripRows)),
        context_(paint().cairo_create(strip_.get())),
        painter_(context_.get(), meta, layout) {}
  bool ok() const { return paint().cairo_surface_status(strip_.get()) == CAIRO_STATUS_SUCCESS; }
  int width() const { return width_; }
  int height() const { return height_; }
  int unknown_glyphs() const { return painter_.unknown_glyphs(); }
  // Row `y`, CAIRO_FORMAT_RGB24: one native-endian 32-bit word a pixel, 0x00RRGGBB. Valid until
  // a row of another strip is asked for.
  const std::uint32_t* row(int y) {
    const int first = y / kStripRows * kStripRows;
    if (first != first_) {
      painter_.paint_rows(context_.get(), first, kStripRows);
      paint().cairo_surface_flush(strip_.get());
      first_ = first;
    }
    const unsigned char* data = paint().cairo_image_surface_get_data(strip_.get());
    const int stride = paint().cairo_image_surface_get_stride(strip_.get());
    return reinterpret_cast<const std::uint32_t*>(data + static_cast<size_t>(y - first) * stride);
  }

 private:
  int width_, height_;
  CairoSurface strip_;
  CairoContext context_;
  CoverPainter painter_;
  int first_ = -1;
};

// The picture as a PNG: 8-bit indices into a palette when it has at most 256 colours (a drawn
// cover does: paper, ink and their anti-aliased blends), else 8-bit RGB.
// Written here rather than by cairo: cairo lets libpng try every row filter at the default
// level, which took most of a small book's build. A cover is flat colour with text: most rows
// are the row above again (taken over whole), the others long runs, which deflate packs well
// and fast (RGB rows get the Sub filter first, which makes their runs zeros); a palette gives
// deflate a third of the bytes. No time or text chunks, so the same picture is the same bytes.
bool encode_png(StripRows& rows, std::string* out) {
  const int width = rows.width();
  const int height = rows.height();
  const size_t row_size = static_cast<size_t>(width) * 4;
  std::vector<std::uint32_t> above(static_cast<size_t>(width));  // the row before, its pixels
  // The rows as PNG holds them: a filter-type byte (0, none), then a palette index a pixel.
  // The palette, in order of first use; empty when there are more than 256 colours.
  const size_t row_bytes = static_cast<size_t>(width) + 1;
  const size_t indexed_size = row_bytes * static_cast<size_t>(height);
  HugeBuffer indexed = huge_buffer(indexed_size);
  if (!indexed) return false;
  unsigned char* filtered = indexed.get();
  std::vector<std::uint32_t> palette;
  std::unordered_map<std::uint32_t, unsigned char> index;
  for (int y = 0; y < height && palette.size() <= 256; ++y) {
    const std::uint32_t* pixels = rows.row(y);
    unsigned char* indices = filtered + static_cast<size_t>(y) * row_bytes + 1;
    indices[-1] = 0;  // filter type: none
    if (y > 0 && std::memcmp(pixels, above.data(), row_size) == 0) {
      std::memcpy(indices, indices - row_bytes, static_cast<size_t>(width));
      continue;
    }
    std::memcpy(above.data(), pixels, row_size);
    std::uint32_t last = 0xffffffff;
    unsigned char last_index = 0;
    for (int x = 0; x < width; ++x) {
      std::uint32_t colour = pixels[x] & 0xffffff;
      if (colour != last) {
        auto [it, added] = index.emplace(colour, static_cast<unsigned char>(palette.size()));
        if (added) palette.push_back(colour);
        if (palette.size() > 256) break;
        last = colour;
        last_index = it->second;
      }
      indices[x] = last_index;
    }
  }
  if (palette.size() <= 256)
    return write_png(out, width, height, &palette,
                     std::string_view(reinterpret_cast<const char*>(filtered), indexed_size));
  indexed.reset();

  // RGB, each row with the Sub filter (1): each byte less the same colour's byte to its left.
  const size_t rgb_row = static_cast<size_t>(width) * 3 + 1;
  std::string rgb(rgb_row * static_cast<size_t>(height), '\0');
  for (int y = 0; y < height; ++y) {
    const std::uint32_t* pixels = rows.row(y);
    unsigned char* row = reinterpret_cast<unsigned char*>(rgb.data()) + y * rgb_row;
    row[0] = 1;
    std::uint32_t left = 0;
    for (int x = 0; x < width; ++x) {
      std::uint32_t p = pixels[x];
      for (int c = 0; c < 3; ++c) {
        int shift = 16 - 8 * c;
        row[1 + 3 * x + c] = static_cast<unsigned char>(((p >> shift) - (left >> shift)) & 0xff);
      }
      left = p;
    }
  }
  return write_png(out, width, height, nullptr, rgb);
}

}  // namespace

std::string missing_glyphs_message(int count) {
  return "generated cover: " + std::to_string(count) +
         " character(s) of the title or author have no glyph in the installed fonts and show as "
         "boxes; install fonts-noto-cjk (scripts/bootstrap) or pass --cover";
}

int paint_cover(cairo_t* c, const Metadata& meta, const CoverLayout& layout) {
  CoverPainter painter(c, meta, layout);
  painter.paint_rows(c, 0, kDrawnCoverHeight);
  return painter.unknown_glyphs();
}

Result<Image> draw_cover(const Metadata& meta, int* missing_glyphs) {
  if (const Result<PaintLibrary>& library = load_paint_library(); !library) return library.status();
  load_font_configuration();
  const CoverLayout layout = layout_cover(meta);
  StripRows rows(meta, layout, kDrawnCoverWidth, kDrawnCoverHeight);
  if (!rows.ok()) return Status::Error("generated cover: out of memory for the picture");
  std::string png;
  if (!encode_png(rows, &png))
    return Status::Error("generated cover: cannot encode the PNG (libdeflate failed)");
  const int unknown = rows.unknown_glyphs();
  if (missing_glyphs)
    *missing_glyphs = unknown;
  else if (unknown > 0)
    spdlog::warn("{}", missing_glyphs_message(unknown));
  return identify_image(std::move(png), "generated cover");
}

}  // namespace novelbind
