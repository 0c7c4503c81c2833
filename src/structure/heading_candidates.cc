#include "structure/heading_candidates.h"

#include <algorithm>

#include "base/byte_scan.h"
#include "base/cjk_text.h"
#include "base/site_text.h"
#include "base/utf8.h"
#include "structure/heading_numeral.h"
#include "structure/heading_shape.h"
#include "structure/heading_title.h"
#include "structure/heading_words.h"

namespace novelbind {
namespace {

// Lines longer than this are never a title standing apart.
constexpr size_t kMaxApartTitle = 30;
// Title lines after an end mark (天龙八部 金庸 释名) are read up to this many.
constexpr size_t kMaxEndBlock = 4;
// Blank-line runs before a line are counted up to this many (and more).
constexpr int kBlankRuns = 4;

std::uint32_t visible_length(std::string_view line) {
  std::uint32_t n = 0;
  for (size_t i = 0; i < line.size();)
    if (!utf8::is_space(utf8::next(line, &i))) ++n;
  return n;
}

// Whether a short line without a heading's shape reads as a title (龙族·火之晨曦, 前传：冰海王座)
// rather than a line of story, dialogue or site residue.
bool reads_as_title(std::string_view t) {
  if (utf8::length(t) > kMaxApartTitle) return false;
  if (t.find("://") != std::string_view::npos || t.find("www") != std::string_view::npos)
    return false;
  // A line wrapped in brackets is a note (（本章完）, 【求月票】), not a title.
  size_t first_end = 0;
  char32_t first = utf8::next(t, &first_end);
  if (std::u32string_view(U"（(【[〔［〖").find(first) != std::u32string_view::npos) return false;
  bool letters = false;
  char32_t last = 0;
  for (size_t i = 0; i < t.size();) {
    char32_t c = utf8::next(t, &i);
    // Quotation marks open dialogue; a full stop, anywhere, makes a sentence.
    if (std::u32string_view(U"“”「」『』\"。！？!?").find(c) != std::u32string_view::npos)
      return false;
    letters |= (c >= 0x3400 && c <= 0x9FFF) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    last = c;
  }
  return letters &&
         std::u32string_view(U"，；：,;:…—～~、").find(last) == std::u32string_view::npos;
}

std::uint8_t blank_count(int blanks) {
  return static_cast<std::uint8_t>(std::min(blanks, 255));
}

bool is_ascii_digit(char32_t c) {
  return c >= '0' && c <= '9';
}

bool is_sentence_mark(char32_t c) {
  return std::u32string_view(U"。！？!?，,；;“”「」『』\"").find(c) != std::u32string_view::npos;
}

// Longest title between a glued heading's number and its repeat.
constexpr size_t kMaxGluedTitle = 30;

}  // namespace

std::optional<GluedHeading> glued_heading(std::string_view t) {
  // The number, the title, the number again.
  size_t i = 0;
  while (i < t.size() && is_ascii_digit(static_cast<unsigned char>(t[i]))) ++i;
  std::string_view number = t.substr(0, i);
  if (!number.empty() && number.size() <= 5 && number[0] != '0') {
    size_t title_start = i, chars = 0;
    for (size_t k = i; k < t.size() && chars <= kMaxGluedTitle; ++chars) {
      if (k > title_start && t.substr(k, number.size()) == number &&
          (k + number.size() >= t.size() ||
           !is_ascii_digit(static_cast<unsigned char>(t[k + number.size()])))) {
        // (The number of a whole heading after a site's sequence number is no repeat:
        // 238.第238章 继承者.)
        if (t.substr(0, k).ends_with("第")) break;
        size_t text = skip_spaces(t, k + number.size());
        if (text >= t.size() || visible_length(t.substr(text)) < 2) break;
        if (!parse_heading_shape(utf8::trim(t.substr(0, k)))) break;
        return GluedHeading{k, text};
      }
      char32_t c = utf8::next(t, &k);
      if (is_sentence_mark(c) || is_ascii_digit(c)) break;
    }
  }
  // A heading's shape, a run of spaces, a sentence.
  size_t chars = 0;
  for (size_t k = 0; k < t.size() && chars <= kMaxGluedTitle; ++chars) {
    size_t next = k;
    if (!utf8::is_space(utf8::next(t, &next))) {
      k = next;
      continue;
    }
    size_t end = skip_spaces(t, k);
    std::string_view head = t.substr(0, k), rest = t.substr(end);
    size_t spaces = utf8::length(t.substr(k, end - k));
    k = end;
    // (A bracket that ends the line is read without: 八　虎啸龙吟(求月票！) is a heading whose
    // site addition holds the mark, not a sentence.)
    std::string_view core = rest;
    if (auto group = trailing_group(rest)) core = utf8::trim(rest.substr(0, group->open));
    if (spaces < 2 || core.empty() || utf8::length(core) < 10) continue;
    bool sentence = false;
    for (size_t m = 0; m < core.size() && !sentence;)
      sentence =
          std::u32string_view(U"。！？!?").find(utf8::next(core, &m)) != std::u32string_view::npos;
    if (!sentence) continue;
    auto shape = parse_heading_shape(head);
    if (shape && !shape->contents_label) return GluedHeading{head.size(), end};
  }
  return std::nullopt;
}

std::optional<InnerHeading> inner_heading(std::string_view t) {
  // (Most lines hold no 第 after a run of spaces: looked for by bytes first.)
  for (size_t at = t.find("第", 1); at != std::string_view::npos; at = t.find("第", at + 1)) {
    // A run of two spaces or more (full-width count as two) before it.
    size_t run = at, spaces = 0;
    while (run > 0) {
      size_t k = run;
      char32_t c = utf8::previous(t, &k);
      if (!utf8::is_space(c)) break;
      spaces += c == U'　' ? 2 : 1;
      run = k;
    }
    if (spaces < 2 || run == 0) continue;
    // After a sentence's end (a quotation's close after it too).
    size_t k = run;
    char32_t last = utf8::previous(t, &k);
    while (k > 0 && std::u32string_view(U"”」』’\"）)").find(last) != std::u32string_view::npos)
      last = utf8::previous(t, &k);
    if (std::u32string_view(U"。！？!?…").find(last) == std::u32string_view::npos) continue;
    // The heading: the longest start of the rest, up to a run of two spaces or more (or the
    // line's end), of at most kMaxApartTitle characters, no sentence, with a chapter's shape
    // (第四章  源纹的力量, not 第四章 alone when a title follows it).
    std::string_view rest = t.substr(at);
    std::optional<InnerHeading> found;
    size_t chars = 0;
    for (size_t k = 0; k <= rest.size() && chars <= kMaxApartTitle;) {
      size_t end = k;
      size_t gap = 0;
      if (k < rest.size()) {
        size_t m = k;
        char32_t c = utf8::next(rest, &m);
        if (std::u32string_view(U"。！？!?“”「」\"").find(c) != std::u32string_view::npos) break;
        if (!utf8::is_space(c)) {
          k = m;
          ++chars;
          continue;
        }
        size_t after = skip_spaces(rest, k);
        for (size_t q = k; q < after;) gap += utf8::next(rest, &q) == U'　' ? 2 : 1;
        if (gap < 2) {
          k = after;
          continue;
        }
        k = after;
      } else {
        k = rest.size() + 1;
      }
      auto shape = parse_heading_shape(utf8::trim(rest.substr(0, end)));
      if (shape && !shape->contents_label && !shape->keyword &&
          shape->kind == HeadingKind::kChapter)
        found = InnerHeading{run, at, at + end, at + std::min(k, rest.size())};
    }
    if (found) return found;
  }
  return std::nullopt;
}

std::optional<long long> markerless_chapter_number(std::string_view line) {
  constexpr size_t kMaxTitle = 24;  // code points
  if (!line.starts_with("第") || line.size() > 3 * (kMaxTitle + 12)) return std::nullopt;
  const size_t at = std::string_view("第").size();
  std::string numeral;
  const size_t end = read_heading_numeral(line, at, false, &numeral);
  if (end == at) return std::nullopt;
  // A space or colon between the number and the title.
  size_t k = end, n = 0;
  bool separated = false;
  while (k < line.size()) {
    const char32_t c = utf8::decode(line, k, &n);
    if (!utf8::is_space(c) && c != U'：' && c != U':') break;
    separated = true;
    k += n;
  }
  const std::string_view title = line.substr(k);
  const size_t length = utf8::length(title);
  if (!separated || length == 0 || length > kMaxTitle || has_quotation(title) ||
      title.ends_with("。") || title.find("，") != std::string_view::npos)
    return std::nullopt;
  HeadingShape shape;
  set_heading_number(&shape, numeral);
  if (shape.malformed || !shape.number) return std::nullopt;
  return shape.number;
}

bool is_end_mark(std::string_view line) {
  if (line.size() > 40) return false;
  std::string word;
  for (size_t i = 0; i < line.size();) {
    size_t b = i;
    char32_t c = utf8::next(line, &i);
    if (c >= 0x3400 && c <= 0x9FFF) word += line.substr(b, i - b);
  }
  for (const std::string& mark : heading_words().end_marks)
    if (word == mark) return true;
  return false;
}

// A contents block of plain titles: after a contents label (目录), at least kMinListed short
// title lines in a row (a single blank line between them at most), none a sentence; then, after
// the block, each line that is one of its titles again, the first time in the block's order. The
// block's lines are marked kContentsEntry and those lines kListedTitle, as candidates (added,
// or the candidate already at the line marked). Read only when the file has a contents label.
namespace {

constexpr size_t kMinListed = 3;
constexpr size_t kMaxListedTitle = 30;

void mark_listed_titles(std::string_view text, int label_line, FileCandidates* out) {
  struct Line {
    int number;
    std::uint64_t before;
    std::uint32_t visible;
    std::string_view text;
    int blanks;
  };
  std::vector<Line> lines;  // the non-blank lines from the label on
  std::uint64_t chars = 0;
  int number = 0, blanks = 0;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    ++number;
    std::uint32_t visible = visible_length(raw);
    if (visible == 0) {
      ++blanks;
      continue;
    }
    if (number >= label_line) lines.push_back({number, chars, visible, utf8::trim(raw), blanks});
    chars += visible;
    blanks = 0;
  }
  if (lines.empty()) return;
  auto is_entry = [](std::string_view t) {
    return utf8::length(t) <= kMaxListedTitle && utf8::length(t) >= 2 &&
           (reads_as_title(t) || parse_heading_shape(t).has_value());
  };
  // (The block ends where a title comes again: the text's first heading after the list.)
  size_t first = 1, last = first;
  std::vector<std::string> titles;
  while (last < lines.size() && is_entry(lines[last].text) &&
         (last == first || lines[last].blanks <= 1)) {
    std::string bare = utf8::without_spaces(lines[last].text);
    if (std::find(titles.begin(), titles.end(), bare) != titles.end()) break;
    titles.push_back(std::move(bare));
    ++last;
  }
  if (titles.size() < kMinListed) return;
  // Each title again after the block, in the block's order.
  std::vector<std::pair<size_t, std::uint8_t>> marked;  // index into `lines`, listing
  size_t next_title = 0;
  for (size_t i = last; i < lines.size() && next_title < titles.size(); ++i) {
    if (lines[i].text.size() > 4 * kMaxListedTitle) continue;
    std::string bare = utf8::without_spaces(lines[i].text);
    for (size_t k = next_title; k < titles.size(); ++k) {
      if (bare != titles[k]) continue;
      marked.push_back({i, kListedTitle});
      next_title = k + 1;
      break;
    }
  }
  // Most of the block's titles head the text after it: it is the book's contents.
  if (marked.size() < kMinListed || marked.size() * 2 < titles.size()) return;
  for (size_t i = first; i < last; ++i) marked.push_back({i, kContentsEntry});
  for (const auto& [i, listing] : marked) {
    const Line& l = lines[i];
    auto at = std::lower_bound(out->lines.begin(), out->lines.end(), l.number,
                               [](const HeadingCandidate& c, int line) { return c.line < line; });
    if (at != out->lines.end() && at->line == l.number) {
      at->listing = listing;
      continue;
    }
    HeadingCandidate c{l.number, l.before, l.visible, std::string(l.text), blank_count(l.blanks)};
    c.listing = listing;
    out->lines.insert(at, std::move(c));
  }
}

}  // namespace

