#include "clean/residue_tally.h"

namespace novelbind {

ResidueTally& ResidueTally::operator+=(const ResidueTally& other) {
  for (const auto& [key, n] : other.lines) lines[key] += n;
  return *this;
}

}  // namespace novelbind
