// One pass of iconv from a named encoding to UTF-8, strict or replacing bad bytes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace novelbind {

// One undecodable byte of a lenient conversion: where it was in the input, and where its
// U+FFFD is in the output.
struct BadByte {
  size_t offset = 0;
  size_t out_offset = 0;
};

struct Conversion {
  std::string text;      // UTF-8; when a strict conversion failed, what decoded before the bad byte
  size_t bad_bytes = 0;  // replaced by U+FFFD (lenient), or 1 (strict)
  size_t first_bad = std::string_view::npos;  // offset of the first bad byte
  bool cut_off = false;      // the first bad byte starts a character that the data ends inside
  std::vector<BadByte> bad;  // lenient: every bad byte, in order
  bool ok() const { return bad_bytes == 0; }
};

// Decodes `in` from the encoding `from` (an iconv name) in one pass. Strict: stops at the
// first byte that does not decode. Lenient: each such byte becomes U+FFFD and decoding goes
// on with the next byte. An encoding iconv does not know fails at offset 0.
Conversion iconv_decode(std::string_view in, const std::string& from, bool lenient);

// True when iconv can decode from `name` (case does not matter).
bool iconv_knows(const std::string& name);

}  // namespace novelbind
