// Libraries loaded when first needed (dlopen) rather than by the dynamic loader at start: the
// cover's Pango and Cairo (render/paint_library.h), libzip (base/zip_library.h).
#pragma once

#include <string>

namespace novelbind {

// Opens `file` (RTLD_NOW | RTLD_LOCAL; the handle stays open for the run). nullptr, with the
// loader's reason in `why`, when it cannot.
void* open_dynamic_library(const char* file, std::string* why);

// The address of `name` in `handle`; nullptr, with the name added to the comma-separated
// `missing`, when the library lacks it.
void* dynamic_symbol(void* handle, const char* name, std::string* missing);

}  // namespace novelbind
