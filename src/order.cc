#include "order.h"

#include <algorithm>

namespace novelbind {

void order_chapters(Book& book, const ChaptersConfig& config) {
  std::stable_sort(book.chapters.begin(), book.chapters.end(),
                   [](const Chapter& a, const Chapter& b) {
                     return std::tie(a.source_index, a.part) < std::tie(b.source_index, b.part);
                   });
  size_t n = 0;
  for (Chapter& c : book.chapters) {
    ++n;
    if (c.title.empty())
      c.title = n <= config.titles.size() ? config.titles[n - 1] : "第" + std::to_string(n) + "章";
  }
}

}  // namespace novelbind
