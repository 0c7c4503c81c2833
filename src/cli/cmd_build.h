// `novelbind build`: the command-line face of the pipeline.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "base/status.h"
#include "config/config.h"

namespace CLI {
class App;
}

namespace novelbind {

struct BuildOptions {
  std::string input;
  std::string output;
  bool allow_outside_project = false;  // book.toml may name files outside its folder
  std::string title, author, language, identifier;
  std::string script;
  bool localize_phrases = false;
  std::string encoding;
  bool lenient = false;
  bool vertical = false;
  std::string cover;
  std::string report;
  int jobs = -1;  // -1 = from book.toml
  bool check = false;
  bool epubcheck = false;
  std::string cache;  // --cache DIR
  bool no_cache = false;
  bool strict = false;
  std::vector<std::string> fail_on;
  std::string log_format = "plain";
};

// Adds the `build` subcommand and its options to `app`, filling `options` when parsed.
CLI::App* add_build_command(CLI::App& app, BuildOptions* options);

// INPUT as the pipeline takes it: a folder holding a book.toml is that book project.
std::filesystem::path project_input(const std::string& input);

// The configuration for `options`: INPUT's book.toml (when INPUT is one) with the
// command-line overrides applied. Shared with `clean`, which takes a subset of the options.
Result<Config> make_config(const BuildOptions& options);

// Runs a parsed `build`; returns the process exit code (0 built, 1 failed).
int run_build_command(const BuildOptions& options);

// The message for a file system error no stage turned into one of its own: its path, what
// went wrong and what to do (a symbolic link loop says so).
std::string filesystem_message(const std::filesystem::filesystem_error& e);

// Runs `command` and returns its exit code; a file system error that no stage turned into a
// message of its own (a symbolic link loop in the chapter folder, a folder that vanished
// meanwhile) is given to `report` as filesystem_message says it, with exit code 1, not abort.
int exit_code_of(const std::function<int()>& command,
                 const std::function<void(const std::string&)>& report);

}  // namespace novelbind
