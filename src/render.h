// The "render" stage: the book's chapters and front matter as XHTML documents, from templates.
#pragma once

#include <string>
#include <vector>

#include "book.h"
#include "config.h"
#include "status.h"
#include "templates.h"

namespace novelbind {

// One file of the publication, below EPUB/ in the container.
struct Document {
  std::string href;        // e.g. "text/ch0001.xhtml"
  std::string id;          // manifest id, e.g. "ch0001"
  std::string media_type;  // "application/xhtml+xml", "text/css", "image/jpeg", ...
  std::string content;
  std::string properties;  // manifest properties ("svg", "cover-image"); may be empty
  bool spine = false;      // part of the reading order
  bool linear = true;
  bool front_matter = false;  // cover, title page: placed before the contents in the spine
};

struct TocEntry {
  std::string label;
  std::string href;  // with fragment, e.g. "text/ch0001.xhtml#heading"
  std::vector<TocEntry> children;
};

struct Landmark {
  std::string type;  // epub:type: "cover", "toc", "bodymatter", "titlepage"
  std::string label;
  std::string href;
};

struct RenderedBook {
  std::vector<Document> documents;  // spine documents in reading order, then the rest
  std::vector<TocEntry> toc;        // volumes (with children) and chapters
  std::vector<Landmark> landmarks;  // besides "toc", which the nav adds for itself
};

// Escapes & < > " for XML text and attribute values.
std::string xml_escape(std::string_view text);

// Renders every chapter and the front matter.
Result<RenderedBook> render_book(const Book& book, const Templates& templates,
                                 const Config& config);

}  // namespace novelbind
