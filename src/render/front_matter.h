// The pages around the chapters: cover (a given image or one drawn with the title and author,
// cover_draw.h), title page, intro (簡介, from the description), inline contents page and a
// volume's title page. Each page comes from its template (cover.xhtml, title.xhtml,
// intro.xhtml, toc.xhtml, volume.xhtml) and is checked like a chapter.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "book.h"
#include "render/render.h"
#include "render/templates.h"

namespace novelbind {

// The values every template sees: lang, book_title, author, vertical.
kainjow::mustache::data page_data(const Book& book, const RenderOptions& options);

// A title split into number and name for templates: number, name (each only when present)
// and number_html, name_html (escaped, upright digits when vertical).
void set_heading(kainjow::mustache::data* d, const std::string& title, bool vertical);

struct CoverParts {
  Document image;  // images/cover.{jpg,png}, with the cover-image property
  // The image's bytes, when they are still being made (RenderOptions::cover_later).
  std::shared_future<Result<SharedBytes>> image_later;
  std::optional<Document> page;  // text/cover.xhtml, unless the cover page is switched off
};
Result<CoverParts> render_cover(const Book& book, const Templates& templates,
                                const RenderOptions& options);

Result<Document> render_title_page(const Book& book, const Templates& templates,
                                   const RenderOptions& options);

// Empty when the book has no description.
Result<std::optional<Document>> render_intro_page(const Book& book, const Templates& templates,
                                                  const RenderOptions& options);

// The contents page's document (text/toc.xhtml) with `content`.
Document contents_page_document(std::string content);
// Whether `d` is the contents page's document.
bool is_contents_page(const Document& d);
// The inline contents page listing `toc` (hrefs relative to EPUB/).
Result<Document> render_contents_page(const Book& book, const Templates& templates,
                                      const RenderOptions& options,
                                      const std::vector<TocEntry>& toc);

// The page of the author's notes kept apart from the chapters (book.notes, author_notes.h),
// text/notes.xhtml, after the last chapter; empty when there are none.
inline constexpr std::string_view kNotesHref = "text/notes.xhtml";
Result<std::optional<Document>> render_notes_page(const Book& book, const Templates& templates,
                                                  const RenderOptions& options);

// The title page of a volume, as text/ID.xhtml, with the text found under the volume's
// heading before its first chapter (`paragraphs`, often none).
Result<Document> render_volume_page(const Book& book, const Templates& templates,
                                    const RenderOptions& options, const std::string& title,
                                    const std::vector<Paragraph>& paragraphs,
                                    const std::string& id);

// The paragraphs as template data: text, html (escaped, upright digits when vertical) and
// scene_break; `which` (indices into both), when given, picks and orders them.
kainjow::mustache::data paragraph_list(const std::vector<Paragraph>& paragraphs,
                                       const std::vector<std::string>& html,
                                       const std::vector<size_t>* which = nullptr);

}  // namespace novelbind
