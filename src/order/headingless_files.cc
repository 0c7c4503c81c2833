#include "order/headingless_files.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <string_view>

#include "base/cjk_text.h"
#include "base/utf8.h"
#include "ingest/tool_record.h"
#include "order/page_merge.h"
#include "structure/heading_shape.h"

namespace novelbind {
namespace {

bool untitled(const Chapter& c) {
  return c.heading.empty() && c.title.empty() && !c.front_matter;
}

bool numbered_heading(const Chapter& c) {
  return !c.heading.empty() && c.number.has_value();
}

std::string first_source(const Chapter& c) {
  return c.sources.empty() ? "" : c.sources.front();
}

// Joins chapters[from, to) to `first` (chapters before `next`).
void join(Chapter& first, ChapterPrints& first_prints, std::vector<Chapter>& chapters,
          std::vector<ChapterPrints>& prints, size_t from, size_t to, const Chapter& next,
          std::vector<Diagnostic>* warnings) {
  for (size_t r = from; r < to; ++r) {
    Chapter& page = chapters[r];
    std::string file = first_source(page);
    int line = page.paragraphs.empty() ? 1 : page.paragraphs.front().line;
    warnings->push_back({"page_merge", file, 0,
                         "has no heading and sits between '" + first.heading + "' and '" +
                             next.heading + "', whose numbers follow each other: joined to '" +
                             first.title + "' (" + first_source(first) +
                             ") as its next page; give the file a heading, or list titles in "
                             "[chapters] titles, to keep it a chapter of its own"});
    Repair merge{"page_merge", file, line, "", "joined to '" + first.title + "' as its next page"};
    append_page(first, first_prints, page, prints[r], std::move(merge));
  }
}

}  // namespace

void remove_tool_records(std::vector<Chapter>& chapters, std::vector<ChapterPrints>& prints,
                         std::vector<Diagnostic>* warnings) {
  // (A book of one file is its own: only a folder's files beside its chapters are looked at.)
  if (chapters.size() < 3) return;
  std::vector<bool> drop(chapters.size(), false);
  std::map<std::string, int> sections;  // of each file
  for (const Chapter& c : chapters) ++sections[first_source(c)];
  for (size_t i = 0; i < chapters.size(); ++i) {
    if (!is_tool_record(chapters[i])) continue;
    drop[i] = true;
    // (Fields above a file's first heading, 作者：周九 over 第2章: only they go, not the file.)
    const bool whole = sections[first_source(chapters[i])] == 1;
    warnings->push_back(
        {"tool_record", first_source(chapters[i]), 0,
         std::string(whole ? "holds" : "opens with") + " a tool's fields, not the book's text (" +
             std::to_string(chapters[i].paragraphs.size()) + " line(s) of 'label: value'): " +
             (whole ? "left out of the book; list the files in [chapters] files "
                      "to keep it"
                    : "left out, the file's chapters kept")});
  }
  erase_marked(chapters, prints, drop);
}

namespace {

// A file's name that marks a page (0002_2, 0002-2, 0002(2), 0002（2）): the name before the mark,
// and the page's number (1 to 99); nullopt for any other name.
std::optional<std::pair<std::string, int>> page_name(std::string_view stem) {
  constexpr int kMaxPage = 99;
  std::string_view base, digits;
  for (auto [open, close] : {std::pair<std::string_view, std::string_view>{"(", ")"}, {"（", "）"}})
    if (stem.ends_with(close)) {
      const std::size_t at = stem.rfind(open);
      if (at == std::string_view::npos) return std::nullopt;
      base = stem.substr(0, at);
      digits = stem.substr(at + open.size(), stem.size() - close.size() - at - open.size());
      break;
    }
  if (base.empty() && digits.empty()) {  // no bracket: the number after _ or -
    std::size_t start = stem.size();
    while (start > 0 && stem[start - 1] >= '0' && stem[start - 1] <= '9') --start;
    if (start == stem.size() || start < 2 || (stem[start - 1] != '_' && stem[start - 1] != '-'))
      return std::nullopt;
    base = stem.substr(0, start - 1);
    digits = stem.substr(start);
  }
  if (digits.empty() || digits.size() > 2 || base.empty() ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  const int page = std::stoi(std::string(digits));
  if (page < 1 || page > kMaxPage) return std::nullopt;
  return std::make_pair(std::string(base), page);
}

// Whether a file named `stem` is the page after the file named `before`: 0002_2 after 0002_1 or
// 0002, 0002(2) after 0002.
bool next_page_by_name(std::string_view before, std::string_view stem) {
  auto page = page_name(stem);
  if (!page || page->second < 2) return false;
  if (auto previous = page_name(before))
    return previous->first == page->first && previous->second == page->second - 1;
  return page->second == 2 && before == page->first;
}

}  // namespace

void join_named_pages(std::vector<Chapter>& chapters, std::vector<ChapterPrints>& prints,
                      std::vector<Diagnostic>* warnings) {
  std::vector<bool> drop(chapters.size(), false);
  size_t kept = 0;  // the last chapter not joined to the one before (valid once r > 0)
  for (size_t r = 0; r < chapters.size(); ++r) {
    Chapter& page = chapters[r];
    Chapter& first = chapters[kept];
    // (After a chapter with a heading: a folder of headingless files named chapter_1, chapter_2
    // … is a book of chapters, not the pages of one.)
    if (r > 0 && untitled(page) && page.sources.size() == 1 && !first.sources.empty() &&
        !first.heading.empty() &&
        next_page_by_name(std::filesystem::path(first.sources.back()).stem().string(),
                          std::filesystem::path(first_source(page)).stem().string())) {
      const std::string file = first_source(page);
      const int line = page.paragraphs.empty() ? 1 : page.paragraphs.front().line;
      warnings->push_back({"page_merge", file, 0,
                           "has no heading and is named as the page after " + first.sources.back() +
                               ": joined to '" + first.title +
                               "' as its next page; give the file a heading, or list titles "
                               "in [chapters] titles, to keep it a chapter of its own"});
      Repair merge{"page_merge", file, line, "",
                   "joined to '" + first.title + "' as its next page"};
      append_page(first, prints[kept], page, prints[r], std::move(merge));
      drop[r] = true;
      continue;
    }
    kept = r;
  }
  erase_marked(chapters, prints, drop);
}

void place_headingless_files(std::vector<Chapter>& chapters, std::vector<ChapterPrints>& prints,
                             std::vector<Diagnostic>* warnings) {
  size_t untitled_count = 0, numbered = 0;
  for (const Chapter& c : chapters) {
    untitled_count += untitled(c);
    numbered += numbered_heading(c);
  }
  if (untitled_count == 0 || numbered <= untitled_count) return;

  size_t w = 0;
  for (size_t r = 0; r < chapters.size();) {
    size_t end = r;
    while (end < chapters.size() && untitled(chapters[end])) ++end;
    const Chapter* next = end < chapters.size() ? &chapters[end] : nullptr;
    bool sits_inside = next && numbered_heading(*next);
    // Before the first chapter, itself numbered 1: the book's front matter.
    bool leading = end > r && sits_inside && *next->number <= 1;
    for (size_t i = 0; i < w && leading; ++i) leading = chapters[i].front_matter;
    if (leading)
      for (size_t i = r; i < end; ++i) {
        chapters[i].front_matter = true;
        chapters[i].title = front_section_title();
      }
    // Between two chapters whose numbers follow each other: pages of the first.
    if (end > r && end - r <= kMaxHeadinglessPages && sits_inside && w > 0 &&
        numbered_heading(chapters[w - 1]) && *next->number == *chapters[w - 1].number + 1) {
      join(chapters[w - 1], prints[w - 1], chapters, prints, r, end, *next, warnings);
      r = end;
      continue;
    }
    if (w != r) {
      chapters[w] = std::move(chapters[r]);
      prints[w] = std::move(prints[r]);
    }
    ++w;
    ++r;
  }
  chapters.resize(w);
  prints.resize(w);
}

namespace {

// The text of a Markdown heading (# 《一层楼》诗: one to six marks and a space), or "".
std::string_view markdown_heading(std::string_view line) {
  constexpr size_t kMaxMarks = 6;
  line = utf8::trim(line);
  size_t marks = 0;
  while (marks < line.size() && line[marks] == '#') ++marks;
  if (marks == 0 || marks > kMaxMarks || marks >= line.size() || line[marks] != ' ') return {};
  return utf8::trim(line.substr(marks));
}

// The title chapter `c` opens with (see title_headingless_by_first_line), or ""; *by_mark, when
// given, tells whether a Markdown heading gave it.
std::string first_line_title(const Chapter& c, bool* by_mark = nullptr) {
  constexpr size_t kMaxTitle = 20, kMaxMarkedTitle = 30, kMinStory = 40;
  // (The text before the first heading, named 前言 for want of a title, that opens with its own:
  // 写在连载前.)
  bool untitled_front = c.front_matter && c.heading.empty() && c.title == front_section_title();
  // A Markdown heading opening a file without another is its title, marked so by its writer
  // (a crawler's 002.md: # 《一层楼》诗), whatever the structure made of the book's files.
  const std::string_view marked =
      c.heading.empty() && !c.paragraphs.empty() ? markdown_heading(c.paragraphs[0].text) : "";
  if ((!c.first_line_title || !c.heading.empty() || c.front_matter) && !untitled_front &&
      marked.empty())
    return "";
  if (c.paragraphs.size() < 2) return "";
  const Paragraph& first = c.paragraphs[0];
  std::string_view t = marked.empty() ? utf8::trim(first.text) : marked;
  size_t length = utf8::length(t);
  if (by_mark) *by_mark = !marked.empty();
  if (!marked.empty() && length <= kMaxMarkedTitle && !first.scene_break) return std::string(t);
  if (first.scene_break || length == 0 || length > kMaxTitle || !has_word_character(t)) return "";
  bool sentence = false;
  char32_t before = 0;
  for (size_t i = 0; i < t.size() && !sentence;) {
    const char32_t cp = utf8::next(t, &i);
    sentence = std::u32string_view(U"。！？!?；;，,、：:…“”「」『』\"'（）()").find(cp) !=
               std::u32string_view::npos;
    // A full stop between two words is a foreign name's dot, as some books print it (小园中
    // 〔奥地利〕里尔克, 宾叔叔的抉择〔阿尔及利亚〕奇努阿。阿切贝), not the end of a sentence.
    if (cp == U'。' && is_word_character(before) && i < t.size()) {
      size_t next = i;
      sentence = !is_word_character(utf8::next(t, &next));
    }
    before = cp;
  }
  if (sentence || c.paragraphs.characters() - length < kMinStory) return "";
  return std::string(t);
}

}  // namespace

void title_headingless_by_first_line(std::vector<Chapter>& chapters) {
  // In a book without a numbered heading anywhere, the files' first lines are titles only when
  // two files in three or more of those without a heading open with one: else a short first
  // line is the story's.
  // (A title its Markdown mark gives stands whatever the others do.)
  bool unmarked = true;
  if (std::none_of(chapters.begin(), chapters.end(),
                   [](const Chapter& c) { return !c.heading.empty() && c.number; })) {
    size_t files = 0, titled = 0;
    for (const Chapter& c : chapters) {
      if (c.front_matter || !c.heading.empty()) continue;
      ++files;
      titled += !first_line_title(c).empty();
    }
    unmarked = titled * 3 >= files * 2;
  }
  for (Chapter& c : chapters) {
    bool by_mark = false;
    std::string title = first_line_title(c, &by_mark);
    if (title.empty() || (!by_mark && !unmarked)) continue;
    std::vector<Paragraph>& paragraphs = c.paragraphs.edit();
    c.repairs.push_back({"first_line_title", c.sources.empty() ? "" : c.sources.front(),
                         paragraphs[0].line, paragraphs[0].text, "the title: " + title});
    c.heading_line = paragraphs[0].line;
    c.title = c.heading = std::move(title);
    paragraphs.erase(paragraphs.begin());
  }
}

bool title_lone_story(std::vector<Chapter>& chapters, const std::string& book_title) {
  if (chapters.size() < 2 || book_title.empty()) return false;
  Chapter& first = chapters.front();
  if (!first.front_matter || !first.heading.empty() || first.title != front_section_title() ||
      !has_text(first))
    return false;
  for (size_t i = 1; i < chapters.size(); ++i) {
    const Chapter& c = chapters[i];
    auto shape = c.heading.empty() ? std::nullopt : parse_heading_shape(c.heading);
    if (!shape || shape->kind != HeadingKind::kChapter || shape->place != HeadingPlace::kAfter)
      return false;
  }
  first.title = book_title;
  first.front_matter = false;
  return true;
}

namespace {

// Whether chapter `c`'s heading is numbered and has no title.
bool bare_numbered_heading(const Chapter& c) {
  if (c.front_matter || c.heading.empty() || !c.number) return false;
  auto shape = parse_heading_shape(c.heading);
  return shape && utf8::trim(heading_title(c.heading, *shape)).empty();
}

// The title a numbered heading without one (bare_numbered_heading) takes from its chapter's
// first line, or "".
std::string next_line_title(const Chapter& c) {
  constexpr size_t kMaxTitle = 30;
  if (c.paragraphs.size() < 2) return "";
  const Paragraph& first = c.paragraphs[0];
  std::string_view t = utf8::trim(first.text);
  if (first.scene_break || t.empty() || utf8::length(t) > kMaxTitle) return "";
  size_t ideographs = 0;
  for (size_t i = 0; i < t.size();) {
    const char32_t cp = utf8::next(t, &i);
    if (std::u32string_view(U"。！？!?，,；;：:“”「」『』\"'…（）()").find(cp) !=
        std::u32string_view::npos)
      return "";
    ideographs += is_ideograph(cp);
  }
  return ideographs >= 2 ? std::string(t) : "";
}

}  // namespace

void title_bare_headings_by_next_line(std::vector<Chapter>& chapters) {
  // Each bare heading's title from its next line, once ("" where the line is none).
  std::vector<std::string> titles(chapters.size());
  size_t bare = 0, titled = 0;
  for (size_t i = 0; i < chapters.size(); ++i) {
    if (!bare_numbered_heading(chapters[i])) continue;
    ++bare;
    titles[i] = next_line_title(chapters[i]);
    titled += !titles[i].empty();
  }
  if (bare < 2 || titled * 3 < bare * 2) return;
  for (size_t i = 0; i < chapters.size(); ++i) {
    if (titles[i].empty()) continue;
    Chapter& c = chapters[i];
    std::vector<Paragraph>& paragraphs = c.paragraphs.edit();
    const std::string title = std::string(utf8::trim(c.title)) + " " + titles[i];
    c.repairs.push_back({"first_line_title", c.sources.empty() ? "" : c.sources.front(),
                         paragraphs[0].line, paragraphs[0].text, "the title: " + title});
    c.title = title;
    paragraphs.erase(paragraphs.begin());
  }
}

}  // namespace novelbind
