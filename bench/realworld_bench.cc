// realworld_bench: the scoreboard of the development set of real scraped novels (issues 13, 14).
//
// For every truth file tests/realworld/CASE.toml (written by reading the book, never from
// novelbind's output), runs the real `novelbind build INPUT -o T/CASE.epub --report
// T/CASE.json` with default options, opens the EPUB and prints one row per book:
//
//   chapters  truth chapter titles found in the nav TOC in reading order: the longest common
//             subsequence of the TOC entries (all levels, in document order) and the truth list.
//             Titles are compared after removing all whitespace (U+3000 and letter spacing
//             included), folding full-width ASCII to ASCII and applying the case's `fold`
//             character pairs; an entry matches a truth title when the two are equal or when
//             one contains the other and the contained one has at least 2 characters (so
//             `第三十三章 回营【求收藏！】` counts for `第三十三章 回营`, `第十一回` for either
//             title of that chapter).
//   toc       TOC entries / (truth chapters + truth volumes).
//   vols      truth volume titles found in the TOC in order (same rule).
//   empty     documents of leaf TOC entries with no paragraph text.
//   residue   truth residue entries still present anywhere in the book's text (every spine
//             document except the cover, title page and contents page named by the nav's
//             landmarks), compared with all whitespace removed on both sides.
//   story     truth story paragraphs not found unchanged (exact substring of the book's
//             text, blocks joined by newlines), not counting those in `quote`.
//   quote     story paragraphs found only once every quotation mark ("" “” 「」 『』 ...) is
//             folded to one: changed in quote style only, counted apart (issue 14).
//   mixed     `story_mixed` paragraphs not found after folding the `fold` pairs and quote
//             marks (books whose script unification may change them; `-` when none).
//   epubcheck `ok`, `warn:N` or `ERR:N` from `java -jar /usr/share/java/epubcheck.jar`
//             with --epubcheck, else `-`.
//   time, exit  the build's wall time and exit code.
//
// A book that fails to build is a row with its error; it never stops the board.
//
//   realworld_bench [REALWORLD_DIR] [--epubcheck] [--baseline FILE] [--write-baseline FILE]
//                   [--only CASE] [--keep]
//
// --baseline exits 1 when any figure is worse than the committed baseline; the realworld
// folder is `shared/realworld` beside the checkout, else /work/shared/realworld, else the
// argument; when none exists the board fails (exit 2): it never skips silently.
//
// This file runs the builds, scores a row and prints the board; its parts are in
// bench/realworld/: truth files, opening the built EPUB, the text comparisons, the baseline.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "realworld/baseline.h"
#include "realworld/epub_text.h"
#include "realworld/row.h"
#include "realworld/scoreboard_text.h"
#include "realworld/truth.h"

extern char** environ;

namespace fs = std::filesystem;

using namespace realworld;

namespace {

// ---------------------------------------------------------------- running processes

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct RunResult {
  int exit_code = -1;
  double seconds = 0;
  std::string output;  // stdout + stderr
};

RunResult run(const std::vector<std::string>& argv, const fs::path& log) {
  RunResult r;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  auto start = std::chrono::steady_clock::now();
  pid_t pid;
  int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    r.output = "cannot start " + argv[0] + ": " + std::strerror(rc);
    return r;
  }
  int status = 0;
  waitpid(pid, &status, 0);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.output = read_file(log);
  return r;
}

// The line of a failed build's output to show: its first error, else its last line.
std::string failure_line(const std::string& s) {
  std::istringstream in(s);
  std::string line, last;
  while (std::getline(in, line)) {
    if (line.rfind("error", 0) == 0) return line;
    if (!line.empty()) last = line;
  }
  return last;
}

// ---------------------------------------------------------------- one row

