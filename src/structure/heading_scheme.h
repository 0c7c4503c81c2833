// Which lines of a book are its chapter and volume headings, inferred from the book itself:
// the short lines that stand alone are grouped by shape (heading_shape.h), each shape is
// scored by how many of its lines there are, how far their numbers run as an increasing
// sequence and how much story stands between them, and the best one is taken for chapters
// (with a second one above it for volumes). Keyword headings (序章, 番外, Prologue) join
// it. Lines that look like headings but are not — a contents block, a heading's echo — are
// marked for removal (heading_roles.h). The stage is pure: lines in, decisions out.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "structure/heading_candidates.h"
#include "structure/heading_shape.h"
#include "structure/scheme_name.h"

namespace novelbind {

enum class LineRole {
  kChapter,   // opens a chapter (with a volume first when chapter_offset > 0)
  kVolume,    // opens a volume
  kContents,  // part of a table of contents: dropped
  kEcho,      // repeats the heading of its chapter: dropped
  kBreak,     // a line of text that opens an untitled chapter (a book without heading lines)
};

struct LineDecision {
  int line = 0;
  LineRole role = LineRole::kChapter;
  std::optional<long long> number;
  HeadingPlace place = HeadingPlace::kBody;
  size_t chapter_offset = 0;  // a volume line that also opens a chapter
  std::string warning_rule;   // a numbering fault: "numbering_style", "numbering_malformed"
  std::string warning;
  std::string text;  // line 0 only: the heading taken from the file's name
};

// The decisions for one file, sorted by line.
struct FileStructure {
  std::vector<LineDecision> lines;
  // A file without a heading in a book whose chapters are named by their files: its name, as
  // the title of a note (an author's note between chapters), not a numbered chapter.
  std::string note_title;
  // A file without a heading in a book whose files open with one: its first line, when short
  // and no sentence, is its title (释名, 后记), not story (Chapter::first_line_title). Not part
  // of the digest: it changes no line's role, so a cached unit stays valid; the chapters of
  // every file, split now or reused, take it from this build's structure.
  bool first_line_title = false;
  // A short digest of the decisions: a cached file unit split under other decisions is stale.
  std::string digest() const;
};

struct BookStructure {
  std::vector<FileStructure> files;  // parallel to the input
  std::string chapters;              // the chapter scheme, e.g. "第N章" ("" when none)
  std::string volumes;               // the volume scheme ("" when none)
  std::string evidence;              // one sentence: counts, sequence, coverage
};

// Each heading-shaped line's shape, and the shape after its chapter offset (a volume and a
// chapter heading on one line), by file and line: parsed once, on every core, for the passes
// of decide_structure.
struct CandidateShape {
  std::optional<HeadingShape> whole, inner;
};
using CandidateShapes = std::vector<std::vector<CandidateShape>>;
CandidateShapes parse_candidate_shapes(const std::vector<const FileCandidates*>& files);

// Decides the book's heading scheme from the evidence of all its files, in reading order: the
// candidates gathered from each (collect_candidates); split_chapters applies it to each file.
// With `stems` (one per file, for a book of several files), files left without a heading in a
// book whose chapters are named by their files get their name as a note title.
BookStructure decide_structure(const std::vector<const FileCandidates*>& files,
                               const std::vector<std::string>& stems = {});

}  // namespace novelbind
