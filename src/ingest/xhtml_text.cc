#include "ingest/xhtml_text.h"

#include <algorithm>
#include <cstring>
#include <pugixml.hpp>

#include "base/utf8.h"
#include "ingest/iconv_decode.h"

namespace novelbind {
namespace {

// HTML's named entities that XHTML documents use without declaring them (pugixml leaves an
// unknown entity as it is written).
struct NamedEntity {
  const char* name;
  char32_t code;
};
constexpr NamedEntity kEntities[] = {
    {"nbsp", 0xA0},    {"ensp", 0x2002},  {"emsp", 0x2003},  {"thinsp", 0x2009}, {"hellip", 0x2026},
    {"mdash", 0x2014}, {"ndash", 0x2013}, {"lsquo", 0x2018}, {"rsquo", 0x2019},  {"ldquo", 0x201C},
    {"rdquo", 0x201D}, {"middot", 0xB7},  {"bull", 0x2022},  {"laquo", 0xAB},    {"raquo", 0xBB},
    {"copy", 0xA9},    {"reg", 0xAE},     {"trade", 0x2122}, {"times", 0xD7},    {"deg", 0xB0},
    {"amp", '&'},      {"lt", '<'},       {"gt", '>'},       {"quot", '"'},      {"apos", '\''},
    {"zwsp", 0x200B},  {"shy", 0xAD},
};

// `text` with the named entities above decoded (others kept as written).
std::string decode_named_entities(std::string_view text) {
  if (text.find('&') == std::string_view::npos) return std::string(text);
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '&') {
      size_t semi = text.find(';', i + 1);
      if (semi != std::string_view::npos && semi - i <= 8) {
        std::string_view name = text.substr(i + 1, semi - i - 1);
        const NamedEntity* found =
            std::find_if(std::begin(kEntities), std::end(kEntities),
                         [&](const NamedEntity& e) { return name == e.name; });
        if (found != std::end(kEntities)) {
          utf8::append(&out, found->code);
          i = semi;
          continue;
        }
      }
    }
    out += text[i];
  }
  return out;
}

std::string local_name(const pugi::xml_node& node) {
  std::string name = node.name();
  size_t colon = name.find(':');
  if (colon != std::string::npos) name = name.substr(colon + 1);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return name;
}

// Elements whose text is not part of what is read.
bool skipped(const std::string& name) {
  static const char* const kSkipped[] = {"head",     "script",   "style", "rt",   "rp",
                                         "noscript", "template", "svg",   "math", "title"};
  return std::any_of(std::begin(kSkipped), std::end(kSkipped),
                     [&](const char* s) { return name == s; });
}

// Elements that stand on lines of their own.
bool block(const std::string& name) {
  static const char* const kBlocks[] = {
      "p",    "div",     "section", "article",    "aside",  "header",  "footer",
      "main", "nav",     "body",    "blockquote", "pre",    "li",      "ul",
      "ol",   "dl",      "dt",      "dd",         "table",  "tr",      "td",
      "th",   "caption", "figure",  "figcaption", "center", "address", "hr",
      "h1",   "h2",      "h3",      "h4",         "h5",     "h6",      "hgroup"};
  return std::any_of(std::begin(kBlocks), std::end(kBlocks),
                     [&](const char* s) { return name == s; });
}

// The words of the epub:type and role attributes of `node`.
std::string type_words(const pugi::xml_node& node) {
  std::string words;
  for (const pugi::xml_attribute& a : node.attributes()) {
    std::string name = a.name();
    if (name == "role" || name == "epub:type" ||
        (name.size() > 5 && name.compare(name.size() - 5, 5, ":type") == 0))
      words += std::string(words.empty() ? "" : " ") + a.value();
  }
  return words;
}

class Walker {
 public:
  Walker(std::string_view buffer, XhtmlText* out) : out_(out) {
    for (size_t i = 0; i < buffer.size(); ++i)
      if (buffer[i] == '\n') newlines_.push_back(i);
  }