Row score(const Truth& truth, const fs::path& realworld, const fs::path& tmp) {
  Row row;
  row.name = truth.name;
  row.chapters_truth = truth.chapters.size();
  row.volumes_truth = truth.volumes.size();
  row.residue_truth = truth.residue.size();
  row.story_truth = truth.story.size();
  row.mixed_truth = truth.story_mixed.size();
  fs::path input = realworld / truth.input;
  fs::path epub_path = tmp / (truth.name + ".epub");
  if (!fs::exists(input)) {
    row.error = "input " + input.string() + " does not exist";
    return row;
  }
  RunResult r = run({NOVELBIND_BINARY, "build", input.string(), "-o", epub_path.string(),
                     "--report", (tmp / (truth.name + ".json")).string()},
                    tmp / (truth.name + ".log"));
  row.seconds = r.seconds;
  row.exit_code = r.exit_code;
  if (r.exit_code != 0 || !fs::exists(epub_path)) {
    row.error = failure_line(r.output);
    if (row.error.empty()) row.error = "exit " + std::to_string(r.exit_code) + ", no EPUB";
    return row;
  }
  Epub epub;
  if (std::string msg = open_epub(epub_path, epub); !msg.empty()) {
    row.error = "EPUB: " + msg;
    return row;
  }
  row.built = true;
  FoldMap fold = make_fold(truth.fold);

  std::vector<std::u32string> toc_keys;
  for (const TocEntry& e : epub.toc) toc_keys.push_back(title_key(e.title, fold));
  row.toc_entries = epub.toc.size();
  std::vector<std::u32string> chapter_keys, volume_keys;
  for (const std::string& t : truth.chapters) chapter_keys.push_back(title_key(t, fold));
  for (const std::string& t : truth.volumes) volume_keys.push_back(title_key(t, fold));
  row.chapters_found = lcs(toc_keys, chapter_keys);
  row.volumes_found = lcs(toc_keys, volume_keys);

  const SpineText spine = spine_text(epub);
  const std::string& text = spine.text;
  std::set<std::string> empty_docs;
  for (const TocEntry& e : epub.toc) {
    if (!e.leaf) continue;
    auto it = spine.has_paragraph.find(e.target);
    if (it == spine.has_paragraph.end() || !it->second) empty_docs.insert(e.target);
  }
  row.empty = empty_docs.size();

  // Residue: whitespace removed on both sides; U+001F keeps blocks apart.
  std::u32string text32 = utf8_decode(text);
  std::u32string bare;
  bare.reserve(text32.size());
  for (char32_t c : text32) bare.push_back(c == U'\n' ? U'\x1F' : c);
  bare = without_spaces(bare);
  for (const std::string& r : truth.residue) {
    std::u32string needle = without_spaces(utf8_decode(r));
    if (!needle.empty() && bare.find(needle) != std::u32string::npos) {
      ++row.residue_left;
      row.residue_examples.push_back(r);
    }
  }
  std::u32string quote_folded_text;
  for (const std::string& s : truth.story) {
    if (text.find(s) != std::string::npos) continue;
    if (quote_folded_text.empty()) quote_folded_text = quotes_folded(text32);
    if (quote_folded_text.find(quotes_folded(utf8_decode(s))) != std::u32string::npos) {
      ++row.quote_changed;
    } else {
      ++row.story_changed;
      row.story_examples.push_back(s);
    }
  }
  if (!truth.story_mixed.empty()) {
    std::u32string folded_text = quotes_folded(folded(text32, fold));
    for (const std::string& s : truth.story_mixed)
      if (folded_text.find(quotes_folded(folded(utf8_decode(s), fold))) == std::u32string::npos) {
        ++row.mixed_changed;
        row.mixed_examples.push_back(s);
      }
  }
  return row;
}

std::string epubcheck_verdict(const fs::path& epub, const fs::path& log) {
  RunResult r = run({"java", "-jar", "/usr/share/java/epubcheck.jar", epub.string()}, log);
  if (r.exit_code < 0) return "ERR:nojava";  // `java` could not be started
  int fatals = -1, errors = -1, warnings = -1;
  auto pos = r.output.find("Messages:");
  if (pos != std::string::npos)
    std::sscanf(r.output.c_str() + pos, "Messages: %d fatals / %d errors / %d warnings", &fatals,
                &errors, &warnings);
  if (fatals < 0) return "ERR:?";
  if (fatals + errors > 0) return "ERR:" + std::to_string(fatals + errors);
  if (warnings > 0) return "warn:" + std::to_string(warnings);
  return "ok";
}

// ---------------------------------------------------------------- main

fs::path find_realworld(const std::string& given) {
  if (!given.empty()) return given;
  const fs::path candidates[] = {fs::path(NOVELBIND_SOURCE_DIR) / ".." / "shared" / "realworld",
                                 "/work/shared/realworld"};
  for (const fs::path& p : candidates)
    if (fs::is_directory(p)) return p.lexically_normal();
  return {};
}

std::string fraction(size_t a, size_t b) {
  return std::to_string(a) + "/" + std::to_string(b);
}

}  // namespace

