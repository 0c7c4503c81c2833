#include "base/cjk_text.h"

namespace novelbind {

bool closes_quote_or_bracket(char32_t cp) {
  return std::u32string_view(U"”’」』）)\"】》").find(cp) != std::u32string_view::npos;
}

bool is_cjk_punctuation(char32_t cp) {
  return (cp >= 0x3001 && cp <= 0x303F && cp != 0x3007) ||  // 、。〃「」『』【】〔〕〝〞…
         (cp >= 0xFF01 && cp <= 0xFF0F) || (cp >= 0xFF1A && cp <= 0xFF20) ||
         (cp >= 0xFF3B && cp <= 0xFF40) || (cp >= 0xFF5B && cp <= 0xFF65) ||  // full-width
         (cp >= 0xFE10 && cp <= 0xFE1F) || (cp >= 0xFE30 && cp <= 0xFE4F) ||  // vertical forms
         cp == 0x2018 || cp == 0x2019 || cp == 0x201C || cp == 0x201D ||      // ‘ ’ “ ”
         cp == 0x2026 || cp == 0x2014 || cp == 0x2015 || cp == 0x00B7 || cp == 0x2027 ||
         cp == 0x30FB;
}

bool is_space(char32_t cp) {
  return cp == ' ' || cp == '\t' || cp == 0xA0 || cp == 0x3000 || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F || cp == 0x205F;
}

bool is_invisible(char32_t cp) {
  return (cp < 0x20 && cp != '\t') || (cp >= 0x7F && cp <= 0x9F) || cp == 0xAD ||
         (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2060 && cp <= 0x2064) || cp == 0xFEFF;
}

bool is_word_character(char32_t cp) {
  if (cp < 0x80) return (cp >= '0' && cp <= '9') || ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z');
  if (is_ideograph(cp)) return true;
  if ((cp >= 0xFF10 && cp <= 0xFF19) || (cp >= 0xFF21 && cp <= 0xFF3A) ||
      (cp >= 0xFF41 && cp <= 0xFF5A))
    return true;  // full-width letters and digits
  // Latin, Greek, Cyrillic letters, kana, hangul: anything past the punctuation blocks that is
  // not a symbol we know of counts as text.
  return (cp >= 0xC0 && cp <= 0x24F) || (cp >= 0x370 && cp <= 0x4FF) ||
         (cp >= 0x3040 && cp <= 0x30FA) || (cp >= 0xAC00 && cp <= 0xD7AF);
}

bool has_word_character(std::string_view s) {
  for (std::size_t i = 0, n = 0; i < s.size(); i += n)
    if (is_word_character(utf8::decode(s, i, &n))) return true;
  return false;
}

bool has_ideograph(std::string_view s) {
  for (std::size_t i = 0, n = 0; i < s.size(); i += n)
    if (is_ideograph(utf8::decode(s, i, &n))) return true;
  return false;
}

std::string_view trim_spaces(std::string_view s) {
  std::size_t b = 0, n = 0;
  while (b < s.size()) {
    char32_t cp = utf8::decode(s, b, &n);
    if (!is_space(cp) && !is_invisible(cp)) break;
    b += n;
  }
  std::size_t e = s.size();
  while (e > b) {
    std::size_t k = utf8::previous_start(s, e);
    char32_t cp = utf8::decode(s, k, &n);
    if (!is_space(cp) && !is_invisible(cp)) break;
    e = k;
  }
  return s.substr(b, e - b);
}

std::size_t word_characters(std::string_view s) {
  std::size_t characters = 0;
  for (std::size_t i = 0; i < s.size();) characters += is_word_character(utf8::next(s, &i));
  return characters;
}

bool has_sentence_punctuation(std::string_view s) {
  for (std::string_view p :
       {"，", "。", "！", "？", "；", "“", "”", "「", "」", "…", ",", "!", "?"})
    if (s.find(p) != std::string_view::npos) return true;
  return false;
}

std::optional<std::string> byline_name(std::string_view line) {
  constexpr std::string_view kBy = "著";
  std::string_view s = line;
  if (s.size() <= kBy.size() || s.substr(s.size() - kBy.size()) != kBy) return std::nullopt;
  std::string_view before = s.substr(0, s.size() - kBy.size());
  std::string_view name = trim_spaces(before);
  if (name.empty() || name.size() == before.size() || utf8::length(name) > 10)
    return std::nullopt;  // the space before 著 is required: 名著, 原著 are words
  if (has_sentence_punctuation(name) || name.find("：") != std::string_view::npos ||
      name.find(':') != std::string_view::npos)
    return std::nullopt;
  return std::string(name);
}

}  // namespace novelbind
