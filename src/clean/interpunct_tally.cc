#include "clean/interpunct_tally.h"

namespace novelbind {

InterpunctTally& InterpunctTally::operator+=(const InterpunctTally& other) {
  for (const auto& [pair, n] : other.dotted) dotted[pair] += n;
  for (const auto& [pair, n] : other.asked) asked[pair] += n;
  for (const auto& [dot, n] : other.dots) dots[dot] += n;
  questions_elsewhere += other.questions_elsewhere;
  lost_elsewhere += other.lost_elsewhere;
  return *this;
}

}  // namespace novelbind
