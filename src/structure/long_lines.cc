#include "structure/long_lines.h"

#include <string_view>

#include "base/cjk_text.h"
#include "base/utf8.h"

namespace novelbind {
namespace {

// Marks that end a sentence, and the closing quotes and brackets that may follow them.
bool ends_sentence_or_fullwidth_stop(char32_t cp) {
  return std::u32string_view(U"。！？!?…．").find(cp) != std::u32string_view::npos;
}

bool pauses(char32_t cp) {
  return cp == U'，' || cp == U'、' || cp == U'；' || cp == U',' || cp == U';' ||
         utf8::is_space(cp);
}

// Where the piece that starts at `start` ends: within `start + limit`, preferably after a
// sentence end in the window's second half.
std::size_t piece_end(std::string_view line, std::size_t start, std::size_t limit) {
  std::size_t window_end = std::min(line.size(), start + limit);
  std::size_t half = start + limit / 2;
  std::size_t sentence = 0, pause = 0, last = start;
  for (std::size_t i = start, n = 0; i < window_end; i += n) {
    char32_t cp = utf8::decode(line, i, &n);
    if (i + n > window_end) break;  // a character the window would cut in two
    last = i + n;
    if (i < half) continue;
    if (ends_sentence_or_fullwidth_stop(cp)) {
      std::size_t end = i + n;
      // The closing quotes and brackets after it, and the rest of a run (……, ！？), go with it.
      while (end < window_end) {
        std::size_t m = 0;
        char32_t next = utf8::decode(line, end, &m);
        if ((!closes_quote_or_bracket(next) && !ends_sentence_or_fullwidth_stop(next)) ||
            end + m > window_end)
          break;
        end += m;
      }
      sentence = end;
    } else if (pauses(cp)) {
      pause = i + n;
    }
  }
  if (sentence > start) return sentence;
  if (pause > start) return pause;
  return last > start ? last : std::min(line.size(), start + 1);
}

}  // namespace

std::vector<std::string_view> break_long_line(std::string_view line, std::size_t piece_bytes) {
  if (line.size() <= kLongLineBytes) return {line};
  std::vector<std::string_view> pieces;
  for (std::size_t start = 0; start < line.size();) {
    std::size_t end =
        line.size() - start <= piece_bytes ? line.size() : piece_end(line, start, piece_bytes);
    pieces.push_back(line.substr(start, end - start));
    start = end;
  }
  return pieces;
}

}  // namespace novelbind
