// The scoreboard's cases (cases.h).
#include "cases.h"

#include <algorithm>
#include <set>

namespace realworld {

namespace fs = std::filesystem;

namespace {

std::set<std::string> folder_names(const fs::path& root) {
  std::set<std::string> names;
  std::error_code ec;
  if (root.empty() || !fs::is_directory(root, ec)) return names;
  for (const auto& e : fs::directory_iterator(root, ec))
    if (e.is_directory() && e.path().filename().string()[0] != '.')
      names.insert(e.path().filename().string());
  return names;
}

bool has_truth(const fs::path& dir) {
  return fs::is_regular_file(dir / "truth.json") && fs::is_regular_file(dir / "story.txt");
}

}  // namespace

std::string book_of(const fs::path& case_dir, fs::path& book) {
  std::vector<fs::path> entries;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(case_dir, ec))
    if (e.path().filename().string()[0] != '.') entries.push_back(e.path());
  if (ec) return "cannot read " + case_dir.string() + ": " + ec.message();
  if (entries.size() != 1)
    return case_dir.string() + " holds " + std::to_string(entries.size()) +
           " entries; a case folder holds one book (a .txt file or a folder of chapter files)";
  book = entries.front();
  return {};
}

std::vector<Case> find_cases(const fs::path& books_root, const fs::path& truth_root,
                             const fs::path& spec_dir, bool shape) {
  std::vector<Case> cases;
  std::set<std::string> books = folder_names(books_root);
  for (const std::string& name : books) {
    Case c;
    c.name = name;
    c.shape = shape;
    c.error = book_of(books_root / name, c.input);
    fs::path spec = spec_dir / (name + ".toml");
    if (!truth_root.empty() && has_truth(truth_root / name))
      c.truth = truth_root / name;
    else if (!spec_dir.empty() && fs::is_regular_file(spec))
      c.spec = spec;
    else if (c.error.empty())
      c.error = "no truth: neither " + (truth_root / name).string() +
                " (truth.json + story.txt) nor a spec " + spec.string();
    cases.push_back(c);
  }
  for (const std::string& name : folder_names(truth_root))
    if (!books.count(name)) {
      Case c;
      c.name = name;
      c.shape = shape;
      c.truth = truth_root / name;
      c.error = "the truth " + c.truth.string() + " has no book in " + books_root.string();
      cases.push_back(c);
    }
  std::sort(cases.begin(), cases.end(),
            [](const Case& a, const Case& b) { return a.name < b.name; });
  return cases;
}

}  // namespace realworld
