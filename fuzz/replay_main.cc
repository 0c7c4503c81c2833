// A main for a fuzz target without libFuzzer: runs LLVMFuzzerTestOneInput once over every file
// named on the command line (a folder: every file under it, in name order). CTest runs each
// target this way over its seed corpus (fuzz/corpus/TARGET) in the test builds, the sanitizer
// build included, so that an input that once crashed or hung a target stays a regression test
// without a fuzzing campaign; scripts/fuzz runs the campaigns (libFuzzer, clang).
// Each input's name is printed before it runs, so a sanitizer report names the input.
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

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

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
  if (argc < 2) {
    std::cerr << "usage: " << argv[0] << " FILE_OR_FOLDER...\n";
    return 2;
  }
  std::size_t runs = 0;
  for (int i = 1; i < argc; ++i) {
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
      LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
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
