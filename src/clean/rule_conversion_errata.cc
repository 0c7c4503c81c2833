#include "clean/rule_conversion_errata.h"

namespace novelbind {

namespace {
std::vector<std::string> damaged_forms(const std::vector<Erratum>& errata) {
  std::vector<std::string> out;
  for (const Erratum& e : errata) out.push_back(e.damaged);
  return out;
}
}  // namespace

ConversionErrataRule::ConversionErrataRule(const std::vector<Erratum>& errata)
    : damaged_(damaged_forms(errata)) {
  for (const Erratum& e : errata) corrections_.push_back(e.correct);
}

bool ConversionErrataRule::rewrite(std::string_view text, const CleanContext&,
                                   std::string* out) const {
  std::size_t done = 0;
  bool changed = false;
  while (auto m = damaged_.find(text, done)) {
    out->append(text.substr(done, m->position - done));
    out->append(corrections_[m->index]);
    done = m->position + m->length;
    changed = true;
  }
  if (changed) out->append(text.substr(done));
  return changed;
}

}  // namespace novelbind
