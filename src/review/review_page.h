// The review page of `novelbind clean --html`: one self-contained HTML file (inline CSS and a
// little vanilla JavaScript, nothing fetched) drawing a Review (review.h): the summary as
// HTML, the repairs as data the script draws into rows grouped by rule and text, with a filter
// by rule, a search box, keyboard navigation and a copy button for each group's book.toml line.
// The page itself is data/review_page.html.
#pragma once

#include <string>

#include "review/review.h"

namespace novelbind {

std::string review_page_html(const Review& review);

}  // namespace novelbind
