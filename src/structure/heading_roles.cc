#include "structure/heading_roles.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "base/utf8.h"
#include "structure/heading_shape.h"

namespace novelbind {
namespace {

class RoleDecider {
 public:
  RoleDecider(const std::vector<SchemeLine>& lines, std::uint64_t total, const SchemeChoice& choice)
      : lines_(lines), total_(total), choice_(choice) {}

  void decide(BookStructure* out) {
    // The headings: lines of the chosen schemes and keyword lines, in reading order.
    struct Pick {
      size_t index;
      LineRole role;
    };
    std::vector<Pick> picks;
    std::vector<bool> taken(lines_.size(), false);
    // The schemes that headings after the book's name or a site's section word have without it
    // (彭公案 第二回 … is 第N回, 正文 1.失业 is N.): a contents block lists the chapters without
    // it.
    std::set<std::string, std::less<>> unnamed;
    for (const std::string& key : choice_.chapter_keys)
      if (std::string base = listed_key(key); base != key) unnamed.emplace(std::move(base));
    for (size_t i = 0; i < lines_.size(); ++i) {
      const SchemeLine& l = lines_[i];
      const HeadingShape& s = l.shape;
      if (l.inner) continue;  // decided with its volume line
      bool chapter = choice_.chapter_keys.count(s.key) && choice_.accepted[i];
      bool volume = choice_.volume_keys.count(s.key) && choice_.accepted[i];
      bool inner_chapter = false;
      if (s.chapter_offset && i + 1 < lines_.size() && lines_[i + 1].inner) {
        inner_chapter = choice_.chapter_keys.count(lines_[i + 1].shape.key) > 0;
        if (inner_chapter && !volume)
          volume = choice_.volume_keys.empty() || choice_.volume_keys.count(s.key);
      }
      bool keyword = s.keyword && !l.block && (!choice_.chapter_keys.empty() || s.strong);
      if (l.echo && (choice_.chapter_keys.count(s.key) || choice_.volume_keys.count(s.key))) {
        picks.push_back({i, LineRole::kEcho});
        continue;
      }
      if (volume) {
        picks.push_back({i, inner_chapter ? LineRole::kChapter : LineRole::kVolume});
      } else if (chapter || keyword || inner_chapter) {
        picks.push_back({i, LineRole::kChapter});
      } else if (l.block && (choice_.chapter_keys.count(s.key) ||
                             choice_.volume_keys.count(s.key) || unnamed.count(s.key))) {
        picks.push_back({i, LineRole::kContents});
      } else if (s.contents_label) {
        picks.push_back({i, LineRole::kContents});  // kept only if a block follows
      } else {
        continue;
      }
      taken[i] = true;
    }
    mark_contents(&picks);
    // Echoes of a heading: the same heading (or its title) again right after it (within
    // kEchoReach) or as the last line of its chapter.
    std::vector<bool> echo(lines_.size(), false);
    for (size_t p = 0; p < picks.size(); ++p) {
      if (picks[p].role != LineRole::kChapter) continue;
      const SchemeLine& h = lines_[picks[p].index];
      std::uint64_t limit = p + 1 < picks.size() ? lines_[picks[p + 1].index].pos : total_;
      std::string_view heading = h.candidate->text;
      if (h.shape.chapter_offset) heading = heading.substr(h.shape.chapter_offset);
      // (A line without a chapter offset was parsed whole already: its shape is the heading's.)
      std::string_view title = !h.inner && !h.shape.chapter_offset
                                   ? heading_title(heading, h.shape)
                                   : heading_title(heading, *parse_heading_shape(heading));
      for (size_t i = picks[p].index + 1; i < lines_.size() && lines_[i].pos < limit; ++i) {
        const SchemeLine& l = lines_[i];
        if (taken[i] || l.inner || l.file != h.file) continue;
        std::string_view t = l.candidate->text;
        bool first = story_between(h, l) <= kEchoReach;
        bool last = limit - std::min(limit, l.end) < kTogether;
        bool same = t.find(heading) != std::string_view::npos ||
                    (utf8::length(title) >= 2 && t.find(title) != std::string_view::npos &&
                     l.shape.number == h.shape.number);
        // (The title without its part mark, in a line that names no part: 第二百一十三章魔神皇
        // 的精神探测 under …精神探测（中）.)
        size_t part_at = 0;
        if (!same && l.shape.number == h.shape.number && !part_mark(title, &part_at).empty() &&
            part_mark(t).empty()) {
          const std::string_view core = utf8::trim(title.substr(0, part_at));
          same = utf8::length(core) >= 2 && t.find(core) != std::string_view::npos;
        }
        if ((first || last) && same) echo[i] = true;
      }
    }
    for (size_t i = 0; i < lines_.size(); ++i)
      if (echo[i]) picks.push_back({i, LineRole::kEcho});
    std::sort(picks.begin(), picks.end(),
              [](const Pick& a, const Pick& b) { return a.index < b.index; });

    size_t chapters = 0, volumes = 0, contents = 0, echoes = 0, keywords = 0;
    std::map<std::string, NumeralStyle> style;  // by key: the numbers' style so far
    for (const Pick& p : picks) {
      const SchemeLine& l = lines_[p.index];
      LineDecision d;
      d.line = l.candidate->line;
      d.role = p.role;
      d.place = l.shape.place;
      d.number = l.shape.number;
      const HeadingShape* chapter_shape = &l.shape;
      if (p.role == LineRole::kChapter && l.shape.chapter_offset && p.index + 1 < lines_.size() &&
          lines_[p.index + 1].inner) {
        d.chapter_offset = l.shape.chapter_offset;
        chapter_shape = &lines_[p.index + 1].shape;
        d.number = chapter_shape->number;
        d.place = chapter_shape->place;
        ++volumes;
      }
      switch (p.role) {
        case LineRole::kChapter:
          ++chapters;
          keywords += chapter_shape->keyword;
          number_warnings(*chapter_shape, l.candidate->text, &style, &d);
          break;
        case LineRole::kVolume:
          ++volumes;
          break;
        case LineRole::kContents:
          ++contents;
          break;
        case LineRole::kEcho:
          ++echoes;
          break;
        case LineRole::kBreak:  // decided apart, without heading lines (heading_scheme.cc)
          break;
      }
      out->files[l.file].lines.push_back(std::move(d));
    }
    for (FileStructure& f : out->files) {
      std::stable_sort(
          f.lines.begin(), f.lines.end(),
          [](const LineDecision& a, const LineDecision& b) { return a.line < b.line; });
      // One decision a line: a volume line that also opens a chapter comes once.
      f.lines.erase(std::unique(f.lines.begin(), f.lines.end(),
                                [](const LineDecision& a, const LineDecision& b) {
                                  return a.line == b.line;
                                }),
                    f.lines.end());
    }
    if (!choice_.chapter_key.empty()) {
      std::vector<std::string> names;
      for (const std::string& key : choice_.chapter_keys) names.push_back(scheme_name(key));
      for (size_t i = 0; i < names.size(); ++i) out->chapters += (i ? " + " : "") + names[i];
    }
    out->evidence = choice_.evidence;
    for (const std::string& key : choice_.volume_keys)
      out->volumes += (out->volumes.empty() ? "" : " + ") + scheme_name(key);
    std::string totals = std::to_string(chapters) + " chapter heading(s)";
    if (keywords) totals += " (" + std::to_string(keywords) + " by keyword)";
    if (volumes) totals += ", " + std::to_string(volumes) + " volume heading(s)";
    if (contents) totals += ", " + std::to_string(contents) + " contents line(s) dropped";
    if (echoes) totals += ", " + std::to_string(echoes) + " heading echo(es) dropped";
    out->evidence = out->evidence.empty() ? totals : out->evidence + "; " + totals;
  }

