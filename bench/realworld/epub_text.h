// Opening an EPUB that novelbind built, for the real-book scoreboard: its nav TOC in document
// order, its spine documents, the pages novelbind generates (cover, title page, contents), and
// the text of the spine as the reader sees it.
#pragma once

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace realworld {

struct TocEntry {
  std::string title, target;  // target: document path inside the zip, no fragment
  bool leaf = true;
};

struct Epub {
  std::vector<TocEntry> toc;
  std::map<std::string, std::string> documents;  // path in zip -> XHTML
  std::vector<std::string> spine;                // paths in zip
  std::set<std::string> generated;               // cover, title page, contents page, nav
};

// Opens the EPUB; on failure returns a message.
std::string open_epub(const std::filesystem::path& path, Epub& epub);

struct SpineText {
  std::string text;  // blocks of every content document, joined by newlines
  std::map<std::string, bool> has_paragraph;  // spine path -> holds a <p> with text
};

// The blocks (paragraphs, headings, list items, ...) of the spine in reading order, leaving
// out the generated pages; every spine document's has_paragraph, generated ones included.
SpineText spine_text(const Epub& epub);

}  // namespace realworld
