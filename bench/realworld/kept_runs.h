// The scoreboard's checking commands (measure.py, EPUBCheck) with their results kept by the bytes
// they read: `scripts/test` after a change that leaves a book's EPUB as it was asks neither tool
// about that book again. A result is kept only when the command succeeded (exit 0), with its
// printed output and the files it wrote; the key is the tool's identity and the bytes (and, for a
// folder, the names) of every input, so any change to the EPUB, the truth or the tool asks again.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "process.h"

namespace realworld {

struct CheckCommand {
  Command command;
  std::string tool;                            // the tool's name and version
  std::vector<std::filesystem::path> inputs;   // files or folders (all files under it, by name)
  std::vector<std::filesystem::path> outputs;  // files the command writes besides its log
  std::string key = {};  // check_key of the bytes KeptRuns::find() read, for keep() to use again
};

// The key of `tool` given `inputs`' bytes: 32 hex digits.
std::string check_key(const std::string& tool, const std::vector<std::filesystem::path>& inputs);

class KeptRuns {
 public:
  // Keeps results in `dir`; an empty path keeps and reuses nothing.
  explicit KeptRuns(std::filesystem::path dir) : dir_(std::move(dir)) {}

  // The kept result of `command` (its log and files copied back; exit 0, seconds 0), or nullopt
  // when none is kept for the bytes of its inputs as they are now (command.key, set here).
  std::optional<RunResult> find(CheckCommand& command);
  // Keeps `result` of `command`, run after find() on the same bytes, when it succeeded (exit 0):
  // its log and files as they are now, under command.key.
  void keep(const CheckCommand& command, const RunResult& result);

  size_t reused() const { return reused_; }

 private:
  std::filesystem::path dir_;
  size_t reused_ = 0;
};

}  // namespace realworld
