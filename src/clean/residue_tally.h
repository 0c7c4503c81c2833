// The book-wide evidence of site_residue (rule_site_residue.h), file by file.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "book.h"
#include "clean/residue_line.h"

namespace novelbind {

// What site_residue learns from some chapters: the short lines that could be residue (not
// dialogue, with site vocabulary or Latin letters beside ideographs), by residue_fold key, and
// how often each occurs. Tallies of files add up to the book's.
struct ResidueTally {
  std::map<std::string, int> lines;

  // (rule_site_residue.cc) With `beside`, the fillers and end marks are counted on a thread of
  // their own while the lines are: their keys are apart, so the tally is the same.
  // `notices`, when given, are the chapters' edge notices found before
  // (residue::edge_notices): their keys are counted instead of looking again (without, each
  // paragraph's are found here).
  void add(const std::vector<Chapter>& chapters, bool beside = false,
           const std::vector<std::vector<residue::EdgeNotices>>* notices = nullptr);
  ResidueTally& operator+=(const ResidueTally& other);
};

// The edge notices (residue::edge_notices) of each chapter's paragraphs, scene breaks
// included, [chapter][paragraph]: found once for the script measure and the tally.
std::vector<std::vector<residue::EdgeNotices>> edge_notices_of(
    const std::vector<Chapter>& chapters);

}  // namespace novelbind
