#include "clean/end_marks.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

#include "base/cjk_text.h"
#include "base/utf8.h"

namespace novelbind {
namespace {

constexpr std::size_t kShortest = 3, kLongest = 8;
constexpr int kInBook = 5;
constexpr int kShareOfFile = 20;  // 1 in 20 paragraphs of the file: 5%
constexpr int kElsewhere = 10;    // at most 1 use elsewhere for 10 at the ends
constexpr int kGlued = 8;         // 8 in 10 of the ends glued to a letter before the run
constexpr int kChapters = 2;      // chapters whose paragraphs it ends
constexpr int kFixedTail = 5;     // a mark's longer run keeps (kFixedTail - 1) in kFixedTail uses

bool closes_paragraph(char32_t cp) {
  return std::u32string_view(U"。！？!?…～~.”’」』）)】》\"'").find(cp) !=
         std::u32string_view::npos;
}

bool closing_quote(char32_t cp) {
  return std::u32string_view(U"”’」』\"'").find(cp) != std::u32string_view::npos;
}

bool letter(char32_t cp) {
  return is_ideograph(cp) || (cp >= '0' && cp <= '9') || ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z');
}

// Where the text of `line` ends before its closing punctuation (and spaces).
std::size_t body_end(std::string_view line) {
  std::size_t end = line.size();
  while (end > 0) {
    std::size_t k = end;
    char32_t cp = utf8::previous(line, &k);
    if (!closes_paragraph(cp) && !utf8::is_space(cp)) break;
    end = k;
  }
  return end;
}

// The starts of the last kShortest..kLongest letters before `end` (starts[i]: i + 1 letters),
// stopping at the first character that is no letter; and the character before the longest.
std::vector<std::size_t> run_starts(std::string_view line, std::size_t end) {
  std::vector<std::size_t> starts;
  std::size_t k = end;
  while (k > 0 && starts.size() < kLongest) {
    std::size_t before = k;
    if (!letter(utf8::previous(line, &before))) break;
    k = before;
    starts.push_back(k);
  }
  return starts;
}

bool one_character_repeated(std::string_view run) {
  std::size_t k = 0;
  char32_t first = utf8::next(run, &k);
  while (k < run.size())
    if (utf8::next(run, &k) != first) return false;
  return true;
}

// The runs that end at least `least` of lines[from, to) (one chapter's paragraphs; ends[i]:
// body_end of lines[i]) with the number of those ends, added to `runs`; runs after closing
// quotation marks are speech tags, left out.
void chapter_end_runs(const std::vector<std::string_view>& lines,
                      const std::vector<std::size_t>& body_ends, std::size_t from, std::size_t to,
                      std::map<std::string, int>* runs) {
  struct End {
    std::size_t line, end;
  };
  // First the last three letters of every paragraph: one lookup each, most paragraphs share
  // theirs with few others.
  std::unordered_map<std::string_view, std::vector<End>> by_three;
  std::size_t ends = 0;
  for (std::size_t i = from; i < to; ++i) {
    std::string_view line = lines[i];
    std::size_t end = body_ends[i];
    std::vector<std::size_t> starts = run_starts(line, end);
    if (starts.size() < kShortest) continue;
    ++ends;
    by_three[line.substr(starts[kShortest - 1], end - starts[kShortest - 1])].push_back({i, end});
  }
  int least = std::max<int>(2, static_cast<int>((ends + kShareOfFile - 1) / kShareOfFile));
  for (const auto& [three, list] : by_three) {
    if (static_cast<int>(list.size()) < least) continue;
    // Each run: how often it ends a paragraph, how often glued to a letter before it, and how
    // often after each letter.
    struct Figures {
      int count = 0, glued = 0;
      std::map<char32_t, int> before;
    };
    std::map<std::string_view, Figures> here;
    int after_quote = 0;
    for (const End& e : list) {
      std::string_view line = lines[e.line];
      std::vector<std::size_t> starts = run_starts(line, e.end);
      for (std::size_t n = kShortest; n <= starts.size(); ++n) {
        Figures& f = here[line.substr(starts[n - 1], e.end - starts[n - 1])];
        ++f.count;
        std::size_t k = starts[n - 1];
        char32_t before = k > 0 ? utf8::previous(line, &k) : 0;
        if (letter(before)) {
          ++f.glued;
          ++f.before[before];
        }
      }
      std::size_t k = starts[kShortest - 1];
      after_quote += k > 0 && closing_quote(utf8::previous(line, &k));
    }
    if (after_quote * 10 >= static_cast<int>(list.size()) * 3) continue;  // speech tags
    // A mark is glued into the sentence before it (用处武动乾坤。), after whatever letter the
    // sentence ends with. A run that follows a comma or makes the whole paragraph is the
    // author's clause (，不在话下。, 本回暫缺); one that nearly always follows the same letter
    // is part of a longer one (在话下 of 不在话下, or a sentence the chapter repeats).
    for (const auto& [run, f] : here) {
      int same = 0;
      for (const auto& [letter_before, n] : f.before) same = std::max(same, n);
      bool part = same * 10 >= f.count * kGlued;
      if (!part && f.count >= least && f.glued * 10 >= f.count * kGlued &&
          !one_character_repeated(run))
        (*runs)[std::string(run)] += f.count;
    }
  }
}

}  // namespace

void tally_end_marks(const std::vector<std::string_view>& lines,
                     const std::vector<std::size_t>& chapter_starts,
                     std::map<std::string, int>* tally) {
  // A mark stands at the ends of several paragraphs of one chapter: a formula that closes
  // every chapter once (且看下回分解。) is none.
  std::vector<std::size_t> body_ends(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) body_ends[i] = body_end(lines[i]);
  std::map<std::string, int> runs, chapters;
  for (std::size_t c = 0; c < chapter_starts.size(); ++c) {
    std::size_t to = c + 1 < chapter_starts.size() ? chapter_starts[c + 1] : lines.size();
    std::map<std::string, int> here;
    chapter_end_runs(lines, body_ends, chapter_starts[c], to, &here);
    for (const auto& [run, n] : here) {
      runs[run] += n;
      ++chapters[run];
    }
  }
  for (const auto& [run, n] : runs) {
    // Every place the run stands, overlapping ones too. Horspool's search skips ahead by the
    // run's length where std::string_view::find stopped at every byte like the run's first: in
    // Chinese text most characters start with one of a few bytes (a book in one file spent 8%
    // of its text stages here).
    const std::boyer_moore_horspool_searcher find_run(run.begin(), run.end());
    int elsewhere = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      std::string_view line = lines[i];
      for (auto from = line.begin();;) {
        auto at = find_run(from, line.end()).first;
        if (at == line.end()) break;
        elsewhere += static_cast<std::size_t>(at - line.begin()) + run.size() != body_ends[i];
        from = at + 1;
      }
    }
    (*tally)[kEndMark + run] += n;
    (*tally)[kEndElsewhereMark + run] += elsewhere;
    (*tally)[kEndChaptersMark + run] += chapters[run];
  }
}

