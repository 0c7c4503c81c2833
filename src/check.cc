#include "check.h"

#include <zip.h>
#include <algorithm>
#include <fstream>
#include <map>
#include <pugixml.hpp>
#include <set>

namespace fs = std::filesystem;

namespace novelbind {
namespace {

std::string dirname_of(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

// Resolves `href` (relative to the entry `base`) to an archive path, dropping any fragment.
std::string resolve(const std::string& base, std::string href) {
  href = href.substr(0, href.find('#'));
  std::vector<std::string> parts;
  std::string full = dirname_of(base) + href;
  size_t start = 0;
  while (start <= full.size()) {
    size_t end = full.find('/', start);
    if (end == std::string::npos) end = full.size();
    std::string part = full.substr(start, end - start);
    if (part == "..") {
      if (!parts.empty()) parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    start = end + 1;
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "/") + p;
  return out;
}

void check_mimetype(const fs::path& epub, std::vector<std::string>* problems) {
  std::ifstream in(epub, std::ios::binary);
  std::string head(58, '\0');
  in.read(head.data(), 58);
  if (in.gcount() < 58 || head.compare(0, 4, "PK\x03\x04") != 0) {
    problems->push_back("mimetype: the file does not start with a ZIP entry");
    return;
  }
  auto u16 = [&](size_t off) {
    return static_cast<unsigned>(static_cast<unsigned char>(head[off])) |
           (static_cast<unsigned>(static_cast<unsigned char>(head[off + 1])) << 8);
  };
  if (head.compare(30, 8, "mimetype") != 0)
    problems->push_back("mimetype: not the first entry (no 'mimetype' at byte 30)");
  if (u16(8) != 0) problems->push_back("mimetype: compressed; it must be stored");
  if (u16(28) != 0) problems->push_back("mimetype: has an extra field; it must have none");
  if (head.compare(38, 20, "application/epub+zip") != 0)
    problems->push_back("mimetype: content at byte 38 is not 'application/epub+zip'");
}

}  // namespace

std::vector<std::string> check_epub(const fs::path& epub) {
  std::vector<std::string> problems;
  int err = 0;
  zip_t* za = zip_open(epub.c_str(), ZIP_RDONLY, &err);
  if (!za) {
    problems.push_back(epub.string() + ": not a readable ZIP archive");
    return problems;
  }
  check_mimetype(epub, &problems);

  std::map<std::string, std::string> entries;  // name -> content
  std::vector<std::string> order;
  zip_int64_t n = zip_get_num_entries(za, 0);
  for (zip_int64_t i = 0; i < n; ++i) {
    zip_stat_t st;
    if (zip_stat_index(za, i, 0, &st) != 0) continue;
    std::string name = st.name;
    std::string data(st.size, '\0');
    zip_file_t* f = zip_fopen_index(za, i, 0);
    if (!f || zip_fread(f, data.data(), st.size) != static_cast<zip_int64_t>(st.size)) {
      problems.push_back(name + ": cannot be read from the archive");
    }
    if (f) zip_fclose(f);
    order.push_back(name);
    entries[name] = std::move(data);
  }
  zip_close(za);
  if (!order.empty() && order.front() != "mimetype")
    problems.push_back("mimetype: not the first entry of the archive");

  std::map<std::string, pugi::xml_document> xml;
  for (const auto& [name, data] : entries) {
    std::string ext =
        name.substr(name.rfind('.') == std::string::npos ? name.size() : name.rfind('.'));
    if (ext != ".xhtml" && ext != ".html" && ext != ".opf" && ext != ".ncx" && ext != ".xml" &&
        ext != ".svg")
      continue;
    pugi::xml_parse_result r =
        xml[name].load_buffer(data.data(), data.size(), pugi::parse_default | pugi::parse_doctype);
    if (!r) {
      problems.push_back(name + ": not well-formed XML: " + r.description() + " at byte " +
                         std::to_string(r.offset));
    }
  }

  auto container = xml.find("META-INF/container.xml");
  if (container == xml.end()) {
    problems.push_back("META-INF/container.xml: missing");
    return problems;
  }
  std::string opf_path = container->second.select_node("//*[local-name()='rootfile']")
                             .node()
                             .attribute("full-path")
                             .value();
  auto opf = xml.find(opf_path);
  if (opf_path.empty() || opf == xml.end()) {
    problems.push_back("META-INF/container.xml: the package document '" + opf_path +
                       "' is not in the archive");
    return problems;
  }
  pugi::xml_node package = opf->second.document_element();

  // manifest <-> archive
  std::map<std::string, std::string> id_to_path;
  std::set<std::string> manifest_paths;
  std::string nav_path, ncx_path;
  for (pugi::xml_node item : package.child("manifest").children("item")) {
    std::string path = resolve(opf_path, item.attribute("href").value());
    id_to_path[item.attribute("id").value()] = path;
    manifest_paths.insert(path);
    if (!entries.count(path))
      problems.push_back(opf_path + ": manifest lists '" + path + "', which is not in the archive");
    std::string props = item.attribute("properties").value();
    if ((" " + props + " ").find(" nav ") != std::string::npos) nav_path = path;
    if (std::string(item.attribute("media-type").value()) == "application/x-dtbncx+xml")
      ncx_path = path;
  }
  for (const std::string& name : order) {
    if (name == "mimetype" || name.rfind("META-INF/", 0) == 0 || name == opf_path) continue;
    if (!manifest_paths.count(name))
      problems.push_back(name + ": in the archive but not in the manifest of " + opf_path);
  }

  // spine <-> nav
  std::map<std::string, size_t> spine_pos;
  for (pugi::xml_node ref : package.child("spine").children("itemref")) {
    auto it = id_to_path.find(ref.attribute("idref").value());
    if (it == id_to_path.end()) {
      problems.push_back(opf_path + ": spine refers to unknown id '" +
                         std::string(ref.attribute("idref").value()) + "'");
      continue;
    }
    spine_pos.emplace(it->second, spine_pos.size());
  }
  if (nav_path.empty() || !xml.count(nav_path)) {
    problems.push_back(opf_path +
                       ": no navigation document (manifest item with properties=\"nav\")");
  } else {
    pugi::xpath_node_set links = xml[nav_path].select_nodes(
        "//*[local-name()='nav' and @*[local-name()='type']='toc']//*[local-name()='a']");
    if (links.empty()) problems.push_back(nav_path + ": the table of contents is empty");
    size_t last = 0;
    for (const pugi::xpath_node& link : links) {
      std::string target = resolve(nav_path, link.node().attribute("href").value());
      std::string label = link.node().child_value();
      auto pos = spine_pos.find(target);
      if (pos == spine_pos.end()) {
        problems.push_back(nav_path + ": toc entry '" + label + "' points at '" + target +
                           "', which is not in the spine");
        continue;
      }
      if (pos->second < last)
        problems.push_back(nav_path + ": toc entry '" + label + "' is out of spine order");
      last = std::max(last, pos->second);
    }
  }

  // identifier <-> NCX
  std::string unique_id = package.attribute("unique-identifier").value();
  std::string identifier;
  for (pugi::xml_node id : package.child("metadata").children("dc:identifier"))
    if (unique_id == id.attribute("id").value()) identifier = id.child_value();
  if (identifier.empty()) problems.push_back(opf_path + ": no dc:identifier for unique-identifier");
  if (!ncx_path.empty() && xml.count(ncx_path)) {
    std::string uid = xml[ncx_path]
                          .select_node("//*[local-name()='meta' and @name='dtb:uid']")
                          .node()
                          .attribute("content")
                          .value();
    if (uid != identifier)
      problems.push_back(ncx_path + ": dtb:uid '" + uid +
                         "' differs from the package identifier '" + identifier + "'");
  }
  return problems;
}

}  // namespace novelbind