  // Runs of headings with nothing between them are a table of contents (or headings whose
  // text the source lost): dropped, for they would be empty chapters. Shorter runs stay
  // headings, and a contents label without its block stays story.
  template <typename Pick>
  void mark_contents(std::vector<Pick>* picks) {
    auto& ps = *picks;
    // Echoes are dropped anyway: a run goes on across them.
    std::vector<size_t> live;
    for (size_t x = 0; x < ps.size(); ++x)
      if (ps[x].role != LineRole::kEcho) live.push_back(x);
    auto gap = [&](size_t a, size_t b) {  // story between picks a < b, less echo lines
      const SchemeLine& la = lines_[ps[a].index];
      const SchemeLine& lb = lines_[ps[b].index];
      std::uint64_t g = story_between(la, lb);
      for (size_t x = a + 1; x < b; ++x) {
        std::uint64_t len = lines_[ps[x].index].end - lines_[ps[x].index].pos;
        g -= std::min(g, len);
      }
      return la.file == lb.file ? g : kTogether;
    };
    std::map<long long, size_t> chapter_numbers;  // how often each number opens a chapter
    for (const Pick& p : ps)
      if (p.role == LineRole::kChapter || p.role == LineRole::kContents)
        if (auto n = lines_[p.index].shape.number) ++chapter_numbers[*n];
    for (size_t a = 0; a < live.size();) {
      size_t b = a + 1;
      std::set<long long> seen;
      if (auto n = lines_[ps[live[a]].index].shape.number) seen.insert(*n);
      while (b < live.size() && gap(live[b - 1], live[b]) < kTogether) {
        // A contents block ends where its numbers start again: the first chapter follows.
        auto n = lines_[ps[live[b]].index].shape.number;
        if (n && !seen.insert(*n).second) break;
        ++b;
      }
      bool labelled = lines_[ps[live[a]].index].shape.contents_label;
      // The run's last line is followed by text: it is a real heading unless another heading
      // opens a chapter with the same number (then it is the contents' last entry).
      size_t end = b;
      if (b - a > 1) {
        const SchemeLine& last = lines_[ps[live[b - 1]].index];
        if (!last.shape.number || chapter_numbers[*last.shape.number] <= 1) --end;
        if (b < live.size() && gap(live[b - 1], live[b]) < kTogether) end = b;  // restart
      }
      size_t entries = end - a - (labelled ? 1 : 0);
      bool block = entries >= kMinContentsRun;
      for (size_t x = a; x < b; ++x) {
        Pick& p = ps[live[x]];
        const SchemeLine& l = lines_[p.index];
        if (block && x < end) {
          p.role = LineRole::kContents;
        } else if (l.shape.contents_label) {
          p.role = kDropMe;
        } else if (p.role == LineRole::kContents) {
          p.role = choice_.volume_keys.count(l.shape.key) ? LineRole::kVolume : LineRole::kChapter;
        }
      }
      a = b;
    }
    ps.erase(std::remove_if(ps.begin(), ps.end(), [](const Pick& p) { return p.role == kDropMe; }),
             ps.end());
  }

