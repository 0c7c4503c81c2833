// Running headers: a line a site or an old web page put in front of each chapter heading, the
// heading again in a frame of decoration, often with the book's name
// (`=====…《神雕侠侣》第二回=====…` before `第二回 风月无情`). Not text of the book.
#pragma once

#include <optional>
#include <string_view>

namespace novelbind {

// The chapter number a framed line repeats: `line` is a run of five or more decoration
// characters (= - ─ ＝ * ☆ ★), a heading-shaped text (after an optional 《book》), and another
// such run (anything after it is returned in *after). nullopt when `line` is not one.
std::optional<long long> framed_heading_number(std::string_view line, std::string_view* after);

}  // namespace novelbind
