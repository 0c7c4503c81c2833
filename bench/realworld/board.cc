// Printing the scoreboard (board.h).
#include "board.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <sstream>

namespace realworld {

namespace {

std::string fraction(size_t a, size_t b) {
  return std::to_string(a) + "/" + std::to_string(b);
}

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
  char buf[512];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  return buf;
}

}  // namespace

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

void print_rows(const std::vector<Row>& rows, std::ostream& out) {
  out << format("%-26s %9s %7s %7s %5s %6s %6s %6s %-11s %-9s %6s\n", "book", "chapters", "residue",
                "changed", "lost", "story", "extra", "echoes", "verdict", "epubcheck", "time");
  size_t holds = 0;
  for (const Row& r : rows) {
    if (!r.measured) {
      std::string what = !r.built && r.exit_code >= 0
                             ? "BUILD FAILED (exit " + std::to_string(r.exit_code) + ")"
                         : r.built ? "NOT MEASURED"
                                   : "NOT BUILT";
      out << format("%-26s %s: %s\n", r.name.c_str(), what.c_str(), r.error.c_str());
      continue;
    }
    const Figures& f = r.figures;
    holds += f.holds;
    out << format("%-26s %9s %7zu %7zu %5zu %6zu %6zu %6zu %-11s %-9s %5.2fs\n", r.name.c_str(),
                  fraction(f.chapters_found, f.chapters).c_str(), f.residue, f.changed, f.lost,
                  f.story, f.extra, f.echoes, f.holds ? "holds" : "FALLS SHORT",
                  r.epubcheck.c_str(), r.seconds);
  }
  out << "holds on " << holds << " of " << rows.size() << " books\n";
}

void print_examples(const std::vector<Row>& rows, std::ostream& out) {
  for (const Row& r : rows) {
    if (!r.measured || r.examples.empty()) continue;
    out << r.name << ":\n" << r.examples;
    if (r.examples.back() != '\n') out << "\n";
  }
}

void print_build_time(const std::vector<Row>& rows, const std::vector<double>& runs, bool whole_set,
                      double target_seconds, std::ostream& out) {
  size_t real = 0, shapes = 0;
  double shape_seconds = 0;
  for (const Row& r : rows) {
    if (r.shape)
      ++shapes, shape_seconds += r.seconds;
    else
      ++real;
  }
  if (real > 0 && !runs.empty()) {
    std::string verdict = !whole_set                      ? "not judged: --only left books out"
                          : runs.front() < target_seconds ? "met"
                                                          : "MISSED";
    out << format(
        "development set, %zu real books: %.2f s, the sum of their cold builds "
        "(--no-cache); target < %.0f s: %s\n",
        real, runs.front(), target_seconds, verdict.c_str());
    if (runs.size() > 1) {
      double m = median(runs);
      std::ostringstream each;
      for (double s : runs) each << format(" %.2f", s);
      verdict = !whole_set ? "not judged" : m < target_seconds ? "met" : "MISSED";
      out << format("  median of %zu runs of the set: %.2f s (runs:%s); target < %.0f s: %s\n",
                    runs.size(), m, each.str().c_str(), target_seconds, verdict.c_str());
    }
  }
  if (shapes > 0)
    out << format(
        "generated books (shape, folder), %zu: %.2f s, the sum of their cold builds (not part of "
        "the "
        "target)\n",
        shapes, shape_seconds);
}

}  // namespace realworld
