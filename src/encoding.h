// Decoding a source file's bytes to UTF-8 (the "ingest" stage's second half).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "book.h"
#include "status.h"

namespace novelbind {

struct DecodeOptions {
  std::string forced_encoding;  // iconv name ("GB18030", "BIG5-HKSCS"); empty = detect
  bool lenient = false;         // undecodable bytes become U+FFFD, with a warning
};

struct Decoded {
  std::string text;      // UTF-8, BOM removed, line ends normalised to '\n'
  std::string encoding;  // what the bytes were decoded from, e.g. "UTF-8", "GB18030"
  std::vector<Diagnostic> warnings;
};

// Detects the encoding of `bytes` and decodes them. `file` names the source in messages:
// "chapters/0042.txt: invalid GB18030 byte 0x80 at offset 3391; pass --encoding to override".
// Binary data (NUL bytes, image signatures) is an error.
Result<Decoded> decode_text(std::string_view bytes, const std::string& file,
                            const DecodeOptions& options);

}  // namespace novelbind
