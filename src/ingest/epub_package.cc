#include "ingest/epub_package.h"

#include <algorithm>
#include <map>
#include <pugixml.hpp>

#include "base/utf8.h"
#include "base/zip_reader.h"
#include "ingest/xhtml_text.h"

namespace novelbind {
namespace {

std::string attribute(const pugi::xml_node& node, std::string_view name) {
  for (const pugi::xml_attribute& a : node.attributes())
    if (xml_local_name(a.name()) == name) return a.value();
  return "";
}

std::string text_of(const pugi::xml_node& node) {
  std::string out;
  for (pugi::xml_node child : node.children()) {
    if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) out += child.value();
    if (child.type() == pugi::node_element) out += text_of(child);
  }
  return std::string(utf8::trim(out));
}

pugi::xml_node child_named(const pugi::xml_node& node, std::string_view name) {
  for (pugi::xml_node child : node.children())
    if (xml_local_name(child.name()) == name) return child;
  return {};
}

Result<pugi::xml_document*> parse_package_document(std::string_view xml, pugi::xml_document* doc,
                                                   const std::string& where) {
  pugi::xml_parse_result r = doc->load_buffer(xml.data(), xml.size());
  if (!r) {
    return Status::Error(where + ": not well-formed XML (" + std::string(r.description()) +
                         " at byte " + std::to_string(r.offset) +
                         "); the EPUB is damaged: repair it (calibre's editor) and build again");
  }
  return doc;
}

// dc:date as YYYY-MM-DD, YYYY-MM or YYYY (calibre writes 2020-05-01T00:00:00+00:00, and
// 0101-01-01 for "no date"); "" when it is none of these.
std::string w3c_date(std::string_view date) {
  auto digits = [&](size_t from, size_t n) {
    if (date.size() < from + n) return false;
    for (size_t i = from; i < from + n; ++i)
      if (date[i] < '0' || date[i] > '9') return false;
    return true;
  };
  if (!digits(0, 4) || date.substr(0, 4) < "1000") return "";
  if (date.size() >= 10 && date[4] == '-' && digits(5, 2) && date[7] == '-' && digits(8, 2))
    return std::string(date.substr(0, 10));
  if (date.size() >= 7 && date[4] == '-' && digits(5, 2)) return std::string(date.substr(0, 7));
  return std::string(date.substr(0, 4));
}

// "2.0" -> "2"; other numbers as written; "" when not a number.
std::string series_index(std::string index) {
  if (index.empty() || index.find_first_not_of("0123456789.") != std::string::npos ||
      std::count(index.begin(), index.end(), '.') > 1)
    return "";
  if (size_t dot = index.find('.'); dot != std::string::npos) {
    while (index.back() == '0') index.pop_back();
    if (index.back() == '.') index.pop_back();
  }
  return index;
}

void read_metadata(const pugi::xml_node& metadata, const std::string& unique_id, EpubPackage* out) {
  Metadata& m = out->metadata;
  m.language.clear();
  std::map<std::string, std::string> refined;  // "#id property" -> value (EPUB 3 refines)
  for (pugi::xml_node node : metadata.children()) {
    if (xml_local_name(node.name()) == "meta" && !attribute(node, "refines").empty())
      refined[attribute(node, "refines") + " " + attribute(node, "property")] = text_of(node);
  }
  std::vector<std::string> authors;
  std::string series_id;
  for (pugi::xml_node node : metadata.children()) {
    std::string_view name = xml_local_name(node.name());
    std::string value = text_of(node);
    if (name == "title" && m.title.empty()) {
      m.title = value;
    } else if (name == "creator") {
      std::string id = attribute(node, "id");
      std::string role = attribute(node, "role");
      if (role.empty() && !id.empty()) role = refined["#" + id + " role"];
      if ((role.empty() || role == "aut") && !value.empty()) authors.push_back(value);
    } else if (name == "description" && m.description.empty()) {
      m.description = html_to_plain_text(value);
    } else if (name == "publisher" && m.publisher.empty()) {
      m.publisher = value;
    } else if (name == "subject" && !value.empty()) {
      m.subjects.push_back(value);
    } else if (name == "date" && m.date.empty()) {
      m.date = w3c_date(value);
    } else if (name == "language" && m.language.empty()) {
      m.language = value;
    } else if (name == "identifier" &&
               (m.identifier.empty() || attribute(node, "id") == unique_id)) {
      m.identifier = value;
    } else if (name == "meta") {
      std::string meta_name = attribute(node, "name");
      if (meta_name == "calibre:series") m.series = attribute(node, "content");
      if (meta_name == "calibre:series_index")
        m.series_index = series_index(attribute(node, "content"));
      if (attribute(node, "property") == "belongs-to-collection" && m.series.empty()) {
        m.series = value;
        series_id = attribute(node, "id");
      }
    }
  }
  if (!series_id.empty() && m.series_index.empty())
    m.series_index = series_index(refined["#" + series_id + " group-position"]);
  for (const std::string& a : authors) m.author += (m.author.empty() ? "" : "、") + a;
}

}  // namespace

