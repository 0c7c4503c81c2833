#include "structure/heading_scheme.h"

#include "base/cjk_text.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "base/brackets.h"
#include "base/parallel.h"
#include "base/site_text.h"
#include "base/utf8.h"
#include "structure/back_matter.h"
#include "structure/heading_roles.h"
#include "structure/heading_words.h"
#include "structure/listed_titles.h"
#include "structure/unnumbered_volumes.h"

namespace novelbind {
namespace {

// A chapter has at least this much story (non-space characters) after its heading; a list
// item or a contents entry has less.
constexpr std::uint64_t kMinStory = 40;
// Headings after the same name (彭公案 第二回 …) a book has at the least.
constexpr size_t kMinNamedHeadings = 3;
// The largest forward jump in numbering a weak scheme's line may make and still continue it.
constexpr long long kMaxGap = 20;

using Line = SchemeLine;

struct KeyStats {
  std::vector<size_t> members;  // indexes into lines, in order
  std::vector<bool> accepted;   // parallel to members
  size_t score = 0;             // accepted members followed by a chapter's worth of story
  size_t in_sequence = 0;
  size_t runs = 0;  // distinct numbers that continue another of the scheme's numbers (or start)
  bool strong = false;
  bool named = false;  // its headings follow a name (彭公案 第二回): HeadingShape::named_prefix
  HeadingKind kind = HeadingKind::kChapter;
  std::uint64_t first = 0, last_end = 0;
};

class Inference {
 public:
  Inference(const std::vector<const FileCandidates*>& files, const CandidateShapes& shapes)
      : files_(files) {
    std::uint64_t offset = 0;
    for (size_t f = 0; f < files.size(); ++f) {
      for (size_t k = 0; k < files[f]->lines.size(); ++k) {
        const HeadingCandidate& c = files[f]->lines[k];
        const std::optional<HeadingShape>& shape = shapes[f][k].whole;
        if (!shape) continue;
        Line l{f, &c, *shape, false, offset + c.before, offset + c.before + c.length};
        lines_.push_back(l);
        if (shape->chapter_offset) {
          const std::optional<HeadingShape>& inner = shapes[f][k].inner;
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
    SchemeChoice choice;
    choice.chapter_key = chapter_key_;
    choice.chapter_keys = chapter_keys_;
    choice.volume_keys = volume_keys_;
    choice.accepted.resize(lines_.size());
    for (size_t i = 0; i < lines_.size(); ++i) choice.accepted[i] = accepted(i);
    if (!chapter_key_.empty()) {
      const KeyStats& k = keys_.at(chapter_key_);
      double span =
          total_ ? 100.0 * double(k.last_end - std::min(k.last_end, k.first)) / double(total_) : 0;
      choice.evidence = std::to_string(k.members.size()) + " line(s) of shape " +
                        scheme_name(chapter_key_) + ", " + std::to_string(k.in_sequence) +
                        " numbered in sequence, " + std::to_string(k.score) +
                        " followed by story, spanning " + std::to_string(int(span + 0.5)) +
                        "% of the text";
    }
    return decide_roles(lines_, total_, choice, files_.size());
  }

 private:
  std::uint64_t story(const Line& a, const Line& b) const { return story_between(a, b); }

  // Whether two lines of one key with the same number may be one heading twice: lines that
  // hold a volume and a chapter heading (第一部第一章 …, 第一部第二章 …) repeat the volume's
  // number on each of its chapters, and are the same heading only when their chapters are.
  // And two parts of one chapter (…精神探测（上）图, …精神探测（中）) are two chapters: their part
  // marks differ. (A heading without one may echo either.)
  static bool same_chapter(const Line& a, const Line& b) {
    const std::string x_part = part_mark(a.candidate->text), y_part = part_mark(b.candidate->text);
    if (!x_part.empty() && !y_part.empty() && x_part != y_part) return false;
    if (!a.shape.chapter_offset || !b.shape.chapter_offset) return true;
    std::string_view x = a.candidate->text, y = b.candidate->text;
    return utf8::without_spaces(x.substr(a.shape.chapter_offset)) ==
           utf8::without_spaces(y.substr(b.shape.chapter_offset));
  }

  // Whether two heading lines carry one title of two characters or more after their numbers.
  static bool same_title(const Line& a, const Line& b) {
    std::string_view x = a.candidate->text, y = b.candidate->text;
    if (a.shape.title_offset >= x.size() || b.shape.title_offset >= y.size()) return false;
    const std::string title = utf8::without_spaces(x.substr(a.shape.title_offset));
    return utf8::length(title) >= 2 &&
           title == utf8::without_spaces(y.substr(b.shape.title_offset));
  }

  void score(KeyStats& k) {
    auto& m = k.members;
    k.strong = !m.empty() && lines_[m[0]].shape.strong;
    k.named = !m.empty() && lines_[m[0]].shape.named_prefix > 0;
    k.kind = m.empty() ? HeadingKind::kChapter : lines_[m[0]].shape.kind;
    // Echoes (the same number again with nothing between, or only a site's line or two, within
    // kEchoReach) and runs with nothing between.
    for (size_t j = 1; j < m.size(); ++j) {
      Line& a = lines_[m[j - 1]];
      Line& b = lines_[m[j]];
      std::uint64_t between = story(a, b);
      bool close = between < kTogether || (between <= kEchoReach && a.shape.number);
      if (close && a.shape.number == b.shape.number && !a.echo && same_chapter(a, b)) b.echo = true;
      // (Or the title again under the site's own count, with nothing between: 斗破苍穹's txt80
      // copy writes 第一百七十六章 神秘的残破图片？ over 第一百八十二章 神秘的残破图片？, each a
      // chapter of its own before, the first empty.)
      // (A pair alone: a contents block lists its lines together, one title after another.)
      const bool alone = (j + 1 == m.size() || story(b, lines_[m[j + 1]]) >= kTogether) &&
                         (j < 2 || story(lines_[m[j - 2]], a) >= kTogether);
      if (between < kTogether && alone && !a.echo && !b.echo && a.shape.number && b.shape.number &&
          a.shape.number != b.shape.number && same_title(a, b))
        b.echo = true;
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
        // (A title closed with a full stop reads as story but where its number follows the
        // heading before: 斗破苍穹's last chapter, 第一千六百二十三章  结束，也是开始。.)
        ok = !l.shape.stopped || (n && prev && *n == *prev + 1);
        sequence = n && (!prev || (*n > *prev && *n <= *prev + kMaxGap) || *n <= 1);
        // A bare number far out of the count, between two headings that keep it (第二回, then
        // 第一百零八回 alone, then 第三回): the story's line, the page of a book a character
        // reads, not a chapter.
        if (n && prev && next && !sequence && *next == *prev + 1 &&
            l.shape.title_offset >= l.candidate->text.size())
          ok = false;
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
    // A weak shape in Arabic digits (0001 雪夜, 0002 风起) is a scheme only by the book's own
    // lines: in file names alone it is a crawler's numbering, which only orders the files. Names
    // numbered in words (一　青衫磊落险峰行, 二　玉壁月华明) are the chapters' own headings.
    auto crawl_numbered = [&](size_t x) {
      NumeralStyle style = lines_[x].shape.style;
      return style == NumeralStyle::kArabic || style == NumeralStyle::kZeroPadded ||
             style == NumeralStyle::kFullWidth || style == NumeralStyle::kNone;
    };
    if (!k.strong &&
        std::none_of(m.begin(), m.end(), [&](size_t x) { return lines_[x].candidate->line > 0; }) &&
        std::any_of(m.begin(), m.end(), crawl_numbered))
      k.accepted.assign(m.size(), false);
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

  // `text` without a bracketed group that ends it, a part's or page's mark (`（一）`, `(上)`,
  // `（2/3）`: a few characters); `text` itself when it ends otherwise.
  static std::string_view without_part_mark(std::string_view text) {
    constexpr std::size_t kMaxMark = 12;  // bytes inside the brackets: （十二）, (12/12)
    if (text.empty()) return text;
    std::size_t end = text.size();
    char32_t close = utf8::previous(text, &end);
    char32_t open = opening_bracket(close, kParenBrackets);
    if (!open) return text;
    std::string opener;
    utf8::append(&opener, open);
    std::size_t at = text.rfind(opener, end);
    if (at == std::string_view::npos || at == 0 || end - at - opener.size() > kMaxMark) return text;
    return utf8::trim(text.substr(0, at));
  }

  // Whether b is the next part of the chapter a opens (`第一章 斗罗大陆，异界唐三（一）`, then
  // `（二）`): the same number, and the same words once their part marks are off.
  bool next_part(const Line& a, const Line& b) const {
    if (a.shape.number != b.shape.number) return false;
    std::string_view x = without_part_mark(a.candidate->text);
    std::string_view y = without_part_mark(b.candidate->text);
    return (x.size() < a.candidate->text.size() || y.size() < b.candidate->text.size()) &&
           utf8::without_spaces(x) == utf8::without_spaces(y);
  }

  bool qualifies(const KeyStats& k) const {
    // Numbers that do not run (第十三卷 on every line of a crawl) name a volume, not chapters.
    // (The parts of one chapter, its number on each, count once.)
    // (Numbers that rise at every heading, however far apart, are chapters all the same: a
    // folder that holds a few of a book's chapters, 第1章 … 第134章 … 第1002章.)
    size_t numbered = 0;
    bool rising = true;
    const Line* last = nullptr;
    for (size_t j = 0; j < k.members.size(); ++j) {
      const Line& l = lines_[k.members[j]];
      if (!k.accepted[j] || !l.shape.number) continue;
      bool part = last && next_part(*last, l);
      numbered += !part;
      if (last && !part) rising = rising && *l.shape.number > *last->shape.number;
      last = &l;
    }
    bool runs = numbered <= 3 || k.runs * 10 >= numbered * 3 || (rising && k.strong);
    // A strong heading after a name (彭公案 第二回) stands only where the book repeats the name
    // before its headings: once, it may be a line of the story (他说 第三章 …).
    if (k.strong) return accepted_count(k) >= (k.named ? kMinNamedHeadings : 1) && runs;
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
      // On a tie the headings without a name before them (a crawl's 下一章：第四章 … at each
      // chapter's end is no heading), then the scheme whose lines come first: a heading comes
      // before its echo (1 科学边界, then 1 and 科学边界 opening the chapter's text).
      auto rank = [this](const KeyStats& x) {
        return std::make_tuple(x.score, accepted_count(x), !x.named, x.strong,
                               x.kind == HeadingKind::kChapter, ~x.first);
      };
      if (!best || rank(k) > rank(*best)) {
        best = &k;
        chapter_key_ = key;
      }
    }
    if (!best) return;
    chapter_keys_.insert(chapter_key_);
    // Markdown's heading mark on the chapters' headings (`## 第一章 陨落的天才`) marks the book's
    // other sections as headings too (`## 上架感言`, `## 人物出场表`): lines of the same mark and
    // a title without a number, each with story after it, are headings of the book's own markup.
    // So does any ornament a site sets before every heading: 晋江's export writes ☆、第121章 …
    // and, for the chapters its author left unnumbered, ☆、天官赐福 (an unseen 天官赐福: its
    // first 120 chapters were run into its blurb).
    const std::size_t marks = chapter_key_.find('|');
    const auto& ornaments = heading_words().ornaments;
    if (marks > 0 && marks != std::string::npos &&
        std::find(ornaments.begin(), ornaments.end(), chapter_key_.substr(0, marks)) !=
            ornaments.end()) {
      auto sections = keys_.find("ornament|" + chapter_key_.substr(0, marks));
      if (sections != keys_.end() && sections->second.score > 0) {
        chapter_keys_.insert(sections->first);
        // (Not a page's button the crawl kept with its mark: ## <<---展开全部章节--->>.)
        KeyStats& k = sections->second;
        for (std::size_t j = 0; j < k.members.size(); ++j) {
          std::string_view text = lines_[k.members[j]].candidate->text;
          std::string folded = residue_fold(text.substr(std::min(text.size(), marks)));
          if (SiteWords::builtin().weight(folded) >= 2) k.accepted[j] = false;
        }
      }
    }
    // The other way round: a book whose chapters are Markdown headings of a title alone (`##
    // 大嫂借种`, `## 勾引`) marks every chapter so, a title that opens with a number too (`## 247
    // 浴室下室种 3`, whose numbers run in no sequence a scheme of their own would need).
    // So does an ornament's (☆、天官赐福 first, then ☆、第121章 …).
    if (chapter_key_.starts_with("ornament|") &&
        std::find(ornaments.begin(), ornaments.end(),
                  chapter_key_.substr(std::string_view("ornament|").size())) != ornaments.end()) {
      std::string marks = chapter_key_.substr(std::string_view("ornament|").size());
      for (auto& [key, k] : keys_) {
        if (!key.starts_with(marks + "|") || k.score == 0 || k.kind != HeadingKind::kChapter)
          continue;
        chapter_keys_.insert(key);
        // (Each of its lines, out of sequence or not: the mark, not the number, makes it one.)
        for (std::size_t j = 0; j < k.members.size(); ++j) {
          const Line& l = lines_[k.members[j]];
          if (!l.echo && !l.block) k.accepted[j] = true;
        }
      }
    }
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
      add_parts_above(*best);
    }
  }

  // A numbered scheme of parts above the chapters (务虚笔记: 一、写作之夜, then its sections １ to
  // ７; 二、残疾与爱情, then ８ …, the sections numbered across the parts): each of its headings
  // stands right above a chapter heading (within kEchoReach: its echo or a site's line may sit
  // between), its numbers rise, and the chapters are more. Its headings are the volumes.
  void add_parts_above(const KeyStats& chapters) {
    constexpr size_t kMinParts = 2;
    for (auto& [key, k] : keys_) {
      if (chapter_keys_.count(key) || volume_keys_.count(key) || k.kind != HeadingKind::kChapter)
        continue;
      std::vector<size_t> parts;
      std::optional<long long> previous;
      bool above = true;
      for (size_t j = 0; j < k.members.size() && above; ++j) {
        const Line& l = lines_[k.members[j]];
        if (l.echo || l.block) continue;
        auto next =
            std::upper_bound(chapters.members.begin(), chapters.members.end(), k.members[j]);
        // (Not the echo of the chapter heading just before it, its number again.)
        const bool echoes = next != chapters.members.begin() &&
                            lines_[*std::prev(next)].file == l.file &&
                            lines_[*std::prev(next)].shape.number == l.shape.number &&
                            story(lines_[*std::prev(next)], l) <= kEchoReach;
        above = l.shape.number && !echoes && (!previous || *l.shape.number > *previous) &&
                next != chapters.members.end() && lines_[*next].file == l.file &&
                story(l, lines_[*next]) <= kEchoReach;
        previous = l.shape.number;
        parts.push_back(j);
      }
      if (!above || parts.size() < kMinParts || parts.size() * 2 > accepted_count(chapters))
        continue;
      volume_keys_.insert(key);
      for (size_t j : parts) k.accepted[j] = true;
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

  const std::vector<const FileCandidates*>& files_;
  std::vector<Line> lines_;
  std::uint64_t total_ = 0;
  std::map<std::string, KeyStats> keys_;
  std::string chapter_key_;
  std::set<std::string> chapter_keys_, volume_keys_;
};

}  // namespace

std::string FileStructure::digest() const {
  std::string d;
  for (const LineDecision& l : lines) {
    d += std::to_string(l.line) + ":" + std::to_string(static_cast<int>(l.role)) + ":" +
         std::to_string(l.chapter_offset) + ":" + (l.number ? std::to_string(*l.number) : "-") +
         ":" + l.warning_rule + ":" + l.text + ";";
  }
  return d + "|" + note_title;
}

namespace {

// A file without heading lines breaks its chapters with wider gaps than its paragraphs
// have (a classic saved from a page per chapter: three blank lines between chapters, one
// between paragraphs). Taken only where such gaps are several and the text between them
// runs like chapters (kMinBreakChapter characters and more, for most of them).
constexpr size_t kMinBreaks = 3;
constexpr std::uint64_t kMinBreakChapter = 800;

void add_blank_breaks(const FileCandidates& file, FileStructure* out) {
  int wide = file.usual_blanks + 2;
  std::vector<const BlankBreak*> breaks;
  for (const BlankBreak& b : file.breaks)
    if (b.blanks >= wide) breaks.push_back(&b);
  if (breaks.size() < kMinBreaks) return;
  // The text from each break to the next (the last to the file's end).
  std::vector<std::uint64_t> sizes;
  for (size_t k = 0; k < breaks.size(); ++k)
    sizes.push_back((k + 1 < breaks.size() ? breaks[k + 1]->before : file.chars) -
                    breaks[k]->before);
  std::vector<std::uint64_t> sorted = sizes;
  std::sort(sorted.begin(), sorted.end());
  if (sorted[sorted.size() / 2] < kMinBreakChapter) return;
  for (const BlankBreak* b : breaks) {
    LineDecision d;
    d.line = b->line;
    d.role = LineRole::kBreak;
    out->lines.push_back(d);
  }
  std::sort(out->lines.begin(), out->lines.end(),
            [](const LineDecision& a, const LineDecision& b) { return a.line < b.line; });
}

// A book of files without headings, named by a number that orders them and a title
// ("0001_张翼德怒鞭督邮.txt"): each file's chapter takes the title of its name. Only when most
// names are so (a hash or a bare number is no title).
void name_files_by_their_titles(const std::vector<std::string>& stems, BookStructure* out) {
  std::vector<std::string> titles(stems.size());
  size_t titled = 0;
  for (size_t f = 0; f < stems.size(); ++f) {
    std::string_view stem = utf8::trim(stems[f]);
    size_t start = file_order_prefix(stem);
    std::string_view title = utf8::trim(stem.substr(start));
    if (start == 0 || title.empty() || utf8::length(title) > 40) continue;
    if (!has_ideograph(title)) continue;
    titles[f] = std::string(title);
    ++titled;
  }
  if (titled * 2 < stems.size() || titled < 2) return;
  for (size_t f = 0; f < stems.size(); ++f) {
    bool opens = false;
    for (const LineDecision& d : out->files[f].lines)
      opens |= d.role == LineRole::kChapter || d.role == LineRole::kVolume;
    if (!opens && !titles[f].empty()) out->files[f].note_title = titles[f];
  }
}

// In a book of files that open with their chapter's heading (most of them, and three or more),
// a file without one opens with its title all the same, of no heading's shape: 释名 before the
// essay after 天龙八部's last chapter, 后记, 写在最后. Marked for the order stage, which reads
// the line once the book's running headers are gone (a title line over the page is no title).
void title_files_by_their_first_line(const std::vector<const FileCandidates*>& files,
                                     BookStructure* out) {
  constexpr size_t kMinFiles = 3;
  size_t opening = 0, numbered = 0;
  std::vector<bool> headless(files.size(), false);
  for (size_t f = 0; f < files.size(); ++f) {
    const std::vector<LineDecision>& lines = out->files[f].lines;
    bool opens = false, any = false;
    for (const LineDecision& d : lines)
      numbered += d.number && (d.role == LineRole::kChapter || d.role == LineRole::kVolume);
    for (const LineDecision& d : lines) {
      if (d.role != LineRole::kChapter && d.role != LineRole::kVolume) continue;
      any = true;
      // The first decision stands on the file's first line (or is its name).
      const auto& c = files[f]->lines;
      auto it = std::find_if(c.begin(), c.end(),
                             [&](const HeadingCandidate& x) { return x.line == d.line; });
      opens = d.line == 0 || (it != c.end() && it->before == 0);
      break;
    }
    opening += opens;
    headless[f] = !any && out->files[f].note_title.empty() && files[f]->chars > 0;
  }
  // (Or in a book of files none of which holds a numbered heading: each may open with its title,
  // of no heading's shape, 风起青萍 over 0001.txt's text, 小园中 after a file that opens with 前言;
  // the order stage takes them only when most do.)
  if (files.size() < kMinFiles || (opening * 3 < files.size() * 2 && numbered > 0)) return;
  for (size_t f = 0; f < files.size(); ++f)
    if (headless[f]) out->files[f].first_line_title = true;
}

}  // namespace

CandidateShapes parse_candidate_shapes(const std::vector<const FileCandidates*>& files) {
  CandidateShapes shapes(files.size());
  parallel_for(files.size(), 0, [&](size_t f) {
    const std::vector<HeadingCandidate>& lines = files[f]->lines;
    shapes[f].resize(lines.size());
    for (size_t k = 0; k < lines.size(); ++k) {
      CandidateShape& s = shapes[f][k];
      s.whole = lines[k].line == 0 ? parse_file_name_shape(lines[k].text)
                                   : parse_heading_shape(lines[k].text);
      if (s.whole && s.whole->chapter_offset)
        s.inner =
            parse_heading_shape(std::string_view(lines[k].text).substr(s.whole->chapter_offset));
    }
  });
  return shapes;
}

namespace {

// Chapter headings that lost their marker (第1490 贯穿历史的鸣响！ after 第1489章 …), in a
// book whose chapters are 第N + a marker: a candidate line whose number is the last chapter's
// number plus one, in reading order, opens the next chapter.
void add_markerless_chapters(const std::vector<const FileCandidates*>& files, BookStructure* out) {
  if (!out->chapters.starts_with("第N") || files.size() != out->files.size()) return;
  std::optional<long long> last;
  for (size_t f = 0; f < files.size(); ++f) {
    std::vector<LineDecision>& decisions = out->files[f].lines;
    std::vector<LineDecision> added;
    size_t d = 0;
    for (const HeadingCandidate& c : files[f]->lines) {
      for (; d < decisions.size() && decisions[d].line <= c.line; ++d)
        if (decisions[d].role == LineRole::kChapter && decisions[d].number &&
            decisions[d].place == HeadingPlace::kBody)
          last = decisions[d].number;
      if (d > 0 && decisions[d - 1].line == c.line) continue;  // decided already
      auto number = markerless_chapter_number(c.text);
      if (!number || !last || *number != *last + 1) continue;
      // A chapter's worth of story follows it before the next heading decided, whose number is
      // not its own (第6 天 just above 第6章 is story).
      std::uint64_t until = files[f]->chars;
      if (d < decisions.size()) {
        if (decisions[d].number == number) continue;
        for (const HeadingCandidate& next : files[f]->lines)
          if (next.line == decisions[d].line) until = next.before;
      }
      if (until < c.before + c.length + kMinStory) continue;
      LineDecision chapter;
      chapter.line = c.line;
      chapter.role = LineRole::kChapter;
      chapter.number = number;
      added.push_back(chapter);
      last = number;
    }
    if (added.empty()) continue;
    decisions.insert(decisions.end(), added.begin(), added.end());
    std::stable_sort(decisions.begin(), decisions.end(),
                     [](const LineDecision& a, const LineDecision& b) { return a.line < b.line; });
  }
}

// Whether a line of this shape opens with a bracketed number alone (〔１〕, ［2］, [3]): a note's
// mark as much as a heading's.
bool opens_with_note_mark(const HeadingShape& shape) {
  for (const auto& [open, close] : kNoteBrackets)
    if (shape.key.find("|" + std::string(open) + "bare") != std::string::npos) return true;
  return false;
}

// An annotated edition (鲁迅's 野草: 秋　　夜〔１〕 … 大欢喜〔３〕 …, then
// 〔１〕　本篇最初发表于…): the lines that open with a bracketed number are its notes where the
// text refers to such numbers inside its lines as often as they stand at a line's start. No
// heading, then: made headings, the notes' first lines were chapter titles and the pieces ran
// together under them.
void drop_note_lines(const std::vector<const FileCandidates*>& files, CandidateShapes* shapes) {
  std::uint64_t marks = 0, notes = 0;
  for (size_t f = 0; f < files.size(); ++f) {
    marks += files[f]->note_marks;
    for (const CandidateShape& s : (*shapes)[f]) notes += s.whole && opens_with_note_mark(*s.whole);
  }
  if (notes == 0 || marks < std::max<std::uint64_t>(2, notes)) return;
  for (std::vector<CandidateShape>& file : *shapes)
    for (CandidateShape& s : file)
      if (s.whole && opens_with_note_mark(*s.whole)) s = CandidateShape{};
}

}  // namespace

BookStructure decide_structure(const std::vector<const FileCandidates*>& files,
                               const std::vector<std::string>& stems) {
  CandidateShapes shapes = parse_candidate_shapes(files);
  drop_note_lines(files, &shapes);
  BookStructure out = Inference(files, shapes).run();
  add_markerless_chapters(files, &out);
  add_unnumbered_volumes(files, shapes, &out);
  add_back_matter_headings(files, &out);
  add_listed_titles(files, &out);
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
  } else if (stems.size() == files.size() && out.chapters.empty()) {
    name_files_by_their_titles(stems, &out);
  }
  if (!out.chapters.empty() || files.size() > 1) title_files_by_their_first_line(files, &out);
  if (out.chapters.empty()) {
    size_t before = 0, after = 0;
    for (size_t f = 0; f < out.files.size(); ++f) {
      const size_t had = out.files[f].lines.size();
      add_blank_breaks(*files[f], &out.files[f]);
      before += had;
      after += out.files[f].lines.size();
      // Each such chapter may open with its title, of no heading's shape (风起青萍 after the
      // gap): the order stage takes them when most do.
      if (out.files[f].lines.size() > had) out.files[f].first_line_title = true;
    }
    if (after > before) {
      out.chapters = "blank-line gaps";
      out.evidence = std::to_string(after - before) +
                     " chapter(s) opened by a wider gap of blank lines than the paragraphs have "
                     "(no heading lines)";
    }
  }
  return out;
}

}  // namespace novelbind
