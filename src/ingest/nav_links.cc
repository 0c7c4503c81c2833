#include "ingest/nav_links.h"

#include <array>
#include <string_view>

#include "base/text_lines.h"
#include "base/utf8.h"

namespace novelbind {
namespace {

constexpr std::array<std::string_view, 5> kLinkWords = {"返回目录", "回目录", "返回书目",
                                                        "返回首页", "返回列表"};

// The frames a link's words stand in: before them, and the closing mark after them.
struct Frame {
  std::string_view open, close;
};
constexpr std::array<Frame, 9> kFrames = {{{"-", "-"},
                                           {"－", "－"},
                                           {"[", "]"},
                                           {"【", "】"},
                                           {"<", ">"},
                                           {"〈", "〉"},
                                           {"《", "》"},
                                           {"<<", ""},
                                           {"", "|"}}};

// The bytes of the framed link that `line` (its indentation off) opens with; 0 when none.
std::size_t link_at(std::string_view line) {
  for (const Frame& f : kFrames) {
    if (!line.starts_with(f.open)) continue;
    std::string_view rest = line.substr(f.open.size());
    for (std::string_view word : kLinkWords) {
      if (!rest.starts_with(word)) continue;
      std::string_view after = rest.substr(word.size());
      if (!after.starts_with(f.close) || (f.open.empty() && f.close.empty())) continue;
      return f.open.size() + word.size() + f.close.size();
    }
  }
  return 0;
}

}  // namespace

NavLinks strip_nav_links(std::string* text) {
  NavLinks out;
  std::string_view t = *text;
  // (Most texts hold no link: a look at each line's start first, the text made again only when
  // one does.)
  bool any = false;
  for (std::size_t start = 0; start < t.size() && !any;) {
    std::size_t end = t.find('\n', start);
    if (end == std::string_view::npos) end = t.size();
    any = link_at(utf8::trim_start(t.substr(start, end - start))) > 0;
    start = end + 1;
  }
  if (!any) return out;
  *text = map_lines(t, [&](std::string_view line, int number, std::string* result) {
    std::string_view body = utf8::trim_start(line);
    const std::size_t indent = line.size() - body.size();
    const std::size_t link = link_at(body);
    if (link > 0 && !utf8::trim(body.substr(link)).empty()) {
      ++out.lines;
      if (out.first_line == 0) out.first_line = number;
      result->append(line.substr(0, indent));
      result->append(utf8::trim_start(body.substr(link)));
    } else {
      result->append(line);
    }
  });
  return out;
}

}  // namespace novelbind
