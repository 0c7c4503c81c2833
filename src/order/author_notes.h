// What an author wrote to the readers beside the story: thanks for votes and gifts (感谢…的
// 红包！), news of updates (三更了，…), greetings (大家元旦快乐！), a QQ group, a skit about the
// writing (插曲：…), another book of theirs and its blurb, a 上架感言. Scraped web novels keep
// them at the ends (and starts) of chapters; a reader of the finished book wants the story
// without them, and may still want to read them.
//
// A note is found at a chapter's edge, never inside its story: working back from the chapter's
// last paragraph, lines whose words weigh as a note's (data/note_words.txt: strong 2, weak 1;
// 3 or more, or 2 for the chapter's short last line, or a greeting) and, once a note is found,
// the lines above it that weigh anything, lines of only symbols, and a short label line
// ("剧透："); a line that is only a label (插曲：, 上架感言) heads a note to the chapter's end;
// a line recommending a book (推荐…《…》) takes the blurb lines under it. At the chapter's
// start, lines that weigh 3, and a bracketed note glued before the first paragraph ("（感谢送
// 金牌的亲们）…"). Dialogue (quotation marks) is never a note.
#pragma once

#include <string>

#include "book.h"

namespace novelbind {

// What becomes of the notes: "apart" (default) moves them to book.notes, rendered as a page at
// the end of the book; "drop" removes them; "keep" leaves them where they stand. Each note
// moved or dropped is an `author_note` repair naming the file and line.
void keep_author_notes_apart(Book& book, const std::string& mode = "apart");

// The words of data/note_words.txt that `text` holds, weighed: strong 2, weak 1; *words (when
// given) receives how many were found.
int note_weight(std::string_view text, int* words = nullptr);

}  // namespace novelbind
