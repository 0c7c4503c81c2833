#include "order/new_book_preview.h"

#include <algorithm>
#include <optional>

#include "base/utf8.h"
#include "order/dedupe.h"

namespace novelbind {
namespace {

// The title in the first 《…》 of `text` that names a new book (新书 or 新作 in the text), when
// it is none of `titles`; nullopt otherwise.
std::optional<std::string> announced_book(std::string_view text,
                                          const std::vector<std::string>& titles) {
  bool news = false;
  for (std::string_view word : {"新书", "新書", "新作"}) news |= text.find(word) != text.npos;
  if (!news) return std::nullopt;
  const size_t open = text.find("《");
  const size_t close = open == std::string_view::npos ? open : text.find("》", open);
  if (close == std::string_view::npos) return std::nullopt;
  std::string_view name = utf8::trim(text.substr(open + 3, close - open - 3));
  if (name.empty()) return std::nullopt;
  for (const std::string& title : titles) {
    std::string_view own = utf8::trim(title);
    if (!own.empty() && (name == own || name.find(own) != std::string_view::npos ||
                         own.find(name) != std::string_view::npos))
      return std::nullopt;
  }
  return std::string(name);
}

// The announcement around the chapter at `restart`: in the title or the last paragraphs of the
// chapter before it, or the first paragraphs of its own text.
std::optional<std::string> announcement_before(const std::vector<Chapter>& chapters, size_t restart,
                                               const std::vector<std::string>& titles) {
  const Chapter& before = chapters[restart - 1];
  if (auto named = announced_book(before.title, titles)) return named;
  const TextEdges tail = before.paragraphs.edges(0, kAnnouncementLines);
  for (size_t k = tail.size() > kAnnouncementLines ? tail.size() - kAnnouncementLines : 0;
       k < tail.size(); ++k)
    if (auto named = announced_book(tail[k].text, titles)) return named;
  const TextEdges head = chapters[restart].paragraphs.edges(2, 0);
  for (size_t k = 0; k < std::min<size_t>(2, head.size()); ++k)
    if (auto named = announced_book(head[k].text, titles)) return named;
  return std::nullopt;
}

}  // namespace

std::size_t remove_new_book_preview(Book& book, const std::vector<std::string>& titles) {
  std::vector<Chapter>& chapters = book.chapters;
  long long reached = 0;  // the highest chapter number of the book so far
  const Chapter* last_numbered = nullptr;
  for (size_t i = 0; i < chapters.size(); ++i) {
    const Chapter& c = chapters[i];
    if (c.front_matter || !c.number) continue;
    const bool restarts = *c.number == 1 && reached > 2 && i > 0 && last_numbered &&
                          c.volume == last_numbered->volume;
    const std::optional<std::string> named =
        restarts ? announcement_before(chapters, i, titles) : std::nullopt;
    if (!named) {
      reached = std::max(reached, *c.number);
      last_numbered = &c;
      continue;
    }
    // The preview: its numbers go on from 1, never back into this book's; chapters without a
    // number go with it when a chapter of it follows them.
    size_t end = i + 1, kept_end = i + 1;
    long long previous = 1;
    for (; end < chapters.size(); ++end) {
      const Chapter& next = chapters[end];
      if (next.front_matter || next.volume != c.volume) break;
      if (!next.number) continue;
      if (*next.number > previous + 1 || *next.number >= reached || *next.number < previous) break;
      previous = *next.number;
      kept_end = end + 1;
    }
    end = kept_end;
    std::string names;
    for (size_t k = i; k < end; ++k)
      names += (names.empty() ? "'" : ", '") + chapters[k].title + "'";
    Chapter& before = chapters[i - 1];
    for (size_t k = i; k < end; ++k) hand_over_findings(chapters[k], before);
    book.warnings.push_back(
        {"new_book_preview", c.sources.empty() ? "" : c.sources.front(), c.heading_line,
         std::to_string(end - i) + " chapter(s) after the announcement of the new book 《" +
             *named + "》 number again from 1: " + names +
             "; they are that book's opening, left out of this one (keep them with [clean] "
             "disable = [\"new_book_preview\"])"});
    chapters.erase(chapters.begin() + static_cast<long>(i),
                   chapters.begin() + static_cast<long>(end));
    return end - i;
  }
  return 0;
}

}  // namespace novelbind
