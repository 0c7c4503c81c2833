#include "rule_punctuation.h"

#include "cjk_text.h"

namespace novelbind {
namespace {

bool is_ascii_alnum(char32_t cp) {
  return (cp >= '0' && cp <= '9') || ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z');
}

char32_t full_width(char32_t cp) {
  switch (cp) {
    case ',':
      return U'，';
    case '!':
      return U'！';
    case '?':
      return U'？';
    case ':':
      return U'：';
    case ';':
      return U'；';
    default:
      return 0;
  }
}

bool is_ellipsis_dot(char32_t cp) {
  return cp == '.' || cp == U'・' || cp == U'．' || cp == U'…';
}

bool is_dash(char32_t cp) {
  return cp == U'—' || cp == U'―' || cp == '-';
}

// Whether a line can need this rule at all: ASCII punctuation, spaces or the characters whose
// runs it normalises. Most lines of a clean book pass through on this check alone.
bool may_need(std::string_view s) {
  for (unsigned char c : s) {
    switch (c) {
      case ',':
      case '!':
      case '?':
      case ':':
      case ';':
      case '.':
      case '-':
      case ' ':
      case '\t':
        return true;
      default:
        break;
    }
  }
  return s.find("\xE2\x80\xA6") != std::string_view::npos ||              // …
         s.find("\xE2\x80\x94") != std::string_view::npos ||              // —
         s.find("\xE2\x80\x95") != std::string_view::npos ||              // ―
         s.find("\xE3\x80\x82\xE3\x80\x82") != std::string_view::npos ||  // 。。
         s.find("\xE3\x80\x80") != std::string_view::npos ||              // U+3000
         s.find("\xC2\xA0") != std::string_view::npos ||                  // NBSP
         s.find("\xE3\x83\xBB") != std::string_view::npos ||              // ・
         s.find("\xEF\xBC\x8E") != std::string_view::npos;                // ．
}

}  // namespace

bool PunctuationRule::rewrite(std::string_view text, const CleanContext&, std::string* out) const {
  if (!may_need(text)) return false;
  std::u32string s;
  for (std::size_t i = 0, n = 0; i < text.size(); i += n) s += decode_utf8(text, i, &n);
  auto at = [&](std::size_t i) -> char32_t { return i < s.size() ? s[i] : 0; };

  std::u32string r;
  r.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    char32_t cp = s[i];
    char32_t before = r.empty() ? 0 : r.back();
    if (cp == U'。') {
      std::size_t j = i;
      while (j < s.size() && s[j] == U'。') ++j;
      // "。。" is two full stops; three or more are an ellipsis typed with the stop key.
      if (j - i >= 3)
        r += U"……";
      else
        r.append(s, i, j - i);
      i = j;
      continue;
    }
    // Runs of dots and ellipses.
    if (is_ellipsis_dot(cp)) {
      std::size_t j = i, ellipses = 0, dots = 0;
      for (; j < s.size() && is_ellipsis_dot(s[j]); ++j) (s[j] == U'…' ? ellipses : dots)++;
      bool cjk_context = is_cjk(before) || is_cjk(at(j)) || (before == 0 && j == s.size());
      bool is_run = ellipses > 0 ? (ellipses + dots != 2 || dots > 0) : dots >= 3;
      // "..." beside Latin text stays Latin.
      if (is_run && (ellipses > 0 || cjk_context)) {
        r += U"……";
        i = j;
        continue;
      }
      r.append(s, i, j - i);
      i = j;
      continue;
    }
    if (is_dash(cp)) {
      std::size_t j = i, hyphens = 0, dashes = 0;
      for (; j < s.size() && is_dash(s[j]); ++j) (s[j] == '-' ? hyphens : dashes)++;
      bool cjk_context = is_cjk(before) || is_cjk(at(j));
      bool proper = dashes == 2 && hyphens == 0 && s[i] == U'—' && s[i + 1] == U'—';
      if (!proper && cjk_context && (dashes > 0 || hyphens >= 2)) {
        r += U"——";
        i = j;
        continue;
      }
      r.append(s, i, j - i);
      i = j;
      continue;
    }
    if (is_space(cp)) {
      std::size_t j = i;
      while (j < s.size() && is_space(s[j])) ++j;
      if (!(is_cjk(before) && is_cjk(at(j)))) r.append(s, i, j - i);
      i = j;
      continue;
    }
    if (char32_t wide = full_width(cp); wide && is_cjk(before) && !is_ascii_alnum(at(i + 1))) {
      r += wide;
      ++i;
      continue;
    }
    r += cp;
    ++i;
  }
  if (r == s) return false;
  for (char32_t cp : r) append_utf8(*out, cp);
  return true;
}

}  // namespace novelbind
