#include "render/front_matter.h"

#include "render/cover.h"
#include "render/cover_draw.h"
#include "render/labels.h"
#include "render/typeset.h"

namespace novelbind {

namespace mustache = kainjow::mustache;

namespace {

constexpr const char* kXhtml = "application/xhtml+xml";

// A href relative to EPUB/ as seen from a document in EPUB/text/.
std::string from_text_folder(const std::string& href) {
  return href.rfind("text/", 0) == 0 ? href.substr(5) : "../" + href;
}

// kainjow's data copies whatever it is given (set, push_back), and a contents page of 3000
// entries spent most of its time copying and destroying lists and items built beside their
// place. So each list and item is put in place empty and filled there. (The data's own
// storage is not const; the library only hands it out as const.)
mustache::data& mutable_data(const mustache::data* data) {
  return const_cast<mustache::data&>(*data);
}

void set_toc_items(mustache::data* parent, const std::string& name,
                   const std::vector<TocEntry>& entries, bool vertical) {
  static const mustache::data empty_list{mustache::data::type::list};
  static const mustache::data empty_item;
  parent->set(name, empty_list);
  mustache::data& list = mutable_data(parent->get(name));
  for (const TocEntry& e : entries) {
    list.push_back(empty_item);
    mustache::data& item = mutable_data(&list.list_value().back());
    item.set("label", e.label);
    item.set("label_html", text_to_xhtml(e.label, vertical));
    item.set("href", from_text_folder(e.href));
    item.set("has_children", !e.children.empty());
    set_toc_items(&item, "children", e.children, vertical);
  }
}

}  // namespace

mustache::data page_data(const Book& book, const RenderOptions& options) {
  mustache::data d;
  d.set("lang", book.meta.language);
  d.set("book_title", book.meta.title);
  if (!book.meta.author.empty()) d.set("author", book.meta.author);
  d.set("vertical", options.vertical);
  return d;
}

void set_heading(mustache::data* d, const std::string& title, bool vertical) {
  HeadingParts parts = split_heading(title);
  d->set("title", title);
  if (!parts.number.empty()) {
    d->set("number", parts.number);
    d->set("number_html", text_to_xhtml(parts.number, vertical));
  }
  if (!parts.name.empty()) {
    d->set("name", parts.name);
    d->set("name_html", text_to_xhtml(parts.name, vertical));
  }
}

Result<CoverParts> render_cover(const Book& book, const Templates& templates,
                                const RenderOptions& options) {
  CoverParts out;
  if (options.cover) {
    const Image& img = *options.cover;
    out.image = {"images/cover." + img.extension,
                 "cover-image",
                 img.media_type,
                 img.bytes,
                 "cover-image",
                 false};
  } else if (options.cover_later.valid()) {
    out.image = {"images/cover.png", "cover-image", "image/png", "", "cover-image", false};
    out.image_later = options.cover_later;
  } else {
    auto drawn = draw_cover(book.meta);
    if (!drawn) return drawn.status();
    out.image = {"images/cover.png",      "cover-image", "image/png",
                 std::move(drawn->bytes), "cover-image", false};
  }
  if (options.cover_page) {
    mustache::data d = page_data(book, options);
    d.set("title", book.meta.title);
    d.set("label", labels_for(book.meta.language).cover);
    d.set("image", "../" + out.image.href);
    auto page = templates.render("cover.xhtml", d, "cover page");
    if (!page) return page.status();
    out.page =
        Document{"text/cover.xhtml", "cover", kXhtml, std::move(*page), "", true, true, true};
  }
  return out;
}

Result<Document> render_title_page(const Book& book, const Templates& templates,
                                   const RenderOptions& options) {
  mustache::data d = page_data(book, options);
  d.set("title", book.meta.title);
  d.set("label", labels_for(book.meta.language).titlepage);
  if (!book.meta.series.empty()) {
    std::string series = book.meta.series;
    if (!book.meta.series_index.empty()) series += " " + book.meta.series_index;
    d.set("series", book.meta.series);
    d.set("series_html", text_to_xhtml(series, options.vertical));
  }
  if (!book.meta.series_index.empty()) d.set("series_index", book.meta.series_index);
  if (!book.meta.publisher.empty()) d.set("publisher", book.meta.publisher);
  auto page = templates.render("title.xhtml", d, "title page");
  if (!page) return page.status();
  return Document{"text/title.xhtml", "titlepage", kXhtml, std::move(*page), "", true, true, true};
}

Result<std::optional<Document>> render_intro_page(const Book& book, const Templates& templates,
                                                  const RenderOptions& options) {
  mustache::data paragraphs{mustache::data::type::list};
  size_t start = 0;
  const std::string& text = book.meta.description;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    line = line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
    mustache::data item;
    item.set("text", line);
    item.set("html", text_to_xhtml(line, options.vertical));
    paragraphs.push_back(item);
  }
  if (paragraphs.list_value().empty()) return std::optional<Document>();
  mustache::data d = page_data(book, options);
  d.set("title", book.meta.title);
  d.set("label", labels_for(book.meta.language).intro);
  d.set("paragraphs", paragraphs);
  auto page = templates.render("intro.xhtml", d, "intro page");
  if (!page) return page.status();
  return std::optional<Document>(
      Document{"text/intro.xhtml", "intro", kXhtml, std::move(*page), "", true, true, true});
}

