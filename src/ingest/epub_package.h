// The package document of an EPUB 2 or 3 given as input (found through
// META-INF/container.xml): its metadata, the spine's documents in reading order, where the
// table of contents and the cover are, and which documents are not the text (cover, title
// page, contents page).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "book.h"

namespace novelbind {

struct SpineDocument {
  std::string path;        // in the archive
  std::string media_type;  // application/xhtml+xml, text/html, ...
  bool linear = true;      // linear="no": outside the reading order (notes, pop-ups)
};

struct EpubPackage {
  std::string path;     // of the package document, e.g. "OEBPS/content.opf"
  std::string version;  // "2.0", "3.0", ...
  // dc:title, dc:creator, dc:description, dc:publisher, dc:subject, dc:date (as YYYY or
  // YYYY-MM-DD), dc:language, calibre's or EPUB 3's series and its index, dc:identifier.
  Metadata metadata;
  std::vector<SpineDocument> spine;
  std::string nav;    // EPUB 3 navigation document; "" when none
  std::string ncx;    // EPUB 2 NCX; "" when none
  std::string cover;  // the cover image; "" when none
  // Documents the package names as the cover, title page or contents (<guide>), which hold
  // no story.
  std::vector<std::string> not_text;
};

// The package document's path, from META-INF/container.xml's first rootfile. Errors name
// `display` (the EPUB as the user named it), the entry and what is wrong.
Result<std::string> package_path(std::string_view container_xml, const std::string& display);

// Reads the package document `opf` (the entry `opf_path`); hrefs come out as archive paths.
Result<EpubPackage> read_package(std::string_view opf, const std::string& opf_path,
                                 const std::string& display);

}  // namespace novelbind
