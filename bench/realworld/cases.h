// The books the real-book scoreboard measures: each case folder holds one book (a .txt file or a
// folder of chapter files) and has a full truth, either a folder with truth.json + story.txt
// (../shared/realworld-truth/CASE) or a hand-written spec from which scripts/make-truth makes
// one (tests/realworld/specs/CASE.toml, tests/realworld/shapes/CASE.toml).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace realworld {

struct Case {
  std::string name;
  std::filesystem::path input;  // the book
  std::filesystem::path truth;  // truth.json + story.txt; empty when made from `spec`
  std::filesystem::path spec;   // scripts/make-truth's spec, when `truth` is empty
  bool shape = false;           // a synthetic shape book
  std::string error;            // set when the case cannot be measured (no book, no truth)
};

// The one entry of a case folder (hidden names ignored); on failure returns a message.
std::string book_of(const std::filesystem::path& case_dir, std::filesystem::path& book);

// One case per folder of books_root, with its truth from truth_root/CASE or else from
// spec_dir/CASE.toml; a truth folder of truth_root without a book is a case with an error too.
// Sorted by name.
std::vector<Case> find_cases(const std::filesystem::path& books_root,
                             const std::filesystem::path& truth_root,
                             const std::filesystem::path& spec_dir, bool shape);

}  // namespace realworld
