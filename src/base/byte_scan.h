// Eight bytes of a text looked at in one step (SWAR): whether any of them is a given byte, or
// below a given value. For the scans that pass over long stretches of Chinese text (every byte
// 0x80 or above) looking for a rare ASCII or lead byte.
#pragma once

#include <cstdint>
#include <cstring>

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

}  // namespace novelbind::byte_scan
