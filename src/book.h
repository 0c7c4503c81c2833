// The in-memory book that every pipeline stage reads and writes.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chapter_text.h"

namespace novelbind {

// Something a stage noticed that the user may want to know about. Warnings travel with the
// chapter (or the book) that produced them so that parallel and cached work stays
// deterministic; the build prints them once, in reading order.
struct Diagnostic {
  std::string rule;     // e.g. "duplicate_chapter", "numbering_gap", "encoding"
  std::string file;     // source file as the user named it; may be empty
  int line = 0;         // 1-based; 0 when not about one line
  std::string message;  // complete sentence, without the "file:line: " prefix
};

// One change a cleaning or conversion rule made to the text.
struct Repair {
  std::string rule;  // rule name, e.g. "reversed_lines"
  std::string file;
  int line = 0;
  std::string before;
  std::string after;  // empty when the line was dropped
};

// One source file as read from disk, decoded to UTF-8 with line ends normalised to '\n'.
struct SourceText {
  std::string path;        // as the user will recognise it (relative to the input when possible)
  std::string text;        // UTF-8
  std::string encoding;    // what it was decoded from, e.g. "UTF-8", "GB18030"
  int index = 0;           // position in natural-sort order of the input files
  std::int64_t mtime = 0;  // seconds since the epoch
  std::vector<Diagnostic> warnings;  // from decoding
  // A file in a sub-folder of the input: the folder's name (the volume's title) and the
  // folder's position in natural order (1, 2, ...); "" and 0 at the top level.
  std::string volume;
  int folder = 0;
};

struct Chapter {
  std::string title;                 // shown in the TOC and as the heading; the author's text
  std::string heading;               // the heading line as found in the source; empty when none
  std::optional<long long> number;   // parsed from the heading (第一百零三章 -> 103)
  std::vector<std::string> sources;  // source files, first is where the chapter starts
  int heading_line = 0;              // line of the heading in sources[0]
  int source_index = 0;              // SourceText::index of sources[0]
  int part = 0;                      // position among the chapters split from sources[0]
  std::string volume;                // title of the enclosing volume; empty when none
  int folder = 0;                    // SourceText::folder of sources[0]
  bool front_matter = false;         // text before the first heading
  // A chapter that opens after the book's end mark (（全书完）): an afterword, 番外. It belongs to
  // no volume: the book's back matter, not its last volume's.
  bool back_matter = false;
  // A file without a heading in a book whose files open with theirs: its first line may be its
  // title (FileStructure::first_line_title, set as the book is put together; decided by the
  // order stage, once the book's running headers are gone). Not kept in the build cache.
  bool first_line_title = false;
  ChapterText paragraphs;  // read and edited the same way wherever the text is held

  std::string script;      // measured script ("zh-Hant", "zh-Hans", "mixed", "")
  std::string conversion;  // OpenCC configuration applied, empty when none
  std::vector<Repair> repairs;
  std::vector<Diagnostic> warnings;
};

// Code points in a chapter's paragraphs (what the report calls its characters).
std::size_t count_characters(const Chapter& chapter);

// Whether a chapter has a paragraph with more than spaces.
bool has_text(const Chapter& chapter);

// Moves what was said of `from` (its warnings and repairs) to the front of `to`'s, for a
// chapter that leaves the book (emptied by the cleaning) while its findings stay in the report.
void hand_over_findings(Chapter& from, Chapter& to);

struct Metadata {
  std::string title;
  std::string author;
  std::string language = "zh";  // BCP 47
  std::string identifier;       // e.g. urn:uuid:...; derived when empty
  std::string description;
  std::string publisher;
  std::vector<std::string> subjects;
  std::string series;
  std::string series_index;
  std::string date;           // dc:date as given (YYYY or YYYY-MM-DD)
  std::string cover;          // path of the cover image; empty for a generated one
  std::int64_t modified = 0;  // dcterms:modified, seconds since the epoch
};

// The heading scheme the structure stage chose, and its evidence (the log and the report
// say it): e.g. chapters "第N章", volumes "第N卷".
struct StructureSummary {
  std::string chapters;  // "" when no scheme was found
  std::string volumes;
  std::string evidence;
};

// What an author wrote to the readers beside a chapter (thanks for votes, update news, a
// skit about the writing), kept apart from the story: the notes page at the end of the book.
struct AuthorNote {
  std::string chapter;  // the title of the chapter it stood beside
  std::vector<Paragraph> paragraphs;
};

struct Book {
  Metadata meta;
  StructureSummary structure;
  std::vector<Chapter> chapters;     // reading order once the order stage has run
  std::vector<AuthorNote> notes;     // in reading order (author_notes.h)
  std::vector<Diagnostic> warnings;  // book-wide (ordering, duplicates, ...)
};

// Formats "file:line: message" (or "file: message", or "message").
std::string format_diagnostic(const Diagnostic& d);

// The heading scheme the build chose and its evidence: "chapters 第N章, volumes 第N卷; …", or
// "no heading scheme found; …".
std::string format_structure(const StructureSummary& s);

}  // namespace novelbind
