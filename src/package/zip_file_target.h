// The file libzip writes an archive into (write_zip), as a libzip source.
#pragma once

#include <zip.h>
#include <algorithm>
#include <string>

#include "base/content_hash.h"
#include "base/zip_library.h"

namespace novelbind {

// The file libzip writes the archive into. libzip writes each entry's local header, its data,
// then seeks back to finish the header; through stdio every such seek flushes a small write.
// This target keeps a window of the file in memory instead and writes it out in large pieces,
// so that a book of thousands of entries costs a few system calls, not tens of thousands.
class FileTarget {
 public:
  explicit FileTarget(int fd) : fd_(fd) { zip_api().zip_error_init(&error_); }
  ~FileTarget() { zip_api().zip_error_fini(&error_); }

  static zip_int64_t callback(void* state, void* data, zip_uint64_t len, zip_source_cmd_t cmd) {
    return static_cast<FileTarget*>(state)->command(data, len, cmd);
  }
  // The file is complete (zip_close succeeded and every byte reached it).
  bool committed() const { return committed_; }
  // The errno of the write the file refused (a full disk, the file size limit), or 0.
  int write_error() const { return write_error_; }
  // The checksum of the file's bytes (ContentHash::add_bytes), when they went out in order and
  // were never rewritten afterwards; else empty.
  std::string checksum() const { return in_order_ ? sum_.hex() : ""; }

 private:
  static constexpr size_t kWindow = 4 << 20;
  // What stays in memory when a full window goes out: libzip seeks back to the start of the
  // entry it has just written to finish its header, and a header rewritten in bytes already
  // written would cost the checksum (entries of a book are far smaller than this).
  static constexpr size_t kTail = 1 << 20;

  zip_int64_t command(void* data, zip_uint64_t len, zip_source_cmd_t cmd);
  zip_uint64_t end() const { return std::max(flushed_end_, window_start_ + window_.size()); }
  zip_int64_t write(const char* data, zip_uint64_t len);
  // Writes the first `count` bytes of the window (all by default) and keeps the rest.
  bool flush(size_t count = std::string::npos);

  int fd_;
  zip_error_t error_;
  std::string window_;
  zip_uint64_t window_start_ = 0, pos_ = 0, flushed_end_ = 0;
  bool committed_ = false;
  int write_error_ = 0;
  ContentHash sum_;
  bool in_order_ = true;
};

}  // namespace novelbind
