// A set of Unicode code points as a bitmap.
// The conversion stage tests every character of a 10-million-character book against a few
// such sets, so membership is one load and a mask, never a hash lookup.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/utf8.h"

namespace novelbind {

class CodepointSet {
 public:
  CodepointSet() : bits_((0x110000 + 63) / 64, 0) {}

  void insert(char32_t cp) {
    if (cp < 0x110000) bits_[cp >> 6] |= std::uint64_t{1} << (cp & 63);
  }
  // Inserts every code point of a UTF-8 string (invalid bytes are skipped).
  void insert_all(std::string_view utf8) {
    for (std::size_t i = 0, len = 0; i < utf8.size(); i += len)
      insert(utf8::decode_strict(utf8, i, &len));
  }
  bool contains(char32_t cp) const { return cp < 0x110000 && (bits_[cp >> 6] >> (cp & 63)) & 1; }
  void erase(char32_t cp) {
    if (cp < 0x110000) bits_[cp >> 6] &= ~(std::uint64_t{1} << (cp & 63));
  }
  // Calls fn(cp) for every member in ascending order.
  template <typename Fn>
  void for_each(Fn fn) const {
    for (std::size_t w = 0; w < bits_.size(); ++w)
      for (std::uint64_t bits = bits_[w]; bits != 0; bits &= bits - 1)
        fn(static_cast<char32_t>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits))));
  }
  std::size_t size() const {
    std::size_t n = 0;
    for (std::uint64_t w : bits_) n += static_cast<std::size_t>(__builtin_popcountll(w));
    return n;
  }

 private:
  std::vector<std::uint64_t> bits_;
};

}  // namespace novelbind
