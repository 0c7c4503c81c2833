// The files of a book, as the ingest stage found them (plan_input, ingest.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/content_hash.h"
#include "book.h"

namespace novelbind {

// A text the ingest stage made from documents of another kind (a section of an EPUB: its
// XHTML documents read as the lines a .txt would hold), and where each line came from, so that
// a repair or warning can name the document and line a reader can open.
struct LineOrigin {
  std::uint32_t document = 0;  // index in MadeText::documents
  std::int32_t line = 0;       // 1-based line of that document; 0 for a line made up (blank)
};
struct MadeText {
  std::string text;                    // UTF-8, lines ended by '\n'
  std::vector<std::string> documents;  // as messages name them: "book.epub:OEBPS/ch1.xhtml"
  std::vector<LineOrigin> lines;       // lines[i]: where line i + 1 of `text` came from
};

struct InputFile {
  InputFile() = default;
  InputFile(std::filesystem::path path, std::string display, std::string volume = "",
            int folder = 0)
      : path(std::move(path)),
        display(std::move(display)),
        volume(std::move(volume)),
        folder(folder) {}

  std::filesystem::path path;  // to open (for a made text: the file it was made from)
  std::string display;         // to name in messages, e.g. "samples/seeds/001_x.txt"
  std::string volume;          // the sub-folder it is in (a volume), "" at the top level
  int folder = 0;              // that sub-folder's position in natural order, from 1
  // A text made from another document (an EPUB's section); `path` is then not read.
  std::shared_ptr<const MadeText> made;
  // The name that may title the file's chapter ("第三十三章 回营" of 第三十三章 回营.txt; an EPUB
  // section's table of contents entry; 5.txt's line of the folder's title file): `path`'s stem
  // unless set.
  std::string name;
  // What stat() said of `path`, once stamp_inputs (ingest.h) asked: the output's check and the
  // build cache's keys both need it, and a rebuild over 3000 files should ask once, not twice.
  // Unset when not asked, or when `path` is no regular file.
  std::optional<FileStamp> stamp;

  std::string stem() const { return made || !name.empty() ? name : path.stem().string(); }
};

// What a source that is a whole book (an EPUB) says of itself besides its text.
struct SourceBook {
  std::string display;      // the file as the user named it
  Metadata metadata;        // fields it does not give are empty (language "" too)
  std::string cover;        // the cover image's bytes; "" when none
  std::string cover_name;   // e.g. "book.epub:OEBPS/cover.jpg"
  std::string fingerprint;  // of every byte the book was read from (for the build cache)
};

struct InputPlan {
  std::vector<InputFile> files;                   // in natural-sort order (or the book.toml list)
  std::string default_title;                      // folder or file name
  std::filesystem::path default_output;           // NAME.epub next to the input
  std::shared_ptr<const SourceBook> source_book;  // for an EPUB; null otherwise
  // A folder's cover picture (cover.jpg beside the chapters: folder_cover.h); empty when none.
  std::filesystem::path cover;
  std::vector<Diagnostic> warnings;  // a file of the folder set aside, and why
};

}  // namespace novelbind
