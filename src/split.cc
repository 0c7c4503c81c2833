#include "split.h"

namespace novelbind {

std::vector<Chapter> split_chapters(const SourceText& source, const ChaptersConfig& config) {
  (void)config;
  Chapter chapter;
  chapter.sources = {source.path};
  chapter.source_index = source.index;
  int line = 0;
  size_t start = 0;
  while (start <= source.text.size()) {
    size_t end = source.text.find('\n', start);
    if (end == std::string::npos) end = source.text.size();
    ++line;
    std::string text = source.text.substr(start, end - start);
    if (!text.empty()) chapter.paragraphs.push_back(Paragraph{std::move(text), line, false});
    start = end + 1;
  }
  return {std::move(chapter)};
}

}  // namespace novelbind
