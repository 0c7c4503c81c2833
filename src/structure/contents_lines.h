// Contents lines that do not look like headings: a front matter line that lists several of
// the book's chapter titles run together ("一、少年游青衫磊落险峰行  玉璧月华明  马疾香幽 …",
// a two-column contents page), which the heading scheme cannot see as a run of headings.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "structure/heading_scheme.h"

namespace novelbind {

class ContentsLines {
 public:
  // The title words of the chapter headings `structure` found in `text` (the file's text).
  ContentsLines(std::string_view text, const FileStructure& structure);

  // Whether `line` (of the front matter, before the first heading) is mostly the chapter
  // titles: at least three of them, covering at least 60% of its characters (spaces aside).
  bool is_contents(std::string_view line) const;

 private:
  std::vector<std::string> titles_;  // words of two characters or more, no numerals
};

}  // namespace novelbind
