#include "ingest/chinese_score.h"

#include <bitset>
#include <string_view>

#include "base/resources.h"
#include "ingest/text_scrub.h"

namespace novelbind {
namespace {

// The characters of data/common_chinese.txt.
const std::bitset<0x10000>& common_chinese() {
  static const std::bitset<0x10000> set = [] {
    std::bitset<0x10000> s;
    std::string_view data = builtin_resource("data/common_chinese.txt");
    size_t i = 0;
    bool comment = false, line_start = true;
    while (i < data.size()) {
      if (line_start) comment = data[i] == '#';
      line_start = data[i] == '\n';
      size_t len = utf8_sequence_length(data, i);
      if (len == 3 && !comment) {
        auto b = [&](size_t k) { return static_cast<unsigned char>(data[i + k]) & 0x3Fu; };
        s.set(((static_cast<unsigned char>(data[i]) & 0x0Fu) << 12) | (b(1) << 6) | b(2));
      }
      i += len ? len : 1;
    }
    return s;
  }();
  return set;
}

}  // namespace

ChineseScore chinese_score(std::string_view text) {
  const auto& common = common_chinese();
  ChineseScore p;
  for (size_t i = 0; i < text.size() && p.chars < 2048;) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    size_t len = utf8_sequence_length(text, i);
    if (len == 0) return p;
    if (c >= 0x80) {
      char32_t cp = 0;
      if (len == 2) cp = ((c & 0x1Fu) << 6) | (text[i + 1] & 0x3F);
      if (len == 3) cp = ((c & 0x0Fu) << 12) | ((text[i + 1] & 0x3Fu) << 6) | (text[i + 2] & 0x3F);
      ++p.chars;
      if (len == 3 && common.test(cp))
        p.score += 2;
      else if (!((cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3000 && cp <= 0x303F) ||
                 (cp >= 0xFF00 && cp <= 0xFFEF) || (cp >= 0x2000 && cp <= 0x206F)))
        p.score -= 2;
    }
    i += len;
  }
  return p;
}

}  // namespace novelbind
