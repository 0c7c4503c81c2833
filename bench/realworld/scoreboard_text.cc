// The scoreboard's text comparisons (scoreboard_text.h).
#include "scoreboard_text.h"

#include <algorithm>
#include <utility>

namespace realworld {

std::u32string utf8_decode(const std::string& s) {
  std::u32string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    unsigned char c = s[i];
    char32_t cp;
    int len;
    if (c < 0x80) {
      cp = c, len = 1;
    } else if ((c >> 5) == 6) {
      cp = c & 0x1F, len = 2;
    } else if ((c >> 4) == 14) {
      cp = c & 0x0F, len = 3;
    } else if ((c >> 3) == 30) {
      cp = c & 0x07, len = 4;
    } else {
      out.push_back(0xFFFD), ++i;
      continue;
    }
    if (i + len > s.size()) {
      out.push_back(0xFFFD);
      break;
    }
    for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    out.push_back(cp);
    i += len;
  }
  return out;
}

std::string utf8_encode(const std::u32string& s) {
  std::string out;
  for (char32_t c : s) {
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

bool is_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200B) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
         c == 0x3000 || c == 0xFEFF;
}

std::u32string without_spaces(const std::u32string& s) {
  std::u32string out;
  out.reserve(s.size());
  for (char32_t c : s)
    if (!is_space(c)) out.push_back(c);
  return out;
}

FoldMap make_fold(const std::string& pairs) {
  FoldMap parent;
  auto root = [&](char32_t c) {
    while (parent.count(c) && parent[c] != c) c = parent[c];
    return c;
  };
  std::u32string p = utf8_decode(pairs);
  for (size_t i = 0; i + 1 < p.size(); i += 2) {
    for (char32_t c : {p[i], p[i + 1]})
      if (!parent.count(c)) parent[c] = c;
    char32_t a = root(p[i]), b = root(p[i + 1]);
    if (a != b) parent[b] = a;
  }
  FoldMap m;
  for (const auto& [c, unused] : parent) m[c] = root(c);
  return m;
}

std::u32string folded(std::u32string s, const FoldMap& fold) {
  for (char32_t& c : s) {
    if (auto it = fold.find(c); it != fold.end()) c = it->second;
  }
  return s;
}

std::u32string quotes_folded(std::u32string s) {
  static const std::u32string quotes =
      U"\"'\u201C\u201D\u2018\u2019\u300C\u300D\u300E\u300F\uFF02\uFF07\uFE41\uFE42\uFE43\uFE44";
  for (char32_t& c : s)
    if (quotes.find(c) != std::u32string::npos) c = U'"';
  return s;
}

std::u32string title_key(const std::string& title, const FoldMap& fold) {
  std::u32string s = without_spaces(utf8_decode(title));
  for (char32_t& c : s)
    if (c >= 0xFF01 && c <= 0xFF5E) c -= 0xFEE0;
  return folded(s, fold);
}

bool titles_match(const std::u32string& toc, const std::u32string& truth) {
  if (toc == truth) return true;
  if (truth.size() >= 2 && toc.find(truth) != std::u32string::npos) return true;
  if (toc.size() >= 2 && truth.find(toc) != std::u32string::npos) return true;
  return false;
}

size_t lcs(const std::vector<std::u32string>& toc, const std::vector<std::u32string>& truth) {
  std::vector<size_t> prev(truth.size() + 1, 0), cur(truth.size() + 1, 0);
  for (size_t i = 1; i <= toc.size(); ++i) {
    for (size_t j = 1; j <= truth.size(); ++j)
      cur[j] =
          titles_match(toc[i - 1], truth[j - 1]) ? prev[j - 1] + 1 : std::max(prev[j], cur[j - 1]);
    std::swap(prev, cur);
  }
  return prev[truth.size()];
}

std::string head(const std::string& s, size_t n) {
  std::u32string u = utf8_decode(s);
  return u.size() <= n ? s : utf8_encode(u.substr(0, n)) + "...";
}

}  // namespace realworld
