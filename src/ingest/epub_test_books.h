// Test-only (never part of novelbind_lib). EPUBs for the tests of the EPUB input, made in memory
// the way other tools lay them out: an EPUB 3 with a navigation document (pandoc, kaf-cli) or an
// EPUB 2 with an NCX (calibre).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "base/test_util.h"

namespace novelbind::test {

inline std::string xhtml_page(const std::string& body, const std::string& body_attributes = "") {
  return "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
         "<html xmlns=\"http://www.w3.org/1999/xhtml\" "
         "xmlns:epub=\"http://www.idpf.org/2007/ops\">\n"
         "<head><title>t</title><style>p{}</style></head>\n<body" +
         body_attributes + ">\n" + body + "\n</body>\n</html>\n";
}

struct EpubDocument {
  std::string href;  // relative to the package document (OEBPS/)
  std::string content;
  bool linear = true;
};

struct EpubBook {
  std::vector<EpubDocument> documents;                   // in spine order
  std::vector<std::pair<std::string, std::string>> toc;  // (label, href)
  std::string metadata = "<dc:title>书</dc:title><dc:language>zh</dc:language>";
  std::string extra_manifest;  // more <item>s (a cover image)
  std::vector<std::pair<std::string, std::string>> extra_entries;
  bool epub2 = false;  // an NCX instead of a navigation document
};

inline std::string make_epub(const EpubBook& book) {
  std::string manifest, spine, toc;
  for (size_t i = 0; i < book.documents.size(); ++i) {
    const EpubDocument& d = book.documents[i];
    std::string id = "d" + std::to_string(i);
    manifest +=
        "<item id=\"" + id + "\" href=\"" + d.href + "\" media-type=\"application/xhtml+xml\"/>\n";
    spine += "<itemref idref=\"" + id + "\"" + (d.linear ? "" : " linear=\"no\"") + "/>\n";
  }
  std::vector<std::pair<std::string, std::string>> entries = {
      {"mimetype", "application/epub+zip"},
      {"META-INF/container.xml",
       "<?xml version=\"1.0\"?><container version=\"1.0\" "
       "xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\"><rootfiles><rootfile "
       "full-path=\"OEBPS/content.opf\" media-type=\"application/oebps-package+xml\"/>"
       "</rootfiles></container>"}};
  if (book.epub2) {
    std::string points;
    for (size_t i = 0; i < book.toc.size(); ++i)
      points += "<navPoint id=\"n" + std::to_string(i) + "\"><navLabel><text>" + book.toc[i].first +
                "</text></navLabel><content src=\"" + book.toc[i].second + "\"/></navPoint>\n";
    manifest += "<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>\n";
    entries.push_back({"OEBPS/toc.ncx",
                       "<?xml version=\"1.0\"?><ncx xmlns=\"http://www.daisy.org/z3986/2005/ncx/\" "
                       "version=\"2005-1\"><navMap>" +
                           points + "</navMap></ncx>"});
  } else {
    std::string items;
    for (const auto& [label, href] : book.toc)
      items += "<li><a href=\"" + href + "\">" + label + "</a></li>\n";
    manifest +=
        "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" "
        "properties=\"nav\"/>\n";
    entries.push_back(
        {"OEBPS/nav.xhtml", xhtml_page("<nav epub:type=\"toc\"><ol>" + items + "</ol></nav>")});
  }
  entries.push_back(
      {"OEBPS/content.opf",
       "<?xml version=\"1.0\"?>\n<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"" +
           std::string(book.epub2 ? "2.0" : "3.0") +
           "\" unique-identifier=\"id\">\n<metadata "
           "xmlns:dc=\"http://purl.org/dc/elements/1.1/\" "
           "xmlns:opf=\"http://www.idpf.org/2007/opf\"><dc:identifier "
           "id=\"id\">urn:uuid:1</dc:identifier>" +
           book.metadata + "</metadata>\n<manifest>\n" + manifest + book.extra_manifest +
           "</manifest>\n<spine" + (book.epub2 ? " toc=\"ncx\"" : "") + ">\n" + spine +
           "</spine>\n</package>\n"});
  for (const EpubDocument& d : book.documents) entries.push_back({"OEBPS/" + d.href, d.content});
  for (const auto& e : book.extra_entries) entries.push_back(e);
  return zip_bytes(entries);
}

}  // namespace novelbind::test
