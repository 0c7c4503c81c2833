// Decoding: any bytes give UTF-8 text or an error, never a crash.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ingest/encoding.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  (void)novelbind::decode_text(bytes, "fuzz.txt", {});
  (void)novelbind::decode_text(bytes, "fuzz.txt", {"", true});
  return 0;
}
