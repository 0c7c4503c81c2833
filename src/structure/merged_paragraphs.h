// Paragraphs that a scrape ran together on one line: a page whose <br> or <p> breaks were
// lost keeps the spaces or the indent ("　　") that stood between its paragraphs
// ("…到了极点。    快中午了，…", "…信息。   “虫子…"). Such a line is broken where a sentence
// ends and a run of spaces follows, so that each paragraph is one again.
#pragma once

#include <string_view>
#include <vector>

namespace novelbind {

// The paragraphs of `line`, in order, without the spaces between them (leading and trailing
// spaces stay with the first and last). A break is made at a run of spaces that follows the
// end of a sentence (。！？!?… or ——, with the closing quotes and brackets after it) and is
// followed by text that can open one (not punctuation that continues a sentence): a run of
// two or more spaces of any kind (one space is a typing slip as often as a lost break, and
// stays); a run of four or more breaks the line after anything (a crawl that joined a page's
// paragraphs with five spaces and dropped their ！？: "…少团长，穆力     “你这个混蛋"). A run of
// backslashes after a sentence's end is a crawl's escaped line break: a break too, the marks
// dropped (`…斗技吧。\\\\这外面…`), and at the line's end only dropped (`…婉拒。\\`: then one
// piece, shorter than the line). `line` itself when there is no such run.
std::vector<std::string_view> split_merged_paragraphs(std::string_view line);

}  // namespace novelbind
