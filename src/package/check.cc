#include "package/check.h"

#include <zip.h>
#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <pugixml.hpp>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "base/byte_scan.h"
#include "base/xml_document.h"
#include "base/zip_library.h"
#include "base/zip_reader.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

void check_mimetype(std::string_view head, std::vector<std::string>* problems) {
  if (head.size() < 58 || head.compare(0, 4, "PK\x03\x04") != 0) {
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

namespace {

// A character XML 1.0 forbids, raw or as a character reference (&#1; &#x1;): its code and
// byte offset. EPUBCheck rejects a book holding one; pugixml reads it without a word.
std::optional<std::pair<unsigned, size_t>> forbidden_character(std::string_view data) {
  auto forbidden = [](unsigned long c) {
    return (c < 0x20 && c != 0x9 && c != 0xA && c != 0xD) || c == 0xFFFE || c == 0xFFFF ||
           (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF;
  };
  for (size_t i = 0; i < data.size(); ++i) {
    // Eight bytes at a time where none is a control character or '&' (nearly all of a book).
    while (i + 8 <= data.size()) {
      const std::uint64_t w = byte_scan::load8(data.data() + i);
      if (byte_scan::has_below(w, 0x20) || byte_scan::has_byte(w, '&')) break;
      i += 8;
    }
    if (i >= data.size()) break;
    unsigned char b = static_cast<unsigned char>(data[i]);
    if (b < 0x20 && forbidden(b)) return std::make_pair(static_cast<unsigned>(b), i);
    if (b != '&' || i + 2 >= data.size() || data[i + 1] != '#') continue;
    size_t j = i + 2;
    bool hex = data[j] == 'x';
    if (hex) ++j;
    unsigned long code = 0;
    size_t digits = 0;
    for (; j < data.size() && digits < 9; ++j, ++digits) {
      char c = data[j];
      int v = c >= '0' && c <= '9'                            ? c - '0'
              : hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10
                                                              : -1;
      if (v < 0) break;
      code = code * (hex ? 16 : 10) + static_cast<unsigned long>(v);
    }
    if (digits > 0 && j < data.size() && data[j] == ';' && forbidden(code))
      return std::make_pair(static_cast<unsigned>(std::min(code, 0xFFFFFFFFul)), i);
  }
  return std::nullopt;
}

// A qualified name without its namespace prefix (XPath's local-name()).
std::string_view local_part(std::string_view name) {
  size_t colon = name.find(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}
std::string_view element_local_name(pugi::xml_node node) {
  return local_part(node.name());
}

// Whether `node` has an attribute of local name `name` with the value `value`.
bool has_attribute(pugi::xml_node node, std::string_view name, std::string_view value) {
  for (pugi::xml_attribute a : node.attributes())
    if (local_part(a.name()) == name && value == a.value()) return true;
  return false;
}

// The links of a navigation document's table of contents, in document order: the <a> elements
// inside every <nav epub:type="toc"> (what the XPath
// //*[local-name()='nav' and @*[local-name()='type']='toc']//*[local-name()='a'] selects,
// walked once instead of evaluated over the whole document).
std::vector<pugi::xml_node> toc_links(const pugi::xml_document& nav) {
  std::vector<pugi::xml_node> links;
  auto collect = [&](auto&& self, pugi::xml_node node, bool in_toc) -> void {
    for (pugi::xml_node child : node.children()) {
      if (child.type() != pugi::node_element) continue;
      std::string_view name = element_local_name(child);
      if (in_toc && name == "a") links.push_back(child);
      bool toc = in_toc || (name == "nav" && has_attribute(child, "type", "toc"));
      self(self, child, toc);
    }
  };
  collect(collect, nav, false);
  return links;
}

bool is_xml_name(const std::string& name) {
  size_t dot = name.rfind('.');
  std::string ext = dot == std::string::npos ? "" : name.substr(dot);
  return ext == ".xhtml" || ext == ".html" || ext == ".opf" || ext == ".ncx" || ext == ".xml" ||
         ext == ".svg";
}

// `data` parsed into `doc`, or the problem said and false.
bool parse_xml(const std::string& name, std::string_view data, pugi::xml_document* doc,
               std::vector<std::string>* problems) {
  pugi::xml_parse_result r = parse_xml_document(doc, data);
  if (!r) {
    problems->push_back(name + ": not well-formed XML: " + r.description() + " at byte " +
                        std::to_string(r.offset));
    return false;
  }
  if (auto bad = forbidden_character(data)) {
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", bad->first);
    problems->push_back(name + ": holds the character " + std::string(code) + " at byte " +
                        std::to_string(bad->second) + ", which XML does not allow");
    return false;
  }
  return true;
}

// Whether entry `st` is one of `checked` (same name, CRC-32 and size) or of `documents` (same
// CRC-32 and size).
bool already_checked(const zip_stat_t& st, const CheckedEntries* checked,
                     const CheckedDocuments* documents) {
  if (!(st.valid & ZIP_STAT_CRC) || !(st.valid & ZIP_STAT_SIZE)) return false;
  if (documents && documents->has(st.crc, st.size)) return true;
  if (!checked) return false;
  auto found = checked->find(std::string_view(st.name));
  return found != checked->end() && found->second.first == st.crc &&
         found->second.second == st.size;
}

// Whether the checks after the well-formedness pass may load the document `name` (the
// container, a package document, an NCX, a navigation document by its usual names): such a
// document is kept once parsed, not read and parsed again. (A name missed here is only parsed
// twice.)
bool may_be_loaded(std::string_view name) {
  std::string_view file =
      name.substr(name.rfind('/') == std::string_view::npos ? 0 : name.rfind('/') + 1);
  return name.ends_with("container.xml") || name.ends_with(".opf") || name.ends_with(".ncx") ||
         file.find("nav") != std::string_view::npos || file.find("toc") != std::string_view::npos;
}

std::vector<std::string> check_archive(zip_t* za, std::string_view head, const CheckLimits& limits,
                                       const CheckedEntries* checked,
                                       const CheckedDocuments* documents) {
  std::vector<std::string> problems;
  check_mimetype(head, &problems);
  EntryReader reader(za, limits, &problems);

  std::vector<std::string> order;
  zip_int64_t n = zip_api().zip_get_num_entries(za, 0);
  for (zip_int64_t i = 0; i < n; ++i) {
    zip_stat_t st;
    if (zip_api().zip_stat_index(za, static_cast<zip_uint64_t>(i), 0, &st) == 0 &&
        (st.valid & ZIP_STAT_NAME))
      order.push_back(st.name);
  }
  std::set<std::string> entries(order.begin(), order.end());
  if (!order.empty() && order.front() != "mimetype")
    problems.push_back("mimetype: not the first entry of the archive");

  // Every XML document is parsed (one at a time, then let go); the package document, nav and
  // NCX are kept for the checks below.
  std::map<std::string, pugi::xml_document> xml;
  auto load = [&](const std::string& name) -> pugi::xml_document* {
    auto found = xml.find(name);
    if (found != xml.end()) return &found->second;
    auto data = reader.read(name);
    std::vector<std::string> said_above;  // the loop below says what is wrong with it
    if (!data || !parse_xml(name, *data, &xml[name], &said_above)) return nullptr;
    return &xml[name];
  };
  for (zip_int64_t i = 0; i < n; ++i) {
    zip_stat_t st;
    if (zip_api().zip_stat_index(za, static_cast<zip_uint64_t>(i), 0, &st) != 0 ||
        !(st.valid & ZIP_STAT_NAME) || !is_xml_name(st.name) ||
        already_checked(st, checked, documents))
      continue;
    auto data = reader.read(static_cast<zip_uint64_t>(i));
    pugi::xml_document doc;
    if (data && parse_xml(st.name, *data, &doc, &problems) && may_be_loaded(st.name))
      xml.emplace(st.name, std::move(doc));  // parsed once: load() takes it from here
  }
  pugi::xml_document* container = load("META-INF/container.xml");
  if (!container) {
    if (!entries.count("META-INF/container.xml"))
      problems.push_back("META-INF/container.xml: missing");
    return problems;
  }
  std::string opf_path =
      container->select_node("//*[local-name()='rootfile']").node().attribute("full-path").value();
  pugi::xml_document* opf = opf_path.empty() ? nullptr : load(opf_path);
  if (!opf) {
    problems.push_back("META-INF/container.xml: the package document '" + opf_path +
                       "' is not in the archive");
    return problems;
  }
  pugi::xml_node package = opf->document_element();

  // manifest <-> archive
  std::unordered_map<std::string, std::string> id_to_path;
  std::unordered_set<std::string> manifest_paths;
  std::string nav_path, ncx_path;
  for (pugi::xml_node item : package.child("manifest").children("item")) {
    std::string path = resolve_href(opf_path, item.attribute("href").value());
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
  std::unordered_map<std::string, size_t> spine_pos;
  for (pugi::xml_node ref : package.child("spine").children("itemref")) {
    auto it = id_to_path.find(ref.attribute("idref").value());
    if (it == id_to_path.end()) {
      problems.push_back(opf_path + ": spine refers to unknown id '" +
                         std::string(ref.attribute("idref").value()) + "'");
      continue;
    }
    spine_pos.emplace(it->second, spine_pos.size());
  }
  pugi::xml_document* nav = nav_path.empty() ? nullptr : load(nav_path);
  if (!nav) {
    problems.push_back(opf_path +
                       ": no navigation document (manifest item with properties=\"nav\")");
  } else {
    std::vector<pugi::xml_node> links = toc_links(*nav);
    if (links.empty()) problems.push_back(nav_path + ": the table of contents is empty");
    size_t last = 0;
    for (pugi::xml_node link : links) {
      std::string target = resolve_href(nav_path, link.attribute("href").value());
      std::string label = link.child_value();
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
  pugi::xml_document* ncx = ncx_path.empty() ? nullptr : load(ncx_path);
  if (ncx) {
    // (The first <meta name="dtb:uid"> in document order, found by a walk.)
    std::string uid = ncx->find_node([](pugi::xml_node n) {
                           return n.type() == pugi::node_element &&
                                  element_local_name(n) == "meta" &&
                                  std::string_view(n.attribute("name").value()) == "dtb:uid";
                         })
                          .attribute("content")
                          .value();
    if (uid != identifier)
      problems.push_back(ncx_path + ": dtb:uid '" + uid +
                         "' differs from the package identifier '" + identifier + "'");
  }
  return problems;
}

}  // namespace

bool check_document(std::string_view data) {
  pugi::xml_document doc;
  std::vector<std::string> problems;
  return parse_xml("", data, &doc, &problems);
}

bool check_rendered_document(std::string_view data) {
  return !forbidden_character(data);
}

void CheckedDocuments::add(std::uint32_t crc, std::uint64_t size) {
  std::lock_guard<std::mutex> lock(mutex_);
  documents_.emplace(crc, size);
}

bool CheckedDocuments::has(std::uint32_t crc, std::uint64_t size) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return documents_.count({crc, size}) > 0;
}

CheckedEntries checked_entries(const fs::path& epub) {
  CheckedEntries entries;
  int err = 0;
  zip_t* za = zip_api().zip_open(epub.c_str(), ZIP_RDONLY, &err);
  if (!za) return entries;
  zip_int64_t n = zip_api().zip_get_num_entries(za, 0);
  for (zip_int64_t i = 0; i < n; ++i) {
    zip_stat_t st;
    if (zip_api().zip_stat_index(za, static_cast<zip_uint64_t>(i), 0, &st) == 0 &&
        (st.valid & ZIP_STAT_NAME) && (st.valid & ZIP_STAT_CRC) && (st.valid & ZIP_STAT_SIZE))
      entries.emplace(st.name, std::make_pair(st.crc, static_cast<std::uint64_t>(st.size)));
  }
  zip_api().zip_discard(za);
  return entries;
}

std::vector<std::string> check_epub(const fs::path& epub, const CheckLimits& limits,
                                    const CheckedEntries* checked,
                                    const CheckedDocuments* documents) {
  std::optional<ZipArchive> archive = ZipArchive::open(epub);
  if (!archive) return {"not a readable ZIP archive"};  // the caller names the file
  std::string head(58, '\0');
  std::ifstream in(epub, std::ios::binary);
  in.read(head.data(), 58);
  head.resize(static_cast<size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  return check_archive(archive->get(), head, limits, checked, documents);
}

std::vector<std::string> check_epub_bytes(std::string_view bytes, const CheckLimits& limits) {
  std::optional<ZipArchive> archive = ZipArchive::open_bytes(bytes);
  if (!archive) return {"not a readable ZIP archive"};
  return check_archive(archive->get(), bytes.substr(0, 58), limits, nullptr, nullptr);
}

}  // namespace novelbind
