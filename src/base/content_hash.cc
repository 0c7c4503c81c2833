#include "base/content_hash.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <cstdio>

namespace fs = std::filesystem;

namespace novelbind {
namespace {

std::string hex128(XXH128_hash_t h) {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  return buf;
}

}  // namespace

std::string hash_hex(std::string_view bytes) {
  return hex128(XXH3_128bits(bytes.data(), bytes.size()));
}

struct ContentHash::State {
  XXH3_state_t* xxh = XXH3_createState();
  ~State() { XXH3_freeState(xxh); }
};

ContentHash::ContentHash() : state_(std::make_unique<State>()) {
  XXH3_128bits_reset(state_->xxh);
}
ContentHash::~ContentHash() = default;

ContentHash& ContentHash::add(std::string_view field) {
  std::uint64_t size = field.size();
  XXH3_128bits_update(state_->xxh, &size, sizeof size);
  XXH3_128bits_update(state_->xxh, field.data(), field.size());
  return *this;
}

ContentHash& ContentHash::add_bytes(std::string_view bytes) {
  XXH3_128bits_update(state_->xxh, bytes.data(), bytes.size());
  return *this;
}

ContentHash& ContentHash::add(std::int64_t number) {
  return add(std::string_view(reinterpret_cast<const char*>(&number), sizeof number));
}

namespace {

FileStamp stamp_of(const struct stat& st) {
  FileStamp out;
  out.device = static_cast<std::uint64_t>(st.st_dev);
  out.inode = static_cast<std::uint64_t>(st.st_ino);
  out.size = static_cast<std::uint64_t>(st.st_size);
  out.modified_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  out.changed_ns = static_cast<std::int64_t>(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec;
  return out;
}

}  // namespace

std::optional<FileStamp> stamp_file(const fs::path& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return stamp_of(st);
}

bool ContentHash::add_file(const fs::path& path, FileStamp* stamp) {
  // open/fstat/read/close and nothing more: a rebuild hashes every input, and on some
  // machines each system call costs more than hashing a chapter.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st;
  bool ok = fstat(fd, &st) == 0;
  if (ok && stamp) *stamp = stamp_of(st);
  static thread_local std::string buffer(1 << 16, '\0');
  std::uint64_t total = 0;
  while (ok) {
    ssize_t n = ::read(fd, buffer.data(), buffer.size());
    if (n < 0) {
      ok = false;
      break;
    }
    XXH3_128bits_update(state_->xxh, buffer.data(), static_cast<size_t>(n));
    total += static_cast<std::uint64_t>(n);
    // A regular file reads short only at its end; anything else is read to a zero read.
    if (n == 0 || (S_ISREG(st.st_mode) && static_cast<size_t>(n) < buffer.size())) break;
  }
  ::close(fd);
  add(static_cast<std::int64_t>(total));  // ends the field, as add()'s length prefix would
  return ok;
}

std::string ContentHash::hex() const {
  return hex128(XXH3_128bits_digest(state_->xxh));
}

}  // namespace novelbind
