// Text wrapped at a fixed width: a file whose lines were broken every N characters (or N
// columns, a Chinese character taking two), as old text tools and some sites saved a book, so
// that one paragraph runs over several lines and most lines end in the middle of a sentence
// (wmtxt.com's 越女剑: `　　两人身子尚未站直，…双剑相交，两人各` / `　　退一步。…`). The split
// stage (split.cc) joins such lines back into their paragraphs, each join a `hard_wrap` repair.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace novelbind {

struct WrapWidth {
  bool columns = false;   // measured in columns (a character beyond ASCII two), else characters
  std::size_t width = 0;  // the width the lines were wrapped at
  // A paragraph's lines after its first carry no indent while its first does: the indent then
  // tells a new paragraph from a continued one.
  bool continuations_unindented = false;
  // The width of a paragraph's lines after its first, when its first is shorter by an indent
  // (two characters, four columns: a file indented again after it was wrapped, or wrapped with
  // the indent counted; 越女剑's 35 and 37): a full line's successor of this width continues
  // it, one of the first lines' width opens a paragraph. 0 when the widths are one.
  std::size_t continued = 0;
  // Paragraphs set apart by blank lines (a Project Gutenberg text): a line that does not fill
  // the width is followed by a blank line (nine in ten), and one that fills it by more text
  // (four in five: a paragraph may end at the width).
  // Every line then continues the one before it up to the next blank line, whatever either
  // ends with (…亦楚「梼杌」 / 之意也。, …不來傍個影兒。」 / 伯爵向希大道：).
  bool blank_separated = false;
};

// The width `text` (a whole file) was wrapped at, when it was: among its lines with text (40
// at least), a quarter or more fill the width the most lines reach (within three characters,
// or six columns; no more than 5% of lines longer), and most of those end in the middle of a
// sentence. A book whose lines are its paragraphs has almost no two of the same length, and
// ends them with their sentences: nothing.
std::optional<WrapWidth> find_wrap_width(std::string_view text);

// Whether `line` (as read, with its indent; trailing spaces do not count) fills the width.
bool fills_width(std::string_view line, const WrapWidth& wrap);

// Whether `next` continues the paragraph whose last line so far is `line`, a line that fills
// the width: `next` has text and, where continued lines carry no indent, has none; elsewhere
// `line` ends in the middle of a sentence (not after 。！？…, a closing quote or bracket, a
// colon), or
// `next` opens with punctuation that cannot start a paragraph (，。、：；！？ or a closing
// quote: a wrapper that moved it to the next line), or, where the lines after a paragraph's
// first are longer than it (WrapWidth::continued), `next` is one of them. A full line that ends
// a sentence before a line that nothing shows continues it is taken for the paragraph's end: a
// paragraph split at a sentence end reads well, two joined do not.
// `paragraph` is the paragraph so far (`line` its end): a line that ends with an inner
// quotation's closing mark (』’) while the quotation it is inside of is still open continues
// too.
bool continues_wrapped(std::string_view paragraph, std::string_view line, std::string_view next,
                       const WrapWidth& wrap);

}  // namespace novelbind
