#include "base/temp_files.h"

#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <system_error>

namespace fs = std::filesystem;

namespace novelbind {
namespace {

// Fixed slots, so that the signal handler reads them without a lock or an allocation: a slot
// is written while its `used` flag is false and published by setting it.
constexpr int kSlots = 256;
constexpr size_t kPathMax = 4096;
struct Slot {
  std::atomic<bool> used{false};
  char path[kPathMax]{};
};
// Initialised by the compiler (all zeros, in .bss): no start-up code touches the megabyte's
// 256 pages, which cost every run of novelbind 3-4 ms of page faults.
constinit Slot g_slots[kSlots];
std::mutex g_claim;  // serializes claiming a slot (never taken by the handler)

// A Dekker pair between the handler and the threads that create files: the handler raises
// `g_dying` and then waits for `g_creating` to reach 0; a creator counts itself in and then
// looks at `g_dying`. Both sequentially consistent, so either the creator sees the signal
// (and creates nothing) or the handler sees the creator (and waits until its file exists and
// is registered, before removing the registered files).
std::atomic<bool> g_dying{false};
std::atomic<int> g_creating{0};

extern "C" void remove_temp_files_and_reraise(int sig) {
  g_dying.store(true);
  // Bounded: when the signal interrupts a creator on its own thread, the count cannot drop
  // (and that creator cannot create anything while the handler runs).
  for (int waited = 0; g_creating.load() > 0 && waited < 200; ++waited) {
    struct timespec millisecond {
      0, 1000000
    };
    nanosleep(&millisecond, nullptr);
  }
  for (Slot& slot : g_slots)
    if (slot.used.load(std::memory_order_acquire)) ::unlink(slot.path);
  // Then the registered folders, emptied by the pass above (rmdir leaves a file alone).
  for (Slot& slot : g_slots)
    if (slot.used.load(std::memory_order_acquire)) ::rmdir(slot.path);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

}  // namespace

void install_temp_file_cleanup() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    action.sa_handler = remove_temp_files_and_reraise;
    sigemptyset(&action.sa_mask);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction old {};
      // A signal the caller ignores (nohup) stays ignored.
      if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
      sigaction(sig, &action, nullptr);
    }
  });
}

CreationWindow::CreationWindow() {
  g_creating.fetch_add(1);
  if (g_dying.load()) {
    g_creating.fetch_sub(1);
    for (;;) pause();  // the handler is removing the files and ends the process
  }
}

CreationWindow::~CreationWindow() {
  g_creating.fetch_sub(1);
}

int TempFileGuard::open(int flags) const {
  return create([&] { return ::open(path_.c_str(), flags, 0666); });
}

TempFileGuard::TempFileGuard(const fs::path& path) : path_(path) {
  const std::string& s = path.native();
  if (s.size() >= kPathMax) return;
  std::lock_guard<std::mutex> lock(g_claim);
  for (int i = 0; i < kSlots; ++i) {
    if (g_slots[i].used.load(std::memory_order_relaxed)) continue;
    std::memcpy(g_slots[i].path, s.c_str(), s.size() + 1);
    g_slots[i].used.store(true, std::memory_order_release);
    slot_ = i;
    return;
  }
}

TempFileGuard::~TempFileGuard() {
  if (slot_ >= 0) g_slots[slot_].used.store(false, std::memory_order_release);
}

std::string temp_name(const std::string& name, bool hidden) {
  return (hidden ? "." : "") + name + ".tmp" + std::to_string(getpid());
}

namespace {

// The PID of a temporary file's name (NAME.tmpPID), or 0 when the name is not one.
pid_t temp_owner(const std::string& name) {
  size_t at = name.rfind(".tmp");
  if (at == std::string::npos || at == 0 || at + 4 == name.size()) return 0;
  long long pid = 0;
  for (size_t i = at + 4; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9' || pid > 1000000000) return 0;
    pid = pid * 10 + (name[i] - '0');
  }
  return static_cast<pid_t>(pid);
}

bool process_runs(pid_t pid) {
  return ::kill(pid, 0) == 0 || errno == EPERM;
}

}  // namespace

int remove_stale_temp_files(const fs::path& folder, const std::string& prefix, bool folders) {
  std::error_code ec;
  int removed = 0;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.compare(0, prefix.size(), prefix) != 0) continue;
    if (!prefix.empty() && name.compare(prefix.size(), 4, ".tmp") != 0) continue;
    pid_t owner = temp_owner(name);
    if (owner <= 0 || owner == getpid() || process_runs(owner)) continue;
    std::error_code ignored;
    if (it->is_regular_file(ignored) && fs::remove(it->path(), ignored))
      ++removed;
    else if (folders && it->is_directory(ignored) && !it->is_symlink(ignored) &&
             fs::remove_all(it->path(), ignored) > 0)
      ++removed;
  }
  return removed;
}

int remove_stale_temp_files_beside(const fs::path& file) {
  fs::path dir = file.parent_path().empty() ? fs::path(".") : file.parent_path();
  return remove_stale_temp_files(dir, "." + file.filename().string());
}

}  // namespace novelbind
