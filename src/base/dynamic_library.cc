#include "base/dynamic_library.h"

#include <dlfcn.h>

namespace novelbind {

void* open_dynamic_library(const char* file, std::string* why) {
  void* handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* reason = dlerror();
    *why = reason ? reason : "not found";
  }
  return handle;
}

void* dynamic_symbol(void* handle, const char* name, std::string* missing) {
  void* address = dlsym(handle, name);
  if (!address) *missing += std::string(missing->empty() ? "" : ", ") + name;
  return address;
}

}  // namespace novelbind
