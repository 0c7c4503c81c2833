#include "structure/unnumbered_volumes.h"

#include <algorithm>
#include <string>

#include "base/cjk_text.h"
#include "base/utf8.h"
#include "structure/heading_shape.h"

namespace novelbind {
namespace {

struct ChapterLine {
  std::uint64_t pos = 0;  // book-wide characters before the line
  const LineDecision* decision = nullptr;
  int blanks = 0;  // blank lines before it
  size_t file = 0;
};

// Whether chapter `h` begins a new run after chapter `p`: its numbering starts again, or a
// 序章/楔子 follows numbered or closing chapters.
bool begins_run(const LineDecision& p, const LineDecision& h) {
  if (h.place == HeadingPlace::kBefore) return p.place != HeadingPlace::kBefore;
  if (h.place != HeadingPlace::kBody || !h.number || *h.number > 1) return false;
  if (p.place == HeadingPlace::kAfter) return true;
  return p.place == HeadingPlace::kBody && p.number && *p.number > 1;
}

// A title folded for comparison: Roman numeral signs and full-width forms as ASCII letters,
// spaces dropped.
std::u32string folded(std::string_view text) {
  static const char* const kRoman[] = {"I",   "II",   "III", "IV", "V",  "VI",
                                       "VII", "VIII", "IX",  "X",  "XI", "XII"};
  std::u32string out;
  for (size_t i = 0; i < text.size();) {
    char32_t c = utf8::next(text, &i);
    if (utf8::is_space(c)) continue;
    if (c >= 0x2160 && c <= 0x216B) {
      for (const char* r = kRoman[c - 0x2160]; *r; ++r) out += static_cast<char32_t>(*r);
      continue;
    }
    out += narrow_full_width(c);
  }
  return out;
}

// Whether two titles differ by at most one character (replaced, added or dropped).
bool nearly_same(std::string_view a, std::string_view b) {
  std::u32string x = folded(a), y = folded(b);
  if (x.size() > y.size()) std::swap(x, y);
  if (y.size() - x.size() > 1 || x.size() < 3) return false;
  size_t i = 0;
  while (i < x.size() && x[i] == y[i]) ++i;
  if (i == x.size()) return true;
  if (x.size() == y.size()) return x.compare(i + 1, std::u32string::npos, y, i + 1) == 0;
  return x.compare(i, std::u32string::npos, y, i + 1) == 0;
}

}  // namespace

size_t add_unnumbered_volumes(const std::vector<const FileCandidates*>& files,
                              const CandidateShapes& shapes, BookStructure* structure) {
  if (!structure->volumes.empty() || files.size() != structure->files.size()) return 0;
  // Chapter headings and the title-like lines standing apart, book-wide, in reading order.
  std::vector<ChapterLine> chapters;
  std::vector<std::pair<std::uint64_t, std::pair<size_t, const HeadingCandidate*>>> apart;
  for (const FileStructure& file : structure->files)
    for (const LineDecision& d : file.lines)
      if (d.role == LineRole::kVolume || d.chapter_offset) return 0;  // numbered volumes rule
  std::uint64_t offset = 0;
  for (size_t f = 0; f < files.size(); ++f) {
    const auto& lines = files[f]->lines;
    for (const LineDecision& d : structure->files[f].lines) {
      if (d.role != LineRole::kChapter) continue;
      auto c = std::lower_bound(lines.begin(), lines.end(), d.line,
                                [](const HeadingCandidate& x, int line) { return x.line < line; });
      bool found = c != lines.end() && c->line == d.line;
      chapters.push_back({offset + (found ? c->before : 0), &d, found ? c->blanks : -1, f});
    }
    for (size_t k = 0; k < lines.size(); ++k)
      if (lines[k].line > 0 && !lines[k].after_end && !shapes[f][k].whole)
        apart.push_back({offset + lines[k].before, {f, &lines[k]}});
    offset += files[f]->chars;
  }
  if (apart.empty() || chapters.size() < 2) return 0;
  std::vector<size_t> starts;  // indexes into chapters of the runs' first headings
  for (size_t i = 1; i < chapters.size(); ++i) {
    if (!begins_run(*chapters[i - 1].decision, *chapters[i].decision)) continue;
    // A run goes on from its start (第一章 then 第二章); a lone 第一章 amid 第九十章 and 第九十二章
    // is a misnumbered chapter.
    const LineDecision& next = *chapters[std::min(i + 1, chapters.size() - 1)].decision;
    if (i + 1 < chapters.size() && next.place == HeadingPlace::kBody && next.number &&
        *next.number > 3 && !begins_run(*chapters[i].decision, next))
      continue;
    starts.push_back(i);
  }
  if (starts.empty()) return 0;
  starts.insert(starts.begin(), 0);
  // A volume title stands apart at least as far as the book's chapter headings do.
  std::vector<int> heading_blanks;
  for (const ChapterLine& h : chapters)
    if (h.blanks >= 0) heading_blanks.push_back(h.blanks);
  int apart_as_headings = 0;
  if (!heading_blanks.empty()) {
    auto mid = heading_blanks.begin() + heading_blanks.size() / 2;
    std::nth_element(heading_blanks.begin(), mid, heading_blanks.end());
    apart_as_headings = *mid;
  }

  size_t added = 0, titled = 0;
  std::vector<std::vector<LineDecision>> extra(files.size());
  for (size_t s : starts) {
    size_t before = added;
    std::uint64_t from = s > 0 ? chapters[s - 1].pos + 1 : 0;
    std::uint64_t to = chapters[s].pos;
    std::string_view title;  // the gap's volume title so far
    for (const auto& [pos, where] : apart) {
      const HeadingCandidate& c = *where.second;
      if (pos < from || pos >= to || to - (pos + c.length) > kMaxTitlePage) continue;
      if (byline_name(c.text)) continue;  // the title page's byline (江南 著), not its title
      // A volume opens in its first chapter's file, standing apart. A title over its byline is a
      // title page however it is spaced, and also at the end of the file before (a folder of
      // chapter files cut at the headings).
      if (where.first != chapters[s].file &&
          !(c.over_byline && where.first + 1 == chapters[s].file))
        continue;
      if (c.blanks < apart_as_headings && !c.over_byline) continue;
      if (!title.empty() && nearly_same(title, c.text)) continue;  // the title page's echo
      title = c.text;
      LineDecision d;
      d.line = c.line;
      d.role = LineRole::kVolume;
      extra[where.first].push_back(d);
      ++added;
    }
    titled += added > before;
  }
  // Volume titles recur: one title line before one run (an author's line over the first
  // chapter) is no evidence of volumes.
  if (titled < 2) return 0;
  for (size_t f = 0; f < files.size(); ++f) {
    auto& lines = structure->files[f].lines;
    lines.insert(lines.end(), extra[f].begin(), extra[f].end());
    std::stable_sort(lines.begin(), lines.end(),
                     [](const LineDecision& a, const LineDecision& b) { return a.line < b.line; });
  }
  structure->volumes = "title lines standing apart before each run of chapters";
  structure->evidence += "; " + std::to_string(added) + " volume title(s) standing apart before " +
                         std::to_string(starts.size()) + " run(s) of chapters";
  return added;
}

}  // namespace novelbind
