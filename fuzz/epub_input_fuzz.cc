// An EPUB as input (ingest/epub_source.h) on archive bytes: any bytes give sections or a clear
// error, within bounded memory.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ingest/epub_source.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  novelbind::ZipLimits limits;
  limits.max_entry_bytes = 8u << 20;  // libFuzzer's default -rss_limit_mb is 2048
  limits.max_total_bytes = 64u << 20;
  (void)novelbind::read_epub_source_bytes(
      std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.epub", limits);
  return 0;
}