  static constexpr LineRole kDropMe = static_cast<LineRole>(99);

  void number_warnings(const HeadingShape& s, std::string_view text,
                       std::map<std::string, NumeralStyle>* style, LineDecision* d) const {
    if (s.malformed) {
      d->warning_rule = "numbering_malformed";
      d->warning = "the number in heading '" + std::string(text) +
                   "' is not a well-formed numeral; the chapter is kept where it stands";
      return;
    }
    if (s.style == NumeralStyle::kNone || s.keyword) return;
    auto family = [](NumeralStyle x) {
      return x == NumeralStyle::kZeroPadded ? NumeralStyle::kArabic : x;
    };
    auto [it, fresh] = style->emplace(s.key, s.style);
    if (!fresh && family(it->second) != family(s.style)) {
      d->warning_rule = "numbering_style";
      d->warning = "heading '" + std::string(text) +
                   "' writes its number in another style than the headings before it; the "
                   "chapter is kept where it stands";
      it->second = s.style;
    }
  }

 private:
  const std::vector<SchemeLine>& lines_;
  std::uint64_t total_;
  const SchemeChoice& choice_;
};

}  // namespace

BookStructure decide_roles(const std::vector<SchemeLine>& lines, std::uint64_t total,
                           const SchemeChoice& choice, size_t files) {
  BookStructure out;
  out.files.resize(files);
  RoleDecider(lines, total, choice).decide(&out);
  return out;
}

}  // namespace novelbind
