#include "package/output_target.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "base/file_bytes.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

constexpr int kMaxLinks = 40;  // as the kernel follows (ELOOP)

Status link_loop(const fs::path& out) {
  return Status::Error(out.string() +
                       ": a symbolic link loop (a link that leads back to itself); remove the "
                       "link or point it at a file");
}

Status not_a_file(const fs::path& out, const std::string& what) {
  return Status::Error(out.string() + ": is " + what +
                       ", not a file; name the EPUB file to write with -o (or -o - for "
                       "standard output)");
}

// Where a link that leads nowhere yet would put its file: each link read in turn (relative
// ones from their own folder), as open(O_CREAT) follows them.
Result<fs::path> follow_dangling_links(const fs::path& out) {
  fs::path p = out;
  for (int hops = 0; hops <= kMaxLinks; ++hops) {
    struct stat st;
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    std::error_code ec;
    fs::path target = fs::read_symlink(p, ec);
    if (ec) return Status::Error(p.string() + ": cannot read the link (" + ec.message() + ")");
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  return link_loop(out);
}

}  // namespace

Result<OutputTarget> resolve_output(const fs::path& out) {
  OutputTarget target;
  target.named = out;
  if (out == "-") {
    if (::isatty(STDOUT_FILENO))
      return Status::Error(
          "-o -: standard output is a terminal, which cannot show an EPUB; redirect it to a "
          "file or a pipe (> book.epub, | ...), or name the file with -o");
    target.kind = OutputTarget::Kind::kStream;
    return target;
  }
  struct stat st;
  if (::stat(out.c_str(), &st) != 0) {
    if (errno == ELOOP) return link_loop(out);
    if (errno != ENOENT)
      return Status::Error(out.string() + ": " + std::strerror(errno) +
                           "; check the path and its permissions");
    auto created = follow_dangling_links(out);  // nothing there yet, or a dangling link
    if (!created) return created.status();
    target.file = std::move(*created);
    return target;
  }
  if (S_ISDIR(st.st_mode))
    return Status::Error(out.string() + ": is a folder; name the EPUB file to write with -o");
  if (S_ISFIFO(st.st_mode)) {
    target.kind = OutputTarget::Kind::kStream;
    target.file = out;
    return target;
  }
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return not_a_file(out, "a device");
  if (S_ISSOCK(st.st_mode)) return not_a_file(out, "a socket");
  if (!S_ISREG(st.st_mode)) return not_a_file(out, "something other than a file");
  // A regular file, perhaps through links (the kernel's /proc/self/fd ones too): the file.
  std::error_code ec;
  target.file = fs::canonical(out, ec);
  if (ec)
    return Status::Error(out.string() + ": " + ec.message() +
                         "; check the path and its permissions");
  return target;
}

Result<std::unique_ptr<StreamStaging>> StreamStaging::create() {
  std::error_code ec;
  fs::path tmp = fs::temp_directory_path(ec);
  if (ec) tmp = "/tmp";
  // What a killed streamed build left goes first.
  remove_stale_temp_files(tmp, "novelbind-stream", /*folders=*/true);
  std::unique_ptr<StreamStaging> staging(
      new StreamStaging(tmp / temp_name("novelbind-stream", /*hidden=*/false)));
  if (staging->folder_.create([&] { return ::mkdir(staging->folder_.path().c_str(), 0700); }) == 0)
    return staging;
  return Status::Error(staging->folder_.path().string() +
                       ": cannot make a temporary folder for the book (" + std::strerror(errno) +
                       "); set TMPDIR to a writable folder");
}

StreamStaging::StreamStaging(const fs::path& folder)
    : folder_(folder), book_(folder / "book.epub") {}

StreamStaging::~StreamStaging() {
  std::error_code ec;
  fs::remove_all(folder_.path(), ec);
}

Status stream_book(const fs::path& book, const OutputTarget& target) {
  const std::string where = target.file.empty() ? "standard output" : target.file.string();
  int in = ::open(book.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0)
    return Status::Error(book.string() + ": cannot read the finished book (" +
                         std::strerror(errno) + ")");
  int out = target.file.empty() ? STDOUT_FILENO : ::open(target.file.c_str(), O_WRONLY | O_CLOEXEC);
  if (out < 0) {
    std::string reason = std::strerror(errno);
    ::close(in);
    return Status::Error(where + ": cannot open the pipe to write the book (" + reason + ")");
  }
  bool ok = copy_bytes(in, out);
  std::string reason = ok ? "" : std::strerror(errno);
  ::close(in);
  if (out != STDOUT_FILENO && ::close(out) != 0 && ok) {
    ok = false;
    reason = std::strerror(errno);
  }
  if (!ok)
    return Status::Error(where + ": cannot write the book (" + reason +
                         "); the reader of the stream may have stopped early");
  return Status::Ok();
}

Status move_into_place(const fs::path& tmp, const fs::path& out) {
  std::error_code ec;
  struct stat st;
  if (::lstat(out.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    fs::remove(tmp, ec);
    return Status::Error(out.string() +
                         ": is no longer a regular file (something else took its place during "
                         "the build); the book was not written there");
  }
  fs::rename(tmp, out, ec);
  if (!ec) return Status::Ok();
  int error = ec.value();
  fs::remove(tmp, ec);
  return Status::Error(write_failure(out, error));
}

void report_write_failures_as_errors() {
  ::signal(SIGXFSZ, SIG_IGN);
  ::signal(SIGPIPE, SIG_IGN);
}

std::string write_failure(const fs::path& out, int error) {
  const fs::path dir = out.parent_path().empty() ? fs::path(".") : out.parent_path();
  std::string cause = std::strerror(error), todo;
  switch (error) {
    case ENOSPC:
    case EDQUOT:
      todo = "free space on that disk, or choose another -o";
      break;
    case EFBIG:
      cause += ": the book is larger than the file size limit (ulimit -f) allows";
      todo = "raise the limit, or choose another -o";
      break;
    case EROFS:
      todo = dir.string() + " is on a read-only file system; choose another -o";
      break;
    case ENOENT:
      cause += ": the output folder " + dir.string() + " was removed during the build";
      todo = "create it again, or choose another -o";
      break;
    case EACCES:
    case EPERM:
      todo = "check the permissions of " + dir.string() + ", or choose another -o";
      break;
    default:
      todo = "check that the folder is writable and has space";
  }
  return out.string() + ": cannot write the book (" + cause + "); " + todo;
}

}  // namespace novelbind
