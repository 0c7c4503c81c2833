// Reading a whole file at once, the one way every stage does it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace novelbind {

// The bytes of `path`, read in one call into a buffer of the file's size; nullopt when the
// file cannot be opened or read.
std::optional<std::string> read_file_bytes(const std::filesystem::path& path);

}  // namespace novelbind
