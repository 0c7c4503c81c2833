#include "rule_whitespace.h"

#include "cjk_text.h"

namespace novelbind {

std::string clean_whitespace(std::string_view text, bool* invisible) {
  *invisible = false;
  text = trim_spaces(text);
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0, n = 0; i < text.size(); i += n) {
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

void WhitespaceRule::apply(std::vector<Paragraph>& paragraphs, const CleanContext&,
                           RepairLog& log) const {
  bool dropped = false;
  for (Paragraph& p : paragraphs) {
    if (p.scene_break) continue;
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
