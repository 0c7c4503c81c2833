#include "render/image_scale.h"

// clang-format off
#include <cstdio>  // jpeglib.h needs FILE declared first
#include <jpeglib.h>
// clang-format on

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <cstdlib>
#include <memory>
#include <vector>

#include "render/cairo_ptr.h"
#include "render/paint_library.h"

namespace novelbind {
namespace {

cairo_status_t append_bytes(void* out, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(out)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

// What encode_jpeg shares with libjpeg across its longjmp.
struct JpegOutput {
  jpeg_error_mgr mgr;  // first: libjpeg hands back cinfo->err
  std::jmp_buf jump;
  unsigned char* buffer = nullptr;  // jpeg_mem_dest's, malloc'd
  unsigned long size = 0;
  std::vector<unsigned char> row;
};

void jpeg_encode_fail(j_common_ptr cinfo) {
  std::longjmp(reinterpret_cast<JpegOutput*>(cinfo->err)->jump, 1);
}

// The RGB24 surface as a baseline JPEG, quality 90, optimised Huffman tables; false when
// libjpeg fails (out of memory).
bool encode_jpeg(cairo_surface_t* surface, JpegOutput* out) {
  const int width = paint().cairo_image_surface_get_width(surface);
  const int height = paint().cairo_image_surface_get_height(surface);
  const int stride = paint().cairo_image_surface_get_stride(surface);
  const unsigned char* data = paint().cairo_image_surface_get_data(surface);
  jpeg_compress_struct cinfo{};
  cinfo.err = jpeg_std_error(&out->mgr);
  out->mgr.error_exit = jpeg_encode_fail;
  if (setjmp(out->jump)) {
    jpeg_destroy_compress(&cinfo);
    return false;
  }
  jpeg_create_compress(&cinfo);
  jpeg_mem_dest(&cinfo, &out->buffer, &out->size);
  cinfo.image_width = static_cast<JDIMENSION>(width);
  cinfo.image_height = static_cast<JDIMENSION>(height);
  cinfo.input_components = 3;
  cinfo.in_color_space = JCS_RGB;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, 90, TRUE);
  cinfo.optimize_coding = TRUE;
  jpeg_start_compress(&cinfo, TRUE);
  out->row.resize(static_cast<std::size_t>(width) * 3);
  while (cinfo.next_scanline < cinfo.image_height) {
    const auto* pixels =
        reinterpret_cast<const std::uint32_t*>(data + std::size_t{cinfo.next_scanline} * stride);
    for (int x = 0; x < width; ++x) {  // RGB24: 0x00RRGGBB, native order
      out->row[3 * x] = static_cast<unsigned char>(pixels[x] >> 16);
      out->row[3 * x + 1] = static_cast<unsigned char>(pixels[x] >> 8);
      out->row[3 * x + 2] = static_cast<unsigned char>(pixels[x]);
    }
    JSAMPROW row = out->row.data();
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  return true;
}

}  // namespace

Result<Image> scale_down(const Pixels& pixels, const std::string& media_type, int side,
                         const std::string& name) {
  if (const Result<PaintLibrary>& library = load_paint_library(); !library) return library.status();
  const int width = pixels.width, height = pixels.height;
  const double factor = static_cast<double>(side) / std::max(width, height);
  const int new_width =
      width >= height ? side : std::max(1, static_cast<int>(std::lround(width * factor)));
  const int new_height =
      height > width ? side : std::max(1, static_cast<int>(std::lround(height * factor)));
  const cairo_format_t format = pixels.alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24;
  auto failed = [&](cairo_status_t status) {
    return Status::Error(name + ": cannot scale the picture down (" +
                         paint().cairo_status_to_string(status) + ")");
  };
  // cairo reads the pixels only; a 32-bit format's stride is 4 bytes a pixel.
  CairoSurface source(paint().cairo_image_surface_create_for_data(
      reinterpret_cast<unsigned char*>(const_cast<std::uint32_t*>(pixels.argb.data())), format,
      width, height, width * 4));
  CairoSurface target(paint().cairo_image_surface_create(format, new_width, new_height));
  for (cairo_surface_t* s : {source.get(), target.get()})
    if (paint().cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
      return failed(paint().cairo_surface_status(s));
  {
    CairoContext cr(paint().cairo_create(target.get()));
    paint().cairo_scale(cr.get(), static_cast<double>(new_width) / width,
                        static_cast<double>(new_height) / height);
    paint().cairo_set_source_surface(cr.get(), source.get(), 0, 0);
    paint().cairo_pattern_set_filter(paint().cairo_get_source(cr.get()), CAIRO_FILTER_GOOD);
    // The edges take the nearest pixels, not a blend with the transparent outside.
    paint().cairo_pattern_set_extend(paint().cairo_get_source(cr.get()), CAIRO_EXTEND_PAD);
    paint().cairo_set_operator(cr.get(), CAIRO_OPERATOR_SOURCE);
    paint().cairo_paint(cr.get());
    if (paint().cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS)
      return failed(paint().cairo_status(cr.get()));
  }
  paint().cairo_surface_flush(target.get());
  std::string bytes;
  if (media_type == "image/png") {
    cairo_status_t s =
        paint().cairo_surface_write_to_png_stream(target.get(), append_bytes, &bytes);
    if (s != CAIRO_STATUS_SUCCESS) return failed(s);
  } else {
    JpegOutput out;
    bool ok = encode_jpeg(target.get(), &out);
    if (ok) bytes.assign(reinterpret_cast<const char*>(out.buffer), out.size);
    std::free(out.buffer);
    if (!ok) return failed(CAIRO_STATUS_NO_MEMORY);
  }
  return identify_image(std::move(bytes), name);
}

}  // namespace novelbind
