#include "order/page_merge.h"

#include <algorithm>

#include "base/brackets.h"
#include "base/chinese_number.h"
#include "base/cjk_text.h"
#include "base/utf8.h"

namespace novelbind {
namespace {

// Pages repeated at a seam are a few paragraphs at most; do not look further.
constexpr size_t kMaxSeam = 20;
// Longest text inside a page mark's brackets, in bytes: （12/12）, （十二）.
constexpr size_t kMaxMarkInner = 24;

std::optional<int> page_number(std::string_view inner) {
  // A page word around the number: （第2/2页）, （第3页）.
  constexpr std::string_view kOrdinal = "第";
  for (std::string_view page : {"页", "頁"}) {
    if (inner.size() > kOrdinal.size() + page.size() && inner.starts_with(kOrdinal) &&
        inner.ends_with(page)) {
      inner =
          utf8::trim(inner.substr(kOrdinal.size(), inner.size() - kOrdinal.size() - page.size()));
      break;
    }
  }
  if (inner == "上") return 1;
  if (inner == "中") return 2;
  if (inner == "下") return 3;
  size_t slash = inner.find('/');
  size_t slash_len = 1;
  if (slash == std::string_view::npos) {
    slash = inner.find("／");
    slash_len = 3;
  }
  std::string_view page = slash == std::string_view::npos ? inner : inner.substr(0, slash);
  std::optional<long long> n = parse_number(utf8::trim(page));
  if (!n || *n < 1 || *n > 1000) return std::nullopt;
  if (slash != std::string_view::npos) {
    std::optional<long long> of = parse_number(utf8::trim(inner.substr(slash + slash_len)));
    if (!of || *of < *n) return std::nullopt;
  }
  return static_cast<int>(*n);
}

// How many paragraphs at the start of `next` repeat the end of `prev`.
size_t seam_length(const ChapterPrints& prev, const ChapterPrints& next) {
  size_t limit = std::min({kMaxSeam, prev.prints.size(), next.prints.size()});
  for (size_t k = limit; k > 0; --k) {
    size_t from = prev.prints.size() - k;
    size_t text = 0;
    bool same = true;
    for (size_t i = 0; i < k && same; ++i) {
      same = prev.prints[from + i] == next.prints[i];
      text += next.lengths[i];
    }
    if (same && text > 0) return k;
  }
  return 0;
}

// Whether a page was cut inside a paragraph: the page before ends mid-sentence (…巴不得去奉承，),
// or a long paragraph ends with no mark, inside a word (…至如海之父又袭了一 / 代，到了…), or the
// next opens with a sentence's mark (。” at a mobile site's page seam; a closing quotation mark
// alone may open a source's paragraph: ”云长曰 in sanguo). (A short line that ends with
// no mark may be a poem's: it stays apart.)
bool cut_inside(const Paragraph& last, const Paragraph& next) {
  if (last.scene_break || next.scene_break) return false;
  std::string_view a = utf8::trim(last.text), b = utf8::trim(next.text);
  if (a.empty() || b.empty()) return false;
  size_t end = a.size(), start = 0;
  const char32_t before = utf8::previous(a, &end);
  const char32_t after = utf8::next(b, &start);
  constexpr size_t kLongParagraph = 20;
  // (A line of verse, short with a sentence's end inside it, ends with a comma whole: 枝柯怕动摇。
  // 皑皑轻趁步， on a page before 黛玉忙联道：.)
  constexpr size_t kVerseLine = 16;
  if (before == U'，' && utf8::length(a) <= kVerseLine) {
    const std::string_view inside = a.substr(0, end);
    for (std::string_view stop : {"。", "！", "？"})
      if (inside.find(stop) != std::string_view::npos) return false;
  }
  // (Not after a colon, which introduces what follows in a paragraph of its own: 宝玉便念道：,
  // then the couplet.)
  return std::u32string_view(U"，、；,;").find(before) != std::u32string_view::npos ||
         (is_word_character(before) && utf8::length(a) >= kLongParagraph) ||
         std::u32string_view(U"。，、；！？").find(after) != std::u32string_view::npos;
}

}  // namespace

void append_page(Chapter& first, ChapterPrints& first_prints, Chapter& page,
                 ChapterPrints& page_prints, Repair merge) {
  std::vector<Paragraph>& text = first.paragraphs.edit();
  std::vector<Paragraph>& page_text = page.paragraphs.edit();
  std::string page_file = page.sources.empty() ? "" : page.sources.front();
  size_t seam = seam_length(first_prints, page_prints);
  for (size_t i = 0; i < seam; ++i) {
    const Paragraph& p = page_text[i];
    first.repairs.push_back(Repair{"page_seam", page_file, p.line, p.text, ""});
  }
  first.repairs.push_back(std::move(merge));
  // A paragraph the page cut in two is one again.
  const bool joined =
      !text.empty() && seam < page_text.size() && cut_inside(text.back(), page_text[seam]);
  if (joined) {
    Paragraph& whole = text.back();
    first.repairs.push_back(Repair{"page_merge", page_file, page_text[seam].line,
                                   page_text[seam].text, "joined to the paragraph before"});
    whole.text =
        std::string(utf8::trim(whole.text)) + std::string(utf8::trim(page_text[seam].text));
  }
  text.insert(text.end(), std::make_move_iterator(page_text.begin() + seam + (joined ? 1 : 0)),
              std::make_move_iterator(page_text.end()));
  if (joined) {
    thread_local TextFolder folder;
    first_prints = chapter_prints(first, folder);
  } else {
    first_prints.prints.insert(first_prints.prints.end(), page_prints.prints.begin() + seam,
                               page_prints.prints.end());
    first_prints.lengths.insert(first_prints.lengths.end(), page_prints.lengths.begin() + seam,
                                page_prints.lengths.end());
    first_prints.length = 0;
    for (std::uint32_t n : first_prints.lengths) first_prints.length += n;
  }
  for (std::string& s : page.sources)
    if (std::find(first.sources.begin(), first.sources.end(), s) == first.sources.end())
      first.sources.push_back(std::move(s));
  first.repairs.insert(first.repairs.end(), std::make_move_iterator(page.repairs.begin()),
                       std::make_move_iterator(page.repairs.end()));
  first.warnings.insert(first.warnings.end(), std::make_move_iterator(page.warnings.begin()),
                        std::make_move_iterator(page.warnings.end()));
  if (!first.number) first.number = page.number;
}

std::optional<PageMark> page_mark(std::string_view title) {
  std::string_view t = utf8::trim(title);
  if (t.empty()) return std::nullopt;
  // The page word after a space, without brackets: 第31章 曹操仓亭破本初 第2页.
  for (std::string_view word : {"页", "頁"}) {
    if (!t.ends_with(word)) continue;
    const size_t at = t.rfind("第");
    if (at == std::string_view::npos || at == 0) break;
    size_t before = at;
    if (!utf8::is_space(utf8::previous(t, &before))) break;
    std::optional<int> page = page_number(t.substr(at));
    std::string_view base = utf8::trim(t.substr(0, at));
    if (page && !base.empty()) return PageMark{base, *page, false};
    break;
  }
  size_t end = t.size();
  char32_t open = opening_bracket(utf8::previous(t, &end), kParenBrackets);
  if (!open) return std::nullopt;
  for (size_t p = end; p > 0 && end - p <= kMaxMarkInner;) {
    size_t q = p;
    char32_t c = utf8::previous(t, &q);
    if (c == open || (c == U'(' && open == U'（') || (c == U'（' && open == U'(')) {
      std::string_view inner = utf8::trim(t.substr(p, end - p));
      std::optional<int> page = page_number(inner);
      std::string_view base = utf8::trim(t.substr(0, q));
      if (!page || base.empty()) return std::nullopt;
      // A site's page: a count of pages (1/2) or the page word (第2页); else the author's part.
      bool site_page =
          inner.find('/') != std::string_view::npos || inner.find("／") != std::string_view::npos ||
          inner.find("页") != std::string_view::npos || inner.find("頁") != std::string_view::npos;
      return PageMark{base, *page, !site_page};
    }
    p = q;
  }
  return std::nullopt;
}

void merge_pages(std::vector<Chapter>& chapters, std::vector<ChapterPrints>& prints,
                 TextFolder& folder) {
  size_t w = 0;
  std::string previous_base;  // folded title of chapters[w - 1] without its page mark
  int previous_page = 0;      // the page chapters[w - 1] ends with (0: no numbered mark)
  for (size_t r = 0; r < chapters.size(); ++r) {
    Chapter& c = chapters[r];
    std::string base;
    std::optional<PageMark> mark;
    if (!c.front_matter && !c.heading.empty()) {
      mark = page_mark(c.title);
      // (An author's parts, （一）（二） or （上）（下）, are chapters of their own: each its
      // heading in the table of contents, as the source lists them.)
      if (!mark || !mark->part) base = folder.fold(mark ? mark->base : std::string_view(c.title));
    }
    const bool numbered = mark && !mark->part;
    if (w > 0 && !base.empty() && base == previous_base) {
      Chapter& first = chapters[w - 1];
      if (std::optional<PageMark> first_mark = page_mark(first.title))
        first.title = std::string(first_mark->base);
      std::string file = c.sources.empty() ? "" : c.sources.front();
      // Pages missing between two that are joined (（1/5）, then （4/5）): the reader is told.
      if (numbered && previous_page > 0 && mark->page > previous_page + 1)
        first.warnings.push_back(
            {"page_merge", file, c.heading_line,
             "'" + first.title + "' joins page " + std::to_string(previous_page) + " to page " +
                 std::to_string(mark->page) + ": page(s) " + std::to_string(previous_page + 1) +
                 (mark->page - 1 > previous_page + 1 ? "-" + std::to_string(mark->page - 1) : "") +
                 " are not in the input, so the text runs on without them; add them if the "
                 "source has them"});
      previous_page = numbered ? mark->page : 0;
      Repair merge{"page_merge", file, c.heading_line, c.title, ""};
      append_page(first, prints[w - 1], c, prints[r], std::move(merge));
      continue;
    }
    if (w != r) {
      chapters[w] = std::move(chapters[r]);
      prints[w] = std::move(prints[r]);
    }
    ++w;
    previous_base = std::move(base);
    previous_page = numbered ? mark->page : 0;
  }
  chapters.resize(w);
  prints.resize(w);
}

}  // namespace novelbind
