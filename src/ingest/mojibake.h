// Lines a tool wrote out as Latin-1 though their bytes were GBK: a crawler's chapter headings
// read so (µÚÈýÕÂ Áù¾äÕæÑÔ for 第三章 六句真言, ÕýÎÄ for 正文) in a text that is otherwise
// well decoded. Undone before the heading structure is looked for, which would not know
// 第三章 in µÚÈýÕÂ.
#pragma once

#include <string>

namespace novelbind {

struct MojibakeRepair {
  int lines = 0;       // lines decoded again
  int first_line = 0;  // 1-based line of the first; 0 when none
  std::string first_before, first_after;
};

// Decodes again, as GB18030, each line of `text` ('\n' line ends) whose characters are all
// ASCII or Latin-1 (U+0080-U+00FF), with no Latin letter and at least four Latin-1
// characters, when its Latin-1 bytes decode as GB18030 to Chinese only: ideographs (two at
// least), CJK and full-width punctuation, digits and spaces. Anything else (a line of French,
// Müller, a stray ©) is left as it is.
MojibakeRepair repair_gbk_read_as_latin1(std::string* text);

}  // namespace novelbind
