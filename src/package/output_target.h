// Where `-o` points, and how the finished book gets there. The book is always made as a
// complete, checked file first; only then does it take the place of the output (a rename in
// the output's folder) or go down the stream (standard output, a named pipe). What is not a
// file, a link to one or a stream (a folder, a device, a socket) is refused before any work,
// and nothing is ever renamed over it.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "base/status.h"
#include "base/temp_files.h"

namespace novelbind {

struct OutputTarget {
  enum class Kind { kFile, kStream };
  Kind kind = Kind::kFile;
  std::filesystem::path named;  // as the user gave it ("-" is standard output)
  // kFile: the regular file replaced or created, symbolic links followed. kStream: the path
  // opened for writing (the named pipe), empty for standard output.
  std::filesystem::path file;
};

// What `out` is:
// - a regular file, or a path where nothing is yet: kFile;
// - a symbolic link (or a chain of them): followed, so that its target is replaced and the
//   link stays (as gcc -o, cp and pandoc do); a dangling link's target is created;
// - "-" (standard output, when it is not a terminal) or a named pipe (FIFO): kStream;
// - a folder, a device or a socket: an error naming it and saying what to do.
Result<OutputTarget> resolve_output(const std::filesystem::path& out);

// A private folder in the system's temporary folder in which a streamed book is made
// (`book()`, named like the output so that EPUBCheck reads it as an EPUB). It goes, with what
// it holds, when the object does, and on SIGINT or SIGTERM; one left by a killed build is
// removed by the next streamed build.
class StreamStaging {
 public:
  static Result<std::unique_ptr<StreamStaging>> create();
  ~StreamStaging();
  StreamStaging(const StreamStaging&) = delete;
  StreamStaging& operator=(const StreamStaging&) = delete;
  const std::filesystem::path& book() const { return book_.path(); }

 private:
  StreamStaging(const std::filesystem::path& folder);
  TempFileGuard folder_, book_;
};

// Sends the finished book at `book` down the stream `target` names: standard output, or the
// named pipe opened for writing (which waits for a reader, as every writer to a pipe does).
// Errors name the target and the cause.
Status stream_book(const std::filesystem::path& book, const OutputTarget& target);

// Renames the complete temporary file `tmp` to `out`, unless `out` has become something other
// than a regular file since it was resolved: nothing is renamed over a device, pipe, socket or
// folder. On failure `tmp` is removed and the error names `out` and the cause.
Status move_into_place(const std::filesystem::path& tmp, const std::filesystem::path& out);

// A write that fails is an error the build reports, not the end of the process: SIGXFSZ (the
// file size limit, ulimit -f) and SIGPIPE (a stream's reader gone) are ignored, so that the
// write returns EFBIG or EPIPE. For main, before any work.
void report_write_failures_as_errors();

// "OUT: cannot write the book (CAUSE); WHAT TO DO", for `error` (an errno) met while writing
// to `out`: a full disk, the file size limit, a read-only file system, a folder removed.
std::string write_failure(const std::filesystem::path& out, int error);

}  // namespace novelbind
