// How text is set on the page: a heading split into its number and its name, and text turned
// into XHTML with the markup vertical writing needs (upright digits).
#pragma once

#include <string>
#include <string_view>

namespace novelbind {

struct HeadingParts {
  std::string number;  // "第一章"; empty when the title has no leading number
  std::string name;    // "風起"; the whole title when there is no number
};

// Splits a chapter or volume title with the patterns of data/heading_number.txt. A title that
// is only a number ("第三章") is not split: it is all name, so that it is set large.
HeadingParts split_heading(std::string_view title);

// Escapes `text` for XHTML. When `vertical`, every run of one or two ASCII digits standing
// alone (not part of a longer number) is wrapped in <span class="tcy">, which the vertical
// stylesheet sets upright (text-combine-upright); longer numbers stay sideways, as in print.
std::string text_to_xhtml(std::string_view text, bool vertical);

}  // namespace novelbind
