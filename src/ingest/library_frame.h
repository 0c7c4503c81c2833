// The frame a digital library puts around a book it publishes as plain text: Project
// Gutenberg's header (its notice, the Title: and Author: fields, up to its "*** START OF THE
// PROJECT GUTENBERG EBOOK … ***" line) and its footer (from "*** END OF THE PROJECT GUTENBERG
// EBOOK … ***", or an older "End of the Project Gutenberg EBook of …", to the end: the
// licence). Neither is the book's; the fields say its title and author.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "chapter_text.h"

namespace novelbind {

struct LibraryHeader {
  std::size_t end = 0;        // paragraphs [0, end) are the library's header; 0 when there is none
  std::string title, author;  // its Title: and Author: fields, when it has them
  std::size_t title_at = 0, author_at = 0;  // the paragraphs they were read from
};

// The library's header at the head of `paragraphs`: the START line within the first
// kMaxHeaderParagraphs paragraphs, and every paragraph before it.
LibraryHeader library_header(const std::vector<Paragraph>& paragraphs);

// Where the library's footer begins in `paragraphs` (its END line), or npos when it has none.
std::size_t library_footer(const std::vector<Paragraph>& paragraphs);

}  // namespace novelbind