std::set<std::string> learn_end_marks(const std::map<std::string, int>& tally) {
  std::set<std::string> marks;
  for (auto it = tally.lower_bound(std::string(1, kEndMark));
       it != tally.end() && it->first[0] == kEndMark; ++it) {
    if (it->second < kInBook) continue;
    auto in = tally.find(kEndChaptersMark + it->first.substr(1));
    if (in == tally.end() || in->second < kChapters) continue;
    auto other = tally.find(kEndElsewhereMark + it->first.substr(1));
    int elsewhere = other == tally.end() ? 0 : other->second;
    if (elsewhere * kElsewhere <= it->second) marks.insert(it->first);
  }
  // A run longer than a mark, which only some of the mark's uses have before them (了武动乾坤,
  // 起来武动乾坤 of 武动乾坤: 了。 and 起来。 end many sentences), is the story's letters and the
  // mark: not a mark of its own, or the letters would be cut with it. A mark that is a run's tail
  // and most of its uses (笔趣阁's 趣阁) leaves the longer one a mark.
  std::set<std::string> out;
  for (const std::string& mark : marks) {
    bool fixed = true;
    for (std::size_t from = 1; fixed && from < mark.size();) {
      utf8::next(mark, &from);  // each shorter tail that is a mark too (起来武动乾坤's 武动乾坤)
      std::string tail = kEndMark + mark.substr(from);
      if (marks.count(tail))
        fixed = tally.at(mark) * kFixedTail >= tally.at(tail) * (kFixedTail - 1);
    }
    if (fixed) out.insert(mark);
  }
  return out;
}

bool find_end_mark(std::string_view line, const std::function<bool(const std::string&)>& is_mark,
                   std::size_t* start, std::size_t* end) {
  std::size_t body = body_end(line);
  std::vector<std::size_t> starts = run_starts(line, body);
  for (std::size_t n = starts.size(); n >= kShortest; --n) {
    std::string key = kEndMark + std::string(line.substr(starts[n - 1], body - starts[n - 1]));
    if (is_mark(key)) {
      *start = starts[n - 1];
      *end = body;
      return true;
    }
  }
  return false;
}

}  // namespace novelbind
