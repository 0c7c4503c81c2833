// What `novelbind clean --html` shows (review_page.h draws it): the book's chapters and heading
// scheme, every repair grouped by rule and then by the text it removed or changed (a site line
// removed 1,296 times is one group of 1,296 places), each place with its file, line and the
// lines around it as they were read, and for each group the book.toml line that stops that
// repair for that text ([clean] keep, clean/kept_lines.h) or what else there is to do.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "book.h"
#include "review/source_lines.h"
#include "review/word_diff.h"

namespace novelbind {

struct ReviewPlace {
  std::string file;
  int line = 0;
  std::string chapter;  // the title of the chapter it is in
  // The lines around it, as read (none for a place past ReviewOptions::context_budget).
  std::vector<std::pair<int, std::string>> context;
  std::vector<DiffPiece> diff;  // its change (the repair's before and after), word by word
  // Whether `context` and `diff` are there: past ReviewOptions::context_budget a place keeps
  // only its file and line.
  bool detailed = false;
};

// The repairs of one rule that removed, or replaced, the same text: a line dropped (`added`
// "" and `line` true), or the same words taken out of (and put into) lines that differ.
struct ReviewGroup {
  std::string rule;
  std::string removed;  // the text taken out, its separate parts joined by "…"
  std::string added;    // the text put in
  bool line = false;    // whole lines dropped
  std::vector<ReviewPlace> places;
  // The book.toml line that turns this repair off for this text, with its section ("[clean]",
  // `keep = ["…"]`); both "" when there is none, and `note` says why and what else to do.
  std::string section;
  std::string toml_line;
  std::string note;
};

struct ReviewCount {
  std::string name;
  int count = 0;
};

struct Review {
  std::string input;  // as the user named it
  std::string title;  // the book's, when known
  std::size_t chapters = 0;
  StructureSummary structure;
  std::vector<ReviewCount> repairs;   // per rule, in the order the rules' repairs first appear
  std::vector<ReviewCount> warnings;  // per kind
  std::vector<ReviewGroup> groups;    // by rule (that order), then by first place
  std::vector<Diagnostic> warning_list;
};

struct ReviewOptions {
  int context_radius = 2;          // lines each side of a place
  std::size_t context_width = 80;  // characters of a context line kept (the rest cut with …)
  // Bytes of context lines and changes a review holds at most: a book repaired on every line
  // (a script converted) would otherwise give a page larger than the book. The first place of
  // every group gets its lines, then the second of every group, and so on, while they last.
  std::size_t context_budget = 6u << 20;
};

// The review of `book` (cleaned and ordered, findings relocated) and its `warnings` (every
// warning, all_warnings), with the context from `lines`.
Review make_review(const Book& book, const std::vector<Diagnostic>& warnings,
                   const SourceLines& lines, const ReviewOptions& options = {});

// The text of `before` a reader would keep: the longest part between the "…" that mark a cut,
// trimmed (what [clean] keep matches against a line).
std::string keep_text(std::string_view before);

// `text` as a TOML basic string, with its quotes.
std::string toml_string(std::string_view text);

}  // namespace novelbind
