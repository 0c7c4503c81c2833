// book.toml: any text is a configuration or an error naming its line, never a crash or UB
// (a float for an integer key, a bad regular expression, a control character).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "config/config.h"
#include "pipeline/stage_rule_names.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto config = novelbind::parse_config(text, "book.toml", novelbind::stage_rule_names());
  if (config) (void)novelbind::config_fingerprint(*config);
  return 0;
}
