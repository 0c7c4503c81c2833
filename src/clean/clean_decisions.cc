#include "clean/clean_decisions.h"

#include <unordered_map>

#include "base/binary_io.h"
#include "base/parallel.h"
#include "base/utf8.h"
#include "clean/end_marks.h"
#include "clean/residue_line.h"
#include "clean/rule_reversed_lines.h"

namespace novelbind {

void FileEvidence::add(const std::vector<Chapter>& chapters, bool beside,
                       const std::vector<std::vector<residue::EdgeNotices>>* notices) {
  interpunct.add(chapters);
  residue.add(chapters, beside, notices);
}

FileEvidence& FileEvidence::operator+=(const FileEvidence& other) {
  interpunct += other.interpunct;
  residue += other.residue;
  return *this;
}

FileEvidence add_up(const std::vector<const FileEvidence*>& files) {
  // Counts add up in any order: the files in two halves, one on each core, then the two.
  struct Part {
    InterpunctTally interpunct;
    std::unordered_map<std::string_view, int> lines;
  };
  std::vector<Part> parts =
      add_up_in_halves<Part>(files.size(), 64, [&](Part& part, std::size_t i) {
        part.interpunct += files[i]->interpunct;
        for (const auto& [key, n] : files[i]->residue.lines) part.lines[key] += n;
      });
  FileEvidence total;
  for (std::size_t h = 1; h < parts.size(); ++h) {
    parts[0].interpunct += parts[h].interpunct;
    for (const auto& [key, n] : parts[h].lines) parts[0].lines[key] += n;
  }
  total.interpunct = std::move(parts[0].interpunct);
  for (const auto& [key, n] : parts[0].lines) total.residue.lines.emplace(key, n);
  return total;
}

namespace {

constexpr std::string_view kEvidenceMagic = "novelbind-file-evidence-1";
constexpr std::string_view kQuestionsMagic = "novelbind-clean-questions-1";

using PairCounts = std::map<std::pair<char32_t, char32_t>, int>;

void put_pair_counts(Writer& w, const PairCounts& m) {
  w.put<std::uint32_t>(static_cast<std::uint32_t>(m.size()));
  for (const auto& [pair, n] : m) {
    w.put<std::uint32_t>(pair.first);
    w.put<std::uint32_t>(pair.second);
    w.put<std::int32_t>(n);
  }
}

PairCounts get_pair_counts(Reader& r) {
  PairCounts m;
  for (std::size_t i = 0, n = r.count(12); i < n && r.ok(); ++i) {
    char32_t a = r.get<std::uint32_t>(), b = r.get<std::uint32_t>();
    m[{a, b}] = r.get<std::int32_t>();
  }
  return m;
}

}  // namespace

std::string FileEvidence::serialize() const {
  Writer w;
  w.put(kEvidenceMagic);
  put_pair_counts(w, interpunct.dotted);
  put_pair_counts(w, interpunct.asked);
  w.put<std::uint32_t>(static_cast<std::uint32_t>(interpunct.dots.size()));
  for (const auto& [dot, n] : interpunct.dots) {
    w.put<std::uint32_t>(dot);
    w.put<std::int32_t>(n);
  }
  w.put<std::int32_t>(interpunct.questions_elsewhere);
  w.put<std::int32_t>(interpunct.lost_elsewhere);
  w.put<std::uint32_t>(static_cast<std::uint32_t>(residue.lines.size()));
  for (const auto& [key, n] : residue.lines) {
    w.put(key);
    w.put<std::int32_t>(n);
  }
  return w.take();
}

std::optional<FileEvidence> FileEvidence::parse(std::string_view bytes) {
  Reader r(bytes);
  if (r.str() != kEvidenceMagic || !r.ok()) return std::nullopt;
  FileEvidence out;
  out.interpunct.dotted = get_pair_counts(r);
  out.interpunct.asked = get_pair_counts(r);
  for (std::size_t i = 0, n = r.count(8); i < n && r.ok(); ++i) {
    char32_t dot = r.get<std::uint32_t>();
    out.interpunct.dots[dot] = r.get<std::int32_t>();
  }
  out.interpunct.questions_elsewhere = r.get<std::int32_t>();
  out.interpunct.lost_elsewhere = r.get<std::int32_t>();
  for (std::size_t i = 0, n = r.count(8); i < n && r.ok(); ++i) {
    std::string key = r.str();
    out.residue.lines[key] = r.get<std::int32_t>();
  }
  if (!r.ok() || !r.at_end()) return std::nullopt;
  return out;
}

CleanQuestions& CleanQuestions::operator+=(const CleanQuestions& other) {
  reversed_lines.insert(reversed_lines.end(), other.reversed_lines.begin(),
                        other.reversed_lines.end());
  interpunct_pairs.insert(interpunct_pairs.end(), other.interpunct_pairs.begin(),
                          other.interpunct_pairs.end());
  interpunct_lost |= other.interpunct_lost;
  residue_lines.insert(residue_lines.end(), other.residue_lines.begin(), other.residue_lines.end());
  return *this;
}

std::string CleanQuestions::serialize() const {
  Writer w;
  w.put(kQuestionsMagic);
  w.put(reversed_lines);
  w.put<std::uint32_t>(static_cast<std::uint32_t>(interpunct_pairs.size()));
  for (const auto& [a, b] : interpunct_pairs) {
    w.put<std::uint32_t>(a);
    w.put<std::uint32_t>(b);
  }
  w.put<std::uint8_t>(interpunct_lost);
  w.put(residue_lines);
  return w.take();
}

std::optional<CleanQuestions> CleanQuestions::parse(std::string_view bytes) {
  Reader r(bytes);
  if (r.str() != kQuestionsMagic || !r.ok()) return std::nullopt;
  CleanQuestions out;
  out.reversed_lines = r.strings();
  for (std::size_t i = 0, n = r.count(8); i < n && r.ok(); ++i) {
    char32_t a = r.get<std::uint32_t>();
    out.interpunct_pairs.emplace_back(a, r.get<std::uint32_t>());
  }
  out.interpunct_lost = r.get<std::uint8_t>();
  out.residue_lines = r.strings();
  if (!r.ok() || !r.at_end()) return std::nullopt;
  return out;
}

CleanEvidence CleanEvidence::of(const std::vector<Chapter>& chapters) {
  CleanEvidence out;
  auto bigrams = std::make_shared<BigramCounts>();
  bigrams->add_book(chapters, 1);
  out.bigrams = std::move(bigrams);
  out.files.add(chapters);
  return out;
}

CleanDecisions decide_cleaning(const CleanEvidence& evidence) {
  CleanDecisions out;
  out.bigrams = evidence.bigrams;
  out.interpunct =
      std::make_shared<InterpunctDecision>(decide_interpunct(evidence.files.interpunct));
  out.residue = std::make_shared<ResidueDecision>(
      decide_residue(evidence.files.residue, evidence.bigrams.get()));
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
    out += interpunct.names_lost ? 'N' : 'n';
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
    if (key.size() == 1 && key[0] == residue::kGluedMark) {  // and of glued notices
      out += '[';
      for (const std::string& notice : decisions.residue->glued) out += notice;
      out += ']';
      continue;
    }
    if (key.size() == 1 && key[0] == residue::kInjectedMark) {  // and of injected names
      out += '[';
      for (const std::string& name : decisions.residue->injected) out += name;
      out += ']';
      continue;
    }
    out += decisions.residue->recurring.count(key) ? '1' : '0';
  }
  return out + ';';
}

}  // namespace novelbind
