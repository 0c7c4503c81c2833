#include "package/zip_file_target.h"

#include <unistd.h>
#include <cerrno>
#include <cstring>

#include "base/zip_library.h"

namespace novelbind {

zip_int64_t FileTarget::command(void* data, zip_uint64_t len, zip_source_cmd_t cmd) {
  switch (cmd) {
    case ZIP_SOURCE_STAT:  // a new archive: there is nothing to read
      zip_api().zip_error_set(&error_, ZIP_ER_READ, ENOENT);
      return -1;
    case ZIP_SOURCE_BEGIN_WRITE:
      pos_ = 0;
      window_start_ = 0;
      window_.clear();
      window_.reserve(kWindow + kTail + (64 << 10));
      return 0;
    case ZIP_SOURCE_WRITE:
      return write(static_cast<const char*>(data), len);
    case ZIP_SOURCE_SEEK_WRITE: {
      // (ZIP_SOURCE_GET_ARGS, which calls libzip's zip_error_set directly.)
      if (len < sizeof(zip_source_args_seek_t)) {
        zip_api().zip_error_set(&error_, ZIP_ER_INVAL, 0);
        return -1;
      }
      auto* args = static_cast<zip_source_args_seek_t*>(data);
      zip_int64_t base = args->whence == SEEK_SET   ? 0
                         : args->whence == SEEK_CUR ? static_cast<zip_int64_t>(pos_)
                                                    : static_cast<zip_int64_t>(end());
      if (base + args->offset < 0) {
        zip_api().zip_error_set(&error_, ZIP_ER_INVAL, 0);
        return -1;
      }
      pos_ = static_cast<zip_uint64_t>(base + args->offset);
      return 0;
    }
    case ZIP_SOURCE_TELL_WRITE:
      return static_cast<zip_int64_t>(pos_);
    case ZIP_SOURCE_COMMIT_WRITE:
      if (!flush()) return -1;
      committed_ = true;
      return 0;
    case ZIP_SOURCE_ROLLBACK_WRITE:
      window_.clear();
      return 0;
    case ZIP_SOURCE_REMOVE:  // an archive without entries: write_zip never asks for one
    case ZIP_SOURCE_FREE:
      return 0;
    case ZIP_SOURCE_ERROR:
      return zip_api().zip_error_to_data(&error_, data, len);
    case ZIP_SOURCE_SUPPORTS:
      return zip_api().zip_source_make_command_bitmap(
          ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE, ZIP_SOURCE_SUPPORTS, ZIP_SOURCE_OPEN,
          ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_SEEK, ZIP_SOURCE_TELL,
          ZIP_SOURCE_BEGIN_WRITE, ZIP_SOURCE_WRITE, ZIP_SOURCE_SEEK_WRITE, ZIP_SOURCE_TELL_WRITE,
          ZIP_SOURCE_COMMIT_WRITE, ZIP_SOURCE_ROLLBACK_WRITE, ZIP_SOURCE_REMOVE, -1);
    default:  // reading: the archive is only ever written
      zip_api().zip_error_set(&error_, ZIP_ER_OPNOTSUPP, 0);
      return -1;
  }
}

zip_int64_t FileTarget::write(const char* data, zip_uint64_t len) {
  // A write outside the window (a header of an entry larger than the window) sends the
  // window to the file and starts a new one where the write goes.
  if (pos_ < window_start_ || pos_ > window_start_ + window_.size()) {
    if (!flush()) return -1;
    window_start_ = pos_;
  }
  size_t at = pos_ - window_start_;
  if (at == window_.size()) {
    window_.append(data, len);  // the usual case: at the end, nothing to zero first
  } else {
    if (at + len > window_.size()) window_.resize(at + len);
    std::memcpy(window_.data() + at, data, len);
  }
  pos_ += len;
  if (window_.size() >= kWindow + kTail && pos_ == window_start_ + window_.size()) {
    if (!flush(window_.size() - kTail)) return -1;
  }
  return static_cast<zip_int64_t>(len);
}

bool FileTarget::flush(size_t count) {
  count = std::min(count, window_.size());
  size_t done = 0;
  while (done < count) {
    ssize_t n =
        pwrite(fd_, window_.data() + done, count - done, static_cast<off_t>(window_start_ + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      write_error_ = n < 0 ? errno : ENOSPC;
      zip_api().zip_error_set(&error_, ZIP_ER_WRITE, write_error_);
      return false;
    }
    done += static_cast<size_t>(n);
  }
  // The checksum follows the file while each window starts where the last one ended.
  if (in_order_ && window_start_ == flushed_end_)
    sum_.add_bytes(std::string_view(window_).substr(0, count));
  else if (count > 0)
    in_order_ = false;
  flushed_end_ = std::max(flushed_end_, window_start_ + count);
  window_start_ += count;
  window_.erase(0, count);
  return true;
}

}  // namespace novelbind