std::uint32_t count_note_marks(std::string_view text) {
  std::uint32_t marks = 0;
  for (auto [open, close] : kNoteBrackets) {
    for (size_t at = byte_scan::find(text, open); at != std::string_view::npos;
         at = byte_scan::find(text, open, at + open.size())) {
      // Digits, then the closing bracket.
      size_t i = at + open.size(), digits = 0;
      while (i < text.size() && digits <= 3) {
        size_t len = 0;
        const char32_t c = utf8::decode(text, i, &len);
        if (!((c >= U'0' && c <= U'9') || (c >= U'０' && c <= U'９'))) break;
        i += len;
        ++digits;
      }
      if (digits == 0 || digits > 3 || text.substr(i, close.size()) != close) continue;
      // Other text before it on its line.
      size_t line_start = text.rfind('\n', at);
      line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
      if (visible_length(text.substr(line_start, at - line_start)) > 0) ++marks;
    }
  }
  return marks;
}

FileCandidates collect_candidates(std::string_view text, size_t max_length) {
  FileCandidates out;
  std::vector<HeadingCandidate> apart;      // shape-less lines with blank lines before them
  std::vector<HeadingCandidate> end_block;  // title lines after an end mark
  bool in_end_block = false;
  bool seen_end = false;         // an end mark was read
  size_t runs[kBlankRuns] = {};  // non-empty lines by the blank lines before them
  int line_number = 0;
  int blanks = 0;
  int contents_label = 0;  // the line of the file's first contents label
  int last_line = 0;       // the last line that was not blank
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++line_number;
    std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    std::uint32_t visible = visible_length(raw);
    if (visible == 0) {
      ++blanks;
      continue;
    }
    std::string_view t = utf8::trim(raw);
    if (!apart.empty() && apart.back().line == last_line && byline_name(t))
      apart.back().over_byline = true;
    last_line = line_number;
    // After the end mark: the title lines up to the first line of prose, which they head.
    if (in_end_block) {
      // A site's line among them (its address: 请记住本书首发域名：biqu5.com…) or a rule (=====)
      // is neither a title nor the prose they head.
      if ((has_latin_letter(t) && !find_urls(t).empty() && !has_quotation(t)) ||
          !has_word_character(t)) {
        out.chars += visible;
        blanks = 0;
        continue;
      }
      // (Markdown's mark before a title alone, ## 释名, is markup: a title line all the same.)
      auto shape = parse_heading_shape(t);
      bool shaped = shape && shape->key.rfind("ornament|#", 0) != 0;
      if (reads_as_title(t) && !shaped && end_block.size() < kMaxEndBlock) {
        end_block.push_back(
            {line_number, out.chars, visible, std::string(t), blank_count(blanks), true});
        out.chars += visible;
        blanks = 0;
        continue;
      }
      // Prose follows: the block heads it. A heading of its own (后记), more title lines, or
      // the end of the file: the block heads nothing.
      if (!shaped && !reads_as_title(t)) {
        // The heading echoed on the next line (## 释名, then 释名) heads the prose, not its echo.
        auto bare = [](std::string_view s) {
          return utf8::without_spaces(s.substr(std::min(s.find_first_not_of('#'), s.size())));
        };
        size_t n = end_block.size();
        if (n >= 2 && bare(end_block[n - 1].text) == bare(end_block[n - 2].text))
          end_block.pop_back();
        for (HeadingCandidate& c : end_block) out.lines.push_back(std::move(c));
      }
      end_block.clear();
      in_end_block = false;
    }
    const bool past_end = seen_end;
    if (is_end_mark(t)) in_end_block = seen_end = true;
    // A contents label in a long frame ("=====…《神雕侠侣》目录=====…") is one too.
    bool framed = !t.empty() && (t[0] == '=' || t[0] == '-' || t.rfind("＝", 0) == 0);
    bool shaped = false;
    const size_t length = utf8::length(t);
    if (length <= max_length) {
      auto shape = parse_heading_shape(t);
      shaped = shape.has_value();
      if (shape && shape->contents_label && contents_label == 0) contents_label = line_number;
    } else if (framed) {
      auto shape = parse_heading_shape(t);
      shaped = shape && shape->contents_label;
    }
    if (shaped) {
      out.lines.push_back({line_number, out.chars, visible, std::string(t), blank_count(blanks)});
    } else if (auto glued = glued_heading(t);
               glued && parse_heading_shape(t.substr(0, glued->heading_end))) {
      std::string_view head = t.substr(0, glued->heading_end);
      out.lines.push_back(
          {line_number, out.chars, visible_length(head), std::string(head), blank_count(blanks)});
    } else if (auto inner =
                   length > 20 && length >= visible + 2 ? inner_heading(t) : std::nullopt) {
      // (Only a line with spaces inside it, two or more, may hold one: most lines have none.)
      std::string_view head =
          t.substr(inner->heading_start, inner->heading_end - inner->heading_start);
      out.lines.push_back({line_number, out.chars + visible_length(t.substr(0, inner->before_end)),
                           visible_length(head), std::string(utf8::trim(head)),
                           blank_count(blanks)});
    } else if (markerless_chapter_number(t)) {
      out.lines.push_back({line_number, out.chars, visible, std::string(t), blank_count(blanks)});
    } else if (blanks > 0 && out.chars > 0 && reads_as_title(t) && !parse_heading_shape(t)) {
      apart.push_back({line_number, out.chars, visible, std::string(t), blank_count(blanks)});
      apart.back().past_end = past_end;
    }
    if (blanks >= 2 && out.chars > 0)
      out.breaks.push_back({line_number, out.chars, blank_count(blanks)});
    ++runs[std::min(blanks, kBlankRuns - 1)];
    blanks = 0;
    out.chars += visible;
  }
  // The blank lines most paragraphs have before them: a line with more stands apart.
  int usual = static_cast<int>(std::max_element(runs, runs + kBlankRuns) - runs);
  out.usual_blanks = static_cast<std::uint8_t>(usual);
  // The note marks inside lines, counted only where a candidate opens with a bracketed number
  // (most books have none: the scan of the whole text is spared).
  const bool opens_with_bracket =
      std::any_of(out.lines.begin(), out.lines.end(), [](const HeadingCandidate& c) {
        return std::any_of(std::begin(kNoteBrackets), std::end(kNoteBrackets),
                           [&](const auto& b) { return c.text.starts_with(b.first); });
      });
  if (opens_with_bracket) out.note_marks = count_note_marks(text);
  if (apart.empty()) {
    if (contents_label > 0) mark_listed_titles(text, contents_label, &out);
    return out;
  }
  std::vector<HeadingCandidate> merged;
  merged.reserve(out.lines.size() + apart.size());
  size_t h = 0;
  for (size_t a = 0; a < apart.size(); ++a) {
    if (std::min<int>(apart[a].blanks, kBlankRuns - 1) <= usual && !apart[a].over_byline) continue;
    while (h < out.lines.size() && out.lines[h].line < apart[a].line)
      merged.push_back(std::move(out.lines[h++]));
    merged.push_back(std::move(apart[a]));
  }
  while (h < out.lines.size()) merged.push_back(std::move(out.lines[h++]));
  out.lines = std::move(merged);
  if (contents_label > 0) mark_listed_titles(text, contents_label, &out);
  return out;
}

