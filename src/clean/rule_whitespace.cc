#include "clean/rule_whitespace.h"

#include "base/cjk_text.h"

namespace novelbind {

std::string clean_whitespace(std::string_view text, bool* invisible) {
  *invisible = false;
  text = trim_spaces(text);
  // Up to the first character that changes, copied whole: most lines only lose the spaces
  // at their ends. Such a character is a control character or starts with C2, E2 or EF (NBSP,
  // the C1 controls, the invisible ones); those bytes never continue a character, so the loop
  // below would have come to the same place.
  std::size_t first = 0;
  for (std::size_t n = 0; first < text.size(); ++first) {
    auto c = static_cast<unsigned char>(text[first]);
    if (c < 0x20 || c == 0x7F) break;
    if (c != 0xC2 && c != 0xE2 && c != 0xEF) continue;
    char32_t cp = utf8::decode(text, first, &n);
    if (is_invisible(cp) || cp == 0xA0) break;
  }
  std::string out;
  out.reserve(text.size());
  out.append(text.substr(0, first));
  for (std::size_t i = first, n = 0; i < text.size(); i += n) {
    char32_t cp = utf8::decode(text, i, &n);
    if (cp < 0x80 && cp >= 0x20 && cp != 0x7F) {
      out += static_cast<char>(cp);  // the common case, without the class tests below
    } else if (is_invisible(cp)) {
      *invisible = true;
    } else if (cp == '\t' || cp == 0xA0) {
      out += ' ';
    } else {
      out.append(text.substr(i, n));
    }
  }
  // Removing an invisible character can expose spaces at an end ("\u200B 文字").
  if (*invisible) out = std::string(trim_spaces(out));
  return out;
}

namespace {

// Whether clean_whitespace could change `text`: a space at an end, or a tab, control, NBSP or
// invisible character anywhere. One pass over the bytes; most lines need nothing.
bool may_need_whitespace(std::string_view text) {
  if (text.empty()) return false;
  std::size_t n = 0;
  if (is_space(utf8::decode(text, 0, &n)) || is_invisible(utf8::decode(text, 0, &n))) return true;
  std::size_t last = utf8::previous_start(text, text.size());
  char32_t end = utf8::decode(text, last, &n);
  if (is_space(end) || is_invisible(end)) return true;
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c < 0x20 || c == 0x7F) return true;
      ++i;
      continue;
    }
    // Every non-ASCII character clean_whitespace touches starts with C2 (NBSP, soft hyphen,
    // C1 controls), E2 (zero-width, bidi, word joiner) or EF (BOM).
    if (c == 0xC2 || c == 0xE2 || c == 0xEF) {
      if (is_invisible(utf8::decode(text, i, &n)) || utf8::decode(text, i, &n) == 0xA0) return true;
    }
    i += c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
  }
  return false;
}

}  // namespace

void WhitespaceRule::apply(std::vector<Paragraph>& paragraphs, const CleanContext&,
                           RepairLog& log) const {
  bool dropped = false;
  for (Paragraph& p : paragraphs) {
    if (p.scene_break || !may_need_whitespace(p.text)) continue;
    bool invisible = false;
    std::string cleaned = clean_whitespace(p.text, &invisible);
    if (cleaned == p.text) continue;
    if (invisible) log.record(p.line, p.text, cleaned);
    p.text = std::move(cleaned);
    dropped |= p.text.empty();
  }
  if (dropped) drop_emptied(paragraphs);
}

}  // namespace novelbind
