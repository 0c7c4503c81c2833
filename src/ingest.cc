#include "ingest.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <system_error>

#include "encoding.h"
#include "file_bytes.h"
#include "natural_sort.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

bool is_txt(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), ::tolower);
  return ext == ".txt";
}

Result<std::vector<InputFile>> list_folder(const fs::path& folder) {
  std::error_code ec;
  if (!fs::is_directory(folder, ec))
    return Status::Error(folder.string() + ": no such folder; check the path");
  std::vector<InputFile> files;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    if (entry.is_regular_file() && is_txt(entry.path()))
      files.push_back({entry.path(), entry.path().string()});
  }
  if (ec) return Status::Error(folder.string() + ": cannot list the folder: " + ec.message());
  if (files.empty()) {
    return Status::Error(folder.string() +
                         ": no .txt chapter files in this folder; add chapter files or "
                         "name a book.toml");
  }
  // Names taken out once: a path's filename() is parsed anew on every call.
  std::vector<std::pair<std::string, size_t>> names;
  names.reserve(files.size());
  for (size_t i = 0; i < files.size(); ++i) names.emplace_back(files[i].path.filename(), i);
  std::sort(names.begin(), names.end(),
            [](const auto& a, const auto& b) { return natural_less(a.first, b.first); });
  std::vector<InputFile> sorted;
  sorted.reserve(files.size());
  for (const auto& name : names) sorted.push_back(std::move(files[name.second]));
  return sorted;
}

std::string stem_of(const fs::path& p) {
  fs::path clean = p.lexically_normal();
  if (clean.filename().empty()) clean = clean.parent_path();
  if (clean.filename() == "." || clean.filename().empty())
    clean = fs::absolute(p).lexically_normal();
  if (clean.filename().empty()) clean = clean.parent_path();
  return clean.stem().string();
}

}  // namespace

Result<InputPlan> plan_input(const fs::path& input, const Config& config) {
  std::error_code ec;
  if (!fs::exists(input, ec))
    return Status::Error(input.string() + ": no such file or folder; check the path");
  InputPlan plan;
  fs::path base = input.lexically_normal();
  if (base.filename().empty()) base = base.parent_path();

  if (fs::is_directory(input, ec)) {
    auto files = list_folder(input);
    if (!files) return files.status();
    plan.files = std::move(*files);
    plan.default_title = stem_of(input);
    plan.default_output = base.parent_path() / (plan.default_title + ".epub");
    return plan;
  }
  if (input.filename() == "book.toml" || input.extension() == ".toml") {
    fs::path dir = config.project_dir;
    plan.default_title = stem_of(fs::absolute(dir));
    plan.default_output = dir / (plan.default_title + ".epub");
    if (!config.chapters.files.empty()) {
      for (const std::string& f : config.chapters.files) {
        fs::path p = config.resolve(f);
        if (!fs::is_regular_file(p, ec)) {
          return Status::Error(config.toml_path.string() + ": [chapters] files lists '" + f +
                               "', which does not exist; fix the list or add the file");
        }
        plan.files.push_back({p, p.string()});
      }
      return plan;
    }
    fs::path folder =
        config.resolve(config.chapters.folder.empty() ? "chapters" : config.chapters.folder);
    auto files = list_folder(folder);
    if (!files) return files.status();
    plan.files = std::move(*files);
    return plan;
  }
  if (!fs::is_regular_file(input, ec))
    return Status::Error(input.string() +
                         ": not a regular file; name a .txt, a folder or a book.toml");
  plan.files.push_back({input, input.string()});
  plan.default_title = input.stem().string();
  plan.default_output = input.parent_path() / (plan.default_title + ".epub");
  return plan;
}

Result<SourceText> read_source(const InputFile& file, int index, const CleanConfig& config) {
  std::optional<std::string> bytes = read_file_bytes(file.path);
  if (!bytes) return Status::Error(file.display + ": cannot read the file; check its permissions");
  auto decoded = decode_text(*bytes, file.display, {config.encoding, config.lenient});
  if (!decoded) return decoded.status();
  SourceText source;
  source.path = file.display;
  source.text = std::move(decoded->text);
  source.encoding = decoded->encoding;
  source.warnings = std::move(decoded->warnings);
  source.index = index;
  source.mtime = modified_seconds(file.path);
  return source;
}

std::int64_t modified_seconds(const fs::path& path) {
  std::error_code ec;
  auto t = fs::last_write_time(path, ec);
  if (ec) return 0;
  auto sys = std::chrono::file_clock::to_sys(t);
  return std::chrono::duration_cast<std::chrono::seconds>(sys.time_since_epoch()).count();
}

}  // namespace novelbind
