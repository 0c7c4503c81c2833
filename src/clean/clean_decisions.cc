#include "clean/clean_decisions.h"

#include "base/utf8.h"
#include "clean/end_marks.h"
#include "clean/rule_reversed_lines.h"

namespace novelbind {

CleanEvidence CleanEvidence::of(const std::vector<Chapter>& chapters) {
  CleanEvidence out;
  auto bigrams = std::make_shared<BigramCounts>();
  bigrams->add_book(chapters, 1);
  out.bigrams = std::move(bigrams);
  out.interpunct.add(chapters);
  out.residue.add(chapters);
  return out;
}

CleanDecisions decide_cleaning(const CleanEvidence& evidence) {
  CleanDecisions out;
  out.bigrams = evidence.bigrams;
  out.interpunct = std::make_shared<InterpunctDecision>(decide_interpunct(evidence.interpunct));
  out.residue =
      std::make_shared<ResidueDecision>(decide_residue(evidence.residue, evidence.bigrams.get()));
  return out;
}

bool InterpunctDecision::repeated(std::pair<char32_t, char32_t> pair) const {
  auto found = asked.find(pair);
  return dotted.count(pair) || (found != asked.end() && found->second >= 2);
}

std::string answers(const CleanQuestions& asked, const CleanDecisions& decisions) {
  std::string out = "reversed_lines:";
  for (const std::string& line : asked.reversed_lines)
    out += should_reverse(line, *decisions.bigrams) ? 'R' : 'F';
  out += ";lost_interpunct:";
  const InterpunctDecision& interpunct = *decisions.interpunct;
  if (asked.interpunct_lost) {
    utf8::append(&out, interpunct.dot);
    out += interpunct.question_mark_in_use ? 'Q' : 'q';
    out += interpunct.lost_characters ? 'L' : 'l';
  }
  for (const auto& pair : asked.interpunct_pairs) out += interpunct.repeated(pair) ? 'Y' : 'N';
  out += ";site_residue:";
  for (const std::string& key : asked.residue_lines) {
    if (key.size() == 1 && key[0] == kEndMark) {  // the whole set of end marks was used
      out += '[';
      for (const std::string& mark : decisions.residue->end_marks) out += mark;
      out += ']';
      continue;
    }
    out += decisions.residue->recurring.count(key) ? '1' : '0';
  }
  return out + ';';
}

}  // namespace novelbind
