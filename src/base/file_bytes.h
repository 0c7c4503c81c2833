// Reading a whole file at once, the one way every stage does it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "base/status.h"
#include "base/temp_files.h"

namespace novelbind {

// The bytes of `path`, read in one call into a buffer of the file's size; nullopt when the
// file cannot be opened or read.
std::optional<std::string> read_file_bytes(const std::filesystem::path& path);

// Makes `dest` (created anew, never an existing file) an independent copy of `source`: a
// reflink (FICLONE: the file system shares the blocks copy-on-write, so a change to either
// never shows in the other) where the file system offers one, else the bytes copied by the
// kernel. Never a hard link: the two stay separate files. The error names the path.
// `dest` is a registered temporary file (renamed into place by the caller), created through its
// guard so that an interrupt never leaves it behind.
Status copy_file_contents(const std::filesystem::path& source, const TempFileGuard& dest);

}  // namespace novelbind
