// A crawler's watermark put before the closing punctuation of many paragraphs: another book's
// title or a site's name glued to the story (…却没多大的用处武动乾坤。, …小医仙笑道武动乾坤。).
//
// Found as a property of the book, never from a list: a run of 3 to 8 letters that ends many
// paragraphs of a chapter just before their closing punctuation (at least 2 paragraphs and 5%
// of them in that chapter, 5 in the book, in two chapters or more: a refrain of one chapter's
// song, 已经是朋友 / 从心里是朋友, is the author's) and stands almost nowhere else (at most one use
// in ten elsewhere in those files; a formula that closes every chapter once, 且看下回分解。, is
// none). A run that mostly follows a closing quotation mark is a speech tag (“走吧。”她笑道。), and
// a run of one repeated character is an exclamation: neither is a mark. A mark is glued into the
// sentence before it (8 in 10 of its ends follow a letter): a clause after a comma (，不在话下。)
// or a whole paragraph (本回暫缺) is the author's. A paragraph that ends with a colon or comma
// introduces what follows (黛玉忙联道：) and is not looked at.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace novelbind {

// Keys in site_residue's tally: kEndMark + the run for its uses at paragraphs' ends,
// kEndElsewhereMark + the run for its uses anywhere else in the same files, kEndChaptersMark +
// the run for the chapters it ends paragraphs of.
constexpr char kEndMark = '\x07';
constexpr char kEndElsewhereMark = '\x08';
constexpr char kEndChaptersMark = '\x0e';

// Adds the end runs of one file's `lines` (its paragraphs; chapter c starts at
// lines[chapter_starts[c]]) to `tally`.
void tally_end_marks(const std::vector<std::string_view>& lines,
                     const std::vector<std::size_t>& chapter_starts,
                     std::map<std::string, int>* tally);

// The kEndMark keys of `tally` that are marks (see above).
std::set<std::string> learn_end_marks(const std::map<std::string, int>& tally);

// The byte range [*start, *end) of the mark that ends `line` before its closing punctuation,
// when `is_mark(kEndMark + run)` says a run there is one (the longest run is asked first);
// false otherwise. Every key asked is passed to `is_mark`, so a cache can record the question.
bool find_end_mark(std::string_view line, const std::function<bool(const std::string&)>& is_mark,
                   std::size_t* start, std::size_t* end);

}  // namespace novelbind
