// `check` on archive bytes: any bytes give a list of problems, within bounded memory.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "package/check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  novelbind::CheckLimits limits;
  limits.max_entry_bytes = 8u << 20;  // libFuzzer's default -rss_limit_mb is 2048
  limits.max_total_bytes = 64u << 20;
  (void)novelbind::check_epub_bytes(std::string_view(reinterpret_cast<const char*>(data), size),
                                    limits);
  return 0;
}
