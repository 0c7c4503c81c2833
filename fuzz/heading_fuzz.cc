// Heading and numeral parsing: any line is a heading or not, any numeral a number or not.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "base/chinese_number.h"
#include "base/utf8.h"
#include "structure/heading.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)novelbind::HeadingRecognizer::builtin().match(novelbind::utf8::trim(text));
  (void)novelbind::parse_number(text);
  std::size_t n = novelbind::numeral_prefix_length(text);
  if (n <= text.size()) (void)novelbind::parse_number(text.substr(0, n));
  return 0;
}