int main(int argc, char** argv) {
  std::string realworld_arg, baseline, write_to, only;
  bool epubcheck = false, keep = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char* opt) -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "realworld_bench: " << opt << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--baseline")
      baseline = value("--baseline");
    else if (a == "--write-baseline")
      write_to = value("--write-baseline");
    else if (a == "--only")
      only = value("--only");
    else if (a == "--epubcheck")
      epubcheck = true;
    else if (a == "--keep")
      keep = true;
    else if (a == "-h" || a == "--help") {
      std::cout << "usage: realworld_bench [REALWORLD_DIR] [--epubcheck] [--baseline FILE] "
                   "[--write-baseline FILE] [--only CASE] [--keep]\n";
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      std::cerr << "realworld_bench: unknown option " << a << "\n";
      return 2;
    } else
      realworld_arg = a;
  }
  fs::path realworld = find_realworld(realworld_arg);
  if (realworld.empty() || !fs::is_directory(realworld)) {
    std::cerr
        << "realworld_bench: FAILED: the development set is missing: "
        << (realworld_arg.empty()
                ? "neither " +
                      (fs::path(NOVELBIND_SOURCE_DIR) / ".." / "shared" / "realworld").string() +
                      " nor /work/shared/realworld exists"
                : realworld_arg + " is not a folder")
        << "; put shared/realworld beside the checkout or pass its path\n";
    return 2;
  }
  fs::path truth_dir = fs::path(NOVELBIND_SOURCE_DIR) / "tests" / "realworld";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(truth_dir))
    if (e.path().extension() == ".toml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    std::cerr << "realworld_bench: FAILED: no truth files in " << truth_dir << "\n";
    return 2;
  }
  std::vector<Truth> truths;
  for (const fs::path& f : files) {
    if (!only.empty() && f.stem() != only) continue;
    try {
      truths.push_back(load_truth(f));
    } catch (const std::exception& e) {
      std::cerr << "realworld_bench: " << e.what() << "\n";
      return 2;
    }
  }

  char tmpl[] = "/tmp/realworld_bench.XXXXXX";
  if (!mkdtemp(tmpl)) {
    std::cerr << "realworld_bench: cannot create a temporary folder\n";
    return 2;
  }
  fs::path tmp = tmpl;
  std::cout << "realworld_bench: " << truths.size() << " book(s) from " << realworld.string()
            << ", truth in " << truth_dir.string() << "\n";

  std::vector<Row> rows;
  double total = 0;
  for (const Truth& t : truths) {  // builds first, one at a time, so their times are clean
    rows.push_back(score(t, realworld, tmp));
    total += rows.back().seconds;
  }
  if (epubcheck)  // after all builds, so that a JVM does not slow a timed build
    for (Row& r : rows)
      if (r.built)
        r.epubcheck =
            epubcheck_verdict(tmp / (r.name + ".epub"), tmp / (r.name + ".epubcheck.log"));

  std::printf("\n%-24s %9s %9s %6s %6s %8s %8s %6s %6s %10s %7s %5s\n", "case", "chapters", "toc",
              "vols", "empty", "residue", "story", "quote", "mixed", "epubcheck", "time", "exit");
  for (const Row& r : rows) {
    if (!r.built) {
      std::printf("%-24s BUILD FAILED (exit %d, %.2f s): %s\n", r.name.c_str(), r.exit_code,
                  r.seconds, r.error.c_str());
      continue;
    }
    std::printf("%-24s %9s %9s %6s %6zu %8s %8s %6zu %6s %10s %6.2fs %5d\n", r.name.c_str(),
                fraction(r.chapters_found, r.chapters_truth).c_str(),
                fraction(r.toc_entries, r.chapters_truth + r.volumes_truth).c_str(),
                r.volumes_truth ? fraction(r.volumes_found, r.volumes_truth).c_str() : "-", r.empty,
                fraction(r.residue_left, r.residue_truth).c_str(),
                fraction(r.story_changed, r.story_truth).c_str(), r.quote_changed,
                r.mixed_truth ? fraction(r.mixed_changed, r.mixed_truth).c_str() : "-",
                r.epubcheck.c_str(), r.seconds, r.exit_code);
  }
  std::printf("\ntotal build time %.2f s (target < 5 s: %s)\n", total,
              total < 5 ? "met" : "MISSED");
  std::printf(
      "columns: chapters = truth chapters in the TOC in order / truth; toc = TOC entries / "
      "(truth chapters + volumes); residue = truth residue left / listed; story = story "
      "paragraphs changed / listed; quote = story paragraphs changed in quote style only; mixed = "
      "story_mixed paragraphs changed beyond the fold pairs\n");
  for (const Row& r : rows) {
    for (size_t i = 0; i < r.residue_examples.size() && i < 3; ++i)
      std::printf("  %s residue left: %s\n", r.name.c_str(),
                  head(r.residue_examples[i], 60).c_str());
    for (size_t i = 0; i < r.story_examples.size() && i < 2; ++i)
      std::printf("  %s story changed: %s\n", r.name.c_str(),
                  head(r.story_examples[i], 50).c_str());
    for (size_t i = 0; i < r.mixed_examples.size() && i < 2; ++i)
      std::printf("  %s mixed story changed: %s\n", r.name.c_str(),
                  head(r.mixed_examples[i], 50).c_str());
  }

  int status = 0;
  if (!write_to.empty()) {
    write_baseline(write_to, rows);
    std::cout << "wrote baseline " << write_to << "\n";
  }
  if (!baseline.empty()) {
    std::cout << "\ncompared with baseline " << baseline << ":\n";
    int worse = compare_baseline(baseline, rows, only.empty());
    if (worse > 0) {
      std::cout << "realworld_bench: FAILED: " << worse << " figure(s) worse than the baseline\n";
      status = 1;
    } else {
      std::cout << "  no figure worse than the baseline\n";
    }
  }
  if (keep)
    std::cout << "kept " << tmp.string() << "\n";
  else
    fs::remove_all(tmp);
  return status;
}
