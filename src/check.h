// The "check" stage: novelbind's own structural check of an EPUB file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace novelbind {

// Checks the container (mimetype first, stored, at bytes 30/38), that the package document
// and every XHTML, NCX and XML entry is well-formed, that manifest and archive list the same
// files, that the nav's table of contents follows the spine order, and that the package
// identifier equals the NCX dtb:uid. Returns one message per problem ("EPUB/text/ch0003.xhtml:
// not well-formed: ..."); empty when the book passes.
//
// The archive is not trusted: entries are read one at a time and only the XML ones; an entry
// whose declared size is above `max_entry_bytes`, whose declared size is more than
// `max_ratio` times its compressed size (deflate cannot give more than about 1032), or that
// would take the documents read past `max_total_bytes` is refused with a problem naming it
// and never allocated. Memory stays near one entry's size.
struct CheckLimits {
  std::uint64_t max_entry_bytes = 256ull << 20;
  std::uint64_t max_total_bytes = 4ull << 30;
  std::uint64_t max_ratio = 1100;
};
std::vector<std::string> check_epub(const std::filesystem::path& epub,
                                    const CheckLimits& limits = {});
// The same on the archive's bytes in memory (for the fuzz target and tests).
std::vector<std::string> check_epub_bytes(std::string_view bytes, const CheckLimits& limits = {});

}  // namespace novelbind
