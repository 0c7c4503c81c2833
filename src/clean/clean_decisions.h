// The clean stage's book-wide decisions, in three steps: gather evidence from each file
// (CleanEvidence, which adds up file by file), decide once for the book (decide_cleaning), and
// apply the decisions to each file (the rules read them from CleanContext::decisions).
// Evidence and decisions are plain values: whoever runs the stage may keep and compare them.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "book.h"
#include "clean/bigram_counts.h"
#include "clean/clean_questions.h"
#include "clean/interpunct_tally.h"
#include "clean/residue_tally.h"

namespace novelbind {

// What the rules that learn from the whole book gather from one file (the tallies of files add
// up to the book's). A plain value with its own bytes, which whoever runs the stage may keep
// with the file: a rule that learns adds a field here, and nothing else changes.
struct FileEvidence {
  InterpunctTally interpunct;  // lost_interpunct
  ResidueTally residue;        // site_residue

  // Gathers the evidence of a file's chapters, before they are cleaned. With `beside`, part of
  // the work runs on a thread of its own (for a book in one file, whose other core is free).
  // `notices`: the chapters' edge notices, when found before (ResidueTally::add).
  void add(const std::vector<Chapter>& chapters, bool beside = false,
           const std::vector<std::vector<residue::EdgeNotices>>* notices = nullptr);
  FileEvidence& operator+=(const FileEvidence& other);
  std::string serialize() const;
  static std::optional<FileEvidence> parse(std::string_view bytes);  // nullopt when damaged
};

// The evidence of `files` added up: the same as += of each in turn. The residue keys (a few
// thousand in a long book, each file holding some) are counted in a hash table and sorted
// once, not looked up in the growing tally file by file.
FileEvidence add_up(const std::vector<const FileEvidence*>& files);

// What the rules that learn from the whole book gather from all its files.
struct CleanEvidence {
  // Character pairs of the whole text (reversed_lines; site_residue's filler characters),
  // counted file by file (BigramCounts::add_text, which can also take a file away again).
  std::shared_ptr<const BigramCounts> bigrams = std::make_shared<BigramCounts>();
  FileEvidence files;  // every file's, added up

  // The evidence of `chapters` (a whole book, gathered at once).
  static CleanEvidence of(const std::vector<Chapter>& chapters);
};

// lost_interpunct's decision: which X?Y are names, and the book's interpunct.
struct InterpunctDecision {
  std::set<std::pair<char32_t, char32_t>> dotted;      // X·Y seen
  std::map<std::pair<char32_t, char32_t>, int> asked;  // X?Y seen, how often
  bool question_mark_in_use = false;                   // '?' ends sentences elsewhere
  bool lost_characters = false;  // '?' stands for lost characters elsewhere ("”?得")
  // A name's lost dot repeats elsewhere (毗伽?那仁, four times): the book's '?' between two
  // characters stand for lost dots, and a name met once may be guessed.
  bool names_lost = false;
  char32_t dot = U'·';
  // The same two characters are joined by an interpunct elsewhere, or by '?' twice or more.
  bool repeated(std::pair<char32_t, char32_t> pair) const;
};
InterpunctDecision decide_interpunct(const InterpunctTally& tally);  // rule_lost_interpunct.cc

// site_residue's decision: the lines that recur as residue (by residue_fold key, with the
// filler characters), and the watermarks glued before paragraphs' closing punctuation.
struct ResidueDecision {
  std::set<std::string> recurring;
  std::set<std::string> end_marks;
  std::set<std::string> glued;     // notices glued to paragraphs (residue_line.h kGluedMark keys)
  std::set<std::string> injected;  // site names put into words (residue_line.h kInjectedMark)
};
// (rule_site_residue.cc) Without a bigram model no filler character is found.
ResidueDecision decide_residue(const ResidueTally& tally, const BigramCounts* bigrams);

// Everything the rules apply to each file.
struct CleanDecisions {
  std::shared_ptr<const BigramCounts> bigrams = std::make_shared<BigramCounts>();  // the model
  std::shared_ptr<const InterpunctDecision> interpunct = std::make_shared<InterpunctDecision>();
  std::shared_ptr<const ResidueDecision> residue = std::make_shared<ResidueDecision>();
};

CleanDecisions decide_cleaning(const CleanEvidence& evidence);

// What `decisions` answer to the questions of one file's cleaning, as text: equal answers
// mean the file is cleaned the same under either decisions.
std::string answers(const CleanQuestions& asked, const CleanDecisions& decisions);

}  // namespace novelbind