  void visit(const pugi::xml_node& node) {
    for (pugi::xml_node child : node.children()) {
      switch (child.type()) {
        case pugi::node_pcdata:
        case pugi::node_cdata:
          add_text(child);
          break;
        case pugi::node_element:
          element(child);
          break;
        default:
          break;
      }
    }
  }

  void flush() {
    std::string_view text = utf8::trim(current_);
    if (!text.empty()) out_->lines.push_back({std::string(text), line_, heading_});
    current_.clear();
    space_ = line_break_ = false;
    last_ = 0;
  }

 private:
  int line_of(const pugi::xml_node& node) const {
    std::ptrdiff_t offset = node.offset_debug();
    if (offset < 0) return 0;
    auto it = std::lower_bound(newlines_.begin(), newlines_.end(), static_cast<size_t>(offset));
    return static_cast<int>(it - newlines_.begin()) + 1;
  }

  void add_text(const pugi::xml_node& node) {
    std::string text = decode_named_entities(node.value());
    for (size_t i = 0; i < text.size();) {
      size_t start = i;
      char32_t cp = utf8::next(text, &i);
      if (!pre_ && (cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r')) {
        space_ = space_ || !current_.empty();
        line_break_ = line_break_ || cp == '\n' || cp == '\r';
        continue;
      }
      if (pre_ && cp == '\n') {
        flush();
        continue;
      }
      if (current_.empty()) line_ = line_of(node);
      // A line break in the source between two Chinese characters is no space (CSS Text's
      // segment break rule): a paragraph wrapped in the XHTML reads as one run of text.
      if (space_ && !(line_break_ && wide(last_) && wide(cp))) current_ += ' ';
      space_ = line_break_ = false;
      current_.append(text, start, i - start);
      last_ = cp;
    }
  }

  static bool wide(char32_t cp) { return cp >= 0x2E80 && cp != 0xFFFD; }

  void element(const pugi::xml_node& node) {
    std::string name = local_name(node);
    if (skipped(name) || node.attribute("hidden")) return;
    if (const char* id = node.attribute("id").value(); *id)
      out_->anchors.emplace(id, out_->lines.size() + (utf8::trim(current_).empty() ? 0 : 1));
    if (out_->lines.empty() && current_.empty()) {
      std::string words = type_words(node);
      if (!words.empty()) out_->types += (out_->types.empty() ? "" : " ") + words;
    }
    if (name == "br") {
      flush();
      return;
    }
    if (name == "img") return;  // a picture; its alt text is not the story
    if (!block(name)) {
      visit(node);
      return;
    }
    flush();
    int saved_heading = heading_;
    bool saved_pre = pre_;
    if (name.size() == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6')
      heading_ = name[1] - '0';
    if (name == "pre") pre_ = true;
    visit(node);
    flush();
    heading_ = saved_heading;
    pre_ = saved_pre;
  }

  XhtmlText* out_;
  std::vector<size_t> newlines_;
  std::string current_;
  int line_ = 0;
  int heading_ = 0;
  bool pre_ = false;
  bool space_ = false;       // whitespace is pending between two runs of text
  bool line_break_ = false;  // ... and it held a line break
  char32_t last_ = 0;        // the last character of `current_`
};

// The encoding the XML declaration names ("" when none).
std::string declared_encoding(std::string_view xml) {
  if (xml.substr(0, 5) != "<?xml") return "";
  std::string_view decl = xml.substr(0, xml.find("?>"));
  size_t at = decl.find("encoding");
  if (at == std::string_view::npos) return "";
  size_t quote = decl.find_first_of("\"'", at);
  if (quote == std::string_view::npos) return "";
  size_t end = decl.find(decl[quote], quote + 1);
  if (end == std::string_view::npos) return "";
  std::string name(decl.substr(quote + 1, end - quote - 1));
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return name;
}

}  // namespace

Result<XhtmlText> read_xhtml_text(std::string_view xhtml, const std::string& name) {
  // pugixml reads UTF-8, UTF-16 and UTF-32 by itself; an older book may declare GBK or Big5.
  std::string converted;
  pugi::xml_encoding encoding = pugi::encoding_auto;
  std::string declared = declared_encoding(xhtml);
  if (!declared.empty() && declared.rfind("utf", 0) != 0 && declared != "us-ascii" &&
      iconv_knows(declared)) {
    converted = iconv_decode(xhtml, declared, /*lenient=*/true).text;
    xhtml = converted;
    encoding = pugi::encoding_utf8;
  }
  pugi::xml_document doc;
  pugi::xml_parse_result parsed = doc.load_buffer(
      xhtml.data(), xhtml.size(), pugi::parse_default | pugi::parse_ws_pcdata, encoding);
  if (!parsed) {
    int line =
        1 + static_cast<int>(std::count(
                xhtml.begin(),
                xhtml.begin() + std::min<std::ptrdiff_t>(parsed.offset,
                                                         static_cast<std::ptrdiff_t>(xhtml.size())),
                '\n'));
    return Status::Error(name + ":" + std::to_string(line) + ": not well-formed XHTML (" +
                         parsed.description() +
                         "); repair the EPUB (calibre's editor or `ebook-convert IN.epub "
                         "OUT.epub` rewrites it) and build again");
  }
  XhtmlText out;
  pugi::xml_node body;
  for (pugi::xml_node n : doc.document_element().children())
    if (local_name(n) == "body") body = n;
  if (!body) return out;
  out.types = type_words(body);
  // The buffer pugixml parsed is the UTF-8 one (a UTF-16 document is converted first, and
  // keeps its lines).
  Walker walker(xhtml, &out);
  walker.visit(body);
  walker.flush();
  return out;
}

bool has_word(std::string_view words, std::string_view word) {
  size_t start = 0;
  while (start < words.size()) {
    size_t end = words.find(' ', start);
    if (end == std::string_view::npos) end = words.size();
    if (words.substr(start, end - start) == word) return true;
    start = end + 1;
  }
  return false;
}

std::string html_to_plain_text(std::string_view html) {
  std::string out;
  bool in_tag = false;
  std::string tag;
  for (char c : html) {
    if (in_tag) {
      if (c == '>') {
        in_tag = false;
        std::string lower = tag;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
        bool breaks = lower.rfind("/p", 0) == 0 || lower.rfind("br", 0) == 0 ||
                      lower.rfind("/div", 0) == 0 || lower.rfind("/li", 0) == 0;
        if (breaks && !out.empty() && out.back() != '\n') out += '\n';
      } else {
        tag += c;
      }
      continue;
    }
    if (c == '<') {
      in_tag = true;
      tag.clear();
      continue;
    }
    out += c;
  }
  out = decode_named_entities(out);
  // Decimal and hexadecimal character references.
  std::string decoded;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '&' && i + 2 < out.size() && out[i + 1] == '#') {
      size_t semi = out.find(';', i);
      bool hex = out[i + 2] == 'x' || out[i + 2] == 'X';
      if (semi != std::string::npos && semi - i <= 10) {
        std::string digits = out.substr(i + (hex ? 3 : 2), semi - i - (hex ? 3 : 2));
        char* end = nullptr;
        unsigned long code = std::strtoul(digits.c_str(), &end, hex ? 16 : 10);
        if (!digits.empty() && end && *end == '\0' && code > 0 && code <= 0x10FFFF) {
          utf8::append(&decoded, static_cast<char32_t>(code));
          i = semi;
          continue;
        }
      }
    }
    decoded += out[i];
  }
  // Lines trimmed, blank ones dropped.
  std::string result;
  size_t start = 0;
  while (start <= decoded.size()) {
    size_t end = decoded.find('\n', start);
    if (end == std::string::npos) end = decoded.size();
    std::string_view line = utf8::trim(std::string_view(decoded).substr(start, end - start));
    if (!line.empty()) result += std::string(result.empty() ? "" : "\n") + std::string(line);
    start = end + 1;
  }
  return result;
}

std::string_view xml_local_name(std::string_view name) {
  size_t colon = name.find(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

}  // namespace novelbind
