// realworld_bench: the scoreboard of the development set of real scraped novels, of the
// synthetic shape books (issues 13, 14, 24) and of the development books crawled into folders,
// measured over every paragraph.
//
// Each book is built by the real `novelbind build BOOK -o T/CASE.epub --no-cache` with default
// options, one at a time and timed, and the EPUB is measured by measure.py of
// ../shared/realworld-truth (`python3 measure.py TRUTH EPUB --json OUT`) against the book's full
// truth: every chapter title in reading order, every residue kind as a pattern, every story
// paragraph. One row per book, with measure.py's figures:
//
//   chapters  truth titles found in the TOC in order / truth titles
//   residue   paragraphs of the book matching a residue (ad) signature
//   changed   story paragraphs present only in altered form; lost: not present at all
//   story     story paragraphs in the truth
//   extra     paragraphs of chapter documents that are neither story nor a chapter title
//   echoes    paragraphs of chapter documents that repeat a chapter title
//   verdict   `holds` when measure.py says the book holds (all chapters, no residue, changed +
//             lost and extra + echoes within 0.1% of the story), else `FALLS SHORT`
//   epubcheck `ok`, `warn:N` or `ERR:N` (with --epubcheck), else `-`
//   time      the build's wall time
// then measure.py's examples of each fault, book by book, and the development set's build time
// (the sum of the ten cold builds; with --repeat N also the median of N runs of the set) against
// issue 25's target of 4 s.
//
// The books: the folders of ../shared/realworld (else /work/shared/realworld, or the argument),
// with their truth from ../shared/realworld-truth/CASE (else /work/shared/realworld-truth), or,
// for a book without one there, made by scripts/make-truth from tests/realworld/specs/CASE.toml;
// and the shape books, generated into the temporary folder by scripts/make-shape-books from the
// corpus (../shared/corpus, else /work/shared/corpus) with truths made from the hand-written
// specs tests/realworld/shapes/CASE.toml; and the folder books, each one-file development book
// cut into a folder of chapter files by scripts/make-folder-books (folder_CASE: each file opens
// with its heading; named_CASE: the title only in the file's name; prefix_CASE: the heading after
// the book's name; titled_CASE: files named by their titles alone; dressed_CASE: one file again,
// with a site's section word, update lines and footers), measured against the book's own truth. A
// correction to a truth, tests/realworld/overlay/ CASE.json, is applied to a copy before measuring.
// A missing folder, book or truth is a failure, never a skip.
//
//   realworld_bench [REALWORLD_DIR] [--epubcheck] [--baseline FILE] [--write-baseline FILE]
//                   [--only CASE[,CASE...]] [--no-shapes] [--repeat N] [--jobs N] [--keep]
//                   [--tool-cache DIR]
//
// --baseline exits 1 when any figure of any book is worse than the committed baseline
// (bench/realworld/baseline.h says which); --write-baseline records the current figures.
// --tool-cache keeps measure.py's and EPUBCheck's successful results in DIR by the bytes they
// read (kept_runs.h), so that a second run asks again only about what changed; the builds are
// always made and timed (NOVELBIND_TOOL_CACHE=off keeps nothing, as in the tests).
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "package/epubcheck.h"
#include "realworld/baseline.h"
#include "realworld/board.h"
#include "realworld/cases.h"
#include "realworld/epubcheck_batch.h"
#include "realworld/kept_runs.h"
#include "realworld/measurement.h"
#include "realworld/process.h"
#include "realworld/row.h"
#include "realworld/truth_overlay.h"

namespace fs = std::filesystem;

using namespace realworld;

namespace {

constexpr double kTargetSeconds = 4;  // issues 24 and 25: the development set builds in under 4 s

struct Options {
  std::string realworld, baseline, write_baseline, tool_cache;
  std::set<std::string> only;
  bool epubcheck = false, keep = false, shapes = true;
  int repeat = 1, jobs = 2;
};

[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << "realworld_bench: " << message << "\n";
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage_error(a + " needs a value");
      return argv[++i];
    };
    auto number = [&]() {
      std::string v = value();
      if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos || std::stoi(v) < 1)
        usage_error(a + " needs a positive number, got '" + v + "'");
      return std::stoi(v);
    };
    if (a == "--baseline") {
      o.baseline = value();
    } else if (a == "--write-baseline") {
      o.write_baseline = value();
    } else if (a == "--only") {
      std::istringstream names(value());
      for (std::string n; std::getline(names, n, ',');)
        if (!n.empty()) o.only.insert(n);
    } else if (a == "--repeat") {
      o.repeat = number();
    } else if (a == "--jobs") {
      o.jobs = number();
    } else if (a == "--tool-cache") {
      o.tool_cache = value();
    } else if (a == "--epubcheck") {
      o.epubcheck = true;
    } else if (a == "--keep") {
      o.keep = true;
    } else if (a == "--no-shapes") {
      o.shapes = false;
    } else if (a == "-h" || a == "--help") {
      std::cout << "usage: realworld_bench [REALWORLD_DIR] [--epubcheck] [--baseline FILE] "
                   "[--write-baseline FILE] [--only CASE[,CASE...]] [--no-shapes] [--repeat N] "
                   "[--jobs N] [--keep] [--tool-cache DIR]\n";
      std::exit(0);
    } else if (!a.empty() && a[0] == '-') {
      usage_error("unknown option " + a);
    } else {
      o.realworld = a;
    }
  }
  return o;
}

