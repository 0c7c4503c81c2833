// Cairo's image surfaces and drawing contexts owned by unique_ptr, so that every way out of a
// function frees them (the drawn cover, a cover scaled down).
#pragma once

#include <memory>

#include "render/paint_library.h"

namespace novelbind {

struct CairoSurfaceFree {
  void operator()(cairo_surface_t* s) const { paint().cairo_surface_destroy(s); }
};
struct CairoContextFree {
  void operator()(cairo_t* c) const { paint().cairo_destroy(c); }
};
using CairoSurface = std::unique_ptr<cairo_surface_t, CairoSurfaceFree>;
using CairoContext = std::unique_ptr<cairo_t, CairoContextFree>;

}  // namespace novelbind
