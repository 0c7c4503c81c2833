// Checking commands answered from kept results (kept_runs.h).
#include "kept_runs.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "base/content_hash.h"

namespace realworld {

namespace fs = std::filesystem;

namespace {

// A file's bytes, or a folder's files in name order, each name before its bytes.
void add_input(novelbind::ContentHash& hash, const fs::path& input) {
  std::error_code ec;
  if (!fs::is_directory(input, ec)) {
    hash.add("file").add(read_text(input));
    return;
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(input, ec))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  hash.add("folder");
  for (const fs::path& file : files)
    hash.add(file.lexically_relative(input).generic_string()).add(read_text(file));
}

bool copy_file_over(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::copy_file(from, to, fs::copy_options::overwrite_existing, ec);
  return !ec;
}

// Copies `from` to `to` through a name of this process's own, so that a reader never sees half
// of it (two runs of the tests may keep the same result at once).
bool copy_into_place(const fs::path& from, const fs::path& to) {
  fs::path part = to.string() + "." + std::to_string(::getpid()) + ".part";
  std::error_code ec;
  if (!copy_file_over(from, part)) return false;
  fs::rename(part, to, ec);
  if (ec) fs::remove(part, ec);
  return !ec;
}

}  // namespace

std::string check_key(const std::string& tool, const std::vector<fs::path>& inputs) {
  novelbind::ContentHash hash;
  hash.add(tool);
  for (const fs::path& input : inputs) add_input(hash, input);
  return hash.hex();
}

std::optional<RunResult> KeptRuns::find(CheckCommand& c) {
  if (dir_.empty()) return std::nullopt;
  c.key = check_key(c.tool, c.inputs);
  fs::path log = dir_ / (c.key + ".log");  // written last: its presence means all is kept
  if (!fs::exists(log)) return std::nullopt;
  for (size_t k = 0; k < c.outputs.size(); ++k)
    if (!copy_file_over(dir_ / (c.key + ".out" + std::to_string(k)), c.outputs[k]))
      return std::nullopt;
  if (!copy_file_over(log, c.command.log)) return std::nullopt;
  ++reused_;
  return RunResult{0, 0.0, read_text(log)};
}

void KeptRuns::keep(const CheckCommand& c, const RunResult& result) {
  if (dir_.empty() || c.key.empty() || result.exit_code != 0) return;
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec) return;
  for (size_t k = 0; k < c.outputs.size(); ++k)
    if (!copy_into_place(c.outputs[k], dir_ / (c.key + ".out" + std::to_string(k)))) return;
  copy_into_place(c.command.log, dir_ / (c.key + ".log"));
}

}  // namespace realworld
