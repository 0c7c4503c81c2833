// Test-only (never part of novelbind_lib). Helpers shared by the tests: temporary folders, running
// the real binary, reading EPUBs.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace novelbind {
struct Chapter;
}

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

// `path` in single quotes, for a shell command line.
std::string shell_quote(const std::filesystem::path& path);

// The seed chapters of the bundled sample (samples/seeds).
std::filesystem::path seeds_dir();

// The bytes of tests/fixtures/`name`.
std::string fixture(const std::string& name);

// A chapter of `lines`, one paragraph each, from the file 001.txt.
Chapter chapter_of(const std::vector<std::string>& lines);

// The text of each paragraph of `chapter`, in order.
std::vector<std::string> paragraph_texts(const Chapter& chapter);

// A path in single quotes, for a shell command line.
std::string quoted(const std::filesystem::path& p);
// Runs a shell command line, capturing its output.
CommandResult run(const std::string& command);
// Runs the built novelbind binary with `args` (already shell-quoted where needed).
CommandResult run_novelbind(const std::string& args);

// A ZIP archive's bytes holding `entries` (name, content) in this order, each deflated but an
// entry named "mimetype" (stored, as an EPUB's first entry is).
std::string zip_bytes(const std::vector<std::pair<std::string, std::string>>& entries);

// Every entry of an EPUB (ZIP) by name.
std::map<std::string, std::string> read_epub(const std::filesystem::path& epub);

// What an external tool (EPUBCheck, calibre, pandoc) said or made, kept by the bytes it was
// given. scripts/test runs the same tests twice (release, then under the sanitizers) and the two
// builds write the same bytes; a tool's verdict on the same bytes is the same, so the second run
// asks the tool only about bytes it has not seen. Only passing verdicts and successful outputs
// are kept, in build-tool-cache/ of the checkout (NOVELBIND_TOOL_CACHE names another folder;
// NOVELBIND_TOOL_CACHE=off keeps nothing).
std::filesystem::path tool_cache_dir();
// The name under tool_cache_dir() for `tool` (its name and version) given `inputs`' bytes.
std::string tool_cache_key(const std::string& tool,
                           const std::vector<std::filesystem::path>& inputs);
// Makes `output` by running `command` (a shell line) unless an earlier run of the same `tool`
// on the same `inputs` made it; the kept file is copied with its time, so that a build of it
// is the same bytes again. Returns the command's result (exit 0 and a note when kept).
CommandResult cached_tool_output(const std::string& tool,
                                 const std::vector<std::filesystem::path>& inputs,
                                 const std::string& command, const std::filesystem::path& output);

// Runs EPUBCheck (Debian's epubcheck) on `epub`; fails the calling test with a clear message
// when Java or EPUBCheck is missing. Returns the summary line, e.g.
// "Messages: 0 fatals / 0 errors / 0 warnings / 0 infos", followed by every ERROR/WARNING line.
std::string epubcheck(const std::filesystem::path& epub);

// The project's source folder (samples, templates, ...).
std::filesystem::path source_dir();

// `utf8` encoded as `encoding` with iconv (e.g. "GB18030", "BIG5-HKSCS", "UTF-16LE"), for
// building test input in a legacy encoding. Throws std::runtime_error when a character
// has no encoding there, so a test cannot silently compare damaged input.
std::string encode_as(const std::string& utf8, const std::string& encoding);
// A novel of the shared corpus (e.g. "sanguo.txt"): <source_dir>/../shared/corpus, where CI
// has it beside the checkout, else /work/shared/corpus. Throws (failing the test loudly, never
// skipping it) when neither folder holds the file.
std::filesystem::path corpus_file(const std::string& name);
// The folder holding the corpus novels (sanguo.txt, hongloumeng.txt): shared/corpus beside
// the checkout (as CI has it), else /work/shared/corpus (a worktree). Empty when neither
// exists; *looked then says where it looked, for the failure message.
std::filesystem::path find_corpus_dir(std::string* looked = nullptr);

// The shared development inputs (realworld/, realworld-truth/, corpus/): shared/ beside the
// checkout (as CI has it), else /work/shared. Empty when neither holds realworld/, which the
// tests report as a failure, never a skip.
std::filesystem::path shared_dir();
// The one .txt of the development book `case_name` (shared/realworld/CASE); empty when none.
std::filesystem::path realworld_txt(const std::string& case_name);

// The labels of the table of contents of a book novelbind built (its nav's chapter links).
std::vector<std::string> nav_labels(const std::filesystem::path& epub);

// The visible text of an XHTML document (tags removed).
std::string xhtml_text(const std::string& xhtml);

// `parts` added with += one after another (what an add_up must come to), and pointers to them
// (what it is given).
template <typename T>
std::pair<T, std::vector<const T*>> added_one_by_one(const std::vector<T>& parts) {
  std::pair<T, std::vector<const T*>> out;
  for (const T& part : parts) {
    out.first += part;
    out.second.push_back(&part);
  }
  return out;
}

}  // namespace novelbind::test
