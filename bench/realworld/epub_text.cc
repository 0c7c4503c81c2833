// Opening the built EPUB (epub_text.h).
#include "epub_text.h"

#include <zip.h>

#include <optional>
#include <pugixml.hpp>
#include <sstream>

#include "scoreboard_text.h"

namespace realworld {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> zip_read(zip_t* z, const std::string& name) {
  zip_stat_t st;
  if (zip_stat(z, name.c_str(), 0, &st) != 0) return std::nullopt;
  zip_file_t* f = zip_fopen(z, name.c_str(), 0);
  if (!f) return std::nullopt;
  std::string data(st.size, '\0');
  zip_int64_t n = zip_fread(f, data.data(), st.size);
  zip_fclose(f);
  if (n < 0 || static_cast<zip_uint64_t>(n) != st.size) return std::nullopt;
  return data;
}

std::string resolve(const std::string& base_dir, std::string href) {
  if (auto hash = href.find('#'); hash != std::string::npos) href.resize(hash);
  fs::path p = (fs::path(base_dir) / href).lexically_normal();
  return p.generic_string();
}

std::string dir_of(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string node_text(const pugi::xml_node& n) {
  std::string out;
  for (pugi::xml_node d = n.first_child(); d; d = d.next_sibling()) {
    if (d.type() == pugi::node_pcdata || d.type() == pugi::node_cdata)
      out += d.value();
    else if (d.type() == pugi::node_element)
      out += node_text(d);
  }
  return out;
}

bool has_epub_type(const pugi::xml_node& n, const char* type) {
  std::string t = n.attribute("epub:type").value();
  std::istringstream words(t);
  for (std::string w; words >> w;)
    if (w == type) return true;
  return false;
}

void collect_toc(const pugi::xml_node& ol, const std::string& base, std::vector<TocEntry>& out) {
  for (pugi::xml_node li : ol.children("li")) {
    TocEntry e;
    pugi::xml_node a = li.child("a");
    if (!a) a = li.child("span");
    e.title = node_text(a);
    if (a.attribute("href")) e.target = resolve(base, a.attribute("href").value());
    pugi::xml_node sub = li.child("ol");
    e.leaf = !sub;
    out.push_back(e);
    if (sub) collect_toc(sub, base, out);
  }
}

bool is_block(const char* name) {
  static const std::set<std::string> blocks = {"p",  "h1", "h2", "h3", "h4", "h5",  "h6",
                                               "li", "dt", "dd", "td", "th", "pre", "figcaption"};
  return blocks.count(name) > 0;
}

void collect_blocks(const pugi::xml_node& n, std::vector<std::string>& blocks,
                    bool& has_paragraph) {
  for (pugi::xml_node c = n.first_child(); c; c = c.next_sibling()) {
    if (c.type() == pugi::node_pcdata) {
      std::string t = c.value();
      if (!without_spaces(utf8_decode(t)).empty()) blocks.push_back(t);
    } else if (c.type() == pugi::node_element) {
      if (is_block(c.name())) {
        std::string t = node_text(c);
        blocks.push_back(t);
        if (std::string(c.name()) == "p" && !without_spaces(utf8_decode(t)).empty())
          has_paragraph = true;
      } else {
        collect_blocks(c, blocks, has_paragraph);
      }
    }
  }
}

}  // namespace

std::string open_epub(const fs::path& path, Epub& epub) {
  int err = 0;
  zip_t* z = zip_open(path.c_str(), ZIP_RDONLY, &err);
  if (!z) return "cannot open " + path.string() + " as a zip";
  auto close = [&] { zip_close(z); };
  auto container = zip_read(z, "META-INF/container.xml");
  if (!container) return close(), "no META-INF/container.xml";
  pugi::xml_document doc;
  doc.load_string(container->c_str());
  std::string opf_path =
      doc.select_node("//*[local-name()='rootfile']").node().attribute("full-path").value();
  auto opf = zip_read(z, opf_path);
  if (!opf) return close(), "no package document " + opf_path;
  pugi::xml_document pkg;
  if (!pkg.load_string(opf->c_str())) return close(), "package document does not parse";
  std::string opf_dir = dir_of(opf_path);
  std::map<std::string, std::string> id_to_path;
  std::string nav_path;
  for (pugi::xpath_node item : pkg.select_nodes("//*[local-name()='item']")) {
    std::string href = resolve(opf_dir, item.node().attribute("href").value());
    id_to_path[item.node().attribute("id").value()] = href;
    std::string props = item.node().attribute("properties").value();
    if (props.find("nav") != std::string::npos) nav_path = href;
  }
  for (pugi::xpath_node ref : pkg.select_nodes("//*[local-name()='itemref']")) {
    std::string p = id_to_path[ref.node().attribute("idref").value()];
    epub.spine.push_back(p);
    if (auto data = zip_read(z, p)) epub.documents[p] = *data;
  }
  if (nav_path.empty()) return close(), "no nav document in the manifest";
  auto nav = zip_read(z, nav_path);
  close();
  if (!nav) return "nav document " + nav_path + " missing";
  epub.generated.insert(nav_path);
  pugi::xml_document navdoc;
  if (!navdoc.load_string(nav->c_str())) return "nav document does not parse";
  std::string nav_dir = dir_of(nav_path);
  for (pugi::xpath_node n : navdoc.select_nodes("//*[local-name()='nav']")) {
    pugi::xml_node navnode = n.node();
    if (has_epub_type(navnode, "toc")) {
      collect_toc(navnode.child("ol"), nav_dir, epub.toc);
    } else if (has_epub_type(navnode, "landmarks")) {
      for (pugi::xpath_node a : navnode.select_nodes(".//*[local-name()='a']")) {
        pugi::xml_node an = a.node();
        if (has_epub_type(an, "cover") || has_epub_type(an, "titlepage") ||
            has_epub_type(an, "toc"))
          epub.generated.insert(resolve(nav_dir, an.attribute("href").value()));
      }
    }
  }
  return "";
}

SpineText spine_text(const Epub& epub) {
  SpineText spine;
  for (const std::string& path : epub.spine) {
    auto it = epub.documents.find(path);
    if (it == epub.documents.end()) continue;
    pugi::xml_document doc;
    doc.load_string(it->second.c_str());
    std::vector<std::string> blocks;
    bool has_paragraph = false;
    collect_blocks(doc.select_node("//*[local-name()='body']").node(), blocks, has_paragraph);
    spine.has_paragraph[path] = has_paragraph;
    if (epub.generated.count(path)) continue;
    for (const std::string& b : blocks) {
      spine.text += b;
      spine.text += '\n';
    }
  }
  return spine;
}

}  // namespace realworld