namespace {
constexpr const char* kContentsHref = "text/toc.xhtml";
constexpr const char* kContentsId = "contents";
}  // namespace

Document contents_page_document(std::string content) {
  return Document{kContentsHref, kContentsId, kXhtml, std::move(content), "", true, true, true};
}

bool is_contents_page(const Document& d) {
  return d.id == kContentsId && d.href == kContentsHref;
}

Result<Document> render_contents_page(const Book& book, const Templates& templates,
                                      const RenderOptions& options,
                                      const std::vector<TocEntry>& toc) {
  mustache::data d = page_data(book, options);
  d.set("title", book.meta.title);
  d.set("label", labels_for(book.meta.language).contents);
  set_toc_items(&d, "entries", toc, options.vertical);
  auto page = templates.render("toc.xhtml", d, "contents page");
  if (!page) return page.status();
  return contents_page_document(std::move(*page));
}

mustache::data paragraph_list(const std::vector<Paragraph>& paragraphs,
                              const std::vector<std::string>& html,
                              const std::vector<size_t>* which) {
  mustache::data list{mustache::data::type::list};
  size_t n = which ? which->size() : paragraphs.size();
  for (size_t k = 0; k < n; ++k) {
    size_t i = which ? (*which)[k] : k;
    mustache::data item;
    item.set("text", paragraphs[i].text);
    item.set("html", html[i]);
    item.set("scene_break", paragraphs[i].scene_break);
    list.push_back(item);
  }
  return list;
}

Result<std::optional<Document>> render_notes_page(const Book& book, const Templates& templates,
                                                  const RenderOptions& options) {
  if (book.notes.empty()) return std::optional<Document>();
  mustache::data notes{mustache::data::type::list};
  for (const AuthorNote& note : book.notes) {
    std::vector<std::string> html;
    for (const Paragraph& p : note.paragraphs)
      html.push_back(text_to_xhtml(p.text, options.vertical));
    mustache::data item;
    item.set("chapter", note.chapter);
    item.set("paragraphs", paragraph_list(note.paragraphs, html));
    notes.push_back(item);
  }
  mustache::data d = page_data(book, options);
  d.set("label", labels_for(book.meta.language).notes);
  d.set("notes", notes);
  auto page = templates.render("notes.xhtml", d, "notes page");
  if (!page) return page.status();
  return std::optional<Document>(
      Document{std::string(kNotesHref), "notes", kXhtml, std::move(*page), "", true, true, false});
}

Result<Document> render_volume_page(const Book& book, const Templates& templates,
                                    const RenderOptions& options, const std::string& title,
                                    const std::vector<Paragraph>& paragraphs,
                                    const std::string& id) {
  mustache::data d = page_data(book, options);
  set_heading(&d, title, options.vertical);
  std::vector<std::string> html;
  for (const Paragraph& p : paragraphs) html.push_back(text_to_xhtml(p.text, options.vertical));
  d.set("paragraphs", paragraph_list(paragraphs, html));
  auto page = templates.render("volume.xhtml", d, "volume page '" + title + "'");
  if (!page) return page.status();
  return Document{"text/" + id + ".xhtml", id, kXhtml, std::move(*page), "", true, true, false};
}

}  // namespace novelbind
