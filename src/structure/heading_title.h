// What sites append to a heading, taken off the chapter's title: a bracketed address
// ("第2040章 不宣于口！(www.zhuaji.org)"), a bracketed plea in site words ("回营【求收藏，
// 求推荐！】"), a word count ("就是不想结婚(2121字)") or a note on the update ("虎啸龙吟【二更】",
// "（加更，求月票）"). The author's own brackets stay.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "book.h"

namespace novelbind {

// Whether `inner`, what a bracket at a heading's end holds, is the site's: a word count, an
// address, site words weighing `min_weight` or more, a note on the update.
bool is_site_addition(std::string_view inner, int min_weight = 1);

// Whether `inner` opens with a note on the update (二更, 第三更, 3更, 加更…), whatever follows it
// (第二更，还有一更在晚上。, a line of the author's at a chapter's edge).
bool opens_with_update_note(std::string_view inner);

// The bracketed group that ends `t` ("(求月票！)" in "虎啸龙吟(求月票！)"), in a bracket sites
// wrap their additions in (( （ 【 [ 〔): the bytes where its opening bracket, what it holds and
// its closing bracket start; nullopt when `t` ends with none.
struct TrailingGroup {
  size_t open = 0, inner = 0, close = 0;
};
std::optional<TrailingGroup> trailing_group(std::string_view t);

// `t` without the site's addition (is_site_addition) that ends it, trimmed ("虎啸龙吟(求月票！)"
// -> "虎啸龙吟"); `t` itself when it ends with none, or is nothing but the group.
std::string_view without_site_addition(std::string_view t);

// `title` without the site's trailing bracketed groups, nor a site's sequence number before
// the heading ("01# 第 1 章 风起"); `title` itself when it has neither.
std::string tidy_heading_title(std::string_view title);

// The name a crawl put before most chapters' headings (红楼梦 第一回 …, 《仙逆》第三章 …: the
// book's title), without its title marks: the same name before at least half of the headings, and
// three or more; "" when there is none.
std::string repeated_heading_name(const std::vector<Chapter>& chapters);

}  // namespace novelbind
