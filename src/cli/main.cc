// novelbind: turns a novel's chapter files into a valid EPUB 3.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>

#include <cstdlib>
#include <ctime>

#include "base/temp_files.h"
#include "cli/cmd_build.h"
#include "cli/cmd_check.h"
#include "cli/cmd_clean.h"
#include "cli/cmd_init.h"
#include "cli/heap_growth.h"
#include "package/output_target.h"

int main(int argc, char** argv) {
  novelbind::grow_heap_in_huge_pages();
  // Every time novelbind writes is UTC (ZIP entry times, dcterms:modified). libzip converts
  // each entry's time through the local time zone; with TZ set it neither depends on the
  // machine's zone (a DST gap could shift a time) nor rereads /etc/localtime per entry.
  setenv("TZ", "UTC", 1);
  tzset();
  // An interrupted build removes its temporary files (beside the output and in the cache).
  novelbind::install_temp_file_cleanup();
  // A full file size limit or a closed pipe fails the build with a message, not a signal.
  novelbind::report_write_failures_as_errors();
  auto logger = spdlog::stderr_color_mt("novelbind");
  logger->set_pattern("%^%l%$: %v");
  spdlog::set_default_logger(logger);

  CLI::App app{"novelbind: build EPUB 3 books from a novel's chapter files"};
  app.set_version_flag("--version", std::string("novelbind ") + NOVELBIND_VERSION);
  app.require_subcommand(1);
  app.fallthrough();
  bool quiet = false;
  int verbose = 0;
  app.add_flag("-q,--quiet", quiet, "print only warnings and errors");
  app.add_flag("-v,--verbose", verbose, "print more (twice: debug)");

  novelbind::BuildOptions build;
  novelbind::CheckOptions check;
  novelbind::CleanOptions clean;
  CLI::App* build_cmd = novelbind::add_build_command(app, &build);
  CLI::App* check_cmd = novelbind::add_check_command(app, &check);
  CLI::App* clean_cmd = novelbind::add_clean_command(app, &clean);
  novelbind::InitOptions init;
  CLI::App* init_cmd = novelbind::add_init_command(app, &init);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  spdlog::set_level(quiet          ? spdlog::level::warn
                    : verbose >= 2 ? spdlog::level::trace
                    : verbose == 1 ? spdlog::level::debug
                                   : spdlog::level::info);

  if (build_cmd->parsed()) return novelbind::run_build_command(build);
  if (check_cmd->parsed()) return novelbind::run_check_command(check);
  if (clean_cmd->parsed()) return novelbind::run_clean_command(clean);
  if (init_cmd->parsed()) return novelbind::run_init_command(init);
  return 2;
}
