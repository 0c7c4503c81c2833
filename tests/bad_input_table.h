// The bad-input table's harness: each row is a project made in a fresh folder, the command
// run on it, and what must come out: the exit code, a piece of the message, no temporary or
// partial file left (beside the output, in the cache, or in TMPDIR, which is a folder of the
// row's own), and every file's bytes as they were but for the output the row names.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "base/test_util.h"

namespace novelbind::test {

struct Row {
  std::string name;
  std::map<std::string, std::string> files;  // relative path -> bytes
  std::string args;  // a shell command line's end, after the binary: see expand()
  int exit_code;
  std::string message;  // a piece of the output ("" = anything)
  // The file the build must write (exit 0: there afterwards, an EPUB, in place of what was
  // there before) or must not (exit 1: there afterwards only if it was before, unchanged);
  // or "".
  std::string output;
  std::function<void(const std::filesystem::path&)> setup = nullptr;  // symlinks, pipes, ...
  // The command line as run (by default as it is): in namespaces of its own for the rows
  // about file systems (in_namespace).
  std::function<std::string(const std::filesystem::path&, const std::string&)> wrap = nullptr;
  // What the files' bytes cannot say (a link is still a link), checked last.
  std::function<void(const std::filesystem::path&)> verify = nullptr;
};

// Every regular file under `dir` but the cache's, with its bytes.
inline std::map<std::string, std::string> snapshot(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::map<std::string, std::string> out;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator();
       ++it) {
    if (it->path().filename() == ".novelbind-cache") {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_symlink() && it->is_regular_file())
      out[fs::relative(it->path(), dir).string()] = read_file(it->path());
  }
  return out;
}

// Temporary files (NAME.tmpPID, .NAME.tmpPID) and folders (novelbind-stream.tmpPID) anywhere
// under `dir`, the cache included.
inline std::vector<std::string> leftovers(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (auto it = fs::recursive_directory_iterator(dir); it != fs::recursive_directory_iterator();
       ++it) {
    std::string name = it->path().filename().string();
    if (name.find(".tmp") != std::string::npos || name.rfind("replaced", 0) == 0)
      out.push_back(fs::relative(it->path(), dir).string());
  }
  return out;
}

// `s` as one word for sh.
inline std::string shell_word(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// `args` with {dir} replaced by the row's folder and {bin} by the novelbind binary.
inline std::string expand(std::string args, const std::filesystem::path& dir) {
  for (size_t at; (at = args.find("{dir}")) != std::string::npos;)
    args.replace(at, 5, shell_word(dir.string()));
  for (size_t at; (at = args.find("{bin}")) != std::string::npos;)
    args.replace(at, 5, shell_word(NOVELBIND_BINARY));
  return args;
}

// A wrap that runs the command in user and mount namespaces of its own (unshare -Urm: no root
// needed where the kernel allows user namespaces, as Debian's does), after the shell lines
// `prepare` (run in the row's folder, "$1"; a failure there fails the row loudly) and before
// `finish`: how rows get a small disk, a read-only folder or a device without touching the
// machine's own.
inline auto in_namespace(std::string prepare, std::string finish = "") {
  return [prepare, finish](const std::filesystem::path& dir, const std::string& command) {
    std::string script = "cd \"$1\" && " + prepare +
                         " || { echo 'bad_input_table: cannot set up the file system (unshare, "
                         "mount)'; exit 98; }\n"
                         "eval \"$2\"\nstatus=$?\n" +
                         finish + "\nexit $status\n";
    return "unshare -Urm sh -c " + shell_word(script) + " sh " + shell_word(dir.string()) + " " +
           shell_word(command);
  };
}

// The row's folder `disk` as a tmpfs of `kib` KiB holding what the folder held; afterwards the
// folder holds what the tmpfs did, so that the table's checks see it. (The shell keeps the
// folder under the mount as its working directory.)
inline auto on_small_disk(int kib) {
  return in_namespace("cd disk && mount -t tmpfs -o size=" + std::to_string(kib) +
                          "k novelbind-test \"$1/disk\" && cp -a ./. \"$1/disk/\"",
                      "find . -mindepth 1 -delete && cp -a \"$1/disk/.\" .");
}

inline void run_row(const Row& row) {
  namespace fs = std::filesystem;
  SCOPED_TRACE(row.name);
  TempDir dir;
  for (const auto& [name, bytes] : row.files) write_file(dir / name, bytes);
  fs::create_directories(dir / "tempdir");
  if (row.setup) row.setup(dir.path());
  auto before = snapshot(dir.path());
  std::string command = "TMPDIR=" + shell_word((dir / "tempdir").string()) + " " +
                        shell_word(NOVELBIND_BINARY) + " " + expand(row.args, dir.path());
  if (row.wrap) command = row.wrap(dir.path(), command);
  auto r = run("{ " + command + "\n}");  // (run's 2>&1 then takes every command's messages)
  EXPECT_EQ(r.exit_code, row.exit_code) << r.output;
  EXPECT_NE(r.output.find(row.message), std::string::npos)
      << "expected '" << row.message << "' in:\n"
      << r.output;
  EXPECT_EQ(r.output.find("SECRET"), std::string::npos) << "a file's bytes in a message";
  EXPECT_EQ(r.output.find("53 45 43 52"), std::string::npos) << "a file's bytes in a message";
  EXPECT_EQ(leftovers(dir.path()), std::vector<std::string>{});
  auto after = snapshot(dir.path());
  if (!row.output.empty()) {
    if (row.exit_code == 0) {
      EXPECT_EQ(after[row.output].substr(0, 4), std::string("PK\3\4")) << row.output;
      before.erase(row.output);
      after.erase(row.output);
    } else {
      EXPECT_EQ(after.count(row.output), before.count(row.output)) << row.output;
    }
  }
  EXPECT_TRUE(before == after) << "source files changed";
  if (row.verify) row.verify(dir.path());
}

}  // namespace novelbind::test
