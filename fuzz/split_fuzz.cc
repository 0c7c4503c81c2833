// Splitting a file into chapters: any text (valid UTF-8 or not) splits without a crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "structure/heading.h"
#include "structure/split.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto headings = novelbind::HeadingRecognizer::create(novelbind::ChaptersConfig{});
  novelbind::SourceText source;
  source.path = "fuzz.txt";
  source.text.assign(reinterpret_cast<const char*>(data), size);
  (void)novelbind::split_chapters(source, *headings);
  return 0;
}
