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

// An error when `path` exists and is neither a regular file nor a folder: a device, a pipe or
// a socket, which would be read without end (/dev/zero) or waited on. `what` names the file's
// part in the book ("the cover image").
Status check_not_special_file(const std::filesystem::path& path, const std::string& what);

// The rest of the file `in` appended to `out` (a file, a pipe) by the kernel
// (copy_file_range), or through a buffer where it cannot (a pipe, another file system on an
// old kernel). False on an error, with errno saying which.
bool copy_bytes(int in, int out);

// Makes `dest` (created anew, never an existing file) an independent copy of `source`: a
// reflink (FICLONE: the file system shares the blocks copy-on-write, so a change to either
// never shows in the other) where the file system offers one, else the bytes copied by the
// kernel. Never a hard link: the two stay separate files. The error names the path.
// `dest` is a registered temporary file (renamed into place by the caller), created through its
// guard so that an interrupt never leaves it behind. On an error about `dest`, errno says
// which.
Status copy_file_contents(const std::filesystem::path& source, const TempFileGuard& dest);

}  // namespace novelbind