// A shared folder: beside the checkout (the CI layout), else in /work/shared.
fs::path shared_folder(const std::string& name) {
  for (const fs::path& p :
       {fs::path(NOVELBIND_SOURCE_DIR) / ".." / "shared" / name, fs::path("/work/shared") / name})
    if (fs::is_directory(p)) return p.lexically_normal();
  return {};
}

fs::path require_shared(const std::string& name, const std::string& what) {
  fs::path p = shared_folder(name);
  if (p.empty()) {
    std::cerr << "realworld_bench: FAILED: " << what << " is missing: neither "
              << (fs::path(NOVELBIND_SOURCE_DIR) / ".." / "shared" / name).lexically_normal()
              << " nor /work/shared/" << name << " exists; put shared/ beside the checkout\n";
    std::exit(2);
  }
  return p;
}

// The first error line of a failed command's output, else its last line.
std::string failure_line(const std::string& s) {
  std::istringstream in(s);
  std::string line, last;
  while (std::getline(in, line)) {
    if (line.rfind("error", 0) == 0) return line;
    if (!line.empty()) last = line;
  }
  return last;
}

// Generates books with scripts/NAME into dir/books, their truths into dir/truth (the shape
// books, the folder books); `args` go before the folder. Exits on failure.
void make_books(const std::string& name, std::vector<std::string> args, const fs::path& dir) {
  fs::path script = fs::path(NOVELBIND_SOURCE_DIR) / "scripts" / name;
  args.insert(args.begin(), {"python3", script.string()});
  args.push_back(dir.string());
  RunResult r = run({args, dir.parent_path() / (name + ".log")});
  if (r.exit_code != 0) {
    std::cerr << r.output << "realworld_bench: FAILED: " << script.string()
              << " could not make its books (exit " << r.exit_code << ")\n";
    std::exit(2);
  }
}

// The truth folder measure.py reads for a case: its own, or one made from its spec, with its
// overlay applied to a copy. Empty with row.error set on failure.
fs::path truth_for(const Case& c, const fs::path& tmp, Row& row) {
  fs::path truth = c.truth;
  if (truth.empty()) {
    truth = tmp / "made" / c.name;
    fs::path script = fs::path(NOVELBIND_SOURCE_DIR) / "scripts" / "make-truth";
    RunResult r =
        run({{"python3", script.string(), c.spec.string(), c.input.string(), truth.string()},
             tmp / (c.name + ".make-truth.log")});
    if (r.exit_code != 0) {
      row.error = "make-truth: " + failure_line(r.output);
      return {};
    }
  }
  fs::path overlay =
      fs::path(NOVELBIND_SOURCE_DIR) / "tests" / "realworld" / "overlay" / (c.name + ".json");
  if (!fs::exists(overlay)) return truth;
  fs::path merged = tmp / "truth" / c.name;
  if (std::string e = apply_overlay(truth, overlay, merged); !e.empty()) {
    row.error = e;
    return {};
  }
  return merged;
}

// Builds one book, timed; returns whether an EPUB came out.
bool build(const Case& c, const fs::path& epub, const fs::path& log, Row& row) {
  RunResult r =
      run({{NOVELBIND_BINARY, "build", c.input.string(), "-o", epub.string(), "--no-cache"}, log});
  row.seconds = r.seconds;
  row.exit_code = r.exit_code;
  if (r.exit_code == 0 && fs::exists(epub)) return true;
  row.error = failure_line(r.output);
  if (row.error.empty()) row.error = "exit " + std::to_string(r.exit_code) + ", no EPUB";
  return false;
}

// Where the checks' results are kept: --tool-cache, unless NOVELBIND_TOOL_CACHE=off (as for the
// tests' own kept verdicts); empty keeps nothing.
fs::path kept_folder(const Options& o) {
  const char* env = std::getenv("NOVELBIND_TOOL_CACHE");
  if (o.tool_cache.empty() || (env && std::string(env) == "off")) return {};
  return o.tool_cache;
}

