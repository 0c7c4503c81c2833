#include "structure/merged_paragraphs.h"

#include "base/cjk_text.h"
#include "base/utf8.h"

namespace novelbind {
namespace {

// A run of this many spaces breaks a line wherever it stands.
constexpr std::size_t kAnyBreak = 4;

bool ends_sentence_or_dash(char32_t cp) {
  return std::u32string_view(U"。！？!?…—").find(cp) != std::u32string_view::npos;
}

// Punctuation that carries a sentence on (or closes one) cannot open a paragraph.
bool continues(char32_t cp) {
  return std::u32string_view(U"，。、；：！？…—,.;:!?”’」』）)】》~～").find(cp) !=
         std::u32string_view::npos;
}

// Whether the text before `end` ends a sentence: a sentence end, with any closing quotes and
// brackets after it.
bool sentence_ends_before(std::string_view line, std::size_t end) {
  while (end > 0) {
    std::size_t k = end;
    char32_t cp = utf8::previous(line, &k);
    if (ends_sentence_or_dash(cp)) return true;
    if (!closes_quote_or_bracket(cp)) return false;
    end = k;
  }
  return false;
}

// A token set off by spaces on both sides inside a sentence: a name or a number padded for
// emphasis (`感谢亲   诅咒家族    的红包！`), not paragraphs joined by a crawl. It is short and
// carries no punctuation.
constexpr std::size_t kPaddedTokenMax = 8;

bool is_punct_or_quote(char32_t cp) {
  return continues(cp) || closes_quote_or_bracket(cp) || ends_sentence_or_dash(cp) ||
         std::u32string_view(U"“‘「『（(【《\"'").find(cp) != std::u32string_view::npos;
}

// Counts the spaces of the run that ends at `end` (going back) or starts at `start`.
std::size_t spaces_before(std::string_view line, std::size_t end) {
  std::size_t n = 0;
  while (end > 0) {
    std::size_t k = end;
    if (!utf8::is_space(utf8::previous(line, &k))) break;
    ++n;
    end = k;
  }
  return end == 0 ? 0 : n;  // spaces that open the line pad nothing
}

// Where the run of spaces that starts at `start` ends; *count, when given, its spaces.
std::size_t space_run_end(std::string_view line, std::size_t start, std::size_t* count = nullptr) {
  std::size_t n = 0;
  while (start < line.size()) {
    std::size_t k = start;
    if (!utf8::is_space(utf8::next(line, &k))) break;
    ++n;
    start = k;
  }
  if (count) *count = n;
  return start;
}

std::size_t spaces_after(std::string_view line, std::size_t start) {
  std::size_t n = 0;
  std::size_t end = space_run_end(line, start, &n);
  return end >= line.size() ? 0 : n;  // trailing spaces pad nothing
}

// Whether the token that ends at `end` is padded: short, no punctuation, two spaces or more
// before it.
bool padded_before(std::string_view line, std::size_t end) {
  std::size_t count = 0;
  while (end > 0) {
    std::size_t k = end;
    char32_t cp = utf8::previous(line, &k);
    if (utf8::is_space(cp)) return count > 0 && spaces_before(line, end) >= 2;
    if (is_punct_or_quote(cp) || ++count > kPaddedTokenMax) return false;
    end = k;
  }
  return false;
}

// Whether the token that starts at `start` is padded: short, no punctuation, two spaces or
// more after it.
bool padded_after(std::string_view line, std::size_t start) {
  std::size_t count = 0;
  while (start < line.size()) {
    std::size_t k = start;
    char32_t cp = utf8::next(line, &k);
    if (utf8::is_space(cp)) return count > 0 && spaces_after(line, start) >= 2;
    if (is_punct_or_quote(cp) || ++count > kPaddedTokenMax) return false;
    start = k;
  }
  return false;
}

// Whether `line` holds kJoinedIndents or more paragraph indents ("　　", two ideographic spaces)
// after its text begins: a page whose paragraphs a crawl joined with their indents kept, after
// whatever each paragraph ended with (…念着几句言词道：　　士隐听了…), and long, as paragraphs
// are. A verse's halves set apart so (床前明月光，　　疑是地上霜。) come once or twice on a line,
// and a short poem's on a line of its own (春眠不觉晓，　　处处闻啼鸟。　　夜来风雨声，　　…).
constexpr std::size_t kJoinedIndents = 3;
constexpr std::size_t kJoinedLength = 150;  // code points
bool joined_by_indents(std::string_view line) {
  constexpr std::string_view kIndent = "\u3000\u3000";
  if (line.size() < kJoinedLength || utf8::length(line) < kJoinedLength) return false;
  std::size_t from = space_run_end(line, 0), found = 0;
  for (std::size_t at = line.find(kIndent, from);
       at != std::string_view::npos && found < kJoinedIndents;
       at = line.find(kIndent, space_run_end(line, at))) {
    if (space_run_end(line, at) >= line.size()) break;  // trailing spaces
    ++found;
  }
  return found >= kJoinedIndents;
}

// Whether a run of spaces between `before` (the paragraph so far) and `after` (the rest of the
// line) stands inside a quotation: one opened before it is closed after it, by the next quote
// mark (李寻欢道：“…除了诸葛雷何那赵老二外，    还有一个人，我要找的就是他！”). Speech a run of
// spaces splits after no sentence's end is one paragraph typed with a gap.
bool inside_quotation(std::string_view before, std::string_view after) {
  int open = 0;
  for (std::size_t k = 0; k < before.size();) {
    char32_t cp = utf8::next(before, &k);
    if (cp == U'“' || cp == U'「') ++open;
    if ((cp == U'”' || cp == U'」') && open > 0) --open;
  }
  if (open == 0) return false;
  // The next quote after the run closes: one that opens starts another's speech, and the one
  // open before the run lost its closer to the crawl.
  for (std::size_t k = 0; k < after.size();) {
    char32_t cp = utf8::next(after, &k);
    if (cp == U'“' || cp == U'「') return false;
    if (cp == U'”' || cp == U'」') return true;
  }
  return false;
}

}  // namespace

std::vector<std::string_view> split_merged_paragraphs(std::string_view line) {
  std::vector<std::string_view> pieces;
  std::size_t start = 0;
  const bool indents = joined_by_indents(line);
  std::size_t i = space_run_end(line, 0);  // leading spaces belong to the first paragraph
  while (i < line.size()) {
    std::size_t k = i;
    char32_t cp = utf8::next(line, &k);
    // A crawl's escaped line break after a sentence's end (`…婉拒。\\`, `…斗技吧。\\\\这外面…`):
    // the marks go, and the text after them is the next paragraph.
    if (cp == U'\\' && sentence_ends_before(line, i)) {
      std::size_t run_end = line.find_first_not_of('\\', i);
      if (run_end == std::string_view::npos) run_end = line.size();
      std::size_t next = space_run_end(line, run_end);
      std::size_t m = next;
      if (next >= line.size() || !continues(utf8::next(line, &m))) {
        pieces.push_back(line.substr(start, i - start));
        if (next >= line.size()) return pieces;  // the marks end the line: dropped
        start = next;
        i = next;
        continue;
      }
    }
    if (!utf8::is_space(cp)) {
      i = k;
      continue;
    }
    // A run of spaces from i to `run_end`.
    std::size_t spaces = 0;
    std::size_t run_end = space_run_end(line, i, &spaces);
    if (run_end >= line.size()) break;  // trailing spaces stay
    std::size_t m = run_end;
    char32_t after = utf8::next(line, &m);
    // Two or three spaces after a sentence's end, four or more after anything: a crawl that
    // joined a page's paragraphs with a run of spaces (and lost the ！？ before them).
    // (Or a paragraph's indent on a line of paragraphs joined with theirs.)
    // (The indent may follow a tab: 千百个念头：\t　　这人…; not a space, which a wrapped line's
    // end may leave before the next line's indent in a book joined by its wrapping.)
    bool indent =
        indents && (line.substr(i).starts_with("\u3000\u3000") ||
                    (line[i] == '\t' &&
                     line.substr(i, run_end - i).find("\u3000\u3000") != std::string_view::npos));
    // (Or a paragraph's indent between a speech's colon and its quotation: …我笑了： 　　“妈，是
    // 傻丫头…, an unseen 城南旧事 whose crawl joined them so.)
    if (!indent && (after == U'“' || after == U'「') &&
        line.substr(i, run_end - i).find("\u3000\u3000") != std::string_view::npos) {
      std::size_t c = i;
      indent = c > 0 && (utf8::previous(line, &c) == U'：' || line[i - 1] == ':');
    }
    bool any_break =
        (spaces >= kAnyBreak || indent) && !padded_before(line, i) && !padded_after(line, run_end);
    const bool sentence_ends = sentence_ends_before(line, i);
    // (One character before the gap is a word set out with spaces, 作    者：（日）东野圭吾 in an
    // unseen converted book's header, not a paragraph.)
    if (any_break && utf8::length(utf8::trim(line.substr(start, i - start))) == 1)
      any_break = false;
    if (any_break && !sentence_ends && !indent &&
        inside_quotation(line.substr(start, i - start), line.substr(run_end)))
      any_break = false;
    // (A paragraph may open with an ellipsis or a dash, …… or ————第二更！, after a sentence's
    // end and a paragraph's gap: the gap is the break, not the marks' continuing it.)
    const bool opens_with_marks = (after == U'…' || after == U'—') && any_break && sentence_ends;
    if ((!continues(after) || opens_with_marks) && (any_break || (spaces >= 2 && sentence_ends))) {
      pieces.push_back(line.substr(start, i - start));
      start = run_end;
    }
    i = run_end;
  }
  if (pieces.empty()) return {line};
  pieces.push_back(line.substr(start));
  return pieces;
}

}  // namespace novelbind