size_t file_order_prefix(std::string_view name) {
  size_t i = 0, digits = 0;
  while (i < name.size() && name[i] >= '0' && name[i] <= '9') ++i, ++digits;
  if (digits == 0 || digits > 6 || i >= name.size()) return 0;
  size_t k = i;
  char32_t mark = utf8::next(name, &k);
  if (!utf8::is_space(mark) &&
      std::u32string_view(U"._-#、．）)").find(mark) == std::u32string_view::npos)
    return 0;
  while (k < name.size()) {
    size_t m = k;
    if (!utf8::is_space(utf8::next(name, &m))) break;
    k = m;
  }
  return k;
}

std::string file_name_heading(std::string_view stem) {
  std::string t(utf8::trim(stem));
  // A copy's mark (第二章 … - 副本, the copy Windows makes beside the file).
  for (std::string_view copy : {" - 副本", " - 复制", " - 複製", " - Copy", " - copy", "副本"})
    if (t.size() > copy.size() && t.ends_with(copy)) {
      t.resize(t.size() - copy.size());
      break;
    }
  // A site's name or address after a separator (…首立功_笔趣阁, … - 顶点小说,
  // …_www.biquge5200.cc).
  for (std::string_view separator : {"_", " - ", "-", "——"}) {
    const std::size_t at = t.rfind(separator);
    if (at == std::string::npos || at == 0) continue;
    const std::string_view after = utf8::trim(std::string_view(t).substr(at + separator.size()));
    if (after.empty()) continue;
    const std::vector<UrlSpan> urls = find_urls(after);
    const bool address = !urls.empty() && utf8::trim(after.substr(urls.front().end)).empty();
    if (address || SiteWords::builtin().weight(residue_fold(after)) >= 2) {
      t.resize(at);
      break;
    }
  }
  // Underscores set a Chinese name's parts apart as spaces do (0001_第一章_甄士隐梦幻识通灵).
  if (has_ideograph(t)) std::replace(t.begin(), t.end(), '_', ' ');
  return std::string(utf8::trim(t));
}