std::vector<Case> select_cases(const Options& o, const fs::path& realworld, const fs::path& truth,
                               const std::vector<fs::path>& generated) {
  fs::path tests = fs::path(NOVELBIND_SOURCE_DIR) / "tests" / "realworld";
  std::vector<Case> all = find_cases(realworld, truth, tests / "specs", false);
  for (const fs::path& dir : generated) {
    std::vector<Case> more = find_cases(dir / "books", dir / "truth", {}, true);
    all.insert(all.end(), more.begin(), more.end());
  }
  if (o.only.empty()) return all;
  std::vector<Case> chosen;
  for (const Case& c : all)
    if (o.only.count(c.name)) chosen.push_back(c);
  for (const std::string& name : o.only)
    if (std::none_of(all.begin(), all.end(), [&](const Case& c) { return c.name == name; }))
      usage_error("--only " + name + ": no such book");
  return chosen;
}

}  // namespace

int main(int argc, char** argv) {
  Options o = parse_options(argc, argv);
  fs::path realworld = o.realworld.empty() ? require_shared("realworld", "the development set")
                                           : fs::path(o.realworld);
  if (!fs::is_directory(realworld)) usage_error(o.realworld + " is not a folder");
  fs::path truth_root = require_shared("realworld-truth", "the full truth of the books");
  fs::path measure_py = truth_root / "measure.py";
  if (!fs::is_regular_file(measure_py)) {
    std::cerr << "realworld_bench: FAILED: " << measure_py.string() << " is missing\n";
    return 2;
  }
  bool any_shape = o.only.empty() || std::any_of(o.only.begin(), o.only.end(),
                                                 [](auto& n) { return n.rfind("shape_", 0) == 0; });
  fs::path corpus = o.shapes && any_shape ? require_shared("corpus", "the corpus") : fs::path();

  char tmpl[] = "/tmp/realworld_bench.XXXXXX";
  if (!mkdtemp(tmpl)) usage_error("cannot create a temporary folder");
  fs::path tmp = tmpl;
  for (const char* sub : {"epub", "log"}) fs::create_directories(tmp / sub);
  std::vector<fs::path> generated;
  if (!corpus.empty()) {
    generated.push_back(tmp / "shapes");
    make_books("make-shape-books", {"--corpus", corpus.string()}, generated.back());
  }
  bool any_folder =
      o.only.empty() || std::any_of(o.only.begin(), o.only.end(), [](auto& n) {
        for (const char* kind : {"folder_", "named_", "prefix_", "titled_", "dressed_"})
          if (n.rfind(kind, 0) == 0) return true;
        return false;
      });
  if (o.shapes && any_folder) {
    generated.push_back(tmp / "folders");
    make_books("make-folder-books",
               {"--realworld", realworld.string(), "--truth", truth_root.string()},
               generated.back());
  }
  std::vector<Case> cases = select_cases(o, realworld, truth_root, generated);
  std::cout << "realworld_bench: " << cases.size() << " book(s): " << realworld.string()
            << " with truth in " << truth_root.string()
            << (generated.empty() ? ""
                                  : ", and the books of scripts/make-shape-books and "
                                    "scripts/make-folder-books")
            << "\n";

  // Builds first, one at a time, so that their times are clean; then the repeats of the set.
  std::vector<Row> rows(cases.size());
  std::vector<fs::path> truths(cases.size());
  std::vector<double> runs(1, 0.0);
  bool failed = false;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    Row& row = rows[i];
    row.name = c.name;
    row.shape = c.shape;
    row.error = c.error;
    if (!row.error.empty()) {
      failed = true;
      continue;
    }
    truths[i] = truth_for(c, tmp, row);
    if (truths[i].empty()) {
      failed = true;
      continue;
    }
    row.built = build(c, tmp / "epub" / (c.name + ".epub"), tmp / "log" / (c.name + ".log"), row);
    if (!c.shape) runs[0] += row.seconds;
  }
  for (int k = 1; k < o.repeat; ++k) {
    double sum = 0;
    for (size_t i = 0; i < cases.size(); ++i) {
      if (cases[i].shape || !rows[i].built) continue;
      Row scratch;
      build(cases[i], tmp / "repeat.epub", tmp / "log" / "repeat.log", scratch);
      sum += scratch.seconds;
    }
    runs.push_back(sum);
  }

  // Then the measurements and EPUBCheck, several at a time (not timed): measure.py one process
  // per book, EPUBCheck several books to a process. With --tool-cache, a book whose EPUB, truth
  // and tools are as in an earlier run is answered from that run.
  KeptRuns kept(kept_folder(o));
  std::string epubcheck_tool = novelbind::epubcheck_identity();
  std::vector<size_t> built;
  std::vector<CheckCommand> measures(cases.size()), checks(cases.size());
  std::vector<RunResult> measured(cases.size()), checked(cases.size());
  std::vector<size_t> to_measure, to_check;
  std::vector<EpubcheckBook> unchecked;
  for (size_t i = 0; i < cases.size(); ++i) {
    if (!rows[i].built) continue;
    built.push_back(i);
    fs::path epub = tmp / "epub" / (cases[i].name + ".epub");
    fs::path json = tmp / "log" / (cases[i].name + ".measure.json");
    measures[i] = {measure_command(measure_py, truths[i], epub, json,
                                   tmp / "log" / (cases[i].name + ".measure.log")),
                   "measure.py",
                   {measure_py, truths[i], epub},
                   {json}};
    if (auto r = kept.find(measures[i]))
      measured[i] = *r;
    else
      to_measure.push_back(i);
    if (!o.epubcheck) continue;
    checks[i] = {
        {{}, tmp / "log" / (cases[i].name + ".epubcheck.log")}, epubcheck_tool, {epub}, {}};
    if (auto r = kept.find(checks[i])) {
      checked[i] = *r;
    } else {
      to_check.push_back(i);
      unchecked.push_back({epub, checks[i].command.log});
    }
  }
  // The EPUBCheck processes first: they are the longest.
  fs::path many_java =
      fs::path(NOVELBIND_SOURCE_DIR) / "bench" / "realworld" / "EpubcheckMany.java";
  std::vector<Command> commands = epubcheck_batches(unchecked, o.jobs, many_java, tmp / "log");
  size_t batches = commands.size();
  for (size_t i : to_measure) commands.push_back(measures[i].command);
  std::vector<RunResult> results = run_all(commands, o.jobs);
  for (size_t k = 0; k < to_check.size(); ++k) {
    size_t i = to_check[k];
    checked[i] = epubcheck_result(checks[i].command.log);
    // No "epubcheck exit" line: the book's process failed (no Java, an exception); say why.
    if (checked[i].exit_code < 0) checked[i].output = results[k % batches].output;
    kept.keep(checks[i], checked[i]);
  }
  for (size_t k = 0; k < to_measure.size(); ++k) {
    size_t i = to_measure[k];
    measured[i] = results[batches + k];
    kept.keep(measures[i], measured[i]);
  }
  for (size_t i : built) {
    Row& row = rows[i];
    std::string json = read_text(tmp / "log" / (row.name + ".measure.json"));
    if (std::string e = read_measurement(json, measured[i].output, row); !e.empty()) {
      row.error = e;
      failed = true;  // a book that built but cannot be measured is the scoreboard's failure
    }
    if (o.epubcheck) row.epubcheck = epubcheck_verdict(checked[i]);
  }
  if (kept.reused() > 0)
    std::cout << "\n"
              << kept.reused() << " of " << built.size() * (o.epubcheck ? 2 : 1)
              << " checks (measure.py, EPUBCheck) answered from an earlier run on the same bytes, "
                 "kept in "
              << kept_folder(o).string() << "\n";

  std::cout << "\n";
  print_rows(rows, std::cout);
  std::cout << "\n";
  print_build_time(rows, runs, o.only.empty(), kTargetSeconds, std::cout);
  std::cout << "\nexamples of each fault (measure.py):\n";
  print_examples(rows, std::cout);

  int status = failed ? 1 : 0;
  if (failed)
    std::cout
        << "\nrealworld_bench: FAILED: a book has no truth or could not be measured (above)\n";
  if (!o.write_baseline.empty()) {
    std::ofstream(o.write_baseline) << baseline_text(rows);
    std::cout << "wrote baseline " << o.write_baseline << "\n";
  }
  if (!o.baseline.empty()) {
    std::cout << "\ncompared with the baseline " << o.baseline << ":\n";
    std::ifstream in(o.baseline);
    if (!in) {
      std::cout << "realworld_bench: FAILED: cannot read the baseline " << o.baseline
                << "; write one with --write-baseline\n";
      status = 1;
    } else {
      std::ostringstream text;
      text << in.rdbuf();
      int worse = compare_baseline(text.str(), o.baseline, rows, o.only.empty(), std::cout);
      if (worse > 0) {
        std::cout << "realworld_bench: FAILED: " << worse << " figure(s) worse than the baseline\n";
        status = 1;
      } else {
        std::cout << "  no figure worse than the baseline\n";
      }
    }
  }
  if (o.keep)
    std::cout << "kept " << tmp.string() << "\n";
  else
    fs::remove_all(tmp);
  return status;
}
