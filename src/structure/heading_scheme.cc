#include "structure/heading_scheme.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "base/utf8.h"

namespace novelbind {
namespace {

// A chapter has at least this much story (non-space characters) after its heading; a list
// item or a contents entry has less.
constexpr std::uint64_t kMinStory = 40;
// Lines with less than this between them stand together (a contents block, an echo): nothing
// but blank lines.
constexpr std::uint64_t kTogether = 1;
// A run of this many headings with nothing between them is a table of contents.
constexpr size_t kMinContentsRun = 3;
// The largest forward jump in numbering a weak scheme's line may make and still continue it.
constexpr long long kMaxGap = 20;

std::uint32_t visible_length(std::string_view line) {
  std::uint32_t n = 0;
  for (size_t i = 0; i < line.size();)
    if (!utf8::is_space(utf8::next(line, &i))) ++n;
  return n;
}

// One candidate line in reading order, with its shape.
struct Line {
  size_t file = 0;
  const HeadingCandidate* candidate = nullptr;
  HeadingShape shape;
  bool inner = false;     // the chapter part of a volume line
  std::uint64_t pos = 0;  // book-wide characters before the line
  std::uint64_t end = 0;  // pos + the line's characters
  bool echo = false, block = false;
};

struct KeyStats {
  std::vector<size_t> members;  // indexes into lines, in order
  std::vector<bool> accepted;   // parallel to members
  size_t score = 0;             // accepted members followed by a chapter's worth of story
  size_t in_sequence = 0;
  size_t runs = 0;  // distinct numbers that continue another of the scheme's numbers (or start)
  bool strong = false;
  HeadingKind kind = HeadingKind::kChapter;
  std::uint64_t first = 0, last_end = 0;
};

class Inference {
 public:
  explicit Inference(const std::vector<const FileCandidates*>& files) : files_(files) {
    std::uint64_t offset = 0;
    for (size_t f = 0; f < files.size(); ++f) {
      for (const HeadingCandidate& c : files[f]->lines) {
        auto shape = parse_heading_shape(c.text);
        if (!shape) continue;
        Line l{f, &c, *shape, false, offset + c.before, offset + c.before + c.length};
        lines_.push_back(l);
        if (shape->chapter_offset) {
          auto inner = parse_heading_shape(std::string_view(c.text).substr(shape->chapter_offset));
          if (inner) {
            Line in = l;
            in.shape = *inner;
            in.inner = true;
            lines_.push_back(in);
          }
        }
      }
      offset += files[f]->chars;
    }
    total_ = offset;
  }

  BookStructure run() {
    for (size_t i = 0; i < lines_.size(); ++i) {
      const HeadingShape& s = lines_[i].shape;
      if (s.contents_label || s.keyword) continue;
      keys_[s.key].members.push_back(i);
    }
    for (auto& [key, stats] : keys_) score(stats);
    choose();
    BookStructure out;
    out.files.resize(files_.size());
    decide(&out);
    return out;
  }

 private:
  // Story between the end of line a and the start of line b (a before b).
  std::uint64_t story(const Line& a, const Line& b) const {
    return b.pos > a.end ? b.pos - a.end : 0;
  }

