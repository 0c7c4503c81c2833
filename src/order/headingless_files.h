// Files without a heading in a book whose chapters have numbered headings. In a book of
// heading-less files every file is a chapter, titled by its place (order.h). But where the
// other chapters are numbered, a file without a heading is mostly a piece of its neighbour:
// the second page of a chapter the site cut in two (the heading only on the first page), or
// the introduction saved before 第一章. Titling it by its place would give the book a second
// 第二章 or 第一章. The order stage places such files by the numbers around them.
#pragma once

#include <vector>

#include "book.h"
#include "order/dedupe.h"

namespace novelbind {

// Longest run of heading-less files taken for pages of the chapter before them.
inline constexpr size_t kMaxHeadinglessPages = 10;

// A file without a heading named as the page after the file before it (0002_2.txt after
// 0002_1.txt, 0002(2).txt or 0002-2.txt after 0002.txt), whose chapter has a heading: joined to
// that chapter as its next page, a page_merge repair and warning naming it. `prints` is kept in
// step with `chapters`.
void join_named_pages(std::vector<Chapter>& chapters, std::vector<ChapterPrints>& prints,
                      std::vector<Diagnostic>* warnings);

// Joins each run of at most kMaxHeadinglessPages heading-less files (untitled chapters) to the
// chapter before them when they sit inside the numbering: that chapter has a numbered heading
// and the chapter after the run has the next number (第一章, a file without a heading, 第二章).
// A run before the book's first chapter, when that chapter is numbered 1 (or 0), becomes front
// matter, titled as text before a file's first heading is (前言). Nothing is done in a book whose
// untitled chapters are as many as its numbered ones or more: there the files are the chapters.
// Each join is a Repair ("page_merge", `before` empty, `after` saying where the file went) on
// the chapter joined, and a warning naming both files; paragraphs repeated at the seam are
// kept once (append_page, page_merge.h). `prints` is kept in step with `chapters`.
void place_headingless_files(std::vector<Chapter>& chapters, std::vector<ChapterPrints>& prints,
                             std::vector<Diagnostic>* warnings);

// Removes the files a tool left beside a folder's chapters (a splitter's metadata.txt with
// "title: 斗罗大陆1", its split_stats.txt with "- 总章节数: 40"): a file without a heading,
// named in ASCII letters, every line of it a field (a label of at most 16 characters, a colon,
// a value) and no more than kMaxRecordLines of them. Each removed file is a warning
// ("tool_record") naming it. `prints` is kept in step with `chapters`.
void remove_tool_records(std::vector<Chapter>& chapters, std::vector<ChapterPrints>& prints,
                         std::vector<Diagnostic>* warnings);

// A file without a heading in a book whose files open with theirs (Chapter::first_line_title)
// opens with its title all the same: 释名, 后记. Its first paragraph becomes its title and heading
// when it is short (at most 20 characters), no sentence (no stop, comma, colon, quotation mark or
// bracket) and a chapter's worth of story follows; a first_line_title repair records it. Run once
// the book's running headers are gone (book_residue.h): the book's title over a page is none.
void title_headingless_by_first_line(std::vector<Chapter>& chapters);

// A book whose text before its back matter (附錄, 后记, 番外: headings of their own words, placed
// after the story) has no heading is one story, not a preface to it (an unseen 長恨歌傳: the
// story, then 附錄 with the poem, came out as 前言 and 附錄): that text, titled as text before a
// first heading is (前言), takes the book's title and is no front matter. Returns whether it did.
bool title_lone_story(std::vector<Chapter>& chapters, const std::string& book_title);

// A numbered heading without a title whose title stands on the next line, as older packs set a
// 回's couplet (第一回, then 宴桃园豪杰三结义　斩黄巾英雄首立功, then the story): the line joins
// the heading as its title ("第一回 宴桃园豪杰三结义　斩黄巾英雄首立功"), a first_line_title
// repair. Only where two in three of the book's untitled numbered headings or more have such a line
// (short, no sentence's mark, no dialogue, story after it): else a short first line is story.
void title_bare_headings_by_next_line(std::vector<Chapter>& chapters);

}  // namespace novelbind
