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
};

// The key of `tool` given `inputs`' bytes: 32 hex digits.
std::string check_key(const std::string& tool, const std::vector<std::filesystem::path>& inputs);

class KeptRuns {
 public:
  // Keeps results in `dir`; an empty path keeps and reuses nothing.
  explicit KeptRuns(std::filesystem::path dir) : dir_(std::move(dir)) {}

  // Runs the commands `jobs` at a time, answering from the kept results those it can (their
  // output is the kept output, their files copied back, seconds 0).
  std::vector<RunResult> run_all(const std::vector<CheckCommand>& commands, int jobs);

  // The kept result of `command` (its log and files copied back), or nullopt.
  std::optional<RunResult> find(const CheckCommand& command);
  // Keeps `result` of `command` when it succeeded (exit 0): its log and files as they are now.
  void keep(const CheckCommand& command, const RunResult& result);

  size_t reused() const { return reused_; }

 private:
  std::filesystem::path dir_;
  size_t reused_ = 0;
};

}  // namespace realworld
