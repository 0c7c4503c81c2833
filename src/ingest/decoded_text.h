// What decoding a file gives (text, encoding, warnings), the messages for bytes that do not
// decode, and the few damaged bytes a long file may hold and still be decoded (encoding.cc
// decides which encoding; these make its result).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ingest/encoding.h"
#include "ingest/text_scrub.h"

namespace novelbind {

// "0xA0".
std::string hex_byte(unsigned char b);

// The error for an undecodable byte at `offset` of `bytes`: file, encoding, byte, offset and
// what to do (`forced`: the encoding was named by the user).
std::string bad_byte_message(const std::string& file, const std::string& encoding,
                             std::string_view bytes, size_t offset, bool cut_off, bool forced);

// The result for `text`, already scrubbed as `scrub` says, with a warning for what was
// dropped and, when `replaced` > 0, for the bytes that became U+FFFD.
Decoded finish_scrubbed(std::string text, const ScrubResult& scrub, const std::string& encoding,
                        const std::string& file, size_t replaced, size_t first_replaced);

// The result for the decoded (valid) UTF-8 `text`, scrubbed in place.
Decoded finish_decoded(std::string text, const std::string& encoding, const std::string& file,
                       size_t replaced, size_t first_replaced);

// True when the invalid UTF-8 at bytes[i] is a lead byte whose character the data ends in.
bool utf8_cut_off(std::string_view bytes, size_t i);

// `bytes` (at `base` in `whole`) decoded from `encoding` although a few bytes do not decode,
// when the damage is tolerable (a long file, at most one bad spot per 10 KB and 64 in all)
// and, for a Chinese encoding (`chinese`: GB18030, Big5), the result reads as Chinese. Each
// spot becomes one U+FFFD, except a lone 0xA0 (a no-break space left from a web page), which
// is dropped; each gets a warning with its line and offset.
std::optional<Decoded> decode_despite_damage(std::string_view bytes, size_t base,
                                             const std::string& encoding, const std::string& file,
                                             std::string_view whole, bool chinese);

}  // namespace novelbind
