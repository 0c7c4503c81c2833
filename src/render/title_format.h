// Every numbered chapter's heading and contents entry in one style, from `[chapters]
// title_format` (config/title_format.h describes the pattern). Off by default: the source's
// titles stay as written. A chapter without a number (楔子, 番外, a note) keeps its title.
#pragma once

#include <string>

#include "book.h"
#include "config/title_format.h"

namespace novelbind {

// The title of a chapter numbered `number` whose title is `title`; `traditional` for 萬/億.
std::string format_title(const TitleFormat& format, long long number, const std::string& title,
                         bool traditional);

// Renders the title of every numbered chapter of `book` with `format` (nothing when it is
// empty); returns how many titles changed. `format` must have parsed (config checks it).
int apply_title_format(Book& book, const std::string& format);

}  // namespace novelbind
