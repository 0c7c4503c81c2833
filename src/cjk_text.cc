#include "cjk_text.h"

namespace novelbind {

char32_t decode_utf8(std::string_view s, std::size_t i, std::size_t* length) {
  auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = b(i);
  if (c < 0x80) {
    *length = 1;
    return c;
  }
  std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
  if (n == 0 || i + n > s.size()) {
    *length = 1;
    return 0xFFFD;
  }
  char32_t cp = c & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) {
      *length = 1;
      return 0xFFFD;
    }
    cp = (cp << 6) | (b(i + k) & 0x3F);
  }
  *length = n;
  return cp;
}

std::size_t previous_utf8(std::string_view s, std::size_t i) {
  std::size_t k = i - 1;
  while (k > 0 && i - k < 4 && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80) --k;
  return k;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::string reverse_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t end = s.size();
  while (end > 0) {
    std::size_t start = previous_utf8(s, end);
    out.append(s.substr(start, end - start));
    end = start;
  }
  return out;
}

bool is_ideograph(char32_t cp) {
  return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
         (cp >= 0x20000 && cp <= 0x3FFFF) || (cp >= 0xF900 && cp <= 0xFAFF) || cp == 0x3007;
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
    if (is_word_character(decode_utf8(s, i, &n))) return true;
  return false;
}

std::string_view trim_spaces(std::string_view s) {
  std::size_t b = 0, n = 0;
  while (b < s.size()) {
    char32_t cp = decode_utf8(s, b, &n);
    if (!is_space(cp) && !is_invisible(cp)) break;
    b += n;
  }
  std::size_t e = s.size();
  while (e > b) {
    std::size_t k = previous_utf8(s, e);
    char32_t cp = decode_utf8(s, k, &n);
    if (!is_space(cp) && !is_invisible(cp)) break;
    e = k;
  }
  return s.substr(b, e - b);
}

}  // namespace novelbind
