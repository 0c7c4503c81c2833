// Deflating for the archive: entries compressed ahead of time (on worker threads, or taken
// from the cache) in a form the ZIP writer copies as it is.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace novelbind {

// `data` deflated for ZipEntry::deflated: a 16-byte header ("NBD1", the CRC-32 and the size of
// `data`, little-endian) and the raw deflate stream a ZIP entry holds. Safe to call from several
// threads at once. Deterministic: the same data gives the same bytes.
Result<std::string> deflate_entry(std::string_view data);

// A large text (the nav, the NCX, the package document, the contents page of a long book) in
// pieces that can be deflated and cached one by one: each piece ends at a newline chosen by
// the line's own bytes, so that a line added or changed moves only the piece boundaries next
// to it and every other piece is the same as in the last build. Pieces are 16 to 128 KiB.
std::vector<std::string_view> deflate_pieces(std::string_view data);
// One piece deflated on its own (a fresh deflate state, ended by a sync flush), so that the
// pieces of a text joined in order are one valid deflate stream.
Result<std::string> deflate_piece(std::string_view piece);
// deflate_entry's result for `data` from the deflated pieces of deflate_pieces(data).
std::string join_deflated_pieces(std::string_view data,
                                 const std::vector<std::string_view>& deflated_pieces);

// A pre-deflated entry (deflate_entry) split into its header fields and raw deflate stream.
struct DeflatedView {
  std::uint32_t crc = 0;
  std::uint64_t size = 0;
  std::string_view stream;
};

// deflate_entry's bytes split into their header fields and stream; nullopt when `blob` is not
// in that form.
std::optional<DeflatedView> parse_deflated(std::string_view blob);

}  // namespace novelbind
