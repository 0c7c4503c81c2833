// Temporary files a build writes beside its results (the EPUB's `.NAME.tmpPID`, the cache's
// `KEY.tmpPID`): removed when the build is interrupted, and removed by the next build when
// the one that wrote them was killed outright.
#pragma once

#include <filesystem>
#include <string>

namespace novelbind {

// Installs the SIGINT, SIGTERM and SIGHUP handler that unlinks every registered temporary
// file and then re-raises the signal (so the exit status still says what ended the process).
// Idempotent.
void install_temp_file_cleanup();

// Registers `path` for removal on a signal for as long as the object lives; the file itself
// is not touched by the destructor (its owner renames or removes it). Only a fixed number can
// be registered at once (the handler may not allocate); beyond that a path goes unregistered
// and is left for the next build's sweep.
class TempFileGuard {
 public:
  explicit TempFileGuard(const std::filesystem::path& path);
  ~TempFileGuard();
  TempFileGuard(const TempFileGuard&) = delete;
  TempFileGuard& operator=(const TempFileGuard&) = delete;

 private:
  int slot_ = -1;
};

// The name of the temporary file for `name` written by this process: NAME.tmpPID (with
// `hidden`, .NAME.tmpPID).
std::string temp_name(const std::string& name, bool hidden);

// Removes from `folder` the temporary files whose names start with `prefix` and end in
// .tmpPID, left by processes that no longer run (a build killed with SIGKILL, a power cut).
// Files of a build still running (another process's PID that is alive) are kept. In a
// user's folder the prefix is the output's own (".book.epub"), so nothing else is touched.
// Returns how many it removed.
int remove_stale_temp_files(const std::filesystem::path& folder, const std::string& prefix = "");

}  // namespace novelbind
