// A regular expression written by a user (`[clean] drop`, `[chapters] heading`), run on RE2:
// matching takes time linear in the line's length and a bounded amount of memory, so no
// pattern can make a long line take minutes or overflow the stack (as std::regex's
// backtracking did: `.+本章完$` on a 30,000-character line). Patterns work on UTF-8 text;
// ECMAScript's `\uXXXX` is accepted (as RE2's `\x{XXXX}`). Back-references and look-around,
// which need backtracking, are refused with a clear message.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "base/status.h"

namespace re2 {
class RE2;
}

namespace novelbind {

class UserPattern {
 public:
  // The compiled pattern; an invalid one is an error "'PATTERN' is not a valid regular
  // expression (REASON)" for the caller to prefix with the file, line and key.
  static Result<UserPattern> compile(std::string_view pattern);

  // Whether the pattern matches all of `text`.
  bool full_match(std::string_view text) const;
  // Whether it matches somewhere in `text`; `first_group`, when given, receives what the
  // first capturing group matched (a view with data() == nullptr when it matched nothing or
  // there is none).
  bool search(std::string_view text, std::string_view* first_group = nullptr) const;
  // The byte offset of the leftmost non-empty match that ends `text`; npos when none does.
  std::size_t tail_start(std::string_view text) const;

  const std::string& pattern() const { return pattern_; }

 private:
  std::string pattern_;
  std::shared_ptr<const re2::RE2> re_, tail_;  // shared: copies of a rule share them
};

}  // namespace novelbind