  void score(KeyStats& k) {
    auto& m = k.members;
    k.strong = !m.empty() && lines_[m[0]].shape.strong;
    k.kind = m.empty() ? HeadingKind::kChapter : lines_[m[0]].shape.kind;
    // Echoes (the same number again with nothing between) and runs with nothing between.
    for (size_t j = 1; j < m.size(); ++j) {
      Line& a = lines_[m[j - 1]];
      Line& b = lines_[m[j]];
      if (story(a, b) < kTogether && a.shape.number == b.shape.number && !a.echo) b.echo = true;
    }
    for (size_t j = 0; j < m.size();) {
      size_t e = j + 1;
      std::set<long long> seen;
      if (auto n = lines_[m[j]].shape.number) seen.insert(*n);
      while (e < m.size() && story(lines_[m[e - 1]], lines_[m[e]]) < kTogether) {
        // A contents block ends where its numbers start again: the first chapter follows.
        auto n = lines_[m[e]].shape.number;
        if (n && !lines_[m[e]].echo && !seen.insert(*n).second) break;
        ++e;
      }
      size_t distinct = 0;
      for (size_t x = j; x < e; ++x) distinct += !lines_[m[x]].echo;
      if (distinct >= kMinContentsRun)
        for (size_t x = j; x < e; ++x) lines_[m[x]].block = true;
      j = e;
    }
    k.accepted.assign(m.size(), false);
    std::optional<long long> prev;
    for (size_t j = 0; j < m.size(); ++j) {
      const Line& l = lines_[m[j]];
      if (l.echo || l.block) continue;
      // Story until the next member of the scheme (or the end of the book).
      std::uint64_t after = total_ - std::min(total_, l.end);
      std::optional<long long> next;
      for (size_t x = j + 1; x < m.size(); ++x) {
        const Line& n = lines_[m[x]];
        if (n.echo || n.block) continue;
        after = story(l, n);
        next = n.shape.number;
        break;
      }
      bool enough = after >= kMinStory;
      const auto& n = l.shape.number;
      bool ok;
      bool sequence = false;
      if (k.strong) {
        ok = true;
        sequence = n && (!prev || (*n > *prev && *n <= *prev + kMaxGap) || *n <= 1);
      } else if (!n) {
        ok = enough;
      } else if (!prev) {
        ok = enough || (next && *next == *n + 1);
        sequence = ok;
      } else if (*n > *prev && *n <= *prev + kMaxGap) {
        ok = true;
        sequence = true;
      } else if (*n == *prev) {
        ok = enough;
      } else {
        // A restart (a new volume) or a jump: only with a chapter's worth of story and the
        // next heading continuing from it.
        ok = enough && (!next || *next == *n + 1);
        sequence = ok;
      }
      if (!ok) continue;
      k.accepted[j] = true;
      if (n) prev = n;
      k.in_sequence += sequence;
      if (enough) ++k.score;
      if (k.first == 0 && k.last_end == 0) k.first = l.pos;
      k.last_end = l.end + after;
    }
    std::set<long long> numbers;
    for (size_t j = 0; j < m.size(); ++j)
      if (k.accepted[j] && lines_[m[j]].shape.number) numbers.insert(*lines_[m[j]].shape.number);
    for (long long x : numbers) k.runs += x == *numbers.begin() || numbers.count(x - 1);
  }

  size_t accepted_count(const KeyStats& k) const {
    size_t n = 0;
    for (bool a : k.accepted) n += a;
    return n;
  }

  bool qualifies(const KeyStats& k) const {
    // Numbers that do not run (第十三卷 on every line of a crawl) name a volume, not chapters.
    size_t numbered = 0;
    for (size_t j = 0; j < k.members.size(); ++j)
      numbered += k.accepted[j] && lines_[k.members[j]].shape.number.has_value();
    bool runs = numbered <= 3 || k.runs * 10 >= numbered * 3;
    if (k.strong) return accepted_count(k) >= 1 && runs;
    size_t live = 0, accepted = 0;
    for (size_t j = 0; j < k.members.size(); ++j) {
      const Line& l = lines_[k.members[j]];
      live += !l.echo && !l.block;
      accepted += k.accepted[j];
    }
    // A weak scheme (bare numbers, brackets, ornaments) needs several headings, most of its
    // lines, and a good part of the book: a numbered list inside one chapter is none of these.
    double span = total_ ? double(k.last_end - std::min(k.last_end, k.first)) / double(total_) : 0;
    return k.score >= 3 && accepted * 2 >= live && span >= 0.3 && runs;
  }

