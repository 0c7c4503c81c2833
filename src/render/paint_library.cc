#include "render/paint_library.h"

#include <dlfcn.h>
#include <link.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

#include <cstdlib>
#include <string>

#include "base/dynamic_library.h"

namespace novelbind {
namespace {

// The library that needs all the others: looking a name up in it finds it in them too.
constexpr const char* kLibrary = "libpangocairo-1.0.so.0";

Result<PaintLibrary> open_library() {
  std::string why;
  void* handle = open_dynamic_library(kLibrary, &why);
  if (!handle)
    return Status::Error(std::string("cannot load ") + kLibrary + ", which draws the cover (" +
                         why +
                         "); install it (apt-get install libpangocairo-1.0-0) or give a "
                         "cover with --cover");
  PaintLibrary lib;
  std::string missing;
#define NOVELBIND_PAINT_LOOKUP(name) \
  lib.name = reinterpret_cast<decltype(lib.name)>(dynamic_symbol(handle, #name, &missing));
  NOVELBIND_PAINT_FUNCTIONS(NOVELBIND_PAINT_LOOKUP)
#undef NOVELBIND_PAINT_LOOKUP
  // The handle stays open for the rest of the run: the functions are used until it ends.
  if (!missing.empty())
    return Status::Error(std::string(kLibrary) + " lacks " + missing +
                         "; install a newer Pango and Cairo (apt-get install libpangocairo-1.0-0)");
  return lib;
}

}  // namespace

const Result<PaintLibrary>& load_paint_library() {
  static const Result<PaintLibrary> library = open_library();
  return library;
}

void load_font_configuration() {
  static const bool loaded = [] {
#if defined(__SANITIZE_ADDRESS__)
    __lsan::ScopedDisabler not_a_leak_of_ours;
#endif
    return paint().FcInit() == FcTrue;
  }();
  (void)loaded;  // without a configuration, Pango sets text in its fallback font
}

std::vector<std::filesystem::path> paint_library_files() {
  std::vector<std::filesystem::path> files;
  if (!load_paint_library()) return files;
  dl_iterate_phdr(
      [](dl_phdr_info* object, size_t, void* out) {
        if (object->dlpi_name == nullptr) return 0;
        std::filesystem::path path(object->dlpi_name);
        std::string name = path.filename().string();
        if (name.rfind("libpango-1.0.so", 0) == 0 || name.rfind("libcairo.so", 0) == 0)
          static_cast<std::vector<std::filesystem::path>*>(out)->push_back(path);
        return 0;
      },
      &files);
  return files;
}

const PaintLibrary& paint() {
  const Result<PaintLibrary>& library = load_paint_library();
  if (!library) std::abort();  // a caller that did not check load_paint_library()
  return *library;
}

}  // namespace novelbind
