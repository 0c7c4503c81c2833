// `novelbind init DIR`: a starting book project.
#pragma once

#include <filesystem>
#include <string>

#include "base/status.h"

namespace CLI {
class App;
}

namespace novelbind {

struct InitOptions {
  std::string dir;
};

CLI::App* add_init_command(CLI::App& app, InitOptions* options);
int run_init_command(const InitOptions& options);

// Writes DIR/book.toml (every key commented), an empty DIR/chapters/ and DIR/templates/ with
// copies of the built-in templates and styles. Refuses, naming it, when DIR/book.toml
// exists; other files already there are kept as they are.
Status init_project(const std::filesystem::path& dir);

}  // namespace novelbind
