// What the build cache keeps of one source file between builds: its chapters cleaned and
// converted, and everything the book-wide steps need from it (script counts, the evidence it
// adds to the cleaning rules that learn, what its cleaning asked of that evidence), so that a
// rebuild passes only new and changed files through the per-file stages.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "book.h"
#include "clean/clean_decisions.h"
#include "clean/clean_questions.h"
#include "convert/script_counts.h"
#include "structure/heading_candidates.h"

namespace novelbind {

struct FileUnit {
  std::string encoding;              // what the file was decoded from
  std::vector<Chapter> chapters;     // cleaned and converted, with their fingerprints
  std::vector<ScriptCounts> counts;  // per chapter, measured before cleaning
  FileEvidence evidence;             // what the cleaning rules that learn gather from the file
  CleanQuestions questions;          // what cleaning the file asked of the book's decisions
  std::string answers;               // what the decisions answered then (answers())
  std::string plan;                  // the script plan and quote style it was made under
  FileCandidates candidates;         // its heading-shaped lines, for the book's scheme
  std::string structure;             // FileStructure::digest() of the decisions it was split by
};

// A compact binary form; parse_unit returns nullopt for bytes that are not a whole unit.
// With an `owner` (which keeps `bytes` alive) the chapters' paragraphs stay packed in `bytes`
// (ChapterText::stored) until first read; without one they are unpacked at once.
std::string serialize_unit(const FileUnit& unit);
std::optional<FileUnit> parse_unit(std::string_view bytes,
                                   std::shared_ptr<const void> owner = nullptr);

// A unit made when its file was named `before` (as the user spelt its path then) reused under
// the name `after`: each chapter's sources, repairs and warnings that name it name it so.
void respell_unit(FileUnit& unit, const std::string& after);

// A hash of paragraphs' text and scene breaks: ChapterText::key().
std::string paragraphs_key(const std::vector<Paragraph>& paragraphs);

}  // namespace novelbind
