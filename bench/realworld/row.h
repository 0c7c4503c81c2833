// One row of the real-book scoreboard: one book built by novelbind and measured by
// ../shared/realworld-truth/measure.py against its full truth (the figures are explained at
// the top of bench/realworld_bench.cc).
#pragma once

#include <cstddef>
#include <string>

namespace realworld {

// measure.py's figures for one book.
struct Figures {
  bool holds = false;
  size_t chapters_found = 0, chapters = 0;
  size_t residue = 0;  // residue paragraphs of every kind
  size_t changed = 0, lost = 0, story = 0;
  size_t extra = 0, echoes = 0;
};

struct Row {
  std::string name;
  bool shape = false;     // a synthetic shape book (scripts/make-shape-books), not a real one
  bool built = false;     // novelbind built an EPUB
  bool measured = false;  // measure.py produced figures
  std::string error;      // why the row has no figures
  Figures figures;
  std::string examples;  // measure.py's printed faults, one per line
  std::string epubcheck = "-";
  double seconds = 0;  // the build's wall time
  int exit_code = -1;  // the build's exit code
};

}  // namespace realworld
