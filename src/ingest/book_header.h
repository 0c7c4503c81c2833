// The title, author and blurb a scraped novel carries about itself: in the header a download
// site puts at the top of the file (`《仙逆》`, `作者：耳根`, `内容简介：`, then site notices,
// `====` frames and `☆☆☆…正文 开始☆☆☆`), and in the file's name
// (`《浮生六記》作者：清.沈復.txt`, `交错时光的爱恋_席绢_TXT小说天堂.txt`).
//
// Conservative by design: a title is taken only from a line that says it is one (`《…》` alone
// on its line, `书名：…`, or a short bare line followed by the author's line or equal to the
// file's name), never from a story line; the header ends at the first line that is none of
// these, and only lines recognised as header are removed from the story.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "book.h"

namespace novelbind {

// What the name of a file or folder says of its book.
struct NameMetadata {
  std::string title;   // the name without site suffixes; empty when it is only a site name
  std::string author;  // from `…作者：NAME` or `TITLE_NAME_site`; empty when none
  // A name of two parts set apart by a dash (`金庸-天龙八部`, `天龙八部 - 金庸`): the parts, in
  // order; the text tells which is the title (the other is then the author). `title` is the
  // whole name meanwhile.
  std::vector<std::string> dash_parts;
};

// Title and author in a file or folder name (without its extension).
NameMetadata metadata_from_name(std::string_view stem);

// Whether `name` is only ASCII letters, digits and separators (e.g. "hongloumeng", "seeds"):
// a file name in pinyin or a label, not a title a reader would recognise.
bool is_ascii_name(std::string_view name);

// Whether `line` is a line of a site's header that is no part of the book: a download site's
// notice (an address with the words such notices are made of, 加入书架, 免责声明…) or a field
// of its page (状态：连载, 版权信息：…, 新书推荐：…), or the mark where the story starts (正文).
bool is_header_notice(std::string_view line);

// The author's line most chapters open with under their headings (作者：曹雪芹 below 红楼梦 第一回
// … in every file of a browser extension's download): the name, when the same line opens at
// least half of the chapters with a heading, and three or more; "" otherwise. *line receives the
// first such line as found. (The lines stay: the cleaning drops them, repeated.)
std::string author_under_headings(const std::vector<Chapter>& chapters, std::string* line);

// Whether `line` heads one of the sections a 起点 download sets before the story (作品相关
// 新书感言, 作品相关 人物设定): the book's front matter, no part of its blurb.
bool opens_work_related_section(std::string_view line);

// What a file's head header says, and where.
struct BookHeader {
  std::string title;
  int title_line = 0;
  std::string title_evidence;  // the line as found
  std::string author;
  int author_line = 0;
  std::string author_evidence;
  std::string description;  // the 内容简介 block, paragraphs joined by '\n'
  int description_line = 0;
  int removed = 0;  // header lines taken out of the story
};

// Reads the header at the head of `chapter` (the first chapter of a one-file book, when it has
// no heading of its own: the text before the first heading) and removes it from the text, each
// removed line a `book_header` repair naming `chapter.sources[0]` and the line. `name_title` is
// the file's title by its name: a bare first line equal to it is the title line; so is one
// equal to one of `other_names` (the parts of a name with a dash, NameMetadata::dash_parts).
// With `remove` false (book_header switched off in [clean] disable) the text is left as it is.
// A library's header before the book's (Project Gutenberg's, library_frame.h) goes too, and its
// Title: and Author: fields give what the book's own header does not.
BookHeader take_book_header(Chapter& chapter, std::string_view name_title, bool remove = true,
                            const std::vector<std::string>& other_names = {});

// Removes a library's footer (its END line and the licence after it, library_frame.h) from the
// end of `chapter`, the book's last, each line a `book_header` repair; returns the lines
// removed. With `remove` false the text is left as it is.
int take_book_footer(Chapter& chapter, bool remove = true);

}  // namespace novelbind
