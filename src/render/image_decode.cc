#include "render/image_decode.h"

// clang-format off
#include <cstdio>  // jpeglib.h needs FILE declared first
#include <jpeglib.h>
#include <jerror.h>
// clang-format on
#include <png.h>

#include <csetjmp>
#include <cstring>

namespace novelbind {
namespace {

std::string size_text(std::uint64_t bytes) {
  char buf[32];
  if (bytes >= (std::uint64_t{1} << 30))
    std::snprintf(buf, sizeof buf, "%.1f GiB", static_cast<double>(bytes) / (1 << 30));
  else
    std::snprintf(buf, sizeof buf, "%llu MiB",
                  static_cast<unsigned long long>((bytes + (1 << 20) - 1) >> 20));
  return buf;
}

// An error when a picture of `width` x `height` is beyond `limits`; checked on the header,
// before the decoder takes any memory for the pixels.
Status check_size(std::uint64_t width, std::uint64_t height, const std::string& name,
                  const ImageLimits& limits) {
  std::string size = std::to_string(width) + "x" + std::to_string(height) + " pixels";
  const std::uint64_t needed = width * height * 4;
  if (needed > limits.max_decoded_bytes)
    return Status::Error(name + ": the picture is " + size + ", which takes " + size_text(needed) +
                         " of memory to decode, more than the " +
                         size_text(limits.max_decoded_bytes) +
                         " allowed; scale it down (e-readers show covers of about 1600x2560)");
  const auto max_side = static_cast<std::uint64_t>(limits.max_side);
  if (width > max_side || height > max_side)
    return Status::Error(name + ": the picture is " + size + ", more than " +
                         std::to_string(max_side) +
                         " pixels a side; scale it down (e-readers show covers of about "
                         "1600x2560)");
  return Status::Ok();
}

Status undecodable(const std::string& name, const char* format, const std::string& reason) {
  return Status::Error(name + ": the " + format + " image cannot be decoded (" + reason +
                       "); export it again");
}

std::uint32_t premultiplied(unsigned r, unsigned g, unsigned b, unsigned a) {
  if (a != 255) {
    r = (r * a + 127) / 255;
    g = (g * a + 127) / 255;
    b = (b * a + 127) / 255;
  }
  return a << 24 | r << 16 | g << 8 | b;
}

// What the libpng and libjpeg runs below share with their callbacks. The runs keep nothing
// of their own across the decoders' longjmp (objects live here, made before setjmp).
struct DecodeState {
  std::string_view bytes;
  std::size_t at = 0;  // PNG: how far the reader has read
  const std::string* name = nullptr;
  const ImageLimits* limits = nullptr;
  bool keep = false;
  Pixels pixels;
  std::vector<unsigned char> row;  // one decoded row, when the pixels are not kept
  Status size_error;               // set when the header asks for too much
  char message[JMSG_LENGTH_MAX > 256 ? JMSG_LENGTH_MAX : 256] = "";
  bool too_many_scans = false, cut_short = false, damaged = false, out_of_memory = false;
};

// ---- PNG

void png_fail(png_structp png, png_const_charp message) {
  auto* s = static_cast<DecodeState*>(png_get_error_ptr(png));
  std::snprintf(s->message, sizeof s->message, "%s", message);
  png_longjmp(png, 1);
}

void png_ignore(png_structp, png_const_charp) {}

void png_read_bytes(png_structp png, png_bytep out, png_size_t length) {
  auto* s = static_cast<DecodeState*>(png_get_io_ptr(png));
  if (length > s->bytes.size() - s->at) png_error(png, "the file ends inside a chunk");
  std::memcpy(out, s->bytes.data() + s->at, length);
  s->at += length;
}

// Decodes s->bytes as RGBA rows into s->pixels (kept) or s->row. False on an error (in
// s->message, or s->size_error).
bool run_png(DecodeState* s) {
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, s, png_fail, png_ignore);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!info) {
    png_destroy_read_struct(&png, nullptr, nullptr);
    std::snprintf(s->message, sizeof s->message, "out of memory");
    return false;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, nullptr);
    return false;
  }
  // The size is checked below, with a message that says what to do; libpng's own limit
  // (1,000,000 a side) would only say that it was passed.
  png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
  png_set_chunk_cache_max(png, 128);        // text and palette chunks kept
  png_set_chunk_malloc_max(png, 8u << 20);  // a compressed text or profile chunk, inflated
  png_set_read_fn(png, s, png_read_bytes);
  png_read_info(png, info);
  png_uint_32 width = 0, height = 0;
  int depth = 0, colour = 0;
  png_get_IHDR(png, info, &width, &height, &depth, &colour, nullptr, nullptr, nullptr);
  s->size_error = check_size(width, height, *s->name, *s->limits);
  if (!s->size_error) {
    png_destroy_read_struct(&png, &info, nullptr);
    return false;
  }
  s->pixels.width = static_cast<int>(width);
  s->pixels.height = static_cast<int>(height);
  s->pixels.alpha =
      (colour & PNG_COLOR_MASK_ALPHA) != 0 || png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  png_set_expand(png);
  png_set_strip_16(png);
  png_set_gray_to_rgb(png);
  if (!s->pixels.alpha) png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  const int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != std::size_t{width} * 4) png_error(png, "unexpected row size");
  if (s->keep)
    s->pixels.argb.resize(std::size_t{width} * height);
  else
    s->row.resize(std::size_t{width} * 4);
  for (int pass = 0; pass < passes; ++pass) {
    for (png_uint_32 y = 0; y < height; ++y) {
      auto* row = s->keep
                      ? reinterpret_cast<png_bytep>(s->pixels.argb.data() + std::size_t{y} * width)
                      : s->row.data();
      png_read_row(png, row, nullptr);
    }
  }
  png_read_end(png, nullptr);  // the chunks after the image data, to IEND
  png_destroy_read_struct(&png, &info, nullptr);
  return true;
}

