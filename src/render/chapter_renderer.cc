#include "render/chapter_renderer.h"

#include "render/front_matter.h"
#include "render/labels.h"
#include "render/typeset.h"

namespace novelbind {

namespace mustache = kainjow::mustache;

Result<std::vector<std::string>> ChapterRenderer::render(const Chapter& c) const {
  std::vector<std::string> html;
  html.reserve(c.paragraphs.size());
  for (const Paragraph& p : c.paragraphs)
    html.push_back(p.scene_break ? std::string() : text_to_xhtml(p.text, options_.vertical));
  // A chapter whose text alone is over the limit is split without rendering it whole first.
  size_t text_bytes = 0;
  for (const std::string& h : html) text_bytes += h.size();
  if (text_bytes > options_.max_document_bytes) return render_split(c, html);
  std::vector<size_t> all(c.paragraphs.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  auto whole = render_part(c, html, all, false);
  if (!whole) return whole.status();
  if (whole->size() <= options_.max_document_bytes) return std::vector<std::string>{*whole};
  return render_split(c, html);
}

Result<std::string> ChapterRenderer::render_part(const Chapter& c,
                                                 const std::vector<std::string>& html,
                                                 const std::vector<size_t>& which,
                                                 bool continued) const {
  mustache::data d = page_data(book_, options_);
  set_heading(&d, c.title, options_.vertical);
  d.set("continued", continued);
  mustache::data paragraphs = paragraph_list(c.paragraphs.all(), html, &which);
  return templates_.render("chapter.xhtml", d, "chapter '" + c.title + "'", "paragraphs",
                           &paragraphs);
}

Result<std::vector<std::string>> ChapterRenderer::render_split(
    const Chapter& c, const std::vector<std::string>& html) const {
  size_t markup[2] = {0, 0};  // [paragraph, scene break]
  bool measured[2] = {false, false};
  for (size_t i = 0; i < c.paragraphs.size(); ++i) {
    int kind = c.paragraphs[i].scene_break ? 1 : 0;
    if (measured[kind]) continue;
    auto once = render_part(c, html, {i}, true);
    auto twice = render_part(c, html, {i, i}, true);
    if (!once) return once.status();
    if (!twice) return twice.status();
    markup[kind] = twice->size() - once->size() - html[i].size();
    measured[kind] = true;
    if (measured[0] && measured[1]) break;
  }
  auto cost = [&](size_t i) { return html[i].size() + markup[c.paragraphs[i].scene_break]; };
  auto first = render_part(c, html, {0}, false);
  auto next = render_part(c, html, {0}, true);
  if (!first) return first.status();
  if (!next) return next.status();
  const size_t base_first = first->size() - cost(0);
  const size_t base_next = next->size() - cost(0);

  std::vector<std::vector<size_t>> groups(1);
  size_t size = base_first;
  for (size_t i = 0; i < c.paragraphs.size(); ++i) {
    if (!groups.back().empty() && size + cost(i) > options_.max_document_bytes) {
      groups.emplace_back();
      size = base_next;
    }
    groups.back().push_back(i);
    size += cost(i);
  }
  std::vector<std::string> parts;
  for (size_t g = 0; g < groups.size(); ++g) {
    auto part = render_part(c, html, groups[g], g > 0);
    if (!part) return part.status();
    if (part->size() > options_.max_document_bytes && groups[g].size() > 1) {
      std::vector<size_t> tail(groups[g].begin() + groups[g].size() / 2, groups[g].end());
      groups[g].resize(groups[g].size() / 2);
      groups.insert(groups.begin() + g + 1, std::move(tail));
      --g;
      continue;
    }
    parts.push_back(std::move(*part));
  }
  return parts;
}

}  // namespace novelbind
