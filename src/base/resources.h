// Templates, styles and data files compiled into the binary (see cmake/embed_resources.cmake).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace novelbind {

struct Resource {
  std::string_view path;  // relative to the source tree, e.g. "templates/chapter.xhtml"
  std::string_view data;
};

const std::vector<Resource>& builtin_resources();

// The built-in file at `path`; empty when there is none.
std::string_view builtin_resource(std::string_view path);

}  // namespace novelbind
