#include "review/source_lines.h"

#include <algorithm>

#include "base/utf8.h"
#include "ingest/ingest.h"

namespace novelbind {

void SourceLines::add_text(const std::string& file, std::string_view text) {
  auto& lines = files_[file];
  int number = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++number;
    std::string_view line = utf8::trim(text.substr(start, end - start));
    if (!line.empty()) lines.emplace_back(number, std::string(line));
    start = end + 1;
  }
}

void SourceLines::add_made(const MadeText& made) {
  size_t start = 0;
  for (const LineOrigin& origin : made.lines) {
    size_t end = made.text.find('\n', start);
    if (end == std::string::npos) end = made.text.size();
    std::string_view line = utf8::trim(std::string_view(made.text).substr(start, end - start));
    start = end + 1;
    if (origin.line == 0 || line.empty() || origin.document >= made.documents.size()) continue;
    auto& lines = files_[made.documents[origin.document]];
    // Two lines of one document line (<br>) are shown as one.
    if (!lines.empty() && lines.back().first == origin.line)
      lines.back().second += " " + std::string(line);
    else
      lines.emplace_back(origin.line, std::string(line));
  }
}

std::string SourceLines::at(const std::string& file, int line) const {
  auto found = files_.find(file);
  if (found == files_.end()) return "";
  const auto& lines = found->second;
  auto it = std::lower_bound(lines.begin(), lines.end(), std::make_pair(line, std::string()));
  return it != lines.end() && it->first == line ? it->second : "";
}

std::vector<std::pair<int, std::string>> SourceLines::around(const std::string& file, int line,
                                                             int radius) const {
  auto found = files_.find(file);
  if (found == files_.end()) return {};
  const auto& lines = found->second;
  auto it = std::lower_bound(lines.begin(), lines.end(), std::make_pair(line, std::string()));
  size_t at = static_cast<size_t>(it - lines.begin());
  size_t from = at > static_cast<size_t>(radius) ? at - radius : 0;
  bool here = at < lines.size() && lines[at].first == line;
  size_t to = std::min(lines.size(), at + static_cast<size_t>(radius) + (here ? 1 : 0));
  return {lines.begin() + static_cast<std::ptrdiff_t>(from),
          lines.begin() + static_cast<std::ptrdiff_t>(to)};
}

Result<SourceLines> read_source_lines(const InputPlan& plan, const CleanConfig& config,
                                      const std::vector<std::string>& wanted) {
  SourceLines out;
  for (size_t i = 0; i < plan.files.size(); ++i) {
    const InputFile& file = plan.files[i];
    if (file.made) {
      out.add_made(*file.made);
      continue;
    }
    if (!std::binary_search(wanted.begin(), wanted.end(), file.display)) continue;
    auto source = read_source(file, static_cast<int>(i), config);
    if (!source) return source.status();
    out.add_text(file.display, source->text);
  }
  return out;
}

}  // namespace novelbind
