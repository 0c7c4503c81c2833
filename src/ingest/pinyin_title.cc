#include "ingest/pinyin_title.h"

#include <algorithm>
#include <cctype>

#include "base/cjk_text.h"
#include "base/parallel.h"
#include "base/resources.h"
#include "base/tsv.h"
#include "base/utf8.h"

namespace novelbind {

PinyinReadings::PinyinReadings(std::string_view table) : first_(0x10001, 0) {
  // Two passes over the lines: count each character's readings, then place them.
  std::vector<std::pair<std::string_view, std::string_view>> lines;  // syllable, characters
  for_each_tsv_row(table, 2,
                   [&](const std::vector<std::string_view>& f) { lines.emplace_back(f[0], f[1]); });
  auto each_character = [&](auto&& visit) {
    for (size_t id = 0; id < lines.size(); ++id)
      for (size_t i = 0; i < lines[id].second.size();) {
        char32_t cp = utf8::next(lines[id].second, &i);
        if (cp < 0x10000) visit(cp, static_cast<std::uint16_t>(id));
      }
  };
  each_character([&](char32_t cp, std::uint16_t) { ++first_[cp + 1]; });
  for (size_t cp = 1; cp < first_.size(); ++cp) first_[cp] += first_[cp - 1];
  ids_.resize(first_.back());
  std::vector<std::uint32_t> next(first_.begin(), first_.end() - 1);
  each_character([&](char32_t cp, std::uint16_t id) { ids_[next[cp]++] = id; });
  for (const auto& line : lines) syllables_.emplace_back(line.first);
}

const PinyinReadings& PinyinReadings::builtin() {
  static const PinyinReadings table(builtin_resource("data/pinyin.txt"));
  return table;
}

std::span<const std::uint16_t> PinyinReadings::of(char32_t cp) const {
  if (cp >= 0x10000) return {};
  return std::span<const std::uint16_t>(ids_.data() + first_[cp], first_[cp + 1] - first_[cp]);
}

std::string pinyin_letters(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (std::isalpha(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (c != '-' && c != '_' && c != ' ' && c != '\'' && c != '.')
      return "";
  }
  return out;
}

namespace {

// Whether `reading` spells letters[at, at + size): `v` (ü) may be written `u`.
bool spells(std::string_view letters, size_t at, std::string_view reading) {
  if (letters.size() - at < reading.size()) return false;
  for (size_t k = 0; k < reading.size(); ++k) {
    char want = reading[k], have = letters[at + k];
    if (have != want && !(want == 'v' && have == 'u')) return false;
  }
  return true;
}

constexpr std::string_view kOpenTitle = "《", kCloseTitle = "》";
// A book of fewer chapters is read on one thread.
constexpr size_t kChaptersForHalves = 16;
// The most characters a title spelled by a file's name may have.
constexpr size_t kMaxSpelledTitle = 12;

}  // namespace

PinyinTitleFinder::PinyinTitleFinder(std::string letters, const PinyinReadings& readings)
    : letters_(std::move(letters)), readings_(readings) {
  if (letters_.empty()) return;
  for (char32_t cp = 0; cp < 0x10000; ++cp)
    for (std::uint16_t id : readings_.of(cp))
      if (is_ideograph(cp) && spells(letters_, 0, readings_.syllables()[id])) starts_.set(cp);
}

// Every way the characters of `text` from byte `at` on spell letters_ from `spelled` on: the
// byte offsets where the runs end.
void PinyinTitleFinder::follow(std::string_view text, size_t at, size_t spelled,
                               std::vector<size_t>* ends) const {
  if (spelled == letters_.size()) {
    ends->push_back(at);
    return;
  }
  if (at == text.size()) return;
  size_t next = at;
  char32_t cp = utf8::next(text, &next);
  if (!is_ideograph(cp)) return;
  for (std::uint16_t id : readings_.of(cp)) {
    const std::string& reading = readings_.syllables()[id];
    if (spells(letters_, spelled, reading)) follow(text, next, spelled + reading.size(), ends);
  }
}

void PinyinTitleFinder::scan(std::string_view text) {
  if (letters_.empty()) return;
  if (counts_.empty()) counts_.assign(0x10000, 0);
  std::vector<size_t> ends;
  char32_t previous = 0;  // the ideograph before `start`, or 0
  for (size_t i = 0; i < text.size();) {
    size_t start = i;
    char32_t cp = utf8::next(text, &i);
    bool ideograph = is_ideograph(cp);
    if (ideograph && cp < 0x10000) {
      ++counts_[cp];
      ++ideographs_;
    }
    if (cp < 0x10000 && starts_[cp]) {
      ends.clear();
      follow(text, start, 0, &ends);
      std::sort(ends.begin(), ends.end());
      ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
      for (size_t end : ends) {
        std::string_view run = text.substr(start, end - start);
        if (run.size() == i - start) continue;  // one character is a syllable, not a title
        auto it =
            std::find_if(runs_.begin(), runs_.end(), [&](const Run& r) { return r.text == run; });
        if (it == runs_.end()) it = runs_.insert(runs_.end(), Run{std::string(run), 0, 0, {}, {}});
        ++it->uses;
        if (text.substr(0, start).ends_with(kOpenTitle) &&
            text.substr(end).starts_with(kCloseTitle))
          ++it->bracketed;
        char32_t next = 0;
        if (end < text.size()) {
          size_t k = end;
          next = utf8::next(text, &k);
          if (!is_ideograph(next)) next = 0;
        }
        it->before.push_back(previous);
        it->after.push_back(next);
      }
    }
    previous = ideograph ? cp : 0;
  }
}

void PinyinTitleFinder::add(const PinyinTitleFinder& later) {
  if (counts_.empty()) counts_.assign(0x10000, 0);
  for (size_t cp = 0; cp < later.counts_.size(); ++cp) counts_[cp] += later.counts_[cp];
  ideographs_ += later.ideographs_;
  for (const Run& r : later.runs_) {
    auto it = std::find_if(runs_.begin(), runs_.end(),
                           [&](const Run& mine) { return mine.text == r.text; });
    if (it == runs_.end()) {
      runs_.push_back(r);
      continue;
    }
    it->uses += r.uses;
    it->bracketed += r.bracketed;
    it->before.insert(it->before.end(), r.before.begin(), r.before.end());
    it->after.insert(it->after.end(), r.after.begin(), r.after.end());
  }
}

namespace {

// The uses of the character most often in `neighbours` (0, no ideograph, not counted).
size_t most_common(std::vector<char32_t> neighbours) {
  std::sort(neighbours.begin(), neighbours.end());
  size_t best = 0;
  for (size_t i = 0; i < neighbours.size();) {
    size_t j = i;
    while (j < neighbours.size() && neighbours[j] == neighbours[i]) ++j;
    if (neighbours[i] != 0) best = std::max(best, j - i);
    i = j;
  }
  return best;
}

}  // namespace

bool PinyinTitleFinder::is_evidence(const Run& run) const {
  if (run.bracketed > 0) return true;
  if (run.uses < 2) return false;
  double chance = static_cast<double>(ideographs_);  // uses expected if characters met by chance
  for (size_t i = 0; i < run.text.size();) {
    char32_t cp = utf8::next(run.text, &i);
    chance *= cp < 0x10000 && ideographs_ > 0
                  ? static_cast<double>(counts_[cp]) / static_cast<double>(ideographs_)
                  : 0.0;
  }
  if (run.uses < 2 * chance) return false;
  size_t uses = static_cast<size_t>(run.uses);
  return 4 * most_common(run.before) <= 3 * uses && 4 * most_common(run.after) <= 3 * uses;
}

std::optional<PinyinMatch> PinyinTitleFinder::best() const {
  const Run* best = nullptr;
  for (const Run& r : runs_)
    if (!best || std::pair(r.bracketed > 0, r.uses) > std::pair(best->bracketed > 0, best->uses))
      best = &r;
  if (!best || !is_evidence(*best)) return std::nullopt;
  return PinyinMatch{best->text, best->uses};
}

bool spelled_by_syllables(std::string_view letters, const PinyinReadings& readings) {
  std::vector<bool> reachable(letters.size() + 1, false);  // a run of syllables ends here
  reachable[0] = true;
  for (size_t at = 0; at < letters.size(); ++at) {
    if (!reachable[at]) continue;
    for (const std::string& syllable : readings.syllables())
      if (spells(letters, at, syllable)) reachable[at + syllable.size()] = true;
  }
  return reachable[letters.size()];
}

bool pinyin_names_line(std::string_view name, std::string_view line,
                       const PinyinReadings& readings) {
  const std::string letters = pinyin_letters(name);
  if (letters.empty()) return false;
  std::vector<char32_t> characters;
  for (size_t i = 0; i < line.size();) {
    char32_t cp = utf8::next(line, &i);
    if (cp == U' ' || cp == U'\u3000') continue;
    if (!is_ideograph(cp) || readings.of(cp).empty() || characters.size() == kMaxSpelledTitle)
      return false;
    characters.push_back(cp);
  }
  if (characters.size() < 2) return false;
  if (letters.size() == characters.size() && characters.size() >= 3) {
    bool initials = true;
    for (size_t k = 0; k < characters.size() && initials; ++k) {
      auto of = readings.of(characters[k]);
      initials = std::any_of(of.begin(), of.end(), [&](std::uint16_t id) {
        return readings.syllables()[id].front() == letters[k];
      });
    }
    if (initials) return true;
  }
  // In full: the letters spelled so far, after each character, by any of its readings.
  std::vector<size_t> spelled = {0}, next;
  for (char32_t cp : characters) {
    next.clear();
    for (size_t at : spelled)
      for (std::uint16_t id : readings.of(cp)) {
        const std::string& reading = readings.syllables()[id];
        if (spells(letters, at, reading)) next.push_back(at + reading.size());
      }
    std::sort(next.begin(), next.end());
    next.erase(std::unique(next.begin(), next.end()), next.end());
    spelled.swap(next);
    if (spelled.empty()) return false;
  }
  return std::find(spelled.begin(), spelled.end(), letters.size()) != spelled.end();
}

std::optional<PinyinMatch> title_from_pinyin(std::string_view name, const Book& book) {
  std::string letters = pinyin_letters(name);
  // A name that no run of syllables spells ("book", "seeds") is no pinyin: the text is not read.
  if (letters.empty() || !spelled_by_syllables(letters, PinyinReadings::builtin()))
    return std::nullopt;
  PinyinTitleFinder finder(std::move(letters), PinyinReadings::builtin());
  auto scan = [&](PinyinTitleFinder& f, size_t from, size_t to) {
    for (size_t i = from; i < to; ++i) {
      const Chapter& chapter = book.chapters[i];
      f.scan(chapter.title);
      if (chapter.paragraphs.is_stored()) {  // a copy: the build keeps it stored until rendering
        for (const Paragraph& p : chapter.paragraphs.copy()) f.scan(p.text);
      } else {
        for (const Paragraph& p : chapter.paragraphs) f.scan(p.text);
      }
    }
  };
  // The whole text is read, on the build's one thread at this point: a long book's halves
  // are read on two (sanguo.txt: 5 ms, a twentieth of its build).
  const size_t n = book.chapters.size();
  if (n < kChaptersForHalves) {
    scan(finder, 0, n);
    return finder.best();
  }
  PinyinTitleFinder later = finder;
  parallel_for(2, 0, [&](size_t half) {
    if (half == 0)
      scan(finder, 0, n / 2);
    else
      scan(later, n / 2, n);
  });
  finder.add(later);
  return finder.best();
}

}  // namespace novelbind
