#include "file_bytes.h"

#include <cstdio>

namespace novelbind {

std::optional<std::string> read_file_bytes(const std::filesystem::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return std::nullopt;
  std::string bytes;
  if (std::fseek(f, 0, SEEK_END) == 0) {
    long size = std::ftell(f);
    if (size > 0) bytes.resize(static_cast<size_t>(size));
    std::rewind(f);
  }
  size_t got = std::fread(bytes.data(), 1, bytes.size(), f);
  bytes.resize(got);
  // A file that grew since ftell (or a pipe): read the rest.
  char chunk[65536];
  for (size_t n; (n = std::fread(chunk, 1, sizeof chunk, f)) > 0;) bytes.append(chunk, n);
  bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return std::nullopt;
  return bytes;
}

}  // namespace novelbind
