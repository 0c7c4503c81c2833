#include "templates.h"

#include <fstream>
#include <sstream>

#include "resources.h"

namespace fs = std::filesystem;

namespace novelbind {

Result<Templates> Templates::load(const fs::path& override_dir) {
  Templates t;
  for (const Resource& r : builtin_resources()) {
    std::string path(r.path);
    if (path.rfind("templates/", 0) != 0 && path.rfind("styles/", 0) != 0) continue;
    std::string name = fs::path(path).filename().string();
    t.files_[name] = TemplateFile{name, path, std::string(r.data)};
  }
  if (override_dir.empty()) return t;
  std::error_code ec;
  if (!fs::is_directory(override_dir, ec)) {
    return Status::Error(override_dir.string() +
                         ": template folder not found; fix [style] templates in book.toml");
  }
  for (const auto& entry : fs::directory_iterator(override_dir, ec)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    if (!in) return Status::Error(entry.path().string() + ": cannot read the template");
    std::ostringstream text;
    text << in.rdbuf();
    std::string name = entry.path().filename().string();
    t.files_[name] = TemplateFile{name, entry.path().string(), text.str()};
  }
  return t;
}

const TemplateFile& Templates::get(const std::string& name) const {
  static const TemplateFile empty;
  auto it = files_.find(name);
  return it == files_.end() ? empty : it->second;
}

}  // namespace novelbind
