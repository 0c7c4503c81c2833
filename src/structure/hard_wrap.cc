#include "structure/hard_wrap.h"

#include <algorithm>
#include <vector>

#include "base/site_text.h"
#include "base/utf8.h"

namespace novelbind {
namespace {

constexpr std::size_t kMinLines = 40;      // lines with text, for a file to be judged at all
constexpr std::size_t kMinFullLines = 20;  // lines that fill the width
constexpr std::size_t kMaxWidth = 400;     // columns counted; a wider line counts as this

// How far short of the width a line may end and still fill it: a wrapper that would not break
// a word or put punctuation first stops short, and a file indented again after it was
// wrapped has its paragraphs' first lines shorter by the old indent (越女剑: 35 characters,
// the lines after them 37).
std::size_t slack(const WrapWidth& wrap) {
  return wrap.columns ? 6 : 3;
}

// The width of `line`: its characters, or its columns (ASCII one, any other character two,
// as a GBK text tool counted bytes).
std::size_t width(std::string_view line, bool columns) {
  std::size_t w = 0;
  for (unsigned char c : line) {
    if (c < 0x80)
      ++w;
    else if (c >= 0xC0)
      w += columns ? 2 : 1;
  }
  return std::min(w, kMaxWidth);
}

bool starts_indented(std::string_view line) {
  return line.starts_with(' ') || line.starts_with('\t') || line.starts_with("\u3000") ||
         line.starts_with("\u00A0");
}

// Whether a line ends where a sentence, a quotation or a bracket does, or where a paragraph
// may: after a colon (`词曰：`, a verse on the lines after it), a decoration's last mark.
bool ends_sentence(std::string_view trimmed) {
  if (trimmed.empty()) return true;
  std::size_t end = trimmed.size();
  switch (utf8::previous(trimmed, &end)) {
    case U'。':
    case U'！':
    case U'？':
    case U'…':
    case U'.':
    case U'!':
    case U'?':
    case U'”':
    case U'’':
    case U'」':
    case U'』':
    case U'"':
    case U'\'':
    case U'）':
    case U')':
    case U'】':
    case U'》':
    case U'〕':
    case U'～':
    case U'~':
    case U'：':
    case U':':
    case U'*':
    case U'＊':
    case U'-':
    case U'=':
    case U'＝':
      return true;
    default:
      return false;
  }
}

// Whether a line ends with an inner quotation's closing mark (』’): one that closes inside an
// outer quotation. (An outer one, 」”, may end a paragraph of a speech that runs on over
// several, the next opening its quotation again: no sign of a continued line.)
bool ends_inner_quote(std::string_view trimmed) {
  return trimmed.ends_with("』") || trimmed.ends_with("’");
}

// Whether a line opens with punctuation that no paragraph opens with: what a wrapper that
// breaks anywhere put at the start of the next line.
bool opens_with_closing(std::string_view trimmed) {
  if (trimmed.empty()) return false;
  std::size_t i = 0;
  switch (utf8::next(trimmed, &i)) {
    case U'，':
    case U'。':
    case U'、':
    case U'：':
    case U'；':
    case U'！':
    case U'？':
    case U'”':
    case U'’':
    case U'」':
    case U'』':
    case U'）':
    case U'》':
    case U',':
      return true;
    default:
      return false;
  }
}

// Paragraphs ended by a short line before a blank one that make a file's paragraphs set apart
// by blank lines (WrapWidth::blank_separated): at least this many.
constexpr std::size_t kMinBlankParagraphs = 10;

struct WrappedLine {
  std::string_view text;  // right-trimmed, with its indent
  int number = 0;
};

// One measure of a file's lines: each line's width, how many lines have each, and the wrapping
// they show (see find_wrap_width), with the lines that fill it.
struct Measured {
  WrapWidth wrap;
  std::size_t full = 0;
  std::vector<std::size_t> widths;  // by line
  std::vector<std::size_t> count;   // by width
};

// The width of one measure at which the most lines end (within the slack), when it is a
// wrapping's: see find_wrap_width.
std::optional<Measured> measure(const std::vector<WrappedLine>& lines, bool columns) {
  Measured m;
  m.wrap.columns = columns;
  m.count.assign(kMaxWidth + 1, 0);
  m.widths.resize(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i)
    ++m.count[m.widths[i] = width(lines[i].text, columns)];
  // (The narrowest width a wrapping is looked for at: 20 Chinese characters. Verse, whose
  // lines are of one length too, is narrower.)
  const std::size_t narrowest = columns ? 40 : 20;
  std::size_t best = 0, best_count = 0;
  for (std::size_t w = narrowest; w < kMaxWidth; ++w) {
    std::size_t c = 0;
    for (std::size_t k = w - slack(m.wrap); k <= w; ++k) c += m.count[k];
    if (c >= best_count) best = w, best_count = c;
  }
  const std::size_t n = lines.size();
  if (best_count < kMinFullLines || best_count * 4 < n) return std::nullopt;
  m.wrap.width = best;
  std::size_t longer = 0, ending = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (m.widths[i] > best + slack(m.wrap)) ++longer;
    if (m.widths[i] + slack(m.wrap) >= best && m.widths[i] <= best &&
        ends_sentence(utf8::trim(lines[i].text)))
      ++ending;
  }
  // Hardly a line beyond the width, and most full lines in the middle of a sentence.
  if (longer * 20 > n || ending * 2 > best_count) return std::nullopt;
  m.full = best_count;
  return m;
}

// WrapWidth::continued: the most common width of the full lines is the continued lines'; an
// indent's less is the first lines' when ten lines and a twentieth as many or more have it, and
// most lines of the one width come after a full line that breaks a sentence (they continue it)
// while most of the other come after a line that is not full, or ends one (they open a paragraph).
std::size_t continued_width(const std::vector<WrappedLine>& lines, const Measured& m) {
  const WrapWidth& wrap = m.wrap;
  const std::size_t indent = wrap.columns ? 4 : 2;
  const std::vector<std::size_t>& count = m.count;
  const std::vector<std::size_t>& widths = m.widths;
  std::size_t top = wrap.width;
  for (std::size_t w = wrap.width - slack(wrap); w <= wrap.width + slack(wrap) && w < kMaxWidth;
       ++w)
    if (count[w] > count[top]) top = w;
  const std::size_t first = top - indent;
  if (count[first] < 10 || count[first] * 20 < count[top]) return 0;
  std::size_t top_after_break = 0, first_after_end = 0;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (widths[i] != top && widths[i] != first) continue;
    const WrappedLine& before = lines[i - 1];
    bool after_break = before.number + 1 == lines[i].number && fills_width(before.text, wrap) &&
                       !ends_sentence(utf8::trim(before.text));
    if (widths[i] == top) top_after_break += after_break;
    if (widths[i] == first) first_after_end += !after_break;
  }
  if (top_after_break * 5 < count[top] * 3 || first_after_end * 5 < count[first] * 3) return 0;
  return top;
}

}  // namespace

