// convert_bench: how the whole build compares with OpenCC alone on a 10-million-character book.
//
// Generates a Simplified book (corpus text cut into ~3000 chapter files in a temporary
// folder), then, in the same run and on the same text:
//   1. converts it to zh-TW with opencc::SimpleConverter("s2tw.json") on one thread: the
//      reference time;
//   2. converts it with novelbind's own OpenccConverter on one thread, and checks that the
//      output is byte for byte OpenCC's;
//   3. runs `novelbind build DIR --script zh-TW` in a child process, timing it and reading its
//      peak memory (ru_maxrss) from wait4, so the benchmark's own buffers do not count.
// Targets (issue 7): build time <= 1.0 x OpenCC's single-thread time; peak memory < 4 x the
// input size.
//
//   convert_bench [--chars N] [--repeat R] [--jobs J] [--keep]
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <opencc/SimpleConverter.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "convert/opencc_converter.h"

namespace fs = std::filesystem;

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path corpus_file(const std::string& name) {
  const fs::path candidates[] = {fs::path(NOVELBIND_SOURCE_DIR) / ".." / "shared" / "corpus" / name,
                                 fs::path("/work/shared/corpus") / name};
  for (const fs::path& p : candidates)
    if (fs::is_regular_file(p)) return p;
  std::cerr << "convert_bench: corpus file " << name << " is in neither " << candidates[0]
            << " nor " << candidates[1] << "; put shared/ beside the checkout\n";
  std::exit(2);
}

size_t count_chars(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

// Writes chapter files of about chars/3000 characters each, cycling through the corpus lines,
// until `chars` characters are written. Returns the chapter texts.
std::vector<std::string> make_book(const fs::path& dir, size_t chars) {
  std::vector<std::string> lines;
  for (const char* name : {"sanguo.txt", "hongloumeng.txt"}) {
    std::istringstream in(read_file(corpus_file(name)));
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty()) lines.push_back(line);
    }
  }
  fs::create_directories(dir);
  size_t per_chapter = std::max<size_t>(chars / 3000, 100), written = 0, next = 0;
  std::vector<std::string> chapters;
  while (written < chars) {
    std::string text = "第" + std::to_string(chapters.size() + 1) + "章\n";
    size_t n = 0;
    while (n < per_chapter && written + n < chars) {
      const std::string& l = lines[next++ % lines.size()];
      text += l;
      text += '\n';
      n += count_chars(l);
    }
    written += n;
    char name[32];
    std::snprintf(name, sizeof name, "%05zu.txt", chapters.size() + 1);
    std::ofstream(dir / name, std::ios::binary) << text;
    chapters.push_back(std::move(text));
  }
  return chapters;
}

// CPU seconds this process has used: with other work on the machine, wall times swing by 2x
// from run to run, CPU time much less.
double cpu_now() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

struct ChildRun {
  double seconds = 0;
  double cpu_seconds = 0;  // user + system
  long max_rss_kb = 0;
  int status = -1;
};

