// How much a decoded text reads like Chinese: tells a right decoding of GB18030 or Big5
// bytes from a wrong one, where both decode without error.
#pragma once

#include <cstddef>
#include <string_view>

namespace novelbind {

struct ChineseScore {
  long score = 0;
  size_t chars = 0;  // non-ASCII characters looked at
  // Per character. Chinese prose scores about 1.5 (1.36 to 1.56 on the samples and the
  // corpus, either script); Big5 read as GB18030 (kana, Greek, box drawing) about -1.2;
  // GB18030 read as Big5 mostly fails to decode, else gives rare characters, near 0.
  double ratio() const {
    return chars ? static_cast<double>(score) / static_cast<double>(chars) : 0;
  }
};

// Scores the first two thousand non-ASCII characters of the UTF-8 `text`: +2 for a common
// Chinese character or punctuation mark (data/common_chinese.txt), 0 for any other CJK
// character or punctuation, -2 for anything else (kana, bopomofo, Greek, box drawing,
// private use, ...). Stops at invalid UTF-8.
ChineseScore chinese_score(std::string_view text);

}  // namespace novelbind
