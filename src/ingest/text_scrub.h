// The last step of decoding: UTF-8 text made plain for every later stage (one line end,
// no invisible characters), so that no cleaning rule has to think about them.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace novelbind {

// Length of the valid UTF-8 sequence at s[i] (1-4), or 0 when the bytes there are not
// UTF-8 (a stray continuation byte, an overlong form, a surrogate, a cut-off sequence).
// Inline: it runs once per character of every book.
inline size_t utf8_sequence_length(std::string_view s, size_t i) {
  auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = b(i);
  if (c < 0x80) return 1;
  size_t n = (c >= 0xC2 && c <= 0xDF)   ? 2
             : (c >= 0xE0 && c <= 0xEF) ? 3
             : (c >= 0xF0 && c <= 0xF4) ? 4
                                        : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((b(i + k) & 0xC0) != 0x80) return 0;
  if (c == 0xE0 && b(i + 1) < 0xA0) return 0;  // overlong
  if (c == 0xED && b(i + 1) > 0x9F) return 0;  // UTF-16 surrogate
  if (c == 0xF0 && b(i + 1) < 0x90) return 0;  // overlong
  if (c == 0xF4 && b(i + 1) > 0x8F) return 0;  // beyond U+10FFFF
  return n;
}

struct ScrubResult {
  static constexpr size_t npos = std::string_view::npos;
  size_t invalid_at = npos;    // offset of the first byte that is not UTF-8; npos when none
  size_t removed = 0;          // invisible characters dropped
  int first_removed_line = 0;  // 1-based line of the first one; 0 when none
};

// Copies `utf8` to `*out` with CRLF, CR, U+2028 and U+2029 turned into '\n' and the
// invisible characters dropped: zero-width U+200B..U+200D, U+2060, U+FEFF, and the C0/C1
// control characters other than '\t' and '\n'. NBSP and U+3000 are kept (indentation is
// a cleaning rule). Stops at the first invalid byte and reports it in `invalid_at`; `*out`
// is then incomplete. One pass, no allocation beyond `*out`.
ScrubResult scrub_text(std::string_view utf8, std::string* out);

// The same, in place: the text never grows, so a decoder's output buffer is reused.
ScrubResult scrub_text(std::string* text);

// `bytes` with every byte that is not part of valid UTF-8 replaced by U+FFFD (one per
// byte). `*replaced` counts them; `*first` is the offset of the first (npos when none).
std::string replace_invalid_utf8(std::string_view bytes, size_t* replaced, size_t* first);

}  // namespace novelbind
