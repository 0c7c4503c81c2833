// The bigram model of reversed_lines: how often each pair of characters follows another in
// the book.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/utf8.h"
#include "book.h"

namespace novelbind {

// Character-pair counts of a book, in reading order (the evidence for reversed_lines).
// Counts can be taken away again (a file removed from the book), so that the build cache can
// keep one model up to date instead of counting the whole book on every build.
class BigramCounts {
 public:
  void add(char32_t first, char32_t second, int delta = 1);
  std::uint32_t count(char32_t first, char32_t second) const;
  bool empty() const { return total_ == 0; }
  // The pairs of `chapters` as learn() counts them (not scene breaks, not lines that look
  // reversed), added with `sign` +1 or taken away with -1.
  void add_book(const std::vector<Chapter>& chapters, int sign);
  // The same over every non-empty line of a file's text, headings included: what the build
  // counts, so that a file's pairs do not depend on where the book's headings were found.
  void add_text(std::string_view text, int sign);

  // A flat binary form for the build cache; parse() returns nullopt for damaged bytes.
  std::string serialize() const;
  // The same as pieces to write one after another: `head` (filled here), then views of the
  // table itself, which are valid while this object is unchanged.
  std::vector<std::string_view> serialized(std::string* head) const;
  static std::optional<BigramCounts> parse(std::string_view bytes);

 private:
  void grow();
  void add_key(std::uint64_t key, int delta);
  void add_line(std::string_view line, int sign);  // its pairs, in order
  // A pair's key and count side by side, so that counting it touches one cache line (the
  // table of a long book is megabytes, and each pair lands in a slot of its own).
  struct __attribute__((packed)) Slot {
    std::uint64_t key;  // 0 = free slot
    std::uint32_t count;
  };
  static_assert(sizeof(Slot) == 12);
  std::vector<Slot> slots_;
  std::size_t size_ = 0;     // slots in use (a pair counted down to 0 keeps its slot)
  std::uint64_t total_ = 0;  // pairs counted
};

// Calls fn(a, b) for each pair of neighbouring code points of `s`, in order.
template <typename Fn>
void for_each_bigram(std::string_view s, Fn fn) {
  std::size_t n = 0;
  if (s.empty()) return;
  char32_t prev = utf8::decode(s, 0, &n);
  for (std::size_t i = n; i < s.size(); i += n) {
    char32_t cp = utf8::decode(s, i, &n);
    fn(prev, cp);
    prev = cp;
  }
}

}  // namespace novelbind
