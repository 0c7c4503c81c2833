#include "order/order.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <tuple>
#include <unordered_map>

#include "base/chinese_number.h"
#include "base/cjk_text.h"
#include "base/parallel.h"
#include "base/utf8.h"
#include "convert/book_language.h"
#include "order/continuity.h"
#include "order/dedupe.h"
#include "order/headingless_files.h"
#include "order/new_book_preview.h"
#include "order/page_merge.h"
#include "structure/heading.h"
#include "structure/heading_candidates.h"
#include "structure/heading_shape.h"
#include "structure/heading_words.h"

namespace novelbind {
namespace {

// Where each chapter's heading puts it (before the story, in it, after it), by the heading's
// text: the order stage asks it of every chapter two or three times (sorting, volumes,
// numbering), and matching a heading is most of what it costs.
class HeadingPlaces {
 public:
  // Every chapter's heading matched at once, on every core: a book of 3000 chapters has 3000
  // headings to match (4 ms on one core).
  explicit HeadingPlaces(const std::vector<Chapter>& chapters) {
    std::vector<HeadingPlace> found(chapters.size(), HeadingPlace::kBody);
    parallel_for(chapters.size(), 0, [&](size_t i) {
      if (!chapters[i].heading.empty()) found[i] = place_of(chapters[i].heading);
    });
    places_.reserve(chapters.size());
    for (size_t i = 0; i < chapters.size(); ++i)
      if (!chapters[i].heading.empty()) places_.emplace(chapters[i].heading, found[i]);
  }

  HeadingPlace of(const Chapter& c) {
    if (c.heading.empty()) return HeadingPlace::kBody;
    auto [it, added] = places_.try_emplace(c.heading, HeadingPlace::kBody);
    if (added) it->second = place_of(c.heading);
    return it->second;
  }

 private:
  static HeadingPlace place_of(const std::string& heading) {
    auto h = HeadingRecognizer::builtin().match(utf8::trim(heading));
    return h && h->kind == HeadingKind::kChapter ? h->place : HeadingPlace::kBody;
  }

