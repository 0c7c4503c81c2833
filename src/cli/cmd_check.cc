#include "cli/cmd_check.h"

#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>
#include <filesystem>

#include "package/check.h"

namespace novelbind {

CLI::App* add_check_command(CLI::App& app, CheckOptions* options) {
  CLI::App* cmd = app.add_subcommand("check", "Check the structure of an EPUB file");
  cmd->add_option("BOOK", options->epub, "the EPUB to check")->required();
  return cmd;
}

int run_check_command(const CheckOptions& options) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(options.epub, ec)) {
    spdlog::error("{}: no such file; check the path", options.epub);
    return 1;
  }
  std::vector<std::string> problems = check_epub(options.epub);
  for (const std::string& p : problems) spdlog::error("{}: {}", options.epub, p);
  if (!problems.empty()) {
    spdlog::error("{}: {} problem(s) found", options.epub, problems.size());
    return 1;
  }
  spdlog::info("{}: ok", options.epub);
  return 0;
}

}  // namespace novelbind
