// Residue that lives in the book's structure rather than in one line's words, found once the
// chapters are in reading order and the book's title and author are known:
// - `running_header`: a line at a chapter's start or end that is only the book's title or its
//   author, with decoration ("天龙八部", "金庸", "《书名》 作者：名字"): a print edition's running
//   header or a download's banner, repeated between chapters;
// - `contents_line`: a line at a chapter's start or end that is only a nearby chapter's heading
//   with numbering, separators, or the book's title and author around it: a site's contents
//   line for the next chapter ("12.第12章 回家" ending chapter 11), a breadcrumb
//   ("金庸--天龙八部--第三回 马疾香幽" opening chapter 3);
// - `credit_line`: a short line at a chapter's start or end that credits the typist, scanner or
//   proofreader ("（陈真补输完此回，九七年元月四日。）", "本章由某某录入"): words of
//   data/credit_words.txt, no dialogue.
// Each removal is a repair naming the file and line. A story line that happens to hold a
// chapter's title ("决定离开。") stays: it must hold the heading's number, or the book's title
// or author, with nothing but numbering and separators left over.
#pragma once

#include <string>
#include <vector>

#include "book.h"

namespace novelbind {

// What the book is called and by whom, as the settings and the book itself say (several
// spellings may be given; empty ones are ignored).
struct BookNames {
  std::vector<std::string> titles;
  std::vector<std::string> authors;
};

// How many paragraphs at each end of a chapter are looked at.
inline constexpr std::size_t kChapterEdge = 3;

// Removes the residue above from `book.chapters` (in reading order), except the rules named in
// `disabled`. Where `names` has no author, a breadcrumb may name one ("金庸-->神雕俠侶-->第三回
// …" in two chapters or more): returned, "" otherwise.
std::string remove_book_residue(Book& book, const BookNames& names,
                                const std::vector<std::string>& disabled = {});

// The rule names this stage reports under.
const std::vector<std::string>& book_residue_rules();

}  // namespace novelbind
