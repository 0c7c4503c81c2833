// Helpers shared by the tests: temporary folders, running the real binary, reading EPUBs.
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace novelbind::test {

// A fresh folder removed when the object goes away.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

void write_file(const std::filesystem::path& path, const std::string& bytes);
std::string read_file(const std::filesystem::path& path);

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs a shell command line, capturing its output.
CommandResult run(const std::string& command);
// Runs the built novelbind binary with `args` (already shell-quoted where needed).
CommandResult run_novelbind(const std::string& args);

// Every entry of an EPUB (ZIP) by name.
std::map<std::string, std::string> read_epub(const std::filesystem::path& epub);

// The project's source folder (samples, templates, ...).
std::filesystem::path source_dir();

// A corpus novel from shared/corpus (e.g. "sanguo.txt"), looked for beside the checkout
// (<source_dir>/../shared/corpus, as in CI) and in /work/shared/corpus. Throws, failing the
// test with both places named, when neither has it: a missing corpus is never a pass.
std::filesystem::path corpus_file(const std::string& name);

// The visible text of an XHTML document (tags removed).
std::string xhtml_text(const std::string& xhtml);

}  // namespace novelbind::test