  std::unordered_map<std::string, HeadingPlace> places_;
};

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
  int rank = 0;  // after the story: after_rank, unless the files' names order them
  auto tie() const { return std::tie(folder, volume, place, rank, number, page); }
};

// Whether the names of two files say which comes first: they differ first at a digit (…_0047.txt,
// …_0048.txt), not at a word of their titles.
bool names_ordered(const Chapter& a, const Chapter& b) {
  if (a.sources.empty() || b.sources.empty()) return false;
  std::string_view x = a.sources.front(), y = b.sources.front();
  size_t i = 0;
  while (i < x.size() && i < y.size() && x[i] == y[i]) ++i;
  auto digit = [](std::string_view s, size_t k) {
    return k < s.size() && s[k] >= '0' && s[k] <= '9';
  };
  return digit(x, i) || digit(y, i);
}

ContinuityText continuity_of(std::vector<Chapter>& chapters, size_t begin, size_t end) {
  std::vector<std::string_view> paragraphs;
  for (size_t i = begin; i < end; ++i)
    for (const Paragraph& p : chapters[i].paragraphs) paragraphs.push_back(p.text);
  return continuity_text(paragraphs);
}

// Files that open with the same heading (two files of 第四十七章) and whose names do not order
// them go in the order in which their text runs on best from the chapter before them to the
// one after (continuity.h); the file names' order stands when the text does not decide.
void order_ties_by_text(std::vector<Chapter>& chapters, const std::map<int, bool>& own_heading,
                        const std::function<bool(size_t, size_t)>& same_key,
                        std::vector<Diagnostic>* warnings) {
  // Files in reading order: [start, end) of each.
  std::vector<std::pair<size_t, size_t>> files;
  for (size_t i = 0; i < chapters.size(); ++i) {
    if (files.empty() || chapters[i].source_index != chapters[files.back().first].source_index)
      files.emplace_back(i, i + 1);
    else
      files.back().second = i + 1;
  }
  std::vector<Chapter> reordered;
  size_t copied = 0;  // chapters before this index are in `reordered` or unchanged
  bool changed = false;
  for (size_t a = 0; a < files.size();) {
    size_t b = a + 1;
    while (b < files.size() && same_key(files[a].first, files[b].first)) ++b;
    bool eligible = b - a >= 2 && b - a <= kMaxContinuityPieces;
    for (size_t f = a; f < b && eligible; ++f) {
      auto own = own_heading.find(chapters[files[f].first].source_index);
      eligible = own != own_heading.end() && own->second && !chapters[files[f].first].front_matter;
      if (f > a)
        eligible =
            eligible && !names_ordered(chapters[files[f - 1].first], chapters[files[f].first]);
    }
    if (!eligible) {
      a = b;
      continue;
    }
    std::vector<ContinuityText> middle;
    for (size_t f = a; f < b; ++f)
      middle.push_back(continuity_of(chapters, files[f].first, files[f].second));
    std::optional<ContinuityText> before, after;
    if (a > 0) before = continuity_of(chapters, files[a].first - 1, files[a].first);
    if (b < files.size()) after = continuity_of(chapters, files[b].first, files[b].first + 1);
    std::vector<size_t> order =
        order_by_continuity(before ? &*before : nullptr, middle, after ? &*after : nullptr);
    if (!std::is_sorted(order.begin(), order.end())) {
      if (!changed) reordered.reserve(chapters.size());
      changed = true;
      for (; copied < files[a].first; ++copied) reordered.push_back(std::move(chapters[copied]));
      std::string names;
      for (size_t k : order) {
        const Chapter& first = chapters[files[a + k].first];
        names += (names.empty() ? "'" : ", then '") + first.title + "'";
      }
      warnings->push_back({"order_by_text",
                           chapters[files[a + order.front()].first].sources.front(),
                           chapters[files[a + order.front()].first].heading_line,
                           std::to_string(b - a) +
                               " files open with the same chapter number; read in the order "
                               "their text runs on from the chapters around them: " +
                               names + "; list the files in [chapters] files to fix the order"});
      for (size_t k : order)
        for (size_t i = files[a + k].first; i < files[a + k].second; ++i)
          reordered.push_back(std::move(chapters[i]));
      copied = files[b - 1].second;
    }
    a = b;
  }
  if (!changed) return;
  for (; copied < chapters.size(); ++copied) reordered.push_back(std::move(chapters[copied]));
  chapters = std::move(reordered);
}

// Whether the files' names already give the reading order of a book whose chapter numbers start
// again (龙族: 第一幕…第二十幕, then 第一章…; each part of a book numbered afresh in files of
// its own): every name opens with a number (a crawler's 0001.txt, 12_第一章.txt), and read in the
// order of those numbers the files' chapter numbers never go down but to start again at 1.
// Sorting by the headings would deal such a book's parts into one another; it names no
// volume numbers to sort them apart by (those are used when it does).
bool names_give_the_order(const std::vector<Chapter>& chapters,
                          const std::map<int, FileKey>& keys) {
  for (const Chapter& c : chapters) {
    if (c.sources.empty()) return false;
    std::string_view name = c.sources.front();
    if (size_t slash = name.find_last_of('/'); slash != std::string_view::npos)
      name.remove_prefix(slash + 1);
    if (name.empty() || name[0] < '0' || name[0] > '9') return false;
  }
  bool any = false, restarted = false;
  long long previous = 0;
  for (const auto& [index, key] : keys) {
    if (!key.known || key.place != static_cast<int>(HeadingPlace::kBody)) continue;
    if (any && key.number < previous) {
      if (key.number > 1) return false;
      restarted = true;
    }
    previous = key.number;
    any = true;
  }
  return restarted;
}

// 第0章 完结感言: a section the book puts after its chapters (后记, 完结感言, 番外) that a splitter
// numbered 0 goes after them too, as it would under its word alone; a 第0章 of a story is a
// prologue and stays first.
bool is_numbered_afterword(std::string_view heading) {
  auto shape = parse_heading_shape(heading);
  if (!shape) return false;
  std::string_view title = utf8::trim(heading_title(heading, *shape));
  for (const auto& [word, place] : heading_words().words)
    if (place == HeadingPlace::kAfter && title.starts_with(word)) return true;
  return false;
}

// Where a section after the story stands among the others when nothing else orders them: the
// story's end first (尾声, 终章), then its side stories (番外, 外传), then what the author says
// after it (后记, 完本感言, 附录, 跋).
int after_rank(std::string_view title) {
  title = utf8::trim(title);
  for (std::string_view w : {"尾声", "尾聲", "终章", "終章"})
    if (title.starts_with(w)) return 0;
  for (std::string_view w : {"番外", "外传", "外傳"})
    if (title.starts_with(w)) return 1;
  return 2;
}

// Returns whether the files' names gave the order (names_give_the_order).
bool sort_by_headings(std::vector<Chapter>& chapters, HeadingPlaces& places,
                      std::vector<Diagnostic>* warnings) {
  std::map<int, FileKey> keys;  // by SourceText::index
  std::map<int, int> folder;    // by SourceText::index
  for (const Chapter& c : chapters) {
    folder[c.source_index] = c.folder;
    FileKey& key = keys[c.source_index];
    if (key.known || c.front_matter || c.heading.empty() || c.heading == c.volume) continue;
    HeadingPlace place = places.of(c);
    if (place == HeadingPlace::kBody && !c.number) continue;
    if (place == HeadingPlace::kBody && *c.number == 0 && is_numbered_afterword(c.heading))
      place = HeadingPlace::kAfter;
    key.known = true;
    key.place = static_cast<int>(place);
    key.number = c.number.value_or(0);
    if (place == HeadingPlace::kAfter) key.rank = after_rank(c.title);
    key.volume = volume_number(c.volume).value_or(0);
    if (auto mark = page_mark(c.title)) key.page = mark->page;
  }
  bool any_known = false;
  std::map<int, bool> own_heading;  // by SourceText::index: the file has a heading to sort by
  for (const auto& [index, key] : keys) {
    any_known |= key.known;
    own_heading[index] = key.known;
  }
  if (!any_known) return false;  // nothing better than the file names

  // Volume numbers only matter when chapter numbers start again in each volume.
  std::map<long long, int> seen;
  bool restarts = false, volumes = false;
  for (const auto& [index, key] : keys) {
    if (!key.known || key.place != static_cast<int>(HeadingPlace::kBody)) continue;
    restarts |= ++seen[key.number] > 1;
    volumes |= key.volume != 0;
  }
  bool by_volume = restarts && volumes;
  const bool by_name = restarts && !volumes && names_give_the_order(chapters, keys);

  // Files after the story named by their titles alone (尾声.txt, 番外 关公夜读.txt, 后记.txt):
  // their names' order is the characters', so theirs is the story's (after_rank). Named in order
  // (0100 完本感言.txt, 0101 番外一.txt), they are read as named.
  for (const Chapter& c : chapters) {
    FileKey& key = keys[c.source_index];
    if (key.place != static_cast<int>(HeadingPlace::kAfter) || c.sources.empty()) continue;
    if (file_order_prefix(std::filesystem::path(c.sources.front()).filename().string()) > 0) {
      for (auto& [index, k] : keys) k.rank = 0;
      break;
    }
  }
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
  if (!by_name) {
    stable_sort_chapters(chapters, [&](size_t x, size_t y) {
      const FileKey& ka = *key_of[x];
      const FileKey& kb = *key_of[y];
      if (ka.tie() != kb.tie()) return ka.tie() < kb.tie();
      const Chapter& a = chapters[x];
      const Chapter& b = chapters[y];
      return std::tie(a.source_index, a.part) < std::tie(b.source_index, b.part);
    });
  }
  order_ties_by_text(
      chapters, own_heading,
      [&](size_t x, size_t y) {
        const FileKey& ka = keys[chapters[x].source_index];
        const FileKey& kb = keys[chapters[y].source_index];
        // Numbered chapters only: unnumbered 番外 files are side stories, not a sequence.
        return ka.tie() == kb.tie() && ka.place == static_cast<int>(HeadingPlace::kBody);
      },
      warnings);
  return by_name;
}

// A volume declared in one file goes on in the files after it.
void carry_volumes(std::vector<Chapter>& chapters, HeadingPlaces& places) {
  std::string volume;
  for (Chapter& c : chapters) {
    if (!c.volume.empty()) {
      volume = c.volume;
    } else if (!c.front_matter && !c.back_matter && places.of(c) == HeadingPlace::kBody) {
      c.volume = volume;
    }
  }
  // The sections after the last chapter of a book in volumes (尾声, 番外, 后记, 完本感言) are the
  // whole book's, not its last volume's: the table of contents shows them beside the volumes (an
  // unseen book's 尾声 and 完本感言 stood inside 第二卷).
  for (size_t i = chapters.size(); i-- > 0;) {
    Chapter& c = chapters[i];
    if (c.front_matter || c.heading.empty() || c.heading == c.volume ||
        places.of(c) != HeadingPlace::kAfter)
      break;
    if (c.volume.empty()) continue;
    c.volume.clear();
    c.back_matter = true;
  }
}

// The title without the part of a chapter it ends with (（上）, （中）, （三）, (2)), when it ends
// with one: an author's chapter in parts has one number and one title for them all.
std::optional<std::string_view> without_part(std::string_view title) {
  for (auto [open, close] :
       {std::pair<std::string_view, std::string_view>{"（", "）"}, {"(", ")"}}) {
    if (!title.ends_with(close)) continue;
    size_t at = title.rfind(open);
    if (at == std::string_view::npos || at == 0) continue;
    std::string_view inside =
        title.substr(at + open.size(), title.size() - close.size() - at - open.size());
    if (inside == "上" || inside == "中" || inside == "下" ||
        (!inside.empty() && numeral_prefix_length(inside) == inside.size() && parse_number(inside)))
      return utf8::trim(title.substr(0, at));
  }
  return std::nullopt;
}

// Two chapters of one number that are parts of one chapter (第七章 …（一）, 第七章 …（三）).
bool parts_of_one_chapter(const Chapter& a, const Chapter& b) {
  auto x = without_part(a.title), y = without_part(b.title);
  return x && y && *x == *y && a.title != b.title;
}

// `restarts`: the numbers may start again at 1 where no volume begins (the files' names gave
// the order of such a book).
void check_numbering(const std::vector<Chapter>& chapters, HeadingPlaces& places, bool restarts,
                     std::vector<Diagnostic>* warnings) {
  const Chapter* previous = nullptr;
  // Files without a heading since `previous` (2.txt and 3.txt between 第1章 and 第4章): the
  // chapters a gap of as many numbers would miss.
  long long headingless = 0;
  for (const Chapter& c : chapters) {
    if (!c.number && c.heading.empty() && !c.front_matter) ++headingless;
    if (!c.number || c.front_matter || places.of(c) != HeadingPlace::kBody) continue;
    if (previous) {
      long long p = *previous->number, n = *c.number;
      std::string pair = "'" + previous->title + "' (" + chapter_location(*previous) + ") and '" +
                         c.title + "' (" + chapter_location(c) + ")";
      std::string file = c.sources.empty() ? "" : c.sources.front();
      if (n == p && !parts_of_one_chapter(*previous, c)) {
        warnings->push_back({"numbering_repeat", file, c.heading_line,
                             "chapter number " + std::to_string(n) + " appears twice: " + pair +
                                 "; check whether one of the files is misnamed or misnumbered"});
      } else if (n > p + 1 && headingless != n - p - 1) {
        std::string missing =
            n == p + 2 ? "chapter " + std::to_string(p + 1) + " is"
                       : "chapters " + std::to_string(p + 1) + "-" + std::to_string(n - 1) + " are";
        warnings->push_back({"numbering_gap", file, c.heading_line,
                             missing + " missing between " + pair +
                                 "; add the missing file(s) or ignore if the source skips them"});
      } else if (n < p && !((restarts || c.volume != previous->volume) && n <= 1)) {
        warnings->push_back({"numbering_order", file, c.heading_line,
                             "chapter number " + std::to_string(n) + " follows " +
                                 std::to_string(p) + ": " + pair +
                                 "; list the files in [chapters] files to fix the order"});
      }
    }
    previous = &c;
    headingless = 0;
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

// The name of the file a chapter without a heading was read from, when it names the chapter in
// words: a file of its own among several (an unseen light novel's Interlude 1.txt, whose first
// line is Interlude......, and ⑩于是，比企谷八幡如是说。.txt, whose first line repeats its name,
// were titled 第一章 and 第五章 by their places); "" for a name that is a number or a code
// (0001.txt, chapter_12.txt: numbered by place). Two ideographs or more, or Latin words with a
// space between.
std::string file_name_title(const Chapter& c, const std::map<int, int>& chapters_of_source) {
  constexpr size_t kMaxName = 40;
  if (c.sources.empty() || chapters_of_source.size() < 2 ||
      chapters_of_source.at(c.source_index) != 1)
    return "";
  const std::string name = std::filesystem::path(c.sources.front()).stem().string();
  std::string_view t = utf8::trim(name);
  if (t.empty() || utf8::length(t) > kMaxName) return "";
  size_t ideographs = 0, letters = 0;
  bool space = false;
  for (size_t i = 0; i < t.size();) {
    const char32_t cp = utf8::next(t, &i);
    ideographs += is_ideograph(cp);
    letters += cp < 0x80 && std::isalpha(static_cast<int>(cp));
    space |= utf8::is_space(cp);
  }
  return ideographs >= 2 || (letters >= 4 && space) ? std::string(t) : "";
}

// Whether a file's first line repeats its name: word for word, or without the name's number
// and with dots or an ellipsis after it (Interlude...... in Interlude 1.txt of an unseen light
// novel, Interlude…… in Interlude 4.txt).
bool echoes_file_name(std::string_view line, std::string_view name) {
  auto bare = [](std::string_view s, bool number) {
    std::string t = utf8::without_spaces(s);
    while (!t.empty() && (t.back() == '.' || t.ends_with("…") || t.ends_with("。") ||
                          (number && t.back() >= '0' && t.back() <= '9'))) {
      if (t.back() == '.' || (t.back() >= '0' && t.back() <= '9'))
        t.pop_back();
      else
        t.resize(t.size() - 3);
    }
    return t;
  };
  const std::string l = utf8::without_spaces(line);
  if (l == utf8::without_spaces(name)) return true;
  const std::string stem = bare(name, true);
  return !stem.empty() && stem != utf8::without_spaces(name) && bare(line, false) == stem &&
         l != stem;
}

// The title of the chapter numbered `number` that has none: 第N章 in the book's script, or
// Chapter N in a book written in English (a translation).
// How the book's own headings write a chapter's number: in digits or in numerals (第2章 or
// 第二章), and with which marker (章, 回, 节, 话): what most of its 第N… headings use.
struct NumberStyle {
  bool digits = false;
  std::string marker = "章";
};

NumberStyle number_style(const std::vector<Chapter>& chapters) {
  std::map<std::string, int> markers;
  int digits = 0, numerals = 0;
  for (const Chapter& c : chapters) {
    if (c.heading.empty() || !c.number) continue;
    std::string_view h = utf8::trim(c.heading);
    if (!h.starts_with("第")) continue;
    std::size_t i = std::string_view("第").size();
    const bool arabic = i < h.size() && h[i] >= '0' && h[i] <= '9';
    // The number runs to the first of the markers.
    for (std::string_view marker : {"章", "回", "节", "節", "话", "話"}) {
      const std::size_t at = h.find(marker, i);
      if (at == std::string_view::npos || at > i + 24) continue;
      ++markers[std::string(marker)];
      (arabic ? digits : numerals) += 1;
      break;
    }
  }
  NumberStyle style;
  style.digits = digits > numerals;
  int best = 0;
  for (const auto& [marker, n] : markers)
    if (n > best) {
      best = n;
      style.marker = marker;
    }
  return style;
}

std::string numbered_title(long long number, bool traditional, bool english,
                           const NumberStyle& style) {
  if (english) return "Chapter " + std::to_string(number);
  return "第" + (style.digits ? std::to_string(number) : chinese_numeral(number, traditional)) +
         style.marker;
}

void title_untitled(std::vector<Chapter>& chapters, const ChaptersConfig& config,
                    std::vector<Diagnostic>* warnings) {
  bool traditional = traditional_book(chapters);
  std::optional<bool> english;       // (read once a chapter is numbered)
  std::optional<NumberStyle> style;  // (the same)
  std::map<int, int> chapters_of_source;
  for (const Chapter& c : chapters) ++chapters_of_source[c.source_index];
  size_t position = 0, untitled = 0;
  // The number of the last numbered chapter so far, and how many came after it: a chapter
  // without a title among numbered ones (Chapter_00081.txt after Chapter 79 and Chapter 80 of a
  // book downloaded from its 79th chapter on) takes the number that follows theirs, not its
  // place in the book (3).
  std::optional<long long> last_number;
  long long since_number = 0;
  // Whether the run of chapters from `i` up to the next numbered one leaves room for the numbers
  // after the last one (a continued page between 第1章 and 第2章 does not: it is numbered by
  // place), and up to where that was read.
  bool room = false;
  size_t read_to = 0;
  auto leaves_room = [&](size_t i) {
    if (i < read_to) return room;
    long long run = 0;
    for (read_to = i; read_to < chapters.size(); ++read_to) {
      const Chapter& n = chapters[read_to];
      if (n.front_matter) continue;
      if (!n.title.empty() && n.number && !n.heading.empty()) break;
      ++run;
    }
    room = read_to == chapters.size() ||
           chapters[read_to].number > *last_number + since_number + run - 1;
    return room;
  };
  for (size_t i = 0; i < chapters.size(); ++i) {
    Chapter& c = chapters[i];
    if (c.front_matter) continue;
    ++position;
    ++since_number;
    if (!c.title.empty()) {
      if (c.number && !c.heading.empty()) {
        last_number = *c.number;
        since_number = 0;
      }
      continue;
    }
    if (untitled >= config.titles.size()) {
      if (std::string named = file_name_title(c, chapters_of_source); !named.empty()) {
        // (Its first line, when it repeats the name, is the name's echo.)
        if (c.paragraphs.size() > 1 && !c.paragraphs[0].scene_break &&
            echoes_file_name(c.paragraphs[0].text, named)) {
          std::vector<Paragraph>& paragraphs = c.paragraphs.edit();
          c.repairs.push_back(
              {"heading_echo", c.sources.front(), paragraphs[0].line, paragraphs[0].text, ""});
          paragraphs.erase(paragraphs.begin());
        }
        c.title = std::move(named);
        ++untitled;
        continue;
      }
    }
    if (untitled < config.titles.size()) {
      c.title = config.titles[untitled];
    } else {
      if (!english) english = written_in_english(chapters);
      if (!style) style = number_style(chapters);
      c.title = numbered_title(last_number && leaves_room(i) ? *last_number + since_number
                                                             : static_cast<long long>(position),
                               traditional, *english, *style);
    }
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

void remove_empty_sections(Book& book) {
  std::vector<Chapter>& chapters = book.chapters;
  auto gone = [](const Chapter& c) {
    return (c.front_matter || c.heading.empty()) && !has_text(c);
  };
  for (size_t i = 0; i < chapters.size(); ++i) {
    if (!gone(chapters[i])) continue;
    size_t to = i + 1;
    while (to < chapters.size() && gone(chapters[to])) ++to;
    if (to == chapters.size()) {
      to = i;
      while (to > 0 && gone(chapters[to])) --to;
      if (gone(chapters[to])) {
        for (Diagnostic& d : chapters[i].warnings) book.warnings.push_back(std::move(d));
        continue;
      }
    }
    hand_over_findings(chapters[i], chapters[to]);
  }
  std::erase_if(chapters, gone);
}

void order_chapters(Book& book, const ChaptersConfig& config,
                    const std::vector<std::string>* preview_titles) {
  std::vector<Chapter>& chapters = book.chapters;
  remove_empty_sections(book);

  stable_sort_chapters(chapters, [&](size_t x, size_t y) {
    const Chapter& a = chapters[x];
    const Chapter& b = chapters[y];
    return std::tie(a.source_index, a.part) < std::tie(b.source_index, b.part);
  });
  HeadingPlaces places(chapters);
  const bool named_order =
      config.files.empty() && sort_by_headings(chapters, places, &book.warnings);
  carry_volumes(chapters, places);

  // Each chapter's fingerprints, on every core (a build with the cache made them already).
  std::vector<ChapterPrints> prints(chapters.size());
  parallel_for(chapters.size(), 0, [&](size_t i) {
    thread_local TextFolder own;
    prints[i] = chapter_prints(chapters[i], own);
  });
  TextFolder folder;
  if (config.files.empty()) remove_tool_records(chapters, prints, &book.warnings);
  remove_repeated_front_matter(chapters, prints, &book.warnings, preview_titles);
  remove_duplicates(chapters, prints, &book.warnings);
  merge_pages(chapters, prints, folder);
  if (config.titles.empty()) {
    join_named_pages(chapters, prints, &book.warnings);
    place_headingless_files(chapters, prints, &book.warnings);
  }

  if (preview_titles) remove_new_book_preview(book, *preview_titles);
  check_numbering(chapters, places, named_order, &book.warnings);
  for (const Chapter& c : chapters) {
    // (A volume's own section without text is its heading alone: a volume that ends one file
    // and goes on in the next.)
    if (!c.heading.empty() && !has_text(c) && !(c.heading == c.volume && c.title == c.volume))
      book.warnings.push_back({"empty_chapter", c.sources.empty() ? "" : c.sources.front(),
                               c.heading_line,
                               "'" + c.title + "' has a heading but no text; check the source"});
  }
  title_untitled(chapters, config, &book.warnings);
}

}  // namespace novelbind
