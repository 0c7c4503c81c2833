// What the render stage gives the packager: the publication's documents, its contents and
// landmarks.
#pragma once

#include <future>
#include <memory>
#include <string>
#include <vector>

#include "base/shared_bytes.h"
#include "base/status.h"

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
  std::string type;  // epub:type: "cover", "titlepage", "toc", "bodymatter"
  std::string label;
  std::string href;
};

struct RenderedBook {
  std::vector<Document> documents;  // spine documents in reading order, then the rest
  std::vector<TocEntry> toc;        // volumes (with children) and chapters
  // In reading order. "toc" is here only when there is an inline contents page; without
  // one the package points the toc landmark at the nav document.
  std::vector<Landmark> landmarks;
  // Parallel to `documents` when set: each document's content already deflated by
  // deflate_entry() (on a worker thread, or from the build cache), which the packager
  // copies as it is; an empty string leaves that document to the packager.
  std::vector<SharedBytes> deflated;
  // Parallel to `documents` when set: a document still being rendered and deflated on other
  // threads (RenderOptions::chapters_later), or a drawn cover still being drawn (its bytes as
  // they are: an image is stored); the packager hands it to write_zip as it is
  // (ZipEntry::later), so that the archive is written as the chapters complete.
  std::vector<std::shared_future<Result<SharedBytes>>> later;
  // With RenderOptions::chapters_later: the chapters still being rendered (see ChapterStream).
  std::shared_ptr<class ChapterStream> stream;
};

}  // namespace novelbind
