#include "cli/cmd_init.h"

#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>
#include <fstream>

#include "base/resources.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

Status write_new_file(const fs::path& path, std::string_view bytes) {
  std::error_code ec;
  if (fs::exists(path, ec)) {
    spdlog::info("{}: already there, kept", path.string());
    return Status::Ok();
  }
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return Status::Error(path.string() + ": cannot write the file; check the folder");
  return Status::Ok();
}

}  // namespace

Status init_project(const fs::path& dir) {
  std::error_code ec;
  fs::path toml = dir / "book.toml";
  if (fs::exists(toml, ec)) {
    return Status::Error(toml.string() +
                         ": already exists; init starts a new project only in a folder "
                         "without book.toml");
  }
  for (const fs::path& folder : {dir, dir / "chapters", dir / "templates"}) {
    fs::create_directories(folder, ec);
    if (ec) return Status::Error(folder.string() + ": cannot create the folder: " + ec.message());
  }
  for (const Resource& r : builtin_resources()) {
    std::string_view path = r.path;
    if (path.rfind("templates/", 0) != 0 && path.rfind("styles/", 0) != 0) continue;
    fs::path target = dir / "templates" / fs::path(std::string(path)).filename();
    if (Status s = write_new_file(target, r.data); !s) return s;
  }
  // Last, so that a failure above leaves no book.toml and init can be run again.
  std::string_view starter = builtin_resource("data/book.toml");
  std::ofstream out(toml, std::ios::binary);
  out.write(starter.data(), static_cast<std::streamsize>(starter.size()));
  out.close();
  if (!out) return Status::Error(toml.string() + ": cannot write the file; check the folder");
  return Status::Ok();
}

CLI::App* add_init_command(CLI::App& app, InitOptions* options) {
  CLI::App* cmd =
      app.add_subcommand("init", "Start a book project: book.toml, chapters/, templates/");
  cmd->add_option("DIR", options->dir, "the project folder (created when missing)")->required();
  return cmd;
}

int run_init_command(const InitOptions& options) {
  if (Status s = init_project(options.dir); !s) {
    spdlog::error("{}", s.message());
    return 1;
  }
  fs::path dir(options.dir);
  spdlog::info(
      "wrote {}: put the chapter .txt files into {}, edit book.toml, then run "
      "`novelbind build {}`",
      (dir / "book.toml").string(), (dir / "chapters").string(), options.dir);
  return 0;
}

}  // namespace novelbind
