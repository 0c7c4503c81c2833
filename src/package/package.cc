#include "package/package.h"

#include <algorithm>
#include <ctime>
#include <map>
#include <pugixml.hpp>
#include <sstream>

#include "base/parallel.h"
#include "render/front_matter.h"
#include "render/labels.h"

namespace novelbind {
namespace {

constexpr const char* kXhtmlNs = "http://www.w3.org/1999/xhtml";
constexpr const char* kOpsNs = "http://www.idpf.org/2007/ops";

std::string to_string(const pugi::xml_document& doc) {
  std::ostringstream o;
  doc.save(o, "  ", pugi::format_default | pugi::format_no_declaration, pugi::encoding_utf8);
  return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + o.str();
}

void add_text(pugi::xml_node parent, const char* name, const std::string& text) {
  parent.append_child(name).text().set(text.c_str());
}

void add_nav_list(pugi::xml_node ol, const std::vector<TocEntry>& entries) {
  for (const TocEntry& e : entries) {
    pugi::xml_node li = ol.append_child("li");
    pugi::xml_node a = li.append_child("a");
    a.append_attribute("href") = e.href.c_str();
    a.text().set(e.label.c_str());
    if (!e.children.empty()) add_nav_list(li.append_child("ol"), e.children);
  }
}

// NCX requires one playOrder per target: a volume's entry links to its first chapter's
// heading, so both share that chapter's number.
void add_nav_points(pugi::xml_node parent, const std::vector<TocEntry>& entries, int* id,
                    std::map<std::string, int>* play_order) {
  for (const TocEntry& e : entries) {
    int n = (*id)++;
    auto [it, added] = play_order->emplace(e.href, static_cast<int>(play_order->size()) + 1);
    pugi::xml_node point = parent.append_child("navPoint");
    point.append_attribute("id") = ("nav" + std::to_string(n)).c_str();
    point.append_attribute("playOrder") = it->second;
    pugi::xml_node label = point.append_child("navLabel");
    add_text(label, "text", e.label);
    point.append_child("content").append_attribute("src") = e.href.c_str();
    add_nav_points(point, e.children, id, play_order);
  }
}

int toc_depth(const std::vector<TocEntry>& entries) {
  int depth = 0;
  for (const TocEntry& e : entries) depth = std::max(depth, 1 + toc_depth(e.children));
  return depth;
}

std::string identifier(const Book& book) {
  return book.meta.identifier;
}

bool has_contents_page(const RenderedBook& rendered) {
  for (const Landmark& l : rendered.landmarks)
    if (l.type == "toc") return true;
  return false;
}

}  // namespace

std::string iso8601_utc(std::int64_t seconds) {
  std::time_t t = static_cast<std::time_t>(seconds);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// What is true of every book novelbind makes (schema.org accessibility properties, as EPUB
// Accessibility 1.1 asks): text, with headings, a contents list and the reading order of the
// story; the only images are covers, with the title as their alternative. No conformance is
// claimed: nothing here has been evaluated against WCAG by a person.
void add_accessibility_metadata(pugi::xml_node meta, const RenderedBook& rendered) {
  auto property = [&](const char* name, const char* value) {
    pugi::xml_node m = meta.append_child("meta");
    m.append_attribute("property") = name;
    m.text().set(value);
    return m;
  };
  bool images = false;
  for (const Document& d : rendered.documents) images |= d.media_type.rfind("image/", 0) == 0;
  property("schema:accessMode", "textual");
  if (images) property("schema:accessMode", "visual");
  property("schema:accessModeSufficient", "textual");
  property("schema:accessibilityFeature", "structuralNavigation");
  property("schema:accessibilityFeature", "tableOfContents");
  property("schema:accessibilityFeature", "readingOrder");
  if (images) property("schema:accessibilityFeature", "alternativeText");
  property("schema:accessibilityHazard", "none");
  pugi::xml_node summary = property(
      "schema:accessibilitySummary",
      images ? "The text of this book is navigable by its headings and a table of contents, "
               "in its reading order. The cover image has the title and author as its text "
               "alternative. The book has not been evaluated against an accessibility "
               "conformance standard."
             : "The text of this book is navigable by its headings and a table of contents, "
               "in its reading order. The book has not been evaluated against an "
               "accessibility conformance standard.");
  summary.append_attribute("xml:lang") = "en";
}

std::string make_opf(const Book& book, const RenderedBook& rendered, const Config& config) {
  pugi::xml_document doc;
  pugi::xml_node package = doc.append_child("package");
  package.append_attribute("xmlns") = "http://www.idpf.org/2007/opf";
  package.append_attribute("version") = "3.0";
  package.append_attribute("unique-identifier") = "pub-id";
  package.append_attribute("xml:lang") = book.meta.language.c_str();

  pugi::xml_node meta = package.append_child("metadata");
  meta.append_attribute("xmlns:dc") = "http://purl.org/dc/elements/1.1/";
  pugi::xml_node id = meta.append_child("dc:identifier");
  id.append_attribute("id") = "pub-id";
  id.text().set(identifier(book).c_str());
  add_text(meta, "dc:title", book.meta.title);
  add_text(meta, "dc:language", book.meta.language);
  if (!book.meta.author.empty()) {
    pugi::xml_node creator = meta.append_child("dc:creator");
    creator.append_attribute("id") = "creator";
    creator.text().set(book.meta.author.c_str());
    pugi::xml_node role = meta.append_child("meta");
    role.append_attribute("refines") = "#creator";
    role.append_attribute("property") = "role";
    role.append_attribute("scheme") = "marc:relators";
    role.text().set("aut");
  }
  if (!book.meta.description.empty()) add_text(meta, "dc:description", book.meta.description);
  if (!book.meta.publisher.empty()) add_text(meta, "dc:publisher", book.meta.publisher);
  for (const std::string& s : book.meta.subjects) add_text(meta, "dc:subject", s);
  if (!book.meta.date.empty()) add_text(meta, "dc:date", book.meta.date);
  pugi::xml_node modified = meta.append_child("meta");
  modified.append_attribute("property") = "dcterms:modified";
  modified.text().set(iso8601_utc(book.meta.modified).c_str());
  add_accessibility_metadata(meta, rendered);
  // EPUB 2 style name/content metas: what Kindle (via calibre/KindleGen), calibre and Kobo
  // read, next to the EPUB 3 properties that say the same.
  auto legacy_meta = [&](const char* name, const std::string& content) {
    pugi::xml_node m = meta.append_child("meta");
    m.append_attribute("name") = name;
    m.append_attribute("content") = content.c_str();
  };
  if (!book.meta.series.empty()) {
    pugi::xml_node collection = meta.append_child("meta");
    collection.append_attribute("property") = "belongs-to-collection";
    collection.append_attribute("id") = "series";
    collection.text().set(book.meta.series.c_str());
    pugi::xml_node type = meta.append_child("meta");
    type.append_attribute("refines") = "#series";
    type.append_attribute("property") = "collection-type";
    type.text().set("series");
    if (!book.meta.series_index.empty()) {
      pugi::xml_node position = meta.append_child("meta");
      position.append_attribute("refines") = "#series";
      position.append_attribute("property") = "group-position";
      position.text().set(book.meta.series_index.c_str());
    }
    legacy_meta("calibre:series", book.meta.series);
    if (!book.meta.series_index.empty())
      legacy_meta("calibre:series_index", book.meta.series_index);
  }
  for (const Document& d : rendered.documents)
    if (d.properties == "cover-image") legacy_meta("cover", d.id);
  if (config.style.writing_mode == "vertical") legacy_meta("primary-writing-mode", "vertical-rl");

  pugi::xml_node manifest = package.append_child("manifest");
  auto item = [&](const std::string& id, const std::string& href, const std::string& type,
                  const std::string& properties) {
    pugi::xml_node i = manifest.append_child("item");
    i.append_attribute("id") = id.c_str();
    i.append_attribute("href") = href.c_str();
    i.append_attribute("media-type") = type.c_str();
    if (!properties.empty()) i.append_attribute("properties") = properties.c_str();
  };
  item("nav", "nav.xhtml", "application/xhtml+xml", "nav");
  item("ncx", "toc.ncx", "application/x-dtbncx+xml", "");
  for (const Document& d : rendered.documents) item(d.id, d.href, d.media_type, d.properties);

  pugi::xml_node spine = package.append_child("spine");
  spine.append_attribute("toc") = "ncx";
  if (config.style.writing_mode == "vertical")
    spine.append_attribute("page-progression-direction") = "rtl";
  // Without an inline contents page the nav is a spine item, so that the `toc` landmark
  // points into the reading order; it follows the front matter, before the first chapter.
  bool nav_placed = has_contents_page(rendered);
  auto add_ref = [&](const std::string& id, bool linear) {
    pugi::xml_node ref = spine.append_child("itemref");
    ref.append_attribute("idref") = id.c_str();
    if (!linear) ref.append_attribute("linear") = "no";
  };
  for (const Document& d : rendered.documents) {
    if (!d.spine) continue;
    if (!nav_placed && !d.front_matter) {
      add_ref("nav", true);
      nav_placed = true;
    }
    add_ref(d.id, d.linear);
  }
  if (!nav_placed) add_ref("nav", true);
  return to_string(doc);
}

std::string make_nav(const Book& book, const RenderedBook& rendered, const Config& config) {
  (void)config;
  const Labels labels = labels_for(book.meta.language);
  pugi::xml_document doc;
  doc.append_child(pugi::node_doctype).set_value("html");
  pugi::xml_node html = doc.append_child("html");
  html.append_attribute("xmlns") = kXhtmlNs;
  html.append_attribute("xmlns:epub") = kOpsNs;
  html.append_attribute("lang") = book.meta.language.c_str();
  html.append_attribute("xml:lang") = book.meta.language.c_str();
  pugi::xml_node head = html.append_child("head");
  add_text(head, "title", book.meta.title);
  pugi::xml_node css = head.append_child("link");
  css.append_attribute("rel") = "stylesheet";
  css.append_attribute("type") = "text/css";
  css.append_attribute("href") = "styles/book.css";
  pugi::xml_node body = html.append_child("body");

  pugi::xml_node toc = body.append_child("nav");
  toc.append_attribute("epub:type") = "toc";
  toc.append_attribute("role") = "doc-toc";
  toc.append_attribute("id") = "toc";
  add_text(toc, "h1", labels.contents);
  add_nav_list(toc.append_child("ol"), rendered.toc);

  pugi::xml_node landmarks = body.append_child("nav");
  landmarks.append_attribute("epub:type") = "landmarks";
  landmarks.append_attribute("id") = "landmarks";
  landmarks.append_attribute("hidden") = "hidden";
  add_text(landmarks, "h2", labels.landmarks);
  pugi::xml_node ol = landmarks.append_child("ol");
  auto landmark = [&](const std::string& type, const std::string& label, const std::string& href) {
    pugi::xml_node a = ol.append_child("li").append_child("a");
    a.append_attribute("epub:type") = type.c_str();
    a.append_attribute("href") = href.c_str();
    a.text().set(label.c_str());
  };
  // Without a contents page of its own the book's toc landmark is the nav, placed where a
  // contents page would be: after the front matter, before the body.
  bool toc_listed = has_contents_page(rendered);
  for (const Landmark& l : rendered.landmarks) {
    if (!toc_listed && l.type == "bodymatter") {
      landmark("toc", labels.contents, "nav.xhtml#toc");
      toc_listed = true;
    }
    landmark(l.type, l.label, l.href);
  }
  if (!toc_listed) landmark("toc", labels.contents, "nav.xhtml#toc");
  return to_string(doc);
}

std::string make_ncx(const Book& book, const RenderedBook& rendered) {
  pugi::xml_document doc;
  pugi::xml_node ncx = doc.append_child("ncx");
  ncx.append_attribute("xmlns") = "http://www.daisy.org/z3986/2005/ncx/";
  ncx.append_attribute("version") = "2005-1";
  ncx.append_attribute("xml:lang") = book.meta.language.c_str();
  pugi::xml_node head = ncx.append_child("head");
  auto meta = [&](const char* name, const std::string& content) {
    pugi::xml_node m = head.append_child("meta");
    m.append_attribute("name") = name;
    m.append_attribute("content") = content.c_str();
  };
  meta("dtb:uid", identifier(book));
  meta("dtb:depth", std::to_string(std::max(1, toc_depth(rendered.toc))));
  meta("dtb:totalPageCount", "0");
  meta("dtb:maxPageNumber", "0");
  add_text(ncx.append_child("docTitle"), "text", book.meta.title);
  if (!book.meta.author.empty()) add_text(ncx.append_child("docAuthor"), "text", book.meta.author);
  int id = 1;
  std::map<std::string, int> play_order;
  add_nav_points(ncx.append_child("navMap"), rendered.toc, &id, &play_order);
  return to_string(doc);
}

Package package_book(const Book& book, RenderedBook rendered, const Config& config,
                     BookWideOptions options) {
  Package out;
  std::vector<ZipEntry>& entries = out.entries;
  entries.push_back({"mimetype", "application/epub+zip", false});
  entries.push_back({"META-INF/container.xml",
                     "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
                     "<container version=\"1.0\" "
                     "xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\">\n"
                     "  <rootfiles>\n"
                     "    <rootfile full-path=\"EPUB/package.opf\" "
                     "media-type=\"application/oebps-package+xml\"/>\n"
                     "  </rootfiles>\n"
                     "</container>\n",
                     true});
  // What the book-wide documents are made from: everything but the documents' content, which
  // goes into the entries.
  auto meta = std::make_shared<RenderedBook>();
  meta->toc = std::move(rendered.toc);
  meta->landmarks = std::move(rendered.landmarks);
  std::string contents_page;  // the contents page's XHTML when render_book made it
  bool contents_listed = false;
  std::string contents_name;
  for (size_t i = 0; i < rendered.documents.size(); ++i) {
    Document& d = rendered.documents[i];
    Document listed{d.href,       d.id,    d.media_type, "",
                    d.properties, d.spine, d.linear,     d.front_matter};
    meta->documents.push_back(std::move(listed));
    if (is_contents_page(d)) {
      contents_listed = true;
      contents_name = "EPUB/" + d.href;
      contents_page = std::move(d.content);
      continue;
    }
    bool compress = d.media_type != "image/jpeg" && d.media_type != "image/png";
    if (i < rendered.later.size() && rendered.later[i].valid()) {
      entries.push_back(
          compress ? ZipEntry::made_later("EPUB/" + d.href, std::move(rendered.later[i]))
                   : ZipEntry::stored_later("EPUB/" + d.href, std::move(rendered.later[i])));
      continue;
    }
    if (i < rendered.deflated.size() && !rendered.deflated[i].empty()) {
      entries.push_back(ZipEntry::predeflated("EPUB/" + d.href, std::move(rendered.deflated[i])));
      continue;
    }
    entries.push_back({"EPUB/" + d.href, std::move(d.content), compress});
  }

  // The book-wide documents grow with the book (over 1.5 MB for 3000 chapters): each is made
  // on a thread of its own.
  std::vector<std::string> names;
  if (contents_listed) names.push_back(contents_name);
  names.insert(names.end(), {"EPUB/package.opf", "EPUB/nav.xhtml", "EPUB/toc.ncx"});
  auto make = [&book, &config, meta, contents_listed, contents_page = std::move(contents_page),
               make_contents = options.contents_page](size_t k) -> Result<std::string> {
    if (contents_listed && k == 0)
      return contents_page.empty() && make_contents ? make_contents(meta->toc) : contents_page;
    switch (k - (contents_listed ? 1 : 0)) {
      case 0:
        return make_opf(book, *meta, config);
      case 1:
        return make_nav(book, *meta, config);
      default:
        return make_ncx(book, *meta);
    }
  };
  if (!options.deflate) {
    std::vector<Result<std::string>> made(names.size(), std::string());
    parallel_for(names.size(), config.build.jobs, [&](size_t k) { made[k] = make(k); });
    for (size_t k = 0; k < names.size(); ++k) {
      if (made[k].ok()) {
        entries.push_back({names[k], std::move(*made[k]), true});
        continue;
      }
      std::promise<Result<SharedBytes>> failed;  // write_zip reports it
      failed.set_value(made[k].status());
      entries.push_back(ZipEntry::made_later(names[k], failed.get_future().share()));
    }
    return out;
  }
  auto promises = std::make_shared<std::vector<std::promise<Result<SharedBytes>>>>(names.size());
  for (size_t k = 0; k < names.size(); ++k)
    entries.push_back(ZipEntry::made_later(names[k], (*promises)[k].get_future().share()));
  out.making = start_task([make = std::move(make), promises, deflate = options.deflate,
                           jobs = std::max(1, resolve_jobs(config.build.jobs) - 1)] {
    // One core fewer than the build's: write_zip keeps one busy meanwhile.
    parallel_for(promises->size(), jobs, [&](size_t k) {
      Result<std::string> made = make(k);
      if (!made) {
        (*promises)[k].set_value(made.status());
        return;
      }
      (*promises)[k].set_value(deflate(*made));
    });
  });
  return out;
}

std::vector<ZipEntry> package_entries(const Book& book, RenderedBook rendered,
                                      const Config& config) {
  return package_book(book, std::move(rendered), config).entries;
}

}  // namespace novelbind