Result<std::string> package_path(std::string_view container_xml, const std::string& display) {
  pugi::xml_document doc;
  auto parsed = parse_package_document(container_xml, &doc, display + ": META-INF/container.xml");
  if (!parsed) return parsed.status();
  std::string path =
      doc.select_node("//*[local-name()='rootfile']").node().attribute("full-path").value();
  if (path.empty()) {
    return Status::Error(display +
                         ": META-INF/container.xml names no package document (rootfile); the "
                         "EPUB is damaged: repair it (calibre's editor) and build again");
  }
  return path;
}

Result<EpubPackage> read_package(std::string_view opf, const std::string& opf_path,
                                 const std::string& display) {
  pugi::xml_document doc;
  auto parsed = parse_package_document(opf, &doc, display + ": " + opf_path);
  if (!parsed) return parsed.status();
  pugi::xml_node package = doc.document_element();
  if (xml_local_name(package.name()) != "package") {
    return Status::Error(display + ": " + opf_path +
                         ": not a package document (no <package>); the EPUB is damaged");
  }
  EpubPackage out;
  out.path = opf_path;
  out.version = package.attribute("version").value();
  read_metadata(child_named(package, "metadata"), package.attribute("unique-identifier").value(),
                &out);

  struct Item {
    std::string path, media_type, properties;
  };
  std::map<std::string, Item> items;
  std::string fallback_cover;
  for (pugi::xml_node item : child_named(package, "manifest").children()) {
    if (xml_local_name(item.name()) != "item") continue;
    Item it{resolve_href(opf_path, item.attribute("href").value()),
            item.attribute("media-type").value(), item.attribute("properties").value()};
    std::string words = " " + it.properties + " ";
    if (words.find(" nav ") != std::string::npos) out.nav = it.path;
    if (it.media_type == "application/x-dtbncx+xml") out.ncx = it.path;
    bool image = it.media_type.rfind("image/", 0) == 0;
    if (image && words.find(" cover-image ") != std::string::npos) out.cover = it.path;
    std::string id = item.attribute("id").value();
    std::string lower_id = id, lower_path = it.path;
    for (std::string* s : {&lower_id, &lower_path})
      std::transform(s->begin(), s->end(), s->begin(),
                     [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (image && fallback_cover.empty() &&
        (lower_id.find("cover") != std::string::npos ||
         lower_path.find("cover") != std::string::npos))
      fallback_cover = it.path;
    items.emplace(id, std::move(it));
  }
  // EPUB 2 (and calibre): <meta name="cover" content="ITEM-ID"/>.
  if (out.cover.empty()) {
    for (pugi::xml_node meta : child_named(package, "metadata").children()) {
      if (xml_local_name(meta.name()) != "meta" ||
          std::string(meta.attribute("name").value()) != "cover")
        continue;
      auto found = items.find(meta.attribute("content").value());
      if (found != items.end() && found->second.media_type.rfind("image/", 0) == 0)
        out.cover = found->second.path;
    }
  }
  if (out.cover.empty()) out.cover = fallback_cover;

  pugi::xml_node spine = child_named(package, "spine");
  if (out.ncx.empty()) {
    auto found = items.find(spine.attribute("toc").value());
    if (found != items.end()) out.ncx = found->second.path;
  }
  for (pugi::xml_node ref : spine.children()) {
    if (xml_local_name(ref.name()) != "itemref") continue;
    auto found = items.find(ref.attribute("idref").value());
    if (found == items.end()) continue;  // EPUBCheck's business, not a reason to refuse the book
    out.spine.push_back({found->second.path, found->second.media_type,
                         std::string(ref.attribute("linear").value()) != "no"});
  }
  if (out.spine.empty()) {
    return Status::Error(display + ": " + opf_path +
                         ": the spine lists no document, so the book has no text to read; the "
                         "EPUB is damaged");
  }
  for (pugi::xml_node ref : child_named(package, "guide").children()) {
    std::string type = ref.attribute("type").value();
    if (type == "cover" || type == "title-page" || type == "toc")
      out.not_text.push_back(resolve_href(opf_path, ref.attribute("href").value()));
  }
  return out;
}

}  // namespace novelbind