  void choose() {
    const KeyStats* best = nullptr;
    for (auto& [key, k] : keys_) {
      if (!qualifies(k)) continue;
      auto rank = [this](const KeyStats& x) {
        return std::make_tuple(x.score, accepted_count(x), x.strong,
                               x.kind == HeadingKind::kChapter);
      };
      if (!best || rank(k) > rank(*best)) {
        best = &k;
        chapter_key_ = key;
      }
    }
    if (!best) return;
    chapter_keys_.insert(chapter_key_);
    // More strong chapter schemes join when they take turns with the first rather than sit
    // inside its chapters (幕 in one book of an omnibus, 章 in the next).
    for (auto& [key, k] : keys_) {
      if (key == chapter_key_ || !k.strong || k.kind != HeadingKind::kChapter) continue;
      if (best->kind != HeadingKind::kChapter) continue;
      if (k.score < std::max<size_t>(2, best->score / 10)) continue;
      if (switches(best->members, k.members) <= std::max<size_t>(4, (best->score + k.score) / 10))
        chapter_keys_.insert(key);
    }
    // Volumes: a strong volume scheme above the chapters, and the volume part of lines that
    // hold a volume and a chapter heading.
    for (size_t i = 0; i + 1 < lines_.size(); ++i) {
      if (lines_[i].shape.chapter_offset && lines_[i + 1].inner &&
          chapter_keys_.count(lines_[i + 1].shape.key))
        volume_keys_.insert(lines_[i].shape.key);
    }
    if (best->kind == HeadingKind::kChapter) {
      for (auto& [key, k] : keys_) {
        if (k.kind != HeadingKind::kVolume || !k.strong || chapter_keys_.count(key)) continue;
        size_t live = 0;
        for (size_t j = 0; j < k.members.size(); ++j) live += k.accepted[j];
        if (live > 0 && live <= accepted_count(*best)) volume_keys_.insert(key);
      }
    }
  }

  // How often a merged run of two schemes' lines switches from one to the other.
  size_t switches(const std::vector<size_t>& a, const std::vector<size_t>& b) const {
    std::vector<std::pair<size_t, int>> all;
    for (size_t i : a) all.emplace_back(i, 0);
    for (size_t i : b) all.emplace_back(i, 1);
    std::sort(all.begin(), all.end());
    size_t n = 0;
    for (size_t i = 1; i < all.size(); ++i) n += all[i].second != all[i - 1].second;
    return n;
  }

  bool accepted(size_t index) const {
    const Line& l = lines_[index];
    auto it = keys_.find(l.shape.key);
    if (it == keys_.end()) return false;
    const KeyStats& k = it->second;
    auto pos = std::lower_bound(k.members.begin(), k.members.end(), index);
    return pos != k.members.end() && *pos == index && k.accepted[pos - k.members.begin()];
  }

