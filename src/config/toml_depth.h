// How deep the keys of a TOML text nest, read before the text is parsed. toml++ follows a
// dotted key (a.b.c = 1, [a.b.c]) one recursive call per part with no limit of its own (it
// limits nested arrays and inline tables to 256), so a book.toml holding a key of 40,000 parts
// overflowed the stack. No book.toml key has more than two parts (section.key).
#pragma once

#include <cstddef>
#include <string_view>

namespace novelbind {

// The deepest a key may nest; parse_config refuses deeper ones before toml++ sees them.
inline constexpr std::size_t kMaxTomlKeyParts = 64;

struct TomlDepth {
  std::size_t parts = 0;  // the most parts of one key (dots outside strings and comments, + 1)
  int line = 0;           // the line holding that key (1-based); 0 for an empty text
};

// The deepest key of `text`: the line with the most dots outside strings and comments. Values
// count too (1.5 holds a dot), which only overstates the depth, never understates it.
TomlDepth toml_depth(std::string_view text);

}  // namespace novelbind
