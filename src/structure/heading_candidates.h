// The lines of a source file that may be headings, listed once per file (and kept in the build
// cache with the file's unit): what the book-wide inference of the heading scheme
// (heading_scheme.h) reads instead of the whole text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace novelbind {

// A short line of a source file that has a heading's shape, or that stands apart without one:
// a title-like line (no sentence, no dialogue) with more blank lines before it than most
// paragraphs have (a volume title between two runs of chapters, 龙族·悼亡者之瞳), or that
// follows the book's end mark (after_end).
struct HeadingCandidate {
  int line = 0;              // 1-based line in the file
  std::uint64_t before = 0;  // non-space characters of the file before the line
  std::uint32_t length = 0;  // non-space characters of the line
  std::string text;          // the line, trimmed
  std::uint8_t blanks = 0;   // blank lines right before it (at most 255)
  // A title-like line without a heading's shape in the lines right after the book's end mark
  // (（全书完） 天龙八部 金庸 释名): the heading of back matter when prose follows it.
  bool after_end = false;
  // A title-like line set apart (more blank lines before it than most lines have) further on
  // after the end mark, past the prose the block above heads: 完本感言（下） after 完本感言（上）'s
  // text, 一个普通人的日常（一） under 番外. A back-matter heading too when prose follows it.
  bool past_end = false;
  // A contents block of plain titles (目录, then 郁积电车, 追星阿婆, …, 后记; no numbers, so no
  // heading's shape tells them): kContentsEntry for each of its lines, kListedTitle for a line
  // after it that is one of them again (the chapter's heading). listed_titles.h decides.
  std::uint8_t listing = 0;
  // A title-like line over a byline (龙族·悼亡者之瞳, then 江南 著): a title page's title, kept as
  // a candidate however it is spaced (a book with a blank line between all its lines).
  bool over_byline = false;
};

inline constexpr std::uint8_t kContentsEntry = 1;
inline constexpr std::uint8_t kListedTitle = 2;

// A line with a run of blank lines before it: where a book without heading lines may break
// its chapters (a wider gap than its paragraphs have).
struct BlankBreak {
  int line = 0;
  std::uint64_t before = 0;  // non-space characters of the file before the line
  std::uint8_t blanks = 0;   // blank lines right before it (at most 255)
};

// What the book-wide inference needs of one file.
struct FileCandidates {
  std::vector<HeadingCandidate> lines;
  std::uint64_t chars = 0;  // non-space characters of the whole file
  // Lines after two blank lines or more, and the blank lines most lines have before them.
  std::vector<BlankBreak> breaks;
  std::uint8_t usual_blanks = 0;
  // Bracketed numbers inside lines, after other text (大欢喜〔３〕, 秋　　夜〔１〕, word[2]): an
  // annotated edition's note references. Where they are as many as the lines that open with
  // such a number, those lines are the notes (〔１〕　本篇最初发表于…), not headings.
  std::uint32_t note_marks = 0;
};

// The brackets a note's mark stands in: 〔１〕, ［2］, [3].
inline constexpr std::pair<std::string_view, std::string_view> kNoteBrackets[] = {
    {"〔", "〕"}, {"［", "］"}, {"[", "]"}};

// The bracketed numbers of `text` that follow other text on their line (FileCandidates::
// note_marks): in kNoteBrackets, digits ASCII or full-width, at most three.
std::uint32_t count_note_marks(std::string_view text);

// Whether `line` (trimmed) marks the end of the book: （全书完）, －全文完－ (data/headings.txt).
bool is_end_mark(std::string_view line);

// The number of a chapter heading that lost its marker (`第1490 贯穿历史的鸣响！` where the book
// writes 第1489章 …): 第, a numeral, a space or colon, and a short title that is no sentence and
// holds no quotation. No heading's shape on its own (`第2 名` may be story): collected as a
// candidate, it is a chapter only where it continues the numbering of the book's 第N章 scheme
// (heading_scheme.cc). nullopt when the line is no such line.
std::optional<long long> markerless_chapter_number(std::string_view line);

// The candidates of `text` (UTF-8, '\n' line ends), in line order. Lines longer than
// `max_length` characters are never headings; parse_heading_shape tells the two kinds apart.
FileCandidates collect_candidates(std::string_view text, size_t max_length);

// A heading glued to the chapter's first paragraph on one line, as a crawl that lost the line
// break writes it: the number repeated after the title ("50麻烦50他推开门…", the page's
// heading and its number), or a heading-shaped start before a run of spaces and a sentence
// ("第三章 雪夜　　他推开门，…"). The byte where the heading ends and the byte where the
// paragraph starts, in `line` (trimmed); nullopt when the line is no such pair.
struct GluedHeading {
  size_t heading_end = 0;
  size_t text_start = 0;
};
std::optional<GluedHeading> glued_heading(std::string_view line);

// A chapter heading inside a line of paragraphs a crawl ran together with runs of spaces, after a
// paragraph that ends a sentence (…赢回去？！”　　第四章  源纹的力量　　大周府，演武场。…, or at
// the line's end: …蒙住了这天。           第一章 故事会): 第 and a heading's shape. The byte
// where the text before it ends, where the heading starts and ends, and where the text after it
// starts (line.size() when none), in `line` (trimmed); nullopt when the line holds none.
struct InnerHeading {
  size_t before_end = 0;
  size_t heading_start = 0;
  size_t heading_end = 0;
  size_t text_start = 0;
};
std::optional<InnerHeading> inner_heading(std::string_view line);

// The number a crawler puts before a chapter's title in a file's name to order the files
// ("1.第1章 八百年后", "0001_第一章 雪夜", "0001_雪夜", "12-序章"): up to six digits, one of
// . _ - # 、 ) or a space, and spaces. The byte where the rest starts, or 0 when none.
size_t file_order_prefix(std::string_view name);

// A file's name as the heading it gives (add_file_name): without a copy's mark (- 副本), without
// a site's name or address after a separator (_笔趣阁, - 顶点小说, _www.biquge5200.cc), and with
// spaces for its underscores.
std::string file_name_heading(std::string_view stem);

// In a book of several files, a file whose first line is not a heading may be titled by its
// name (a crawler's 第三十三章 回营.txt): `stem` becomes a candidate at line 0.
void add_file_name(FileCandidates* file, std::string_view stem, size_t max_length);

}  // namespace novelbind
