// One row of the real-book scoreboard: the figures of one book's build against its truth file
// (the columns are explained at the top of bench/realworld_bench.cc).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace realworld {

struct Row {
  std::string name;
  bool built = false;
  std::string error;
  size_t chapters_found = 0, chapters_truth = 0;
  size_t volumes_found = 0, volumes_truth = 0;
  size_t toc_entries = 0;
  size_t empty = 0;
  size_t residue_left = 0, residue_truth = 0;
  size_t story_changed = 0, story_truth = 0;
  size_t quote_changed = 0;  // story paragraphs found once quote marks are folded
  size_t mixed_changed = 0, mixed_truth = 0;
  std::string epubcheck = "-";
  double seconds = 0;
  int exit_code = -1;
  std::vector<std::string> residue_examples, story_examples, mixed_examples;
};

}  // namespace realworld
