// The "order" stage: reading order, page merging and duplicate removal over the whole book.
#pragma once

#include <string>
#include <vector>

#include "book.h"
#include "config/config.h"

namespace novelbind {

// A section left with no text (a front matter the cleaning emptied) goes; what was said of it
// (a decoding warning, the lines dropped from it) goes to the chapter after it (before it, at
// the book's end). Run before the order, and again once the book-wide residue went.
void remove_empty_sections(Book& book);

// Puts book.chapters in reading order and tidies the structure, in this order:
// 1. Drops untitled and front sections left without text (cleaning may empty them).
// 2. Orders the files: as listed when `config.files` is given; else by the number of each
//    file's first chapter heading (序章/楔子 before, 番外/後記 after; files without one stay
//    behind the file they follow by name); else by file name (the input order, natural sort).
//    Chapters inside a file keep their order. Chapters after a volume's heading in later files
//    join that volume.
// 3. Drops duplicate chapters (see dedupe.h), with warnings naming both files.
// 4. Merges pages of one chapter (see page_merge.h), and places files without a heading by
//    the chapter numbers around them (see headingless_files.h) unless `config.titles` names
//    them.
// 4b. With `preview_titles` (this book's titles), drops another book's opening chapters after
//    its announcement (see new_book_preview.h).
// 5. Warns about gaps and repeats in the chapter numbers, naming the files.
// 6. Titles untitled chapters: `config.titles` in order, else by the file's name when it names
//    the chapter in words, else 第N章 (Chapter N in a book written in English): N follows the
//    numbered chapter before it when the numbers after leave room, else the reading position.
// Warnings go to book.warnings.
void order_chapters(Book& book, const ChaptersConfig& config,
                    const std::vector<std::string>* preview_titles = nullptr);

}  // namespace novelbind
