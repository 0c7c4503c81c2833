// The fuzz targets without libFuzzer, in one program: `fuzz_replay TARGET FILE_OR_FOLDER...` runs
// the target's LLVMFuzzerTestOneInput once over every file named (a folder: every file under it,
// in name order). CTest runs each target this way over its seed corpus (fuzz/corpus/TARGET) in
// the test builds, the sanitizer build included, so that an input that once crashed or hung a
// target stays a regression test without a fuzzing campaign; scripts/fuzz runs the campaigns
// (libFuzzer, clang). Each input's name is printed before it runs, so a sanitizer report names
// the input.
//
// Each target's source is compiled here with its entry point renamed to TARGET_test_one_input
// (CMakeLists.txt); fuzz_targets.inc, generated, lists them. One program instead of one per
// target: under the sanitizers each is a 100 MB link of the whole library.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

#define FUZZ_TARGET(name) extern "C" int name##_test_one_input(const std::uint8_t*, std::size_t);
#include "fuzz_targets.inc"
#undef FUZZ_TARGET

namespace {

namespace fs = std::filesystem;

using TestOneInput = int (*)(const std::uint8_t*, std::size_t);

struct Target {
  const char* name;
  TestOneInput run;
};

const Target kTargets[] = {
#define FUZZ_TARGET(name) {#name, name##_test_one_input},
#include "fuzz_targets.inc"
#undef FUZZ_TARGET
};

void usage(const char* program) {
  std::cerr << "usage: " << program << " TARGET FILE_OR_FOLDER...\ntargets:";
  for (const Target& t : kTargets) std::cerr << " " << t.name;
  std::cerr << "\n";
}

// Every regular file the argument names: itself, or the files under a folder, sorted.
std::vector<fs::path> inputs_of(const fs::path& argument, std::error_code& error) {
  std::vector<fs::path> files;
  if (!fs::is_directory(argument, error)) {
    if (!error) files.push_back(argument);
    return files;
  }
  for (fs::recursive_directory_iterator it(argument, error), end; !error && it != end;
       it.increment(error)) {
    if (it->is_regular_file()) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    usage(argv[0]);
    return 2;
  }
  const Target* target =
      std::find_if(std::begin(kTargets), std::end(kTargets),
                   [&](const Target& t) { return t.name == std::string(argv[1]); });
  if (target == std::end(kTargets)) {
    std::cerr << argv[1] << ": no such fuzz target\n";
    usage(argv[0]);
    return 2;
  }
  std::size_t runs = 0;
  for (int i = 2; i < argc; ++i) {
    std::error_code error;
    std::vector<fs::path> files = inputs_of(argv[i], error);
    if (error) {
      std::cerr << argv[i] << ": " << error.message() << "\n";
      return 1;
    }
    for (const fs::path& file : files) {
      std::ifstream in(file, std::ios::binary);
      if (!in) {
        std::cerr << file.string() << ": cannot be read\n";
        return 1;
      }
      std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
      std::cerr << "Running: " << file.string() << " (" << bytes.size() << " bytes)\n";
      target->run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
      ++runs;
    }
  }
  if (runs == 0) {
    std::cerr << "no input found: a corpus that is empty tests nothing\n";
    return 1;
  }
  std::cerr << "Executed " << runs << " inputs\n";
  return 0;
}
