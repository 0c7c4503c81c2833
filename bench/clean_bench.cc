// Benchmark of the clean stage: both corpus novels (about 4 MB) cleaned single-threaded,
// learn() included, as a build does it. Prints seconds and MB/s; the target is under 0.5 s.
//
//   ./build/clean_bench [CORPUS_DIR]
//
// CORPUS_DIR defaults to shared/corpus beside the checkout, else /work/shared/corpus.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "clean/clean.h"
#include "ingest/ingest.h"
#include "structure/heading.h"
#include "structure/split.h"

namespace fs = std::filesystem;
using novelbind::Chapter;

namespace {

fs::path corpus_dir(int argc, char** argv) {
  if (argc > 1) return argv[1];
  for (fs::path dir : {fs::path(NOVELBIND_SOURCE_DIR) / ".." / "shared" / "corpus",
                       fs::path("/work/shared/corpus")}) {
    std::error_code ec;
    if (fs::is_regular_file(dir / "sanguo.txt", ec)) return dir;
  }
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  fs::path dir = corpus_dir(argc, argv);
  if (dir.empty()) {
    std::fprintf(stderr, "clean_bench: corpus novels not found; pass their folder\n");
    return 1;
  }
  std::vector<Chapter> chapters;
  std::size_t bytes = 0;
  int index = 0;
  auto headings = novelbind::HeadingRecognizer::create(novelbind::ChaptersConfig{});
  if (!headings) return 1;
  for (const char* name : {"sanguo.txt", "hongloumeng.txt"}) {
    auto source =
        novelbind::read_source({dir / name, name, "", 0}, index++, novelbind::CleanConfig{});
    if (!source) {
      std::fprintf(stderr, "clean_bench: %s\n", source.message().c_str());
      return 1;
    }
    bytes += source->text.size();
    for (Chapter& c : novelbind::split_chapters(*source, *headings))
      chapters.push_back(std::move(c));
  }
  double mb = bytes / 1e6;
  std::printf("corpus: %.2f MB in %zu chapter(s)\n", mb, chapters.size());

  for (const char* quotes : {"curly", "corner"}) {
    std::vector<double> seconds;
    std::size_t repairs = 0;
    for (int run = 0; run < 5; ++run) {
      std::vector<Chapter> book = chapters;  // each run cleans the raw text
      auto start = std::chrono::steady_clock::now();
      auto cleaner = novelbind::Cleaner::create(novelbind::CleanConfig{});
      if (!cleaner) return 1;
      cleaner->learn(book);
      for (Chapter& c : book) cleaner->clean(c, quotes);
      seconds.push_back(
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      repairs = 0;
      for (const Chapter& c : book) repairs += c.repairs.size();
    }
    std::sort(seconds.begin(), seconds.end());
    double median = seconds[seconds.size() / 2];
    std::printf(
        "quotes=%-6s median %.3f s (best %.3f s)  %.1f MB/s  %zu repairs  target < 0.5 s: %s\n",
        quotes, median, seconds.front(), mb / median, repairs, median < 0.5 ? "met" : "MISSED");
  }
  return 0;
}
