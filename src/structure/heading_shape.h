// The shape of a line that may be a heading: what stands around its number (第…章, 【…】,
// "Chapter …", "一、", "001 ", "☆、"), so that the lines of one heading scheme can be grouped
// and the scheme a book uses found from its own lines (heading_scheme.h). The words come from
// data/headings.txt (heading_words.h); numbers are read by heading_numeral.h, Latin-script
// headings by heading_english.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace novelbind {

enum class HeadingKind { kChapter, kVolume };

// Where a heading goes in reading order relative to the numbered chapters.
enum class HeadingPlace {
  kBefore,  // 序章, 楔子, 引子, 前言, Prologue, ...
  kBody,    // numbered headings
  kAfter,   // 番外, 尾聲, 後記, Epilogue, ...
};

// How a heading writes its number.
enum class NumeralStyle {
  kNone,
  kArabic,      // 12
  kZeroPadded,  // 012
  kFullWidth,   // １２
  kChinese,     // 十二, 一〇三, 廿一
  kFinancial,   // 拾贰
  kRoman,       // XII, Ⅻ
  kEnglish,     // twelve (after an English word only)
};

struct HeadingShape {
  // Lines of one scheme share their key: "第|章", "【第|章】", "bare|A|.", "en:chapter",
  // "word" (序章, 番外...), "ornament|☆、". Number style and title are not part of it.
  std::string key;
  HeadingKind kind = HeadingKind::kChapter;
  HeadingPlace place = HeadingPlace::kBody;
  // Anchored by 第+marker, a heading word or an English word: a single such line is a heading.
  // Bare numbers (一、, 12.), ornaments and brackets need the book's evidence.
  bool strong = false;
  bool keyword = false;         // 序章, 番外, Prologue: joins whatever scheme the book uses
  bool contents_label = false;  // 目录: the line heads a table of contents
  NumeralStyle style = NumeralStyle::kNone;
  std::optional<long long> number;
  bool malformed = false;   // a numeral that does not parse (第三五十六章)
  size_t title_offset = 0;  // byte where the title starts; the line's size when it has none
  // For a volume line that also opens a chapter ("第一卷 風起 第一章 少年"): the byte offset
  // of the chapter heading in the line; 0 otherwise.
  size_t chapter_offset = 0;
  // A name a crawl put before the heading (the book's title: 彭公案 第二回 …, 《仙逆》第三章 …):
  // the byte where the heading starts; 0 when none. The shape's key names the prefix, and a
  // book takes it for a scheme only where it repeats the name (heading_scheme.h).
  size_t named_prefix = 0;
  // A title closed with a full stop after a spaced 第N章 (第一千六百二十三章  结束，也是开始。):
  // a heading only where its number follows the heading before (heading_scheme.cc).
  bool stopped = false;
};

// The shape of `line` (trimmed, see utf8::trim), or nullopt when it cannot be a heading:
// no number or heading word in a heading's place, or a title that reads as story text
// (ends like a sentence, dialogue glued to 第三章).
std::optional<HeadingShape> parse_heading_shape(std::string_view line);

// The shape of a file's name as a heading (line 0 of a folder's file): as parse_heading_shape,
// but a title that closes with a full stop after a heading's own words is a title (第一千六百二
// 十三章 结束，也是开始。.txt): a name is never a line of story.
std::optional<HeadingShape> parse_file_name_shape(std::string_view name);

// A line framed by a downloader between two runs of one rule mark (========== 第1章 宴桃园
// ==========, ***第2章***): where what the frame holds starts and ends, trimmed; nullopt for a
// line without such a frame. (heading_title.h takes the frame off the title.)
std::optional<std::pair<size_t, size_t>> framed_inner(std::string_view line);

// A sequence number a site or a converter put before a heading ("01# 第 1 章 风起"): up to
// five digits, a '#' and spaces. The byte where the heading after it starts, or 0 when none.
// parse_heading_shape reads a heading anchored by its own words (第…章, 序章) after it.
size_t numbering_prefix(std::string_view line);

// Where a heading may start after a name before it (第…章, 序章, 二　玉壁月华明): the name has up
// to 30 characters (书名_作者_TXT小说天堂), a letter and no sentence mark, and ends at a closing
// bracket (》 】 ]), a separator (_ - · ： :) or its first space. The bytes where a heading may
// start, in order.
std::vector<size_t> named_prefixes(std::string_view line);

// The part of a chapter split in several that `heading` names at its end: 上 of 七彩神剑（上）图,
// 2 of 通天(2), 中 of 青莲山脉 中; "" when it names none. *start, when given, receives the byte
// where the mark starts.
std::string part_mark(std::string_view heading, size_t* start = nullptr);

// The key a heading has without what a crawl or a site put before it, as a contents block lists
// it: without the name ("彭公案 第二回"'s is 第二回's), the site's section word ("正文 1.失业"'s
// is 1.失业's), Markdown's heading mark ("## 1.失业"'s is 1.失业's) or the brackets the heading
// is wrapped in whole ("【1.失业】"'s is 1.失业's); `key` itself for any other heading.
std::string listed_key(std::string_view key);

// The title of a heading-shaped line, from its title_offset, trimmed; "" when none.
std::string_view heading_title(std::string_view line, const HeadingShape& shape);

// The title given to text found before a file's first heading (前言).
const std::string& front_section_title();

}  // namespace novelbind
