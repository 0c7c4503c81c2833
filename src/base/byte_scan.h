// Eight bytes of a text looked at in one step (SWAR): whether any of them is a given byte, or
// below a given value. For the scans that pass over long stretches of Chinese text (every byte
// 0x80 or above) looking for a rare ASCII or lead byte.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace novelbind::byte_scan {

inline constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
inline constexpr std::uint64_t kHigh = 0x8080808080808080ULL;

// The eight bytes at `p`, in memory order.
inline std::uint64_t load8(const char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

// Whether one of the eight bytes of `w` is below `n` (at most 128).
inline bool has_below(std::uint64_t w, unsigned n) {
  return ((w - kOnes * n) & ~w & kHigh) != 0;
}

// Whether one of the eight bytes of `w` is `b`.
inline bool has_byte(std::uint64_t w, unsigned char b) {
  return has_below(w ^ (kOnes * b), 1);
}

// Whether every byte of `w` is 0x80 or above (none is ASCII).
inline bool all_high(std::uint64_t w) {
  return (w & kHigh) == kHigh;
}

// Where `needle` first stands in `text` at or after `from`, npos when nowhere. glibc's memmem,
// which does not stop at every copy of the needle's first byte as string_view::find does: in
// Chinese text the lead byte of a needle of ideographs (0xE4–0xE9) is most bytes' lead byte.
inline std::size_t find(std::string_view text, std::string_view needle, std::size_t from = 0) {
  if (from > text.size()) return std::string_view::npos;
  if (needle.empty()) return from;
  const void* at = memmem(text.data() + from, text.size() - from, needle.data(), needle.size());
  return at ? static_cast<std::size_t>(static_cast<const char*>(at) - text.data())
            : std::string_view::npos;
}

}  // namespace novelbind::byte_scan
