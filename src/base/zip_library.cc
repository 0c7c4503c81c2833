#include "base/zip_library.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "base/dynamic_library.h"

namespace novelbind {
namespace {

constexpr const char* kLibrary = "libzip.so.4";

Result<ZipLibrary> open_library() {
  std::string why;
  void* handle = open_dynamic_library(kLibrary, &why);
  if (!handle)
    return Status::Error(std::string("cannot load ") + kLibrary +
                         ", which writes and reads EPUB archives (" + why +
                         "); install it (apt-get install libzip4)");
  ZipLibrary lib;
  std::string missing;
#define NOVELBIND_ZIP_LOOKUP(name) \
  lib.name = reinterpret_cast<decltype(lib.name)>(dynamic_symbol(handle, #name, &missing));
  NOVELBIND_ZIP_FUNCTIONS(NOVELBIND_ZIP_LOOKUP)
#undef NOVELBIND_ZIP_LOOKUP
  // The handle stays open for the rest of the run.
  if (!missing.empty())
    return Status::Error(std::string(kLibrary) + " lacks " + missing +
                         "; install libzip 1.7 or newer (apt-get install libzip4)");
  return lib;
}

}  // namespace

const Result<ZipLibrary>& load_zip_library() {
  static const Result<ZipLibrary> library = open_library();
  return library;
}

const ZipLibrary& zip_api() {
  const Result<ZipLibrary>& library = load_zip_library();
  if (!library) {
    std::fprintf(stderr, "error: %s\n", library.message().c_str());
    std::exit(1);
  }
  return *library;
}

}  // namespace novelbind
