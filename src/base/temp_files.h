// Temporary files a build writes beside its results (the EPUB's `.NAME.tmpPID`, the cache's
// `KEY.tmpPID`): removed when the build is interrupted, and removed by the next build when
// the one that wrote them was killed outright.
#pragma once

#include <filesystem>
#include <string>

namespace novelbind {

// Installs the SIGINT, SIGTERM and SIGHUP handler that unlinks every registered temporary
// file (and then removes the registered folders, once emptied so) and then re-raises the signal (so
// the exit status still says what ended the process). Idempotent.
void install_temp_file_cleanup();

// The window in which a temporary file comes into being. A signal that arrives on one thread
// while another is inside such a window waits (briefly) for it to close before the handler
// removes the registered files, and a thread that would open a window after the signal never
// does: so no file is created behind the handler's back. Entered by TempFileGuard::create.
class CreationWindow {
 public:
  CreationWindow();
  ~CreationWindow();
  CreationWindow(const CreationWindow&) = delete;
  CreationWindow& operator=(const CreationWindow&) = delete;
};

// Registers `path` for removal on a signal for as long as the object lives; the file itself
// is not touched by the destructor (its owner renames or removes it). Only a fixed number can
// be registered at once (the handler may not allocate); beyond that a path goes unregistered
// and is left for the next build's sweep.
// The file is to be made through create() or open() (not by opening the path directly), so
// that it is registered before it exists even when the signal lands on another thread.
class TempFileGuard {
 public:
  explicit TempFileGuard(const std::filesystem::path& path);
  ~TempFileGuard();
  TempFileGuard(const TempFileGuard&) = delete;
  TempFileGuard& operator=(const TempFileGuard&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // Runs `make` (which creates path(): a copy, a hard link) inside a CreationWindow and
  // returns what it returns. `make` creates with the plain call (::open, link), not with
  // open() or create(): a window opened inside another after a signal never returns.
  template <class Make>
  auto create(Make&& make) const {
    CreationWindow window;
    return make();
  }
  // open(2) of path() with `flags` (which include O_CREAT) and mode 0666, as create() does.
  int open(int flags) const;

 private:
  std::filesystem::path path_;
  int slot_ = -1;
};

// The name of the temporary file for `name` written by this process: NAME.tmpPID (with
// `hidden`, .NAME.tmpPID).
std::string temp_name(const std::string& name, bool hidden);

// Removes from `folder` the temporary files whose names start with `prefix` and end in
// .tmpPID, left by processes that no longer run (a build killed with SIGKILL, a power cut).
// Files of a build still running (another process's PID that is alive) are kept. In a
// user's folder the prefix is the output's own (".book.epub"), so nothing else is touched.
// With `folders`, such a folder is removed too, with what it holds. Returns how many it removed.
int remove_stale_temp_files(const std::filesystem::path& folder, const std::string& prefix = "",
                            bool folders = false);
// The same for the hidden temporary files of `file` beside it (.NAME.tmpPID, as a build writes
// `file` through one).
int remove_stale_temp_files_beside(const std::filesystem::path& file);

}  // namespace novelbind
