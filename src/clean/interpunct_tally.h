// The book-wide evidence of lost_interpunct (rule_lost_interpunct.h), file by file.
#pragma once

#include <map>
#include <utility>
#include <vector>

#include "book.h"

namespace novelbind {

// What lost_interpunct learns from some chapters; tallies of files add up to the book's.
struct InterpunctTally {
  std::map<std::pair<char32_t, char32_t>, int> dotted;  // X·Y seen, how often
  std::map<std::pair<char32_t, char32_t>, int> asked;   // X?Y seen, how often
  std::map<char32_t, int> dots;                         // each interpunct character, how often
  int questions_elsewhere =
      0;  // '?' ending a sentence after an ideograph, or after a question's particle
  int lost_elsewhere = 0;  // '?' beside a stop or a quote ("”?得")

  void add(const std::vector<Chapter>& chapters);  // (rule_lost_interpunct.cc)
  InterpunctTally& operator+=(const InterpunctTally& other);
};

}  // namespace novelbind
