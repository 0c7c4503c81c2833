// A truth file tests/realworld/CASE.toml of the real-book scoreboard: what a reader of the book
// found in it (chapter and volume titles, residue, story paragraphs), never novelbind's output.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace realworld {

struct Truth {
  std::string name;
  std::filesystem::path file;
  std::string input;
  std::vector<std::string> chapters, volumes, residue, story, story_mixed;
  std::string fold;
};

// Reads and checks one truth file; throws std::runtime_error naming the file (and line) and what
// is wrong.
Truth load_truth(const std::filesystem::path& file);

}  // namespace realworld
