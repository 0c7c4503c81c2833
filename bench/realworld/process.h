// Child processes of the real-book scoreboard: one timed at a time (a build), or several at
// once (the measurements and EPUBCheck runs, which are not timed).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace realworld {

struct Command {
  std::vector<std::string> argv;
  std::filesystem::path log;  // stdout and stderr go here
};

struct RunResult {
  int exit_code = -1;  // -1: the program could not be started (output says why)
  double seconds = 0;  // wall time
  std::string output;  // the log's contents
};

// Runs one command to its end.
RunResult run(const Command& command);

// Runs every command, at most `jobs` at a time; results in the order of `commands`.
std::vector<RunResult> run_all(const std::vector<Command>& commands, int jobs);

// The text of a file, empty when it cannot be read.
std::string read_text(const std::filesystem::path& file);

}  // namespace realworld
