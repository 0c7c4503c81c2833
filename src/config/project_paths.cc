#include "config/project_paths.h"

#include <filesystem>
#include <system_error>
#include <utility>
#include <vector>

namespace fs = std::filesystem;

namespace novelbind {
namespace {

fs::path real_path(const fs::path& p) {
  std::error_code ec;
  fs::path absolute = fs::absolute(p, ec);
  if (ec) return p.lexically_normal();
  fs::path r = fs::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal() : r;
}

bool inside(const fs::path& path, const fs::path& folder) {
  fs::path rel = path.lexically_relative(folder);
  return !rel.empty() && *rel.begin() != "..";
}

}  // namespace

Status check_paths_inside_project(const Config& config) {
  if (config.toml_path.empty()) return Status::Ok();
  fs::path project = real_path(config.project_dir);
  std::vector<std::pair<std::string, const std::string*>> named = {
      {"[book] cover", &config.book.cover},
      {"[style] css", &config.style.css},
      {"[style] templates", &config.style.templates},
      {"[convert] phrases", &config.convert.phrases},
      {"[chapters] folder", &config.chapters.folder},
  };
  for (const std::string& file : config.chapters.files)
    named.emplace_back("[chapters] files", &file);
  for (const auto& [key, value] : named) {
    if (value->empty() || inside(real_path(config.resolve(*value)), project)) continue;
    auto line = config.key_lines.find(key);
    std::string where = config.toml_path.string() +
                        (line == config.key_lines.end() ? "" : ":" + std::to_string(line->second));
    return Status::Error(where + ": " + key + ": '" + *value + "' is outside the project folder " +
                         project.string() +
                         "; keep the book's files inside it, or pass --allow-outside-project");
  }
  return Status::Ok();
}

}  // namespace novelbind
