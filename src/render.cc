#include "render.h"

#include <cstdio>
#include <kainjow/mustache.hpp>
#include <pugixml.hpp>

namespace novelbind {

namespace mustache = kainjow::mustache;

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

namespace {

int line_at(std::string_view text, size_t offset) {
  int line = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i)
    if (text[i] == '\n') ++line;
  return line;
}

// Renders `tmpl` and checks the output is well-formed XML. `what` names the document being
// made ("chapter 3") for the message.
Result<std::string> render_checked(const TemplateFile& tmpl, const mustache::data& data,
                                   const std::string& what) {
  mustache::mustache m(tmpl.text);
  if (!m.is_valid()) {
    return Status::Error(tmpl.origin + ": template error: " + m.error_message() +
                         "; fix the template");
  }
  m.set_custom_escape([](const std::string& s) { return xml_escape(s); });
  std::string out = m.render(data);
  if (!m.is_valid()) {
    return Status::Error(tmpl.origin + ": template error: " + m.error_message() +
                         "; fix the template");
  }
  pugi::xml_document doc;
  pugi::xml_parse_result r =
      doc.load_buffer(out.data(), out.size(), pugi::parse_default | pugi::parse_doctype);
  if (!r) {
    int line = line_at(out, static_cast<size_t>(r.offset));
    return Status::Error(tmpl.origin + ": the " + what + " it renders is not well-formed XHTML (" +
                         r.description() + " at line " + std::to_string(line) +
                         " of the output); fix the template");
  }
  return out;
}

mustache::data common_data(const Book& book) {
  mustache::data d;
  d.set("lang", book.meta.language);
  d.set("book_title", book.meta.title);
  d.set("author", book.meta.author);
  return d;
}

std::string chapter_id(size_t n) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "ch%04zu", n);
  return buf;
}

}  // namespace

Result<RenderedBook> render_book(const Book& book, const Templates& templates,
                                 const Config& config) {
  RenderedBook out;

  if (config.style.title_page) {
    mustache::data d = common_data(book);
    d.set("title", book.meta.title);
    auto page = render_checked(templates.get("title.xhtml"), d, "title page");
    if (!page) return page.status();
    out.documents.push_back({"text/title.xhtml", "titlepage", "application/xhtml+xml",
                             std::move(*page), "", true, true, true});
    out.landmarks.push_back({"titlepage", book.meta.title, "text/title.xhtml"});
  }

  const TemplateFile& chapter_template = templates.get("chapter.xhtml");
  std::string current_volume;
  for (size_t i = 0; i < book.chapters.size(); ++i) {
    const Chapter& c = book.chapters[i];
    mustache::data d = common_data(book);
    d.set("title", c.title);
    mustache::data paragraphs{mustache::data::type::list};
    for (const Paragraph& p : c.paragraphs) {
      mustache::data item;
      item.set("text", p.text);
      item.set("scene_break",
               p.scene_break ? mustache::data::type::bool_true : mustache::data::type::bool_false);
      paragraphs.push_back(item);
    }
    d.set("paragraphs", paragraphs);
    std::string id = chapter_id(i + 1);
    auto page = render_checked(chapter_template, d, "chapter '" + c.title + "'");
    if (!page) return page.status();
    std::string href = "text/" + id + ".xhtml";
    if (i == 0) out.landmarks.push_back({"bodymatter", c.title, href});
    out.documents.push_back({href, id, "application/xhtml+xml", std::move(*page), "", true, true});
    TocEntry entry{c.title, href + "#heading", {}};
    if (!c.volume.empty()) {
      if (out.toc.empty() || c.volume != current_volume)
        out.toc.push_back(TocEntry{c.volume, href + "#heading", {}});
      current_volume = c.volume;
      // A volume's own section (text under its heading, titled like it) is what the volume's
      // entry links to; listing it again as its first child would repeat the label.
      bool volume_page = c.title == c.volume && out.toc.back().href == entry.href;
      if (!volume_page) out.toc.back().children.push_back(std::move(entry));
    } else {
      current_volume.clear();
      out.toc.push_back(std::move(entry));
    }
  }

  out.documents.push_back(
      {"styles/book.css", "css", "text/css", templates.get("book.css").text, "", false, true});
  return out;
}

}  // namespace novelbind