// The RGBA bytes run_png left in each pixel, as premultiplied native ARGB.
void rgba_to_argb(Pixels& p) {
  for (std::uint32_t& px : p.argb) {
    unsigned char c[4];
    std::memcpy(c, &px, 4);
    px = premultiplied(c[0], c[1], c[2], c[3]);
  }
}

// ---- JPEG

struct JpegError {
  jpeg_error_mgr mgr;  // first: libjpeg hands back cinfo->err
  std::jmp_buf jump;
};

void jpeg_fail(j_common_ptr cinfo) {
  auto* s = static_cast<DecodeState*>(cinfo->client_data);
  cinfo->err->format_message(cinfo, s->message);
  s->out_of_memory =
      cinfo->err->msg_code == JERR_OUT_OF_MEMORY || cinfo->err->msg_code == JERR_NO_BACKING_STORE;
  std::longjmp(reinterpret_cast<JpegError*>(cinfo->err)->jump, 1);
}

// libjpeg decodes on through damaged data, filling in what it cannot read, and only warns.
// Nothing is printed; data lost (a bad code, a segment or file ending early: the reader would
// show grey bands or noise) ends the decoding as an error, while bytes left over between
// segments, which many cameras write, do not.
void jpeg_note(j_common_ptr cinfo, int level) {
  const int code = cinfo->err->msg_code;
  if (level >= 0 || (code != JWRN_JPEG_EOF && code != JWRN_HUFF_BAD_CODE &&
                     code != JWRN_HIT_MARKER && code != JWRN_MUST_RESYNC))
    return;
  auto* s = static_cast<DecodeState*>(cinfo->client_data);
  (code == JWRN_JPEG_EOF ? s->cut_short : s->damaged) = true;
  cinfo->err->format_message(cinfo, s->message);
  std::longjmp(reinterpret_cast<JpegError*>(cinfo->err)->jump, 1);
}

void jpeg_count_scans(j_common_ptr cinfo) {
  auto* d = reinterpret_cast<j_decompress_ptr>(cinfo);
  auto* s = static_cast<DecodeState*>(cinfo->client_data);
  if (d->input_scan_number > s->limits->max_jpeg_scans) {
    s->too_many_scans = true;
    std::longjmp(reinterpret_cast<JpegError*>(cinfo->err)->jump, 1);
  }
}

