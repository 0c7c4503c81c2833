#include "base/resources.h"

namespace novelbind {

std::string_view builtin_resource(std::string_view path) {
  for (const Resource& r : builtin_resources())
    if (r.path == path) return r.data;
  return {};
}

}  // namespace novelbind