std::optional<WrapWidth> find_wrap_width(std::string_view text) {
  std::vector<WrappedLine> lines;
  int number = 0;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++number;
    std::string_view line = utf8::trim_end(text.substr(start, end - start));
    start = end + 1;
    if (!utf8::trim(line).empty()) lines.push_back({line, number});
  }
  if (lines.size() < kMinLines) return std::nullopt;
  // A cheap look first, in bytes: a wrapped file has a quarter of its lines within a few bytes
  // of one length.
  {
    std::vector<std::size_t> bytes(lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) bytes[i] = lines[i].text.size();
    std::sort(bytes.begin(), bytes.end());
    std::size_t most = 0;
    for (std::size_t i = 0, j = 0; j < bytes.size(); ++j) {
      while (bytes[j] - bytes[i] > 9) ++i;
      most = std::max(most, j - i + 1);
    }
    if (most * 4 < lines.size()) return std::nullopt;
  }
  std::optional<Measured> columns = measure(lines, true);
  std::optional<Measured> characters = measure(lines, false);
  if (!columns && !characters) return std::nullopt;
  const Measured& m =
      columns && (!characters || columns->full >= characters->full) ? *columns : *characters;
  std::optional<WrapWidth> wrap = m.wrap;
  // Where the lines after a full line that breaks a sentence carry no indent, and the lines
  // after a short one (a paragraph's first) do, the indent tells the paragraphs apart.
  std::size_t continued = 0, continued_flush = 0, opened = 0, opened_indented = 0;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    if (lines[i + 1].number != lines[i].number + 1) continue;
    bool flush = !starts_indented(lines[i + 1].text);
    if (fills_width(lines[i].text, *wrap)) {
      if (ends_sentence(utf8::trim(lines[i].text))) continue;
      ++continued;
      continued_flush += flush;
    } else {
      ++opened;
      opened_indented += !flush;
    }
  }
  wrap->continuations_unindented = continued > 0 && continued_flush * 10 >= continued * 9 &&
                                   opened >= 5 && opened_indented * 5 >= opened * 4;
  wrap->continued = continued_width(lines, m);
  // Paragraphs set apart by blank lines: the lines short of the width (paragraphs' ends) are
  // followed by a blank line, and the full ones by text.
  std::size_t short_lines = 0, short_then_blank = 0, full_lines = 0, full_then_text = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool blank_after = i + 1 == lines.size() || lines[i + 1].number != lines[i].number + 1;
    if (fills_width(lines[i].text, *wrap)) {
      ++full_lines;
      full_then_text += !blank_after;
    } else {
      ++short_lines;
      short_then_blank += blank_after;
    }
  }
  wrap->blank_separated = short_lines >= kMinBlankParagraphs &&
                          short_then_blank * 10 >= short_lines * 9 &&
                          full_then_text * 5 >= full_lines * 4;
  return wrap;
}

bool fills_width(std::string_view line, const WrapWidth& wrap) {
  std::size_t w = width(utf8::trim_end(line), wrap.columns);
  return w + slack(wrap) >= wrap.width && w <= wrap.width + slack(wrap);
}

bool continues_wrapped(std::string_view paragraph, std::string_view line, std::string_view next,
                       const WrapWidth& wrap) {
  std::string_view text = utf8::trim(next);
  if (text.empty()) return false;
  if (wrap.blank_separated) return true;
  if (wrap.continuations_unindented) return !starts_indented(next);
  std::string_view end = utf8::trim(line);
  if (!ends_sentence(end) || opens_with_closing(text) ||
      (ends_inner_quote(end) && quoted_bytes(paragraph).back()))
    return true;
  // A speech's tag that filled the line, its quotation on the next (…勾践道： / “好，你去传文大夫
  // 来。”, an unseen 越女剑 whose every line is indented): a verse after a colon opens with no
  // quotation mark.
  if ((end.ends_with("：") || end.ends_with(":")) &&
      (text.starts_with("“") || text.starts_with("「") || text.starts_with("\"")))
    return true;
  // (Of the continued lines' width, give or take a character: not of the first lines'.)
  const std::size_t w = width(utf8::trim_end(next), wrap.columns);
  return wrap.continued > 0 && w + (wrap.columns ? 2 : 1) >= wrap.continued &&
         w <= wrap.continued + slack(wrap);
}

}  // namespace novelbind