void add_file_name(FileCandidates* file, std::string_view stem, size_t max_length) {
  const std::string named = file_name_heading(stem);
  std::string_view t = named;
  if (t.empty() || utf8::length(t) > max_length) return;
  // A name is a heading when it says so plainly (第三十三章 回营, Chapter 3, 序章), or has a
  // weaker heading's shape and a title (2.走为上策, which the book's scheme must then share); a
  // bare number (001.txt, 12_ab34.txt) only orders the files, also before such a heading
  // (1.第1章 八百年后: the heading is 第1章 八百年后; 0002 2.走为上策: 2.走为上策).
  auto titled = [](std::string_view name, const std::optional<HeadingShape>& s) {
    return s && (s->strong || s->title_offset < name.size());
  };
  auto shape = parse_file_name_shape(t);
  if (!shape || !shape->strong) {
    size_t start = file_order_prefix(t);
    if (start > 0 && start < t.size()) {
      std::string_view rest = t.substr(start);
      auto inner = parse_heading_shape(rest);
      if (titled(rest, inner)) {
        t = rest;
        shape = inner;
      }
    }
  }
  if (!titled(t, shape)) return;
  if (!file->lines.empty() && file->lines.front().before == 0) return;  // the file has its own
  file->lines.insert(file->lines.begin(), HeadingCandidate{0, 0, 0, std::string(t)});
}

}  // namespace novelbind
