// `[chapters] title_format`, the pattern (config/ reads and checks it; render/title_format.h
// writes the titles with it): every numbered chapter's heading and contents entry in one style,
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

namespace novelbind {

class TitleFormat {
 public:
  struct Piece {
    enum Kind { kText, kNumber, kPadded, kChinese, kName, kTitle } kind = kText;
    std::string text;  // kText
    int width = 0;     // kPadded
  };

  // Parses `format`; an unknown placeholder or an unclosed brace is an error saying which and
  // listing the placeholders.
  static Result<TitleFormat> parse(const std::string& format);

  const std::vector<Piece>& pieces() const { return pieces_; }

 private:
  std::vector<Piece> pieces_;
};

}  // namespace novelbind
