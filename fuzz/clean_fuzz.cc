// The cleaning rules, all of them in order, on the chapters of any text, in each quote style.
#include <cstddef>
#include <cstdint>
#include <string>

#include "clean/clean.h"
#include "structure/heading.h"
#include "structure/split.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto headings = novelbind::HeadingRecognizer::create(novelbind::ChaptersConfig{});
  static const auto cleaner = [] {
    novelbind::CleanConfig config;
    config.drop = {".+本章完$", "^求(月票|推薦).*"};
    return novelbind::Cleaner::create(config);
  }();
  if (size < 1) return 0;
  static const char* kQuotes[] = {"corner", "curly", "keep"};
  std::string quotes = kQuotes[data[0] % 3];
  novelbind::SourceText source;
  source.path = "fuzz.txt";
  source.text.assign(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::vector<novelbind::Chapter> chapters = novelbind::split_chapters(source, *headings);
  novelbind::Cleaner local = *cleaner;
  local.learn(chapters);
  for (novelbind::Chapter& c : chapters) local.clean(c, quotes);
  return 0;
}
