#include "ingest/epub_toc.h"

#include <pugixml.hpp>

#include "base/utf8.h"
#include "base/zip_reader.h"
#include "ingest/xhtml_text.h"

namespace novelbind {
namespace {

std::string type_of(const pugi::xml_node& node) {
  for (const pugi::xml_attribute& a : node.attributes())
    if (xml_local_name(a.name()) == "type") return a.value();
  return "";
}

// The text of `node`, its runs of whitespace made one space.
std::string label_of(const pugi::xml_node& node) {
  std::string raw;
  for (pugi::xml_node n = node.first_child(); n;) {
    if (n.type() == pugi::node_pcdata || n.type() == pugi::node_cdata) raw += n.value();
    if (n.first_child() && n.type() == pugi::node_element) {
      n = n.first_child();
      continue;
    }
    while (n && !n.next_sibling() && n != node) n = n.parent();
    if (!n || n == node) break;
    n = n.next_sibling();
  }
  std::string out;
  bool space = false;
  for (char c : raw) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return std::string(utf8::trim(out));
}

Status parse_toc_document(std::string_view xml, pugi::xml_document* doc, const std::string& where) {
  pugi::xml_parse_result r =
      doc->load_buffer(xml.data(), xml.size(), pugi::parse_default | pugi::parse_ws_pcdata);
  if (!r) {
    return Status::Error(where + ": not well-formed XML (" + std::string(r.description()) +
                         " at byte " + std::to_string(r.offset) +
                         "); the EPUB is damaged: repair it (calibre's editor) and build again");
  }
  return Status::Ok();
}

void add_entry(const std::string& base, const std::string& href, std::string title, int depth,
               EpubToc* out) {
  if (href.empty()) return;
  out->entries.push_back({std::move(title), resolve_href(base, href), href_fragment(href), depth});
}

// An <ol> of the nav: each <li> holds an <a> (or a <span> heading a group) and maybe an <ol>.
void walk_list(const pugi::xml_node& ol, const std::string& path, int depth, EpubToc* out) {
  for (pugi::xml_node li : ol.children()) {
    if (xml_local_name(li.name()) != "li") continue;
    for (pugi::xml_node child : li.children()) {
      std::string_view name = xml_local_name(child.name());
      if (name == "a")
        add_entry(path, child.attribute("href").value(), label_of(child), depth, out);
      if (name == "ol") walk_list(child, path, depth + 1, out);
    }
  }
}

void walk_nav_points(const pugi::xml_node& parent, const std::string& path, int depth,
                     EpubToc* out) {
  for (pugi::xml_node point : parent.children()) {
    if (xml_local_name(point.name()) != "navPoint") continue;
    std::string title;
    std::string src;
    for (pugi::xml_node child : point.children()) {
      if (xml_local_name(child.name()) == "navLabel") title = label_of(child);
      if (xml_local_name(child.name()) == "content") src = child.attribute("src").value();
    }
    add_entry(path, src, std::move(title), depth, out);
    walk_nav_points(point, path, depth + 1, out);
  }
}

}  // namespace

Result<EpubToc> read_nav(std::string_view xml, const std::string& path,
                         const std::string& display) {
  pugi::xml_document doc;
  if (Status s = parse_toc_document(xml, &doc, display + ": " + path); !s) return s;
  EpubToc out;
  for (const pugi::xpath_node& found : doc.select_nodes("//*[local-name()='nav']")) {
    pugi::xml_node nav = found.node();
    std::string type = type_of(nav);
    pugi::xml_node ol;
    for (pugi::xml_node child : nav.children())
      if (xml_local_name(child.name()) == "ol") ol = child;
    if (!ol) continue;
    if (has_word(type, "toc") && out.entries.empty()) {
      walk_list(ol, path, 0, &out);
    } else if (has_word(type, "landmarks")) {
      for (const pugi::xpath_node& a : ol.select_nodes(".//*[local-name()='a']")) {
        std::string kind = type_of(a.node());
        if (has_word(kind, "cover") || has_word(kind, "titlepage") || has_word(kind, "toc"))
          out.not_text.push_back(resolve_href(path, a.node().attribute("href").value()));
      }
    }
  }
  return out;
}

Result<EpubToc> read_ncx(std::string_view xml, const std::string& path,
                         const std::string& display) {
  pugi::xml_document doc;
  if (Status s = parse_toc_document(xml, &doc, display + ": " + path); !s) return s;
  EpubToc out;
  pugi::xml_node map = doc.select_node("//*[local-name()='navMap']").node();
  walk_nav_points(map, path, 0, &out);
  return out;
}

}  // namespace novelbind
