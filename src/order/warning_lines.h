// The line a warning about a chapter points at, for chapters that have no heading line.
#pragma once

#include <map>
#include <string>

#include "book.h"

namespace novelbind {

// Where each one-chapter file's chapter starts (its heading, else its first paragraph), by
// file: taken before the order stage, which drops duplicates and so loses their lines.
std::map<std::string, int> chapter_start_lines(const Book& book);

// Gives warnings that name a chapter's file but no line (a headless chapter has no heading
// line) the line where that chapter starts, from the chapter itself or `starts`: "file:0"
// is nothing a reader can open. Warnings about a whole file (encoding,
// invisible_characters) keep no line.
void locate_warnings(Book& book, const std::map<std::string, int>& starts);

}  // namespace novelbind
