// Pages of one chapter: scraped sites cut long chapters into pages (第二十回 …（1/2）, （2/2）;
// （第2页）) or repeat the heading on every page. The order stage merges them back into one
// chapter. An author's parts ((上)/(下); （一）/（二）), posted as chapters of their own, stay
// apart: the order stage puts them in their order.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "book.h"
#include "order/dedupe.h"

namespace novelbind {

struct PageMark {
  std::string_view base;  // the title without the mark, trimmed
  int page = 0;           // 1-based
  // An author's part (（二）, （下）), not a site's page (（2/3）, （第2页）): the part is a
  // chapter of its own, a page is merged into its chapter.
  bool part = false;
};

// The page mark ending `title`: "第二十回 劫法場（1/2）" -> {"第二十回 劫法場", 1};
// "(下)" -> page 2 (of 上/下) or 3 (of 上/中/下: 下 is always the last, so 3);
// "（二）" -> 2. nullopt when the title ends otherwise.
std::optional<PageMark> page_mark(std::string_view title);

// Merges each run of consecutive chapters that are pages of one chapter: the same title once
// page marks (not part marks) are removed (compared folded, so script and punctuation do not
// matter). The first page keeps its place and takes the title without the mark; the paragraphs the
// next page repeats at the seam are kept once. Every merged page and every dropped seam paragraph
// is a Repair ("page_merge", "page_seam"). `prints` is kept in step with `chapters`.
void merge_pages(std::vector<Chapter>& chapters, std::vector<ChapterPrints>& prints,
                 TextFolder& folder);

// Appends `page` to `first`: the paragraphs `page` repeats at the seam (the end of `first`)
// are dropped, each a Repair ("page_seam"), then `merge` (the Repair that says why the page
// joined) is recorded; a paragraph the page cut in two (…巴不得去奉承， / 便把娇杏…) is joined
// again, a Repair ("page_merge"); the page's sources, repairs and warnings move to `first`.
// The prints are kept in step.
void append_page(Chapter& first, ChapterPrints& first_prints, Chapter& page,
                 ChapterPrints& page_prints, Repair merge);

}  // namespace novelbind
