#include "cli/cmd_build.h"

#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>
#include <filesystem>

#include "cli/log_format.h"
#include "cli/progress.h"
#include "cli/report.h"
#include "cli/warning_summary.h"
#include "config/config.h"
#include "config/metadata_check.h"
#include "config/project_paths.h"
#include "pipeline/pipeline.h"
#include "pipeline/stage_rule_names.h"

namespace fs = std::filesystem;

namespace novelbind {

CLI::App* add_build_command(CLI::App& app, BuildOptions* o) {
  CLI::App* cmd = app.add_subcommand("build", "Build an EPUB from chapter files");
  cmd->add_option("INPUT", o->input,
                  "a folder of chapter .txt files, one .txt, an EPUB, or a book.toml")
      ->required();
  cmd->add_option("-o,--output", o->output, "the EPUB to write (default: NAME.epub next to INPUT)");
  cmd->add_option("--title", o->title, "book title (default: the folder or file name)");
  cmd->add_option("--author", o->author, "author");
  cmd->add_option("--language", o->language, "BCP 47 language tag, e.g. zh-Hant");
  cmd->add_option("--identifier", o->identifier, "package identifier (default: derived)");
  cmd->add_option("--script", o->script, "auto | keep | zh-Hans | zh-Hant | zh-TW | zh-HK")
      ->check(CLI::IsMember({"auto", "keep", "zh-Hans", "zh-Hant", "zh-TW", "zh-HK"}));
  cmd->add_flag("--localize-phrases", o->localize_phrases,
                "also replace phrases with the target region's words (s2twp, tw2sp)");
  cmd->add_option("--encoding", o->encoding, "force the input encoding (e.g. GB18030, BIG5)");
  cmd->add_flag("--lenient", o->lenient, "decode bad bytes as U+FFFD with a warning");
  cmd->add_flag("--vertical", o->vertical, "vertical writing (right to left)");
  cmd->add_option("--cover", o->cover, "cover image (JPEG or PNG)");
  cmd->add_option("--report", o->report, "write a JSON build report to this file");
  cmd->add_option("-j,--jobs", o->jobs, "worker threads (default: number of cores)")
      ->check(CLI::Range(0, 1024));
  cmd->add_flag("--check", o->check,
                "also check a book reused from the cache (a new one is always checked)");
  cmd->add_flag("--epubcheck", o->epubcheck, "run EPUBCheck on the result (needs Java)");
  cmd->add_option("--cache", o->cache,
                  "reuse unchanged work from this folder (default for a book.toml project: "
                  ".novelbind-cache beside it)");
  cmd->add_flag("--no-cache", o->no_cache, "do not read or write the build cache");
  cmd->add_flag("--strict", o->strict, "fail on any warning or repair");
  cmd->add_option("--fail-on", o->fail_on, "fail on warnings or repairs of these rules")
      ->delimiter(',')
      ->check(CLI::Validator(
          [](std::string& name) { return unknown_rule(name, known_rule_names()); }, "RULE"));
  cmd->add_flag("--allow-outside-project", o->allow_outside_project,
                "let book.toml name files outside its folder (css, cover, files, ...)");
  cmd->add_option("--log-format", o->log_format, "plain | github (GitHub Actions annotations)")
      ->check(CLI::IsMember({"plain", "github"}));
  return cmd;
}

fs::path project_input(const std::string& input) {
  std::error_code ec;
  fs::path toml = fs::path(input) / "book.toml";
  if (fs::is_directory(input, ec) && fs::is_regular_file(toml, ec)) return toml;
  return input;
}

Result<Config> make_config(const BuildOptions& o) {
  fs::path input = project_input(o.input);
  Config config;
  if (input.extension() == ".toml") {
    auto loaded = load_config(input, stage_rule_names());
    if (!loaded) return loaded;
    config = std::move(*loaded);
  }
  for (const auto& [flag, value] : {std::pair<const char*, const std::string*>{"--title", &o.title},
                                    {"--author", &o.author},
                                    {"--identifier", &o.identifier}})
    if (std::string err = control_character_error(*value); !err.empty())
      return Status::Error(std::string(flag) + ": " + err);
  if (!o.language.empty())
    if (std::string err = language_tag_error(o.language); !err.empty())
      return Status::Error("--language: " + err);
  if (!o.allow_outside_project)
    if (Status s = check_paths_inside_project(config); !s) return s;
  if (!o.title.empty()) config.book.title = o.title;
  if (!o.author.empty()) config.book.author = o.author;
  if (!o.language.empty()) {
    config.book.language = o.language;
    config.language_set = true;
  }
  if (!o.identifier.empty()) config.book.identifier = o.identifier;
  if (!o.script.empty()) config.convert.script = o.script;
  if (o.localize_phrases) config.convert.localize_phrases = true;
  if (!o.encoding.empty()) config.clean.encoding = o.encoding;
  if (o.lenient) config.clean.lenient = true;
  if (o.vertical) config.style.writing_mode = "vertical";
  if (!o.cover.empty()) config.book.cover = fs::absolute(o.cover).string();
  if (o.jobs >= 0) config.build.jobs = o.jobs;
  if (o.strict) config.build.strict = true;
  config.build.fail_on.insert(config.build.fail_on.end(), o.fail_on.begin(), o.fail_on.end());
  return config;
}

std::string filesystem_message(const std::filesystem::filesystem_error& e) {
  std::string path = e.path1().empty() ? std::string("novelbind") : e.path1().string();
  if (e.code() == std::errc::too_many_symbolic_link_levels)
    return path +
           ": a symbolic link loop (a link that leads back to itself); remove the link "
           "or point it at a file";
  return path + ": " + e.code().message() + "; check the path and its permissions";
}

int exit_code_of(const std::function<int()>& command,
                 const std::function<void(const std::string&)>& report) {
  try {
    return command();
  } catch (const std::filesystem::filesystem_error& e) {
    report(filesystem_message(e));
    return 1;
  }
}

namespace {

int run_build_command_unguarded(const BuildOptions& o) {
  auto config = make_config(o);
  if (!config) {
    print_error(config.message(), parse_log_format(o.log_format).value());
    return 1;
  }
  BuildRequest request;
  request.input = project_input(o.input);
  request.output = o.output;
  request.config = std::move(*config);
  request.check = o.check;
  request.epubcheck = o.epubcheck;
  // A book project caches by default (authors rebuild it often); a one-off build does not.
  if (!o.no_cache) {
    if (!o.cache.empty())
      request.cache = o.cache;
    else if (!request.config.build.cache.empty())
      request.cache = request.config.resolve(request.config.build.cache);
    else if (!request.config.toml_path.empty())
      request.cache = request.config.project_dir / ".novelbind-cache";
  }
  LogFormat format = parse_log_format(o.log_format).value();
  if (stderr_is_terminal() && format != LogFormat::kGithub &&
      spdlog::default_logger()->level() <= spdlog::level::info) {
    request.progress = [](const std::string& label, std::size_t total) {
      return std::make_unique<Progress>(label, total, stderr,
                                        Progress::wanted(total, true, false, false));
    };
  }
  request.on_findings = [format, &o](const Book& book) {
    print_structure(book.structure, format);
    if (format == LogFormat::kGithub) {  // an annotation for every place
      for (const Diagnostic& d : all_warnings(book)) print_warning(d, format);
    } else {
      WarningListing listing;
      listing.every = spdlog::should_log(spdlog::level::debug);  // -v
      listing.report = o.report;
      for (const std::string& line : warning_lines(all_warnings(book), listing))
        spdlog::warn("{}", line);
    }
    for (const auto& [rule, count] : repair_counts(book))
      spdlog::info("clean: {}: {} change(s)", rule, count);
  };
  request.on_late_warning = [format](const Diagnostic& d) { print_warning(d, format); };
  auto result = run_build(request);
  if (!result) {
    print_error(result.message(), format);
    return 1;
  }
  if (!o.report.empty()) {
    if (Status s = write_report(o.report, *result); !s) {
      spdlog::error("{}", s.message());
      return 1;
    }
  }
  spdlog::info(
      "wrote {} ({} chapters)",
      result->output == "-" ? std::string("the book to standard output") : result->output.string(),
      result->book.chapters.size());
  return 0;
}

}  // namespace

int run_build_command(const BuildOptions& o) {
  return exit_code_of([&] { return run_build_command_unguarded(o); },
                      [&](const std::string& message) {
                        print_error(message, parse_log_format(o.log_format).value());
                      });
}

}  // namespace novelbind
