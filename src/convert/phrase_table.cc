#include "convert/phrase_table.h"

#include <algorithm>
#include <map>

namespace novelbind {

void PhraseTable::add(Phrase phrase) {
  if (phrase.source.empty()) return;
  std::size_t len = 0;
  char32_t first = utf8::decode_strict(phrase.source, 0, &len);
  std::vector<Phrase>& bucket = by_first_[first];
  auto same = std::find_if(bucket.begin(), bucket.end(),
                           [&](const Phrase& p) { return p.source == phrase.source; });
  if (same != bucket.end()) {
    *same = std::move(phrase);
    return;
  }
  first_.insert(first);
  bucket.push_back(std::move(phrase));
  std::stable_sort(bucket.begin(), bucket.end(), [](const Phrase& a, const Phrase& b) {
    return a.source.size() > b.source.size();
  });
}

std::vector<PhraseTable::Match> PhraseTable::find(std::string_view text) const {
  std::vector<Match> out;
  if (empty()) return out;
  std::size_t len = 0;
  for (std::size_t i = 0; i < text.size(); i += len) {
    char32_t cp = utf8::decode_strict(text, i, &len);
    if (!first_.contains(cp)) continue;
    for (const Phrase& p : by_first_.at(cp)) {
      if (text.compare(i, p.source.size(), p.source) == 0) {
        out.push_back({i, i + p.source.size(), &p});
        len = p.source.size();
        break;
      }
    }
  }
  return out;
}

Result<std::vector<Phrase>> parse_phrases(std::string_view text, const std::string& name,
                                          int origin) {
  std::vector<Phrase> out;
  std::map<std::string, int> seen;  // source -> line
  std::size_t bom = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  text.remove_prefix(bom);
  int line_no = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::size_t line_start = start;
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    std::string where = name + ":" + std::to_string(line_no) + ": ";
    for (std::size_t i = 0, len = 0; i < line.size(); i += len) {
      if (utf8::decode_strict(line, i, &len) == utf8::kInvalid)
        return Status::Error(where + "invalid UTF-8 byte at offset " +
                             std::to_string(bom + line_start + i) + "; save the file as UTF-8");
    }
    std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos) {
      return Status::Error(where +
                           "expected 'source<TAB>target', found no tab; separate the two "
                           "forms with one tab");
    }
    if (line.find('\t', tab + 1) != std::string_view::npos) {
      return Status::Error(where +
                           "expected 'source<TAB>target', found more than one tab; keep "
                           "one tab per line");
    }
    std::string source(line.substr(0, tab)), target(line.substr(tab + 1));
    if (source.empty() || target.empty()) {
      return Status::Error(where + "expected 'source<TAB>target', found an empty " +
                           (source.empty() ? "source" : "target") + "; write both forms");
    }
    auto [it, fresh] = seen.emplace(source, line_no);
    if (!fresh) {
      return Status::Error(where + "'" + source + "' is already listed on line " +
                           std::to_string(it->second) + "; keep one of the two lines");
    }
    out.push_back({std::move(source), std::move(target), origin});
  }
  return out;
}

}  // namespace novelbind
