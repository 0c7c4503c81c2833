// The table of contents of an EPUB given as input: the EPUB 3 navigation document's toc
// (and its landmarks), or the EPUB 2 NCX's navMap, as entries in reading order.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace novelbind {

struct EpubTocEntry {
  std::string title;     // the label, whitespace collapsed
  std::string path;      // the document, as an archive path
  std::string fragment;  // the element id within it; "" for the document's start
  int depth = 0;         // 0 for a top-level entry
};

struct EpubToc {
  std::vector<EpubTocEntry> entries;  // in document order, nested entries after their parent
  // Documents the landmarks name as cover, title page or contents.
  std::vector<std::string> not_text;
};

// Reads the navigation document `xml` (entry `path`). Errors name `display`, the entry and
// what is wrong.
Result<EpubToc> read_nav(std::string_view xml, const std::string& path, const std::string& display);
// Reads the NCX `xml` (entry `path`).
Result<EpubToc> read_ncx(std::string_view xml, const std::string& path, const std::string& display);

}  // namespace novelbind
