#include "render/templates.h"

#include <fstream>
#include <memory>
#include <pugixml.hpp>
#include <sstream>
#include <unordered_map>

#include "base/resources.h"
#include "base/xml_document.h"
#include "render/render.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

namespace mustache = kainjow::mustache;

int line_at(std::string_view text, size_t offset) {
  int line = 1;
  for (size_t i = 0; i < offset && i < text.size(); ++i)
    if (text[i] == '\n') ++line;
  return line;
}

// kainjow reports "Unclosed section \"x\" at 345" (a byte offset): turn it into the line of
// the template and a lower-case message without the offset.
std::string syntax_error(const TemplateFile& tmpl, const std::string& message) {
  std::string text = message;
  int line = 0;
  size_t at = text.rfind(" at ");
  if (at != std::string::npos && at + 4 < text.size() &&
      text.find_first_not_of("0123456789", at + 4) == std::string::npos) {
    line = line_at(tmpl.text, std::stoul(text.substr(at + 4)));
    text.resize(at);
  }
  if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z')
    text[0] = static_cast<char>(text[0] - 'A' + 'a');
  std::string out = tmpl.origin;
  if (line > 0) out.append(":").append(std::to_string(line));
  out.append(": mustache syntax error: ").append(text).append("; fix the template");
  return out;
}

// The template with every {{tag}} removed (newlines kept, so lines stay where they were):
// when this does not parse either, the fault is in the template's own markup and pugixml's
// offset gives its line.
std::string without_tags(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    size_t open = text.find("{{", i);
    if (open == std::string::npos) {
      out.append(text, i, std::string::npos);
      break;
    }
    out.append(text, i, open - i);
    bool triple = text.compare(open, 3, "{{{") == 0;
    size_t close = text.find(triple ? "}}}" : "}}", open + (triple ? 3 : 2));
    if (close == std::string::npos) break;
    for (size_t k = open; k < close; ++k)
      if (text[k] == '\n') out += '\n';
    i = close + (triple ? 3 : 2);
  }
  return out;
}

// The template `text` parsed, once per thread: a book renders one template thousands of times,
// and kainjow's render() is not const, so threads do not share one. One that failed (a
// partial or a lambda can make it invalid while rendering) is parsed again next time.
mustache::mustache& parsed(const std::string& text) {
  thread_local std::unordered_map<std::string, std::unique_ptr<mustache::mustache>> parsed;
  std::unique_ptr<mustache::mustache>& m = parsed[text];
  if (!m || !m->is_valid()) {
    m = std::make_unique<mustache::mustache>(text);
    m->set_custom_escape([](const std::string& s) { return xml_escape(s); });
  }
  return *m;
}

// Looks `extra_name` up as if `data` (the bottom of the stack) held `extra` too: a name is
// found in the innermost value that has it, and `data` is the outermost.
class ExtraContext : public mustache::context<std::string> {
 public:
  ExtraContext(const mustache::data* data, const std::string& extra_name,
               const mustache::data* extra)
      : mustache::context<std::string>(data), name_(extra_name), extra_(extra) {}
  const mustache::data* get(const std::string& name) const override {
    const mustache::data* found = mustache::context<std::string>::get(name);
    return !found && extra_ && name == name_ ? extra_ : found;
  }

 private:
  const std::string& name_;
  const mustache::data* extra_;
};

// What kainjow renders, appended to one string (its own render(data) goes through a stream).
struct StringSink {
  std::string text;
  StringSink& operator<<(const std::string& piece) {
    text += piece;
    return *this;
  }
};

}  // namespace

Result<Templates> Templates::load(const fs::path& override_dir) {
  Templates t;
  for (const Resource& r : builtin_resources()) {
    std::string path(r.path);
    if (path.rfind("templates/", 0) != 0 && path.rfind("styles/", 0) != 0) continue;
    std::string name = fs::path(path).filename().string();
    t.files_[name] = TemplateFile{name, path, std::string(r.data)};
  }
  if (override_dir.empty()) return t;
  std::error_code ec;
  if (!fs::is_directory(override_dir, ec)) {
    return Status::Error(override_dir.string() +
                         ": template folder not found; fix [style] templates in book.toml");
  }
  for (const auto& entry : fs::directory_iterator(override_dir, ec)) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    if (!in) return Status::Error(entry.path().string() + ": cannot read the template");
    std::ostringstream text;
    text << in.rdbuf();
    std::string name = entry.path().filename().string();
    t.files_[name] = TemplateFile{name, entry.path().string(), text.str()};
  }
  return t;
}

const TemplateFile& Templates::get(const std::string& name) const {
  static const TemplateFile empty;
  auto it = files_.find(name);
  return it == files_.end() ? empty : it->second;
}

Result<std::string> Templates::render(const std::string& name, const mustache::data& data,
                                      const std::string& what, const std::string& extra_name,
                                      const mustache::data* extra) const {
  auto it = files_.find(name);
  if (it == files_.end()) return Status::Error("no template named '" + name + "'");
  const TemplateFile& tmpl = it->second;
  mustache::mustache& m = parsed(tmpl.text);
  if (!m.is_valid()) return Status::Error(syntax_error(tmpl, m.error_message()));
  ExtraContext context(&data, extra_name, extra);
  StringSink out;
  m.render(context, out);
  if (!m.is_valid()) return Status::Error(syntax_error(tmpl, m.error_message()));

  pugi::xml_document doc;
  pugi::xml_parse_result r = parse_xml_document(&doc, out.text);
  if (r) return std::move(out.text);
  auto describe = [](const pugi::xml_parse_result& result) {
    std::string d = result.description();
    if (!d.empty() && d[0] >= 'A' && d[0] <= 'Z') d[0] = static_cast<char>(d[0] - 'A' + 'a');
    return d;
  };
  std::string stripped = without_tags(tmpl.text);
  pugi::xml_parse_result own = parse_xml_document(&doc, stripped);
  if (!own) {
    int line = line_at(stripped, static_cast<size_t>(own.offset));
    return Status::Error(tmpl.origin + ":" + std::to_string(line) + ": the " + what +
                         " it renders is not well-formed XHTML (" + describe(own) +
                         "); fix the template");
  }
  int line = line_at(out.text, static_cast<size_t>(r.offset));
  return Status::Error(tmpl.origin + ": the " + what + " it renders is not well-formed XHTML (" +
                       describe(r) + " at line " + std::to_string(line) +
                       " of the output); fix the template");
}

}  // namespace novelbind
