#include "ingest/folder_cover.h"

#include <algorithm>
#include <string>
#include <system_error>
#include <vector>

#include "base/utf8.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

bool is_picture(const fs::path& p) {
  const std::string ext = utf8::ascii_lower(p.extension().string());
  return ext == ".jpg" || ext == ".jpeg" || ext == ".png";
}

// Whether a picture's name (its stem) says it is the cover.
bool named_cover(std::string_view stem, std::string_view title) {
  const std::string name = utf8::ascii_lower(utf8::trim(stem));
  for (std::string_view word : {"cover", "封面", "folder", "front", "bookcover", "book_cover",
                                "cover_image", "coverimage", "封面图", "书封"})
    if (name == word) return true;
  return !title.empty() && name == utf8::ascii_lower(utf8::trim(title));
}

}  // namespace

fs::path folder_cover(const fs::path& folder, std::string_view title) {
  std::error_code ec;
  std::vector<fs::path> pictures;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    const std::string name = p.filename().string();
    if (name.empty() || name.front() == '.' || !is_picture(p)) continue;
    std::error_code type_error;
    if (!it->is_regular_file(type_error)) continue;
    pictures.push_back(p);
  }
  std::sort(pictures.begin(), pictures.end());
  for (const fs::path& p : pictures)
    if (named_cover(p.stem().string(), title)) return p;
  return pictures.size() == 1 ? pictures.front() : fs::path();
}

}  // namespace novelbind
