// The book's title, author and description as the book gives them (book_header.h: its
// header and its name; pinyin_title.h: a name in pinyin), each decision logged with its
// evidence, for the settings to override.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "book.h"

namespace novelbind {

// The book's title, author and description where the settings give none, decided from the
// header at the top of the book's first file (`book.chapters` front, when it has no heading; the
// header is removed, and the chapter too when nothing else is left; in a book of `single_file`,
// or before the first file's first heading, a few short paragraphs left after it are its blurb) and
// from the input's name, a name in pinyin read as the title the text spells in characters
// (pinyin_title.h). `heading_name` is the name a crawl put before most headings (the book's
// title: repeated_heading_name), the title when the input's name is a code; an author's line
// most chapters open with under their headings (作者：曹雪芹) names the author. `log` receives
// each decision with its evidence ("title 仙逆 from 仙逆.txt:1 《仙逆》").
struct MetadataDecision {
  std::string field;    // "title", "author", "description" or "header"
  std::string message;  // e.g. "title 仙逆 from 仙逆.txt:1 《仙逆》"
};
struct BookMetadata {
  std::string title;
  std::string author;
  std::string description;
  std::vector<MetadataDecision> log;
};
BookMetadata read_book_metadata(Book& book, std::string_view input_name, bool single_file,
                                bool remove_header = true, std::string_view heading_name = {});

}  // namespace novelbind
