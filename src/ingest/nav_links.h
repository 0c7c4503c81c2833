// A page's link back to its contents left before a line of a text converted from HTML or CHM
// (an unseen 呐喊: `-返回目录-狂人日记`, `-返回目录-一` before every heading, 23 times): the
// link's words, framed, at the start of a line. Read before the heading structure, which would
// not know 一 behind them; the link goes, the line's own text stays where it was.
#pragma once

#include <string>

namespace novelbind {

struct NavLinks {
  int lines = 0;       // lines that began with such a link
  int first_line = 0;  // 1-based line of the first; 0 when none
};

// Removes from the start of each line of `text` ('\n' line ends), after its indentation, a
// framed link to the contents (-返回目录-, [返回目录], 【返回目录】, <返回目录>, 《返回目录》,
// 返回目录| and the like: 返回目录, 回目录, 返回书目, 返回首页, 返回列表) and the spaces after it,
// when text follows it on the line. A line that is the link alone is left to the cleaning's
// page buttons. Lines keep their numbers.
NavLinks strip_nav_links(std::string* text);

}  // namespace novelbind
