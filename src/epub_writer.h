// The OCF container: a deterministic ZIP written with libzip.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "status.h"

namespace novelbind {

struct ZipEntry {
  std::string name;  // e.g. "EPUB/text/ch0001.xhtml"; ASCII
  std::string data;
  bool compress = true;  // deflate; false = stored
};

// Checks, before any work is done, that `out` can be written: its folder exists and is
// writable and `out` is not a folder. The error names the path and says what to do.
Status check_output_path(const std::filesystem::path& out);

// Writes `entries` in order to `out` (via a temporary file renamed into place, so a failure
// leaves nothing behind). Every entry gets the time `time` (seconds since the epoch, UTC),
// no extra fields and fixed permissions, so the same input gives the same bytes.
Status write_zip(const std::filesystem::path& out, const std::vector<ZipEntry>& entries,
                 std::int64_t time);

}  // namespace novelbind
