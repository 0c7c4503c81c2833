#include "structure/order.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>

#include "base/utf8.h"
#include "structure/chinese_number.h"
#include "structure/dedupe.h"
#include "structure/heading.h"
#include "structure/page_merge.h"

namespace novelbind {
namespace {

HeadingPlace place_of(const Chapter& c) {
  if (c.heading.empty()) return HeadingPlace::kBody;
  auto h = HeadingRecognizer::builtin().match(utf8::trim(c.heading));
  return h && h->kind == HeadingKind::kChapter ? h->place : HeadingPlace::kBody;
}

std::optional<long long> volume_number(const std::string& volume) {
  if (volume.empty()) return std::nullopt;
  auto h = HeadingRecognizer::builtin().match(utf8::trim(volume));
  return h && h->kind == HeadingKind::kVolume ? h->number : std::nullopt;
}

// Sorts chapters stably by `less` through their positions, then moves each once: a Chapter is
// large, and a merge sort of 3000 of them moves each a dozen times.
template <typename Less>
void stable_sort_chapters(std::vector<Chapter>& chapters, Less less) {
  std::vector<size_t> order(chapters.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return less(a, b); });
  bool moved = false;
  for (size_t i = 0; i < order.size() && !moved; ++i) moved = order[i] != i;
  if (!moved) return;
  std::vector<Chapter> sorted;
  sorted.reserve(chapters.size());
  for (size_t i : order) sorted.push_back(std::move(chapters[i]));
  chapters = std::move(sorted);
}

// Where a file goes in reading order, from its first chapter heading.
struct FileKey {
  bool known = false;  // the file has a heading to sort by
  int folder = 0;      // sub-folders are volumes, read in their natural order
  long long volume = 0;
  int place = 1;  // HeadingPlace: before, body, after
  long long number = 0;
  int page = 0;
  auto tie() const { return std::tie(folder, volume, place, number, page); }
};

void sort_by_headings(std::vector<Chapter>& chapters) {
  std::map<int, FileKey> keys;  // by SourceText::index
  std::map<int, int> folder;    // by SourceText::index
  for (const Chapter& c : chapters) {
    folder[c.source_index] = c.folder;
    FileKey& key = keys[c.source_index];
    if (key.known || c.front_matter || c.heading.empty() || c.heading == c.volume) continue;
    HeadingPlace place = place_of(c);
    if (place == HeadingPlace::kBody && !c.number) continue;
    key.known = true;
    key.place = static_cast<int>(place);
    key.number = c.number.value_or(0);
    key.volume = volume_number(c.volume).value_or(0);
    if (auto mark = page_mark(c.title)) key.page = mark->page;
  }
  bool any_known = false;
  for (const auto& [index, key] : keys) any_known |= key.known;
  if (!any_known) return;  // nothing better than the file names

  // Volume numbers only matter when chapter numbers start again in each volume.
  std::map<long long, int> seen;
  bool restarts = false, volumes = false;
  for (const auto& [index, key] : keys) {
    if (!key.known || key.place != static_cast<int>(HeadingPlace::kBody)) continue;
    restarts |= ++seen[key.number] > 1;
    volumes |= key.volume != 0;
  }
  bool by_volume = restarts && volumes;

  // A file without a heading to sort by follows the file it follows by name.
  FileKey previous;
  previous.place = static_cast<int>(HeadingPlace::kBefore);
  previous.number = -1;
  // In a book numbered by volume, a file that names no volume belongs to the volume of the
  // file before it by name.
  for (auto& [index, key] : keys) {
    if (!by_volume) key.volume = 0;
    if (!key.known) key = previous;
    if (key.volume == 0) key.volume = previous.volume;
    key.folder = folder[index];
    previous = key;
  }
  std::vector<const FileKey*> key_of(chapters.size());
  for (size_t i = 0; i < chapters.size(); ++i) key_of[i] = &keys[chapters[i].source_index];
  stable_sort_chapters(chapters, [&](size_t x, size_t y) {
    const FileKey& ka = *key_of[x];
    const FileKey& kb = *key_of[y];
    if (ka.tie() != kb.tie()) return ka.tie() < kb.tie();
    const Chapter& a = chapters[x];
    const Chapter& b = chapters[y];
    return std::tie(a.source_index, a.part) < std::tie(b.source_index, b.part);
  });
}

// A volume declared in one file goes on in the files after it.
void carry_volumes(std::vector<Chapter>& chapters) {
  std::string volume;
  for (Chapter& c : chapters) {
    if (!c.volume.empty()) {
      volume = c.volume;
    } else if (!c.front_matter && place_of(c) == HeadingPlace::kBody) {
      c.volume = volume;
    }
  }
}

void check_numbering(const std::vector<Chapter>& chapters, std::vector<Diagnostic>* warnings) {
  const Chapter* previous = nullptr;
  for (const Chapter& c : chapters) {
    if (!c.number || c.front_matter || place_of(c) != HeadingPlace::kBody) continue;
    if (previous) {
      long long p = *previous->number, n = *c.number;
      std::string pair = "'" + previous->title + "' (" + chapter_location(*previous) + ") and '" +
                         c.title + "' (" + chapter_location(c) + ")";
      std::string file = c.sources.empty() ? "" : c.sources.front();
      if (n == p) {
        warnings->push_back({"numbering_repeat", file, c.heading_line,
                             "chapter number " + std::to_string(n) + " appears twice: " + pair +
                                 "; check whether one of the files is misnamed or misnumbered"});
      } else if (n > p + 1) {
        std::string missing =
            n == p + 2 ? "chapter " + std::to_string(p + 1) + " is"
                       : "chapters " + std::to_string(p + 1) + "-" + std::to_string(n - 1) + " are";
        warnings->push_back({"numbering_gap", file, c.heading_line,
                             missing + " missing between " + pair +
                                 "; add the missing file(s) or ignore if the source skips them"});
      } else if (n < p && !(c.volume != previous->volume && n <= 1)) {
        warnings->push_back({"numbering_order", file, c.heading_line,
                             "chapter number " + std::to_string(n) + " follows " +
                                 std::to_string(p) + ": " + pair +
                                 "; list the files in [chapters] files to fix the order"});
      }
    }
    previous = &c;
  }
}

bool traditional_book(const std::vector<Chapter>& chapters) {
  size_t hant = 0, hans = 0;
  for (const Chapter& c : chapters) {
    if (c.script.rfind("zh-Hans", 0) == 0)
      ++hans;
    else if (c.script.rfind("zh-", 0) == 0 && c.script != "zh-mixed")
      ++hant;
  }
  return hant > hans;
}

void title_untitled(std::vector<Chapter>& chapters, const ChaptersConfig& config,
                    std::vector<Diagnostic>* warnings) {
  bool traditional = traditional_book(chapters);
  size_t position = 0, untitled = 0;
  for (Chapter& c : chapters) {
    if (c.front_matter) continue;
    ++position;
    if (!c.title.empty()) continue;
    c.title = untitled < config.titles.size()
                  ? config.titles[untitled]
                  : "第" + chinese_numeral(static_cast<long long>(position), traditional) + "章";
    ++untitled;
  }
  if (!config.titles.empty() && config.titles.size() != untitled) {
    warnings->push_back(
        {"titles", "", 0,
         "[chapters] titles lists " + std::to_string(config.titles.size()) + " title(s) for " +
             std::to_string(untitled) + " chapter(s) without a heading; " +
             (config.titles.size() > untitled ? "the extra titles are unused"
                                              : "the rest are numbered by position")});
  }
}

}  // namespace

