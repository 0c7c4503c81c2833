#include "ingest/text_scrub.h"

#include <cstring>

namespace novelbind {

namespace {

// Scrubs in[0, n) to `w`, which may be `in` itself: the writer never passes the reader.
// Returns where the writing ended.
char* scrub(std::string_view in, char* w, ScrubResult* result) {
  ScrubResult& r = *result;
  const auto* p = reinterpret_cast<const unsigned char*>(in.data());
  const size_t n = in.size();
  int line = 1;
  auto drop = [&](size_t len) {
    if (r.removed++ == 0) r.first_removed_line = line;
    return len;
  };
  size_t i = 0;
  while (i < n) {
    unsigned char c = p[i];
    if (c >= 0x20 && c < 0x7F) {
      *w++ = static_cast<char>(c);
      ++i;
    } else if (c == '\n' || c == '\r') {
      *w++ = '\n';
      ++line;
      i += (c == '\r' && i + 1 < n && p[i + 1] == '\n') ? 2 : 1;
    } else if (c == '\t') {
      *w++ = '\t';
      ++i;
    } else if (c < 0x80) {
      i += drop(1);  // C0 control or DEL
    } else if (c >= 0xE3 && c <= 0xEC && i + 2 < n && (p[i + 1] & 0xC0) == 0x80 &&
               (p[i + 2] & 0xC0) == 0x80) {
      // U+3000..U+CFFF, most CJK text: valid, and none of it invisible.
      w[0] = static_cast<char>(c);
      w[1] = static_cast<char>(p[i + 1]);
      w[2] = static_cast<char>(p[i + 2]);
      w += 3;
      i += 3;
    } else {
      size_t len = utf8_sequence_length(in, i);
      if (len == 0) {
        r.invalid_at = i;
        break;
      }
      unsigned char c1 = p[i + 1], c2 = len > 2 ? p[i + 2] : 0;
      if (c == 0xC2 && c1 < 0xA0) {
        i += drop(2);  // C1 control U+0080..U+009F
      } else if (c == 0xE2 && c1 == 0x80 && c2 >= 0x8B && c2 <= 0x8D) {
        i += drop(3);  // U+200B zero-width space, U+200C ZWNJ, U+200D ZWJ
      } else if ((c == 0xE2 && c1 == 0x81 && c2 == 0xA0) ||
                 (c == 0xEF && c1 == 0xBB && c2 == 0xBF)) {
        i += drop(3);  // U+2060 word joiner, U+FEFF inside the text
      } else if (c == 0xE2 && c1 == 0x80 && (c2 == 0xA8 || c2 == 0xA9)) {
        *w++ = '\n';  // U+2028 line separator, U+2029 paragraph separator
        ++line;
        i += 3;
      } else {
        std::memmove(w, p + i, len);
        w += len;
        i += len;
      }
    }
  }
  return w;
}

}  // namespace

ScrubResult scrub_text(std::string_view in, std::string* out) {
  ScrubResult r;
  // The output is never longer than the input: every change drops bytes or swaps one
  // line end for a shorter one.
  out->resize(in.size());
  char* end = scrub(in, out->data(), &r);
  out->resize(static_cast<size_t>(end - out->data()));
  return r;
}

ScrubResult scrub_text(std::string* text) {
  ScrubResult r;
  char* end = scrub(*text, text->data(), &r);
  text->resize(static_cast<size_t>(end - text->data()));
  return r;
}

std::string replace_invalid_utf8(std::string_view bytes, size_t* replaced, size_t* first) {
  *replaced = 0;
  *first = std::string_view::npos;
  std::string out;
  out.reserve(bytes.size() + 64);
  for (size_t i = 0; i < bytes.size();) {
    size_t len = utf8_sequence_length(bytes, i);
    if (len == 0) {
      if ((*replaced)++ == 0) *first = i;
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(bytes, i, len);
      i += len;
    }
  }
  return out;
}

}  // namespace novelbind
