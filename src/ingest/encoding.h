// Decoding a source file's bytes to UTF-8 (the "ingest" stage's second half).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "book.h"

namespace novelbind {

struct DecodeOptions {
  std::string forced_encoding;  // iconv name ("GB18030", "BIG5-HKSCS"); empty = detect
  bool lenient = false;         // undecodable bytes become U+FFFD, with a warning
};

struct Decoded {
  std::string text;      // UTF-8, BOM removed, line ends '\n', invisible characters removed
  std::string encoding;  // what the bytes were decoded from, e.g. "UTF-8", "GB18030"
  std::vector<Diagnostic> warnings;  // rules "encoding" (lenient), "invisible_characters"
};

// Detects the encoding of `bytes` and decodes them; see scrub_text (text_scrub.h) for
// what is done to the text afterwards. Detection: a byte order mark (UTF-8, UTF-16,
// UTF-32); else strict UTF-8; else uchardet's guess checked by decoding, where GB2312 and
// GBK are read as their superset GB18030 and Big5 as BIG5-HKSCS, and short texts (which
// uchardet guesses poorly) are decided by how Chinese each candidate decoding reads.
//
// `file` names the source in messages. Errors: binary data (an image, archive or PDF
// signature, or NUL bytes that are not UTF-16), bytes that do not decode ("chapters/
// 0042.txt: invalid GB18030 byte 0x80 at offset 3391; pass --encoding to override, or
// --lenient to replace bad bytes"; with `lenient` each bad byte becomes U+FFFD and a
// warning counts them), and a forced encoding that iconv does not know.
Result<Decoded> decode_text(std::string_view bytes, const std::string& file,
                            const DecodeOptions& options);

// Ok when iconv can decode text in the encoding `name` (case does not matter); otherwise
// an error that says the name is unknown and how to find a known one.
Status check_encoding_name(const std::string& name);

}  // namespace novelbind