void order_chapters(Book& book, const ChaptersConfig& config) {
  std::vector<Chapter>& chapters = book.chapters;
  std::erase_if(chapters, [](const Chapter& c) {
    return (c.front_matter || c.heading.empty()) && !has_text(c);
  });

  stable_sort_chapters(chapters, [&](size_t x, size_t y) {
    const Chapter& a = chapters[x];
    const Chapter& b = chapters[y];
    return std::tie(a.source_index, a.part) < std::tie(b.source_index, b.part);
  });
  if (config.files.empty()) sort_by_headings(chapters);
  carry_volumes(chapters);

  TextFolder folder;
  std::vector<ChapterPrints> prints;
  prints.reserve(chapters.size());
  for (const Chapter& c : chapters) prints.push_back(chapter_prints(c, folder));
  remove_repeated_front_matter(chapters, prints, &book.warnings);
  remove_duplicates(chapters, prints, &book.warnings);
  merge_pages(chapters, prints, folder);

  check_numbering(chapters, &book.warnings);
  for (const Chapter& c : chapters) {
    if (!c.heading.empty() && !has_text(c))
      book.warnings.push_back({"empty_chapter", c.sources.empty() ? "" : c.sources.front(),
                               c.heading_line,
                               "'" + c.title + "' has a heading but no text; check the source"});
  }
  title_untitled(chapters, config, &book.warnings);
}

}  // namespace novelbind
