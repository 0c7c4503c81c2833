#include "base/tsv.h"

namespace novelbind {

void for_each_tsv_row(std::string_view tsv, size_t columns,
                      const std::function<void(const std::vector<std::string_view>&)>& row) {
  std::vector<std::string_view> fields;
  size_t start = 0;
  while (start < tsv.size()) {
    size_t end = tsv.find('\n', start);
    if (end == std::string_view::npos) end = tsv.size();
    std::string_view line = tsv.substr(start, end - start);
    start = end + 1;
    if (line.empty() || line[0] == '#') continue;
    fields.clear();
    while (fields.size() + 1 < columns) {
      size_t tab = line.find('\t');
      if (tab == std::string_view::npos) break;
      fields.push_back(line.substr(0, tab));
      line.remove_prefix(tab + 1);
    }
    fields.push_back(line);
    if (fields.size() == columns) row(fields);
  }
}

}  // namespace novelbind
