// The text of one XHTML document of an EPUB, as the lines a .txt of the same book would hold:
// each block (<p>, <div>, <li>, a heading, a table cell) a line, <br> starting a new one,
// inline markup dropped, what is not read (<head>, <script>, <style>, ruby annotations,
// hidden elements) left out. Every line keeps the line of the document it came from.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace novelbind {

struct XhtmlLine {
  std::string text;  // UTF-8, whitespace collapsed, trimmed; never empty
  int line = 0;      // 1-based line of the document where the text starts
  int heading = 0;   // 1-6 for <h1>..<h6>, else 0
};

struct XhtmlText {
  std::vector<XhtmlLine> lines;
  // Each element id, with the index in `lines` of the first line at or after the element:
  // where a table of contents entry "doc.xhtml#id" starts.
  std::map<std::string, std::size_t, std::less<>> anchors;
  // The epub:type and role words of <body> and of its elements before the first text: what
  // the document is ("cover", "titlepage", "toc", "chapter"), space-separated.
  std::string types;
};

// Reads `xhtml` (UTF-8, UTF-16, or another encoding its XML declaration names). A document
// that is not well-formed XML is an error naming `name`, the line and what to do.
Result<XhtmlText> read_xhtml_text(std::string_view xhtml, const std::string& name);

// The local part of a qualified XML name: "epub:type" -> "type"; a name without a prefix as is.
std::string_view xml_local_name(std::string_view name);

// Whether the space-separated `words` (epub:type and role values) hold `word`.
bool has_word(std::string_view words, std::string_view word);

// `html` (a description written with markup, as calibre keeps one) as plain text: tags
// dropped, entities decoded, paragraphs on lines of their own.
std::string html_to_plain_text(std::string_view html);

}  // namespace novelbind