  void decide(BookStructure* out) {
    // The headings: lines of the chosen schemes and keyword lines, in reading order.
    struct Pick {
      size_t index;
      LineRole role;
    };
    std::vector<Pick> picks;
    std::vector<bool> taken(lines_.size(), false);
    for (size_t i = 0; i < lines_.size(); ++i) {
      const Line& l = lines_[i];
      const HeadingShape& s = l.shape;
      if (l.inner) continue;  // decided with its volume line
      bool chapter = chapter_keys_.count(s.key) && accepted(i);
      bool volume = volume_keys_.count(s.key) && accepted(i);
      bool inner_chapter = false;
      if (s.chapter_offset && i + 1 < lines_.size() && lines_[i + 1].inner) {
        inner_chapter = chapter_keys_.count(lines_[i + 1].shape.key) > 0;
        if (inner_chapter && !volume) volume = volume_keys_.empty() || volume_keys_.count(s.key);
      }
      bool keyword = s.keyword && !l.block && (!chapter_keys_.empty() || s.strong);
      if (l.echo && (chapter_keys_.count(s.key) || volume_keys_.count(s.key))) {
        picks.push_back({i, LineRole::kEcho});
        continue;
      }
      if (volume) {
        picks.push_back({i, inner_chapter ? LineRole::kChapter : LineRole::kVolume});
      } else if (chapter || keyword || inner_chapter) {
        picks.push_back({i, LineRole::kChapter});
      } else if (l.block && (chapter_keys_.count(s.key) || volume_keys_.count(s.key))) {
        picks.push_back({i, LineRole::kContents});
      } else if (s.contents_label) {
        picks.push_back({i, LineRole::kContents});  // kept only if a block follows
      } else {
        continue;
      }
      taken[i] = true;
    }
    mark_contents(&picks);
    // Echoes of a heading: the same heading (or its title) again right after it or as the last
    // line of its chapter.
    std::vector<bool> echo(lines_.size(), false);
    for (size_t p = 0; p < picks.size(); ++p) {
      if (picks[p].role != LineRole::kChapter) continue;
      const Line& h = lines_[picks[p].index];
      std::uint64_t limit = p + 1 < picks.size() ? lines_[picks[p + 1].index].pos : total_;
      std::string_view heading = h.candidate->text;
      if (h.shape.chapter_offset) heading = heading.substr(h.shape.chapter_offset);
      std::string_view title = heading_title(heading, *parse_heading_shape(heading));
      for (size_t i = picks[p].index + 1; i < lines_.size() && lines_[i].pos < limit; ++i) {
        const Line& l = lines_[i];
        if (taken[i] || l.inner || l.file != h.file) continue;
        std::string_view t = l.candidate->text;
        bool first = story(h, l) < kTogether;
        bool last = limit - std::min(limit, l.end) < kTogether;
        bool same = t.find(heading) != std::string_view::npos ||
                    (utf8::length(title) >= 2 && t.find(title) != std::string_view::npos &&
                     l.shape.number == h.shape.number);
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
      const Line& l = lines_[p.index];
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
    if (!chapter_key_.empty()) {
      const KeyStats& k = keys_.at(chapter_key_);
      std::vector<std::string> names;
      for (const std::string& key : chapter_keys_) names.push_back(scheme_name(key));
      for (size_t i = 0; i < names.size(); ++i) out->chapters += (i ? " + " : "") + names[i];
      double span =
          total_ ? 100.0 * double(k.last_end - std::min(k.last_end, k.first)) / double(total_) : 0;
      out->evidence = std::to_string(k.members.size()) + " line(s) of shape " +
                      scheme_name(chapter_key_) + ", " + std::to_string(k.in_sequence) +
                      " numbered in sequence, " + std::to_string(k.score) +
                      " followed by story, spanning " + std::to_string(int(span + 0.5)) +
                      "% of the text";
    }
    for (const std::string& key : volume_keys_)
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
      const Line& la = lines_[ps[a].index];
      const Line& lb = lines_[ps[b].index];
      std::uint64_t g = story(la, lb);
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
        const Line& last = lines_[ps[live[b - 1]].index];
        if (!last.shape.number || chapter_numbers[*last.shape.number] <= 1) --end;
        if (b < live.size() && gap(live[b - 1], live[b]) < kTogether) end = b;  // restart
      }
      size_t entries = end - a - (labelled ? 1 : 0);
      bool block = entries >= kMinContentsRun;
      for (size_t x = a; x < b; ++x) {
        Pick& p = ps[live[x]];
        const Line& l = lines_[p.index];
        if (block && x < end) {
          p.role = LineRole::kContents;
        } else if (l.shape.contents_label) {
          p.role = kDropMe;
        } else if (p.role == LineRole::kContents) {
          p.role = volume_keys_.count(l.shape.key) ? LineRole::kVolume : LineRole::kChapter;
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

  const std::vector<const FileCandidates*>& files_;
  std::vector<Line> lines_;
  std::uint64_t total_ = 0;
  std::map<std::string, KeyStats> keys_;
  std::string chapter_key_;
  std::set<std::string> chapter_keys_, volume_keys_;
};

}  // namespace

FileCandidates collect_candidates(std::string_view text, size_t max_length) {
  FileCandidates out;
  int line_number = 0;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++line_number;
    std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    std::uint32_t visible = visible_length(raw);
    if (visible == 0) continue;
    std::string_view t = utf8::trim(raw);
    if (utf8::length(t) <= max_length && parse_heading_shape(t)) {
      out.lines.push_back({line_number, out.chars, visible, std::string(t)});
    }
    out.chars += visible;
  }
  return out;
}

std::string FileStructure::digest() const {
  std::string d;
  for (const LineDecision& l : lines) {
    d += std::to_string(l.line) + ":" + std::to_string(static_cast<int>(l.role)) + ":" +
         std::to_string(l.chapter_offset) + ":" + (l.number ? std::to_string(*l.number) : "-") +
         ":" + l.warning_rule + ":" + l.text + ";";
  }
  return d + "|" + note_title;
}

void add_file_name(FileCandidates* file, std::string_view stem, size_t max_length) {
  std::string_view t = utf8::trim(stem);
  if (t.empty() || utf8::length(t) > max_length) return;
  // A name is a heading only when it says so plainly (第三十三章 回营, Chapter 3, 序章); a
  // bare number (001.txt, 12_ab34.txt) only orders the files.
  auto shape = parse_heading_shape(t);
  if (!shape || !shape->strong) return;
  if (!file->lines.empty() && file->lines.front().before == 0) return;  // the file has its own
  file->lines.insert(file->lines.begin(), HeadingCandidate{0, 0, 0, std::string(t)});
}

BookStructure infer_structure(const std::vector<const FileCandidates*>& files,
                              const std::vector<std::string>& stems) {
  BookStructure out = Inference(files).run();
  size_t named = 0;
  for (size_t f = 0; f < out.files.size(); ++f) {
    for (LineDecision& d : out.files[f].lines) {
      if (d.line != 0) continue;
      d.text = files[f]->lines.front().text;
      named += d.role == LineRole::kChapter;
    }
  }
  if (stems.size() == files.size() && named * 2 >= files.size()) {
    for (size_t f = 0; f < out.files.size(); ++f) {
      bool opens = false;
      for (const LineDecision& d : out.files[f].lines)
        opens |= d.role == LineRole::kChapter || d.role == LineRole::kVolume;
      if (!opens) out.files[f].note_title = std::string(utf8::trim(stems[f]));
    }
  }
  return out;
}

std::string scheme_name(std::string_view key) {
  // key: prefix|form  or  prefix|form|separator
  std::string out;
  size_t bar = key.find('|');
  std::string prefix(key.substr(0, bar));
  std::string_view rest = bar == std::string_view::npos ? "" : key.substr(bar + 1);
  if (!prefix.empty()) out += prefix + " ";
  std::string form(rest);
  if (form.rfind("ornament|", 0) == 0 || key.rfind("ornament|", 0) == 0)
    return std::string(key.substr(key.find('|') + 1)) + "title";
  size_t p;
  if ((p = form.find("第")) != std::string::npos) form.replace(p, 3, "第N");
  if (form.rfind("bare|A", 0) == 0) form = "N" + form.substr(6);
  if (form.rfind("bare|C", 0) == 0) form = "一" + form.substr(6);
  if (form.rfind("bare|R", 0) == 0) form = "IV" + form.substr(6);
  if (form.rfind("en:", 0) == 0) {
    form = form.substr(3) + " N";
    if (!form.empty())
      form[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(form[0])));
  }
  for (size_t q; (q = form.find('|')) != std::string::npos;) form.erase(q, 1);
  if (form.size() > 1 && form.back() == ' ') form += "title";
  if (!form.empty() && form.find('N') == std::string::npos &&
      form.find("一") == std::string::npos && form.find("IV") == std::string::npos &&
      form.find("卷") == std::string::npos)
    form = "N" + form;
  return out + form;
}

}  // namespace novelbind
