// Templates and styles: the built-in files, each replaceable by a file of the same name in
// the user's template folder.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "status.h"

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

  // The template called `name` ("chapter.xhtml", "book.css"); an empty file when unknown.
  const TemplateFile& get(const std::string& name) const;
  bool has(const std::string& name) const { return files_.count(name) > 0; }

 private:
  std::map<std::string, TemplateFile> files_;
};

}  // namespace novelbind
