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

}  // namespace novelbind
