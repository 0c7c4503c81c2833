// Templates and styles: the built-in files, each replaceable by a file of the same name in
// the user's template folder, and rendering a template into a checked XHTML document.
#pragma once

#include <filesystem>
#include <kainjow/mustache.hpp>
#include <map>
#include <string>

#include "base/status.h"

namespace novelbind {

struct TemplateFile {
  std::string name;    // "chapter.xhtml"
  std::string origin;  // where it came from, for messages: "templates/chapter.xhtml"
  std::string text;
};

class Templates {
 public:
  // Built-in templates and styles, overridden one by one by files in `override_dir` (when
  // not empty). An unreadable override is an error naming it.
  static Result<Templates> load(const std::filesystem::path& override_dir = {});

  // The template called `name` ("chapter.xhtml", "base.css"); an empty file when unknown.
  const TemplateFile& get(const std::string& name) const;
  bool has(const std::string& name) const { return files_.count(name) > 0; }

  // Renders the mustache template `name` with `data`; {{text}} is escaped for XML, {{{html}}}
  // is not (the caller escapes it). The output must parse as XML (parse_xml_document, as the
  // check parses; check_rendered_document relies on it), else the error names the
  // template file, the line of the template when the fault is in its own markup, and `what`
  // ("the chapter '第一章'"):
  //   templates/chapter.xhtml:12: mustache syntax error: unclosed section "paragraphs"; fix the
  //   template templates/chapter.xhtml:9: the chapter '第一章' it renders is not well-formed XHTML
  //   (start-end tags mismatch); fix the template
  // `extra`, when given, is one more value of `data`, named `extra_name`, that `data` does not
  // hold: a chapter's paragraph list, which setting into `data` would copy whole.
  Result<std::string> render(const std::string& name, const kainjow::mustache::data& data,
                             const std::string& what, const std::string& extra_name = "",
                             const kainjow::mustache::data* extra = nullptr) const;

 private:
  std::map<std::string, TemplateFile> files_;
};

}  // namespace novelbind
