#include "clean/rule_reversed_lines.h"

#include <cmath>
#include <cstring>

#include "base/cjk_text.h"

namespace novelbind {
namespace {

bool ends_sentence_or_quote(char32_t cp) {
  switch (cp) {
    case U'。':
    case U'！':
    case U'？':
    case U'…':
    case U'”':
    case U'」':
    case U'』':
    case U'’':
    case U'!':
    case U'?':
    case U'.':
    case U'）':
    case U')':
      return true;
    default:
      return false;
  }
}

bool cannot_start_line(char32_t cp) {
  switch (cp) {
    case U'。':
    case U'！':
    case U'？':
    case U'，':
    case U'、':
    case U'；':
    case U'：':
    case U'”':
    case U'」':
    case U'』':
    case U'）':
    case U'!':
    case U'?':
    case U',':
    case U';':
    case U')':
      return true;
    default:
      return false;
  }
}

bool opens(char32_t cp) {
  switch (cp) {
    case U'“':
    case U'「':
    case U'『':
    case U'（':
    case U'(':
    case U'‘':
    case U'《':
    case U'【':
      return true;
    default:
      return false;
  }
}

int reading_score(char32_t first, char32_t last) {
  return int(ends_sentence_or_quote(last)) - int(cannot_start_line(first)) - int(opens(last));
}

}  // namespace

int punctuation_evidence(std::string_view line) {
  line = trim_spaces(line);
  if (line.empty()) return 0;
  std::size_t n = 0;
  char32_t first = utf8::decode(line, 0, &n);
  char32_t last = utf8::decode(line, utf8::previous_start(line, line.size()), &n);
  return reading_score(last, first) - reading_score(first, last);
}

double bigram_evidence(std::string_view line, const BigramCounts& counts) {
  double sum = 0;
  int pairs = 0;
  for_each_bigram(trim_spaces(line), [&](char32_t a, char32_t b) {
    sum += std::log((counts.count(b, a) + 0.5) / (counts.count(a, b) + 0.5));
    ++pairs;
  });
  return pairs ? sum / pairs : 0;
}

bool should_reverse(std::string_view line, const BigramCounts& counts) {
  if (counts.empty()) return false;
  int punctuation = punctuation_evidence(line);
  if (punctuation <= 0) return false;
  double bigrams = bigram_evidence(line, counts);
  return punctuation >= 2 ? bigrams >= 0 : bigrams > 0.5;
}

void ReversedLinesRule::apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
                              RepairLog& log) const {
  const BigramCounts& counts = *context.book().bigrams;
  for (Paragraph& p : paragraphs) {
    if (p.scene_break) continue;
    if (context.questions && punctuation_evidence(p.text) > 0)
      context.questions->reversed_lines.push_back(p.text);
    if (!should_reverse(p.text, counts)) continue;
    std::string forward = utf8::reverse(p.text);
    log.record(p.line, p.text, forward);
    p.text = std::move(forward);
  }
}

}  // namespace novelbind
