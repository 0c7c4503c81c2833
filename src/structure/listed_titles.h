// Headings a book's contents block names: a file that opens with a contents label and a list of
// plain titles (目录, then 郁积电车, 追星阿婆, …, 后记: an anthology, an essay collection, a
// translated novel's chapter names), whose titles come again, in the list's order, as the lines
// that head its parts. No shape tells such headings from story (they hold no number); the list
// does. heading_candidates.h marks the list's lines and the lines it names again.
#pragma once

#include <vector>

#include "structure/heading_candidates.h"
#include "structure/heading_scheme.h"

namespace novelbind {

// In each file whose candidates hold a listed block: its lines become kContents (whatever was
// decided of them: 后记 in the list is no chapter), and each line it names again a kChapter
// where nothing was decided at that line. Returns the number of chapters added.
size_t add_listed_titles(const std::vector<const FileCandidates*>& files, BookStructure* structure);

}  // namespace novelbind
