#include "cli/cmd_clean.h"

#include <spdlog/spdlog.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <fstream>

#include "clean/clean.h"
#include "cli/report.h"
#include "ingest/ingest.h"
#include "ingest/line_origins.h"
#include "order/order.h"
#include "pipeline/pipeline.h"
#include "pipeline/stage_rule_names.h"
#include "review/review_page.h"
#include "review/source_lines.h"

namespace novelbind {

CLI::App* add_clean_command(CLI::App& app, CleanOptions* o) {
  CLI::App* cmd = app.add_subcommand(
      "clean", "Show the repairs a build would make to the text, without building");
  BuildOptions* b = &o->build;
  cmd->add_option("INPUT", b->input,
                  "a folder of chapter .txt files, one .txt, an EPUB, or a book.toml")
      ->required();
  cmd->add_option("--script", b->script, "auto | keep | zh-Hans | zh-Hant | zh-TW | zh-HK")
      ->check(CLI::IsMember({"auto", "keep", "zh-Hans", "zh-Hant", "zh-TW", "zh-HK"}));
  cmd->add_option("--encoding", b->encoding, "force the input encoding (e.g. GB18030, BIG5)");
  cmd->add_flag("--lenient", b->lenient, "decode bad bytes as U+FFFD with a warning");
  cmd->add_flag("--vertical", b->vertical, "vertical writing (corner quotes)");
  cmd->add_option("-j,--jobs", b->jobs, "worker threads (default: number of cores)")
      ->check(CLI::Range(0, 1024));
  cmd->add_flag("--allow-outside-project", b->allow_outside_project,
                "let book.toml name files outside its folder");
  cmd->add_option("--rule", o->rules, "show only this rule's repairs (repeatable)")
      ->check(CLI::IsMember(known_rule_names()));
  cmd->add_option("--html", o->html,
                  "write the repairs as a review page (one HTML file) instead of a diff");
  return cmd;
}

std::string format_repair(const Repair& r) {
  // A repair without `before` changed no text but the book's structure (a file joined to a
  // chapter): `after` says what was done.
  if (r.before.empty())
    return r.file + ":" + std::to_string(r.line) + ": " + r.rule + ": " + r.after + "\n";
  std::string out = r.file + ":" + std::to_string(r.line) + ": " + r.rule +
                    (r.after.empty() ? " (dropped)" : "") + "\n- " + r.before + "\n";
  std::size_t start = 0;
  while (start < r.after.size()) {
    std::size_t end = r.after.find('\n', start);
    if (end == std::string::npos) end = r.after.size();
    out += "+ " + r.after.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

namespace {

// The rules whose warning says that text was left out of the book whole.
bool leaves_text_out(const std::string& rule) {
  for (const char* r : {"duplicate_chapter", "new_book_preview", "tool_record", "contents_file",
                        "repeated_front_matter"})
    if (rule == r) return true;
  return false;
}

// The review page of every repair and warning, with the lines around each place as read.
int write_review_page(const CleanOptions& o, const InputPlan& plan, const Config& config,
                      const BookText& cleaned) {
  const Book& book = cleaned.book;
  std::vector<std::string> files;
  for (const Chapter& c : book.chapters)
    for (const Repair& r : c.repairs) files.push_back(r.file);
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  auto lines = read_source_lines(plan, config.clean, files);
  if (!lines) {
    spdlog::error("{}", lines.message());
    return 1;
  }
  Review review = make_review(book, all_warnings(book), *lines);
  review.input = o.build.input;
  review.title = config.book.title.empty() ? cleaned.metadata.title : config.book.title;
  std::string page = review_page_html(review);
  std::ofstream out(o.html, std::ios::binary);
  out << page;
  out.close();
  if (!out) {
    spdlog::error("{}: cannot write the review page; check that the folder exists and is writable",
                  o.html);
    return 1;
  }
  int repairs = 0;
  for (const ReviewCount& c : review.repairs) repairs += c.count;
  spdlog::info("clean: wrote {}: {} repair(s) in {} group(s), {} warning(s), {} KB", o.html,
               repairs, review.groups.size(), review.warning_list.size(), page.size() / 1024);
  return 0;
}

int run_clean_command_unguarded(const CleanOptions& o) {
  auto config = make_config(o.build);
  if (!config) {
    spdlog::error("{}", config.message());
    return 1;
  }
  std::vector<StageTiming> timings;
  auto plan = plan_input(project_input(o.build.input), *config);
  if (!plan) {
    spdlog::error("{}", plan.message());
    return 1;
  }
  FileStageOptions stages;
  stages.convert = true;  // --script auto's conversions are repairs too
  // The build's text stages, order included (duplicates dropped, pages merged): the repairs
  // shown, and their counts, are those of the book `build` makes from the same input.
  auto cleaned = run_text_stages(*plan, *config, &timings, stages);
  if (!cleaned) {
    spdlog::error("{}", cleaned.message());
    return 1;
  }
  auto shown = [&](const std::string& rule) {
    return o.rules.empty() || std::find(o.rules.begin(), o.rules.end(), rule) != o.rules.end();
  };
  // The page holds every rule's repairs (it has its own filter); the diff only those asked for.
  if (!o.html.empty()) {
    if (int failed = write_review_page(o, *plan, *config, *cleaned)) return failed;
  } else {
    std::string diff;
    for (const Chapter& c : cleaned->book.chapters)
      for (const Repair& r : c.repairs)
        if (shown(r.rule)) diff += format_repair(r) + "\n";
    // What left text out of the book whole (a file, a chapter) is said by a warning, not a
    // repair of a line: listed too, so that every change can be reviewed here.
    for (const Diagnostic& d : cleaned->book.warnings)
      if (leaves_text_out(d.rule) && shown(d.rule))
        diff += d.file + (d.line > 0 ? ":" + std::to_string(d.line) : "") + ": " + d.rule +
                " (left out)\n  " + d.message + "\n\n";
    std::fwrite(diff.data(), 1, diff.size(), stdout);
    std::fflush(stdout);
  }
  bool any = false;
  for (const auto& [rule, count] : repair_counts(cleaned->book)) {
    if (!shown(rule)) continue;
    spdlog::info("clean: {}: {} change(s)", rule, count);
    any = true;
  }
  if (!any) spdlog::info("clean: nothing to repair");
  return 0;
}

}  // namespace

int run_clean_command(const CleanOptions& o) {
  return exit_code_of([&] { return run_clean_command_unguarded(o); },
                      [](const std::string& message) { spdlog::error("{}", message); });
}

}  // namespace novelbind
