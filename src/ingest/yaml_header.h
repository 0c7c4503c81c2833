// A YAML header at the top of a chapter file (a static site's serial, saved as Markdown):
// `---`, lines of `key: value` (title, number, date, words, volume …), `---`. The site's record
// of the page, not its text: read as such, its lines were a volume heading (volume: 1) and story
// paragraphs (volumeName: 觉醒, emoji: 🐙).
#pragma once

#include <string>

namespace novelbind {

// Blanks the header's lines in `text` (lines ended by '\n'; the lines after keep their
// numbers). Returns how many lines it held, fences included; 0 when `text` opens with none.
int blank_yaml_header(std::string* text);

}  // namespace novelbind
