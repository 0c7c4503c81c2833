#include "toml_depth.h"

namespace novelbind {

TomlDepth toml_depth(std::string_view text) {
  TomlDepth deepest;
  if (text.empty()) return deepest;
  deepest = {1, 1};
  enum class In { kCode, kComment, kBasic, kLiteral, kMultiBasic, kMultiLiteral } in = In::kCode;
  std::size_t dots = 0;
  int line = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\n') {
      ++line;
      dots = 0;
      if (in == In::kComment || in == In::kBasic || in == In::kLiteral) in = In::kCode;
      continue;
    }
    switch (in) {
      case In::kCode:
        if (c == '#') {
          in = In::kComment;
        } else if (c == '.') {
          if (++dots + 1 > deepest.parts) deepest = {dots + 1, line};
        } else if (text.substr(i, 3) == "\"\"\"") {
          in = In::kMultiBasic;
          i += 2;
        } else if (text.substr(i, 3) == "'''") {
          in = In::kMultiLiteral;
          i += 2;
        } else if (c == '"') {
          in = In::kBasic;
        } else if (c == '\'') {
          in = In::kLiteral;
        }
        break;
      case In::kComment:
        break;
      case In::kBasic:
      case In::kMultiBasic:
        if (c == '\\') {
          if (i + 1 < text.size() && text[i + 1] != '\n') ++i;  // an escaped character
        } else if (in == In::kBasic && c == '"') {
          in = In::kCode;
        } else if (in == In::kMultiBasic && text.substr(i, 3) == "\"\"\"") {
          in = In::kCode;
          i += 2;
        }
        break;
      case In::kLiteral:
        if (c == '\'') in = In::kCode;
        break;
      case In::kMultiLiteral:
        if (text.substr(i, 3) == "'''") {
          in = In::kCode;
          i += 2;
        }
        break;
    }
  }
  return deepest;
}

}  // namespace novelbind
