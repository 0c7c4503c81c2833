// The OCF container: a deterministic ZIP written with libzip.
#pragma once

#include <cstdint>
#include <filesystem>
#include <future>
#include <string>
#include <utility>
#include <vector>

#include "base/shared_bytes.h"
#include "base/status.h"
#include "package/deflate.h"

namespace novelbind {

struct ZipEntry {
  ZipEntry() = default;
  ZipEntry(std::string name, std::string data, bool compress = true)
      : name(std::move(name)), data(std::move(data)), compress(compress) {}
  // An entry whose data was deflated ahead of time by deflate_entry().
  static ZipEntry predeflated(std::string name, SharedBytes blob) {
    ZipEntry e(std::move(name), "", true);
    e.deflated = std::move(blob);
    return e;
  }

  std::string name;  // e.g. "EPUB/text/ch0001.xhtml"; ASCII
  std::string data;
  bool compress = true;  // deflate; false = stored
  // When not empty: the entry's data already deflated by deflate_entry() (on a worker thread,
  // or kept in the build cache). write_zip copies its compressed bytes without recompressing;
  // `data` and `compress` are then ignored.
  SharedBytes deflated;
  // When valid: the entry is still being made on another thread, and comes deflated (as
  // `deflated`; with `compress` false, as the bytes to store) or as an error. write_zip writes
  // the entries before it meanwhile and waits for it only when it gets to it; its error then
  // fails the archive.
  std::shared_future<Result<SharedBytes>> later;
  static ZipEntry made_later(std::string name, std::shared_future<Result<SharedBytes>> later) {
    ZipEntry e(std::move(name), "", true);
    e.later = std::move(later);
    return e;
  }
  static ZipEntry stored_later(std::string name, std::shared_future<Result<SharedBytes>> later) {
    ZipEntry e(std::move(name), "", false);
    e.later = std::move(later);
    return e;
  }
};

// Checks, before any work is done, that `out` can be written: its folder exists and is
// writable and `out` is not a folder. The error names the path and says what to do.
Status check_output_path(const std::filesystem::path& out);

// Puts a copy of the file `source` at `out` through a temporary name renamed into place: a
// reflink where the file system offers one, else the bytes copied; never a hard link, so that
// editing `out` in place leaves `source` (a cache entry) as it was.
Status copy_file_atomically(const std::filesystem::path& source, const std::filesystem::path& out);

// Writes `entries` in order to `out` (via a temporary file renamed into place, so a failure
// leaves nothing behind). Every entry gets the time `time` (seconds since the epoch, UTC),
// no extra fields and fixed permissions, so the same input gives the same bytes.
// `checksum`, when given, receives the checksum of the written file as put_file stores it
// (computed while writing), or is left empty when it could not be.
Status write_zip(const std::filesystem::path& out, const std::vector<ZipEntry>& entries,
                 std::int64_t time, std::string* checksum = nullptr);

}  // namespace novelbind
