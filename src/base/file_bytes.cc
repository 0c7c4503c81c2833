#include "base/file_bytes.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace novelbind {

std::optional<std::string> read_file_bytes(const std::filesystem::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return std::nullopt;
  std::string bytes;
  if (std::fseek(f, 0, SEEK_END) == 0) {
    long size = std::ftell(f);
    if (size > 0) bytes.resize(static_cast<size_t>(size));
    std::rewind(f);
  }
  size_t got = std::fread(bytes.data(), 1, bytes.size(), f);
  bytes.resize(got);
  // A file that grew since ftell (or a pipe): read the rest.
  char chunk[65536];
  for (size_t n; (n = std::fread(chunk, 1, sizeof chunk, f)) > 0;) bytes.append(chunk, n);
  bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return std::nullopt;
  return bytes;
}

Status check_not_special_file(const std::filesystem::path& path, const std::string& what) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (!fs::exists(st) || fs::is_regular_file(st) || fs::is_directory(st)) return Status::Ok();
  return Status::Error(path.string() + ": is a device, pipe or socket, not a file; name a file " +
                       "as " + what);
}

bool copy_bytes(int in, int out) {
  for (;;) {
    ssize_t n = ::copy_file_range(in, nullptr, out, nullptr, 1 << 30, 0);
    if (n == 0) return true;
    if (n > 0) continue;
    if (errno == EINTR) continue;
    if (errno != EXDEV && errno != ENOSYS && errno != EINVAL && errno != EOPNOTSUPP) return false;
    break;
  }
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(in, buffer, sizeof buffer);
    if (n == 0) return true;
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    for (ssize_t done = 0; done < n;) {
      ssize_t w = ::write(out, buffer + done, static_cast<size_t>(n - done));
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) return false;
      done += w;
    }
  }
}

Status copy_file_contents(const std::filesystem::path& source, const TempFileGuard& guard) {
  const std::filesystem::path& dest = guard.path();
  int in = ::open(source.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0)
    return Status::Error(source.string() + ": cannot read (" + std::strerror(errno) + ")");
  int out = guard.open(O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC);
  if (out < 0) {
    int error = errno;
    ::close(in);
    errno = error;  // for the caller, which words it for its file
    return Status::Error(dest.string() + ": cannot create (" + std::strerror(error) + ")");
  }
  bool ok = ::ioctl(out, FICLONE, in) == 0;
  if (!ok) {
    ::lseek(in, 0, SEEK_SET);
    ok = ::ftruncate(out, 0) == 0 && copy_bytes(in, out);
  }
  int error = ok ? 0 : errno;
  ::close(in);
  if (::close(out) != 0 && ok) {
    ok = false;
    error = errno;
  }
  if (!ok) {
    ::unlink(dest.c_str());
    errno = error;  // for the caller, which words it for its file
    return Status::Error(dest.string() + ": cannot write (" + std::strerror(error) + ")");
  }
  return Status::Ok();
}

}  // namespace novelbind
