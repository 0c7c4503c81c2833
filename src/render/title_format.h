// `[chapters] title_format`: every numbered chapter's heading and contents entry in one style,
// whatever mix the source used ("001 xxx", "第1章 xxx", "第一章xxx" -> "第001章 xxx"). Off by
// default: the source's titles stay as written.
//
// The format is text with placeholders:
//   {number}     the chapter's number in Arabic digits (12)
//   {number:03}  ... zero-padded to the width given (012)
//   {number:zh}  ... in Chinese numerals (十二; 萬 and 億 in a Traditional book)
//   {name}       the title without its number and what stands around it (第…章, 001): 雪
//   {title}      the title as found
//   {{ and }}    a literal brace
// A chapter without a number (楔子, 番外, a note) keeps its title.
#pragma once

#include <string>
#include <vector>

#include "base/status.h"
#include "book.h"

namespace novelbind {

class TitleFormat {
 public:
  // Parses `format`; an unknown placeholder or an unclosed brace is an error saying which and
  // listing the placeholders.
  static Result<TitleFormat> parse(const std::string& format);

  // The title of a chapter numbered `number` whose title is `title`; `traditional` for 萬/億.
  std::string apply(long long number, const std::string& title, bool traditional) const;

 private:
  struct Piece {
    enum Kind { kText, kNumber, kPadded, kChinese, kName, kTitle } kind = kText;
    std::string text;  // kText
    int width = 0;     // kPadded
  };
  std::vector<Piece> pieces_;
};

// Renders the title of every numbered chapter of `book` with `format` (nothing when it is
// empty); returns how many titles changed. `format` must have parsed (config checks it).
int apply_title_format(Book& book, const std::string& format);

}  // namespace novelbind
