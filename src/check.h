// The "check" stage: novelbind's own structural check of an EPUB file.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace novelbind {

// Checks the container (mimetype first, stored, at bytes 30/38), that the package document
// and every XHTML, NCX and XML entry is well-formed, that manifest and archive list the same
// files, that the nav's table of contents follows the spine order, and that the package
// identifier equals the NCX dtb:uid. Returns one message per problem ("EPUB/text/ch0003.xhtml:
// not well-formed: ..."); empty when the book passes.
std::vector<std::string> check_epub(const std::filesystem::path& epub);

}  // namespace novelbind
