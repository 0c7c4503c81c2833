#include "rule_quotes.h"

#include <vector>

#include "cjk_text.h"

namespace novelbind {
namespace {

enum class Kind { kNone, kOpen, kClose, kStraight };

Kind kind_of(char32_t cp) {
  switch (cp) {
    case U'“':
    case U'「':
    case U'『':
    case U'‘':
    case U'〝':
      return Kind::kOpen;
    case U'”':
    case U'」':
    case U'』':
    case U'’':
    case U'〞':
    case U'〟':
      return Kind::kClose;
    case U'"':
    case U'＂':
      return Kind::kStraight;
    default:
      return Kind::kNone;
  }
}

bool is_latin_letter(char32_t cp) {
  return ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z') || (cp >= 0xC0 && cp <= 0x24F);
}

struct Style {
  char32_t open[2];
  char32_t close[2];
};
constexpr Style kCorner = {{U'「', U'『'}, {U'」', U'』'}};
constexpr Style kCurly = {{U'“', U'‘'}, {U'”', U'’'}};

bool has_quote_character(std::string_view s) {
  // Every quote character but the straight ones starts with 0xE2 (“”‘’) or 0xE3 (「」『』〝〞),
  // or is ＂ (0xEF 0xBC 0x82).
  for (unsigned char c : s)
    if (c == '"' || c == 0xE2 || c == 0xE3 || c == 0xEF) return true;
  return false;
}

}  // namespace

bool QuotesRule::rewrite(std::string_view text, const CleanContext& context,
                         std::string* out) const {
  if (!has_quote_character(text)) return false;
  std::u32string s;
  for (std::size_t i = 0, n = 0; i < text.size(); i += n) s += decode_utf8(text, i, &n);

  bool keep = context.quotes != "corner" && context.quotes != "curly";
  const Style* style = context.quotes == "corner" ? &kCorner : &kCurly;
  if (keep) {
    for (char32_t cp : s) {
      if (cp == U'「' || cp == U'『') {
        style = &kCorner;
        break;
      }
      if (cp == U'“') break;
    }
  }

  std::vector<bool> stack;  // one entry per open quotation: opened by a straight quote?
  bool changed = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    Kind kind = kind_of(s[i]);
    if (kind == Kind::kNone) continue;
    bool single = s[i] == U'‘' || s[i] == U'’';
    if (single &&
        ((i > 0 && is_latin_letter(s[i - 1])) || (i + 1 < s.size() && is_latin_letter(s[i + 1]))))
      continue;  // an apostrophe: don’t, l’amour
    if (kind == Kind::kStraight)
      kind = !stack.empty() && stack.back() ? Kind::kClose : Kind::kOpen;
    else if (kind == Kind::kOpen && i + 1 == s.size() && !stack.empty())
      kind = Kind::kClose;
    char32_t replacement;
    if (kind == Kind::kOpen) {
      replacement = style->open[stack.size() % 2];
      stack.push_back(kind_of(s[i]) == Kind::kStraight);
    } else {
      if (!stack.empty()) stack.pop_back();
      replacement = style->close[stack.size() % 2];
    }
    if (keep && kind_of(s[i]) != Kind::kStraight) continue;
    if (replacement != s[i]) {
      s[i] = replacement;
      changed = true;
    }
  }
  if (!changed) return false;
  for (char32_t cp : s) append_utf8(*out, cp);
  return true;
}

}  // namespace novelbind
