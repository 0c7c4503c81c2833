// Another book's opening chapters after this one's end: a finished web novel's download often
// closes with the author's announcement of the next book (新书已发布《贯世魔枪》) and that book's
// first chapters (第一章 堕落, 第二章 圣城), which a reader of this book's ebook does not want
// between its last chapter and its end. They are recognized by the book's structure, not by
// their words: the chapter numbers start again at 1 after the book had gone past 2, in the same
// volume (a volume numbered afresh is this book's), and a line just before names a new book
// (新书 or 新作 with a 《title》 that is not this book's).
#pragma once

#include <string>
#include <vector>

#include "book.h"

namespace novelbind {

// How many paragraphs at the end of the chapter before the restart are searched for the
// announcement.
inline constexpr std::size_t kAnnouncementLines = 6;

// Removes the chapters of another book's preview from `book.chapters` (in reading order): from
// the chapter numbered 1 that follows an announcement, as long as their numbers go on from 1
// without reaching back into this book's (a preview in the middle of a serial ends where the
// book's own numbers go on). `titles` are this book's titles (a 《title》 naming this book is no
// other book). One "new_book_preview" warning names the chapters dropped and the announcement;
// their findings go to the chapter before them. Returns the number of chapters removed.
std::size_t remove_new_book_preview(Book& book, const std::vector<std::string>& titles);

}  // namespace novelbind
