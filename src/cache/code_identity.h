// Which novelbind made a cache entry: its version and the GNU build ID the linker wrote into
// the running executable (a hash of its code), so that a novelbind rebuilt with changed rules
// under the same version number never reuses what an older one made.
#pragma once

#include <string_view>

namespace novelbind {

// NOVELBIND_VERSION, then "+" and the build ID in hex when the executable has one.
std::string_view code_identity();

}  // namespace novelbind
