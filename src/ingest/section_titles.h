// The title an EPUB's table of contents gives a section (input_plan.h: InputFile::name), for
// the chapter that opens it when the split found no heading there: a contents entry names a
// chapter more surely than a file name does ("释名", "后记", which no heading scheme reads), and
// the line that repeats it at the top of the section is that chapter's heading, not its text.
#pragma once

#include <vector>

#include "book.h"
#include "ingest/input_plan.h"

namespace novelbind {

// `chapters` are those split from `file`. Does nothing for a file that is not a made text with
// a title, or whose first chapter has a heading.
void title_sections(const InputFile& file, std::vector<Chapter>& chapters);

}  // namespace novelbind