// One decoded row (RGB, or CMYK as Adobe writes it: inverted) into pixel row `y`.
void store_jpeg_row(DecodeState* s, const j_decompress_ptr cinfo, int y) {
  const unsigned char* in = s->row.data();
  std::uint32_t* out = s->pixels.argb.data() + static_cast<std::size_t>(y) * s->pixels.width;
  const bool cmyk = cinfo->out_color_space == JCS_CMYK;
  const bool inverted = cinfo->saw_Adobe_marker;
  for (int x = 0; x < s->pixels.width; ++x) {
    if (!cmyk) {
      out[x] = premultiplied(in[3 * x], in[3 * x + 1], in[3 * x + 2], 255);
      continue;
    }
    unsigned c = in[4 * x], m = in[4 * x + 1], yl = in[4 * x + 2], k = in[4 * x + 3];
    if (!inverted) c = 255 - c, m = 255 - m, yl = 255 - yl, k = 255 - k;
    out[x] = premultiplied(c * k / 255, m * k / 255, yl * k / 255, 255);
  }
}

bool run_jpeg(DecodeState* s) {
  jpeg_decompress_struct cinfo{};
  JpegError error;
  jpeg_progress_mgr progress;
  cinfo.err = jpeg_std_error(&error.mgr);
  cinfo.client_data = s;  // kept by jpeg_create_decompress, and read if it fails
  error.mgr.error_exit = jpeg_fail;
  error.mgr.emit_message = jpeg_note;
  progress.progress_monitor = jpeg_count_scans;
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  jpeg_create_decompress(&cinfo);
  cinfo.progress = &progress;
  cinfo.mem->max_memory_to_use = static_cast<long>(s->limits->max_decoded_bytes);
  jpeg_mem_src(&cinfo, reinterpret_cast<const unsigned char*>(s->bytes.data()),
               static_cast<unsigned long>(s->bytes.size()));
  jpeg_read_header(&cinfo, TRUE);
  s->size_error = check_size(cinfo.image_width, cinfo.image_height, *s->name, *s->limits);
  if (!s->size_error) {
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  const bool cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
  cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
  jpeg_start_decompress(&cinfo);
  s->pixels.width = static_cast<int>(cinfo.output_width);
  s->pixels.height = static_cast<int>(cinfo.output_height);
  s->row.resize(std::size_t{cinfo.output_width} * static_cast<unsigned>(cinfo.output_components));
  if (s->keep) s->pixels.argb.resize(std::size_t{cinfo.output_width} * cinfo.output_height);
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = s->row.data();
    const int y = static_cast<int>(cinfo.output_scanline);
    if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) break;
    if (s->keep) store_jpeg_row(s, &cinfo, y);
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  return true;
}

}  // namespace

Result<Pixels> decode_image(const Image& image, const std::string& name, const ImageLimits& limits,
                            bool keep) {
  DecodeState s;
  s.bytes = image.bytes;
  s.name = &name;
  s.limits = &limits;
  s.keep = keep;
  const bool png = image.media_type == "image/png";
  if (png ? run_png(&s) : run_jpeg(&s)) {
    if (png && keep) rgba_to_argb(s.pixels);
    return std::move(s.pixels);
  }
  if (!s.size_error) return s.size_error;
  if (s.out_of_memory)
    return Status::Error(name + ": the JPEG image needs more than " +
                         size_text(limits.max_decoded_bytes) +
                         " of memory to decode; save it again as a baseline (not progressive) "
                         "JPEG, or smaller");
  if (s.too_many_scans)
    return Status::Error(name + ": the JPEG image has more than " +
                         std::to_string(limits.max_jpeg_scans) +
                         " progressive scans (each decodes the whole picture again); export it "
                         "again");
  if (s.cut_short)
    return Status::Error(name + ": the JPEG image is cut short (its data ends before the " +
                         "picture does); export it again");
  if (s.damaged)
    return Status::Error(name + ": the JPEG image data is damaged (" + s.message +
                         "); export it again");
  return undecodable(name, png ? "PNG" : "JPEG", s.message);
}

}  // namespace novelbind
