#include "review/word_diff.h"

#include <algorithm>
#include <cstdint>

#include "base/utf8.h"

namespace novelbind {
namespace {

bool word_character(char32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         (c >= 0xFF10 && c <= 0xFF19) || (c >= 0xFF21 && c <= 0xFF3A) ||
         (c >= 0xFF41 && c <= 0xFF5A);  // full-width letters and digits
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t start = i;
    char32_t c = utf8::next(s, &i);
    if (word_character(c)) {
      size_t j = i;
      while (j < s.size()) {
        size_t k = j;
        if (!word_character(utf8::next(s, &k))) break;
        j = k;
      }
      i = j;
    }
    out.push_back(s.substr(start, i - start));
  }
  return out;
}

void add(std::vector<DiffPiece>* out, DiffPiece::Kind kind, std::string_view text) {
  if (text.empty()) return;
  if (!out->empty() && out->back().kind == kind) {
    out->back().text += text;
    return;
  }
  out->push_back({kind, std::string(text)});
}

}  // namespace

std::vector<DiffPiece> word_diff(std::string_view before, std::string_view after,
                                 std::size_t max_cells) {
  std::vector<DiffPiece> out;
  std::vector<std::string_view> a = words(before), b = words(after);
  // The common start and end need no table.
  size_t head = 0;
  while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
  size_t tail = 0;
  while (tail < a.size() - head && tail < b.size() - head &&
         a[a.size() - 1 - tail] == b[b.size() - 1 - tail])
    ++tail;
  for (size_t i = 0; i < head; ++i) add(&out, DiffPiece::kSame, a[i]);
  size_t n = a.size() - head - tail, m = b.size() - head - tail;
  if (n * m > max_cells) {
    for (size_t i = 0; i < n; ++i) add(&out, DiffPiece::kRemoved, a[head + i]);
    for (size_t j = 0; j < m; ++j) add(&out, DiffPiece::kAdded, b[head + j]);
  } else {
    // Longest common subsequence of the middles, then walked from the start.
    std::vector<std::uint32_t> lcs((n + 1) * (m + 1), 0);
    auto at = [&](size_t i, size_t j) -> std::uint32_t& { return lcs[i * (m + 1) + j]; };
    for (size_t i = n; i-- > 0;)
      for (size_t j = m; j-- > 0;)
        at(i, j) = a[head + i] == b[head + j] ? at(i + 1, j + 1) + 1
                                              : std::max(at(i + 1, j), at(i, j + 1));
    size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[head + i] == b[head + j]) {
        add(&out, DiffPiece::kSame, a[head + i]);
        ++i, ++j;
      } else if (j < m && (i == n || at(i, j + 1) > at(i + 1, j))) {
        add(&out, DiffPiece::kAdded, b[head + j++]);
      } else {
        add(&out, DiffPiece::kRemoved, a[head + i++]);
      }
    }
  }
  for (size_t k = a.size() - tail; k < a.size(); ++k) add(&out, DiffPiece::kSame, a[k]);
  return out;
}

}  // namespace novelbind