// Runs args[0] with its output going to `log`.
ChildRun run_child(const std::vector<std::string>& args, const fs::path& log) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  ChildRun r;
  double start = now();
  pid_t pid = fork();
  if (pid == 0) {
    if (std::freopen(log.c_str(), "w", stderr) == nullptr) _exit(126);
    dup2(fileno(stderr), fileno(stdout));
    execv(argv[0], argv.data());
    std::perror("execv");
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  r.seconds = now() - start;
  r.max_rss_kb = usage.ru_maxrss;
  auto secs = [](const timeval& tv) {
    return static_cast<double>(tv.tv_sec) + static_cast<double>(tv.tv_usec) / 1e6;
  };
  r.cpu_seconds = secs(usage.ru_utime) + secs(usage.ru_stime);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  size_t chars = 10'000'000;
  int repeat = 1;
  std::string jobs;
  bool keep = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--chars" && i + 1 < argc)
      chars = std::stoul(argv[++i]);
    else if (a == "--repeat" && i + 1 < argc)
      repeat = std::max(1, std::atoi(argv[++i]));
    else if (a == "--jobs" && i + 1 < argc)
      jobs = argv[++i];
    else if (a == "--keep")
      keep = true;
    else {
      std::cerr << "usage: convert_bench [--chars N] [--repeat R] [--jobs J] [--keep]\n";
      return 2;
    }
  }

  fs::path dir = fs::temp_directory_path() / ("novelbind-bench-" + std::to_string(getpid()));
  std::vector<std::string> chapters = make_book(dir / "book", chars);
  size_t bytes = 0;
  for (const std::string& c : chapters) bytes += c.size();
  std::printf("input: %zu chapter files, %zu characters, %.1f MB (UTF-8)\n", chapters.size(), chars,
              bytes / 1e6);

  double opencc_best = 1e9, ours_best = 1e9, build_best = 1e9;
  double opencc_cpu_best = 1e9, build_cpu_best = 1e9;
  long rss_best = 0;
  bool identical = true;
  nlohmann::json timings;
  for (int round = 0; round < repeat; ++round) {
    // 1. OpenCC alone, one thread, the same chapter texts.
    double t0 = now();
    opencc::SimpleConverter opencc("s2tw.json");
    double loaded = now(), cpu_loaded = cpu_now();
    std::vector<std::string> reference;
    reference.reserve(chapters.size());
    for (const std::string& c : chapters) reference.push_back(opencc.Convert(c));
    double opencc_seconds = now() - loaded, opencc_cpu = cpu_now() - cpu_loaded;
    std::printf("round %d: OpenCC s2tw, 1 thread: %.2f s (+ %.2f s loading)\n", round + 1,
                opencc_seconds, loaded - t0);

    // 2. novelbind's converter, one thread.
    auto ours = novelbind::OpenccConverter::load("s2tw");
    if (!ours) {
      std::cerr << ours.message() << "\n";
      return 1;
    }
    double t1 = now();
    for (size_t i = 0; i < chapters.size(); ++i)
      identical &= ours->convert(chapters[i]) == reference[i];
    double ours_seconds = now() - t1;
    std::printf("round %d: novelbind's converter, 1 thread: %.2f s, output %s OpenCC's\n",
                round + 1, ours_seconds, identical ? "identical to" : "DIFFERENT FROM");
    reference.clear();
    reference.shrink_to_fit();

    // 3. The whole build in a child process.
    std::vector<std::string> args = {NOVELBIND_BINARY,
                                     "-q",
                                     "build",
                                     (dir / "book").string(),
                                     "-o",
                                     (dir / "book.epub").string(),
                                     "--script",
                                     "zh-TW",
                                     "--report",
                                     (dir / "report.json").string()};
    if (!jobs.empty()) args.insert(args.end(), {"--jobs", jobs});
    ChildRun build = run_child(args, dir / "build.log");
    if (build.status != 0) {
      std::cerr << "convert_bench: the build failed (exit " << build.status << "):\n"
                << read_file(dir / "build.log");
      return 1;
    }
    std::printf(
        "round %d: novelbind build --script zh-TW: %.2f s (%.2f s CPU), peak memory %.1f MB\n",
        round + 1, build.seconds, build.cpu_seconds, build.max_rss_kb / 1024.0);
    opencc_best = std::min(opencc_best, opencc_seconds);
    opencc_cpu_best = std::min(opencc_cpu_best, opencc_cpu);
    build_cpu_best = std::min(build_cpu_best, build.cpu_seconds);
    ours_best = std::min(ours_best, ours_seconds);
    if (build.seconds < build_best) {
      build_best = build.seconds;
      timings = nlohmann::json::parse(read_file(dir / "report.json"))["timings"];
    }
    rss_best = rss_best == 0 ? build.max_rss_kb : std::min(rss_best, build.max_rss_kb);
  }

  std::printf("\nbuild stages (fastest build):\n");
  for (const auto& t : timings)
    std::printf("  %-8s %6.2f s\n", t["stage"].get<std::string>().c_str(),
                t["seconds"].get<double>());
  double time_ratio = build_best / opencc_best;
  double memory_ratio = rss_best * 1024.0 / static_cast<double>(bytes);
  std::printf("\nOpenCC alone (1 thread):        %6.2f s\n", opencc_best);
  std::printf("novelbind converter (1 thread): %6.2f s  (%.2f x OpenCC)\n", ours_best,
              ours_best / opencc_best);
  std::printf("whole build:                    %6.2f s  (%.2f x OpenCC; target <= 1.00) %s\n",
              build_best, time_ratio, time_ratio <= 1.0 ? "ok" : "MISSED");
  std::printf(
      "CPU time, build / OpenCC:       %6.2f s / %.2f s (%.2f x; less sensitive to "
      "other load on the machine)\n",
      build_cpu_best, opencc_cpu_best, build_cpu_best / opencc_cpu_best);
  std::printf("peak memory of the build:       %6.1f MB (%.2f x input; target < 4.00) %s\n",
              rss_best / 1024.0, memory_ratio, memory_ratio < 4.0 ? "ok" : "MISSED");
  std::printf("converter output identical to OpenCC's: %s\n", identical ? "yes" : "NO");
  if (!keep)
    fs::remove_all(dir);
  else
    std::printf("kept %s\n", dir.c_str());
  return identical ? 0 : 1;
}
