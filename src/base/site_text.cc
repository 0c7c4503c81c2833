#include "base/site_text.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>

#include "base/byte_scan.h"
#include "base/cjk_text.h"
#include "base/resources.h"
#include "base/tsv.h"

namespace novelbind {
namespace {

bool is_ascii_alnum(char32_t cp) {
  return (cp >= '0' && cp <= '9') || ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z');
}

// The marks sites put between the parts of a domain in place of a dot (after narrow_full_width()).
bool is_url_mark(char32_t cp) {
  switch (cp) {
    case '.':
    case '/':
    case ':':
    case '-':
    case '_':
    case '=':
    case '?':
    case ',':
    case '|':
    case '\\':
    case U'。':
    case U'丶':
    case U'點':
    case U'点':
    case U'、':
    case U'，':
    case U'·':
    case U'•':
    case U'・':
    case U'‧':
    // (Stars and carets a watermark spells an address with: w w w*l u o xi a*c o m.)
    case '*':
    case '^':
    case '`':
      return true;
    default:
      return false;
  }
}

bool is_run_space(char32_t cp) {
  return cp == ' ' || cp == 0x3000 || cp == '\t' || cp == 0xA0;
}

bool is_ad_tld(std::string_view label, bool strict) {
  static constexpr std::array<std::string_view, 5> kStrict = {"com", "net", "org", "cc", "cn"};
  static constexpr std::array<std::string_view, 17> kMore = {
      "info", "tw",  "hk", "me", "la", "co", "io", "top", "xyz",
      "vip",  "biz", "tv", "so", "us", "ws", "in", "cx"};
  if (std::find(kStrict.begin(), kStrict.end(), label) != kStrict.end()) return true;
  return !strict && std::find(kMore.begin(), kMore.end(), label) != kMore.end();
}

// Whether `labels` (a candidate split at its dots) read as a URL.
bool reads_as_url(const std::vector<std::string>& labels, bool strict) {
  if (labels.size() < 2) return false;
  std::size_t i = 0;
  bool scheme = labels[0] == "http" || labels[0] == "https";
  if (scheme) ++i;
  if (i < labels.size() && labels[i] == "www") return labels.size() - i >= 3;
  if (scheme) return labels.size() - i >= 2 && !strict;
  // NAME.TLD, the TLD last: a domain named on its own (75txt.com, zhuaji.org).
  const std::string& tld = labels.back();
  const std::string& name = labels[labels.size() - 2];
  bool letter = std::any_of(name.begin(), name.end(), [](char c) { return c >= 'a' && c <= 'z'; });
  return is_ad_tld(tld, strict) && letter && name.size() >= (strict ? 3u : 2u);
}

// `s` (a run of letters, digits, marks and spaces) made into dot-separated labels.
std::vector<std::string> labels_of(std::string_view s, bool* had_space) {
  std::vector<std::string> labels(1);
  *had_space = false;
  for (std::size_t i = 0, n = 0; i < s.size(); i += n) {
    char32_t cp = narrow_full_width(utf8::decode(s, i, &n));
    if (is_ascii_alnum(cp)) {
      labels.back() += static_cast<char>(cp >= 'A' && cp <= 'Z' ? cp + 32 : cp);
    } else if (is_run_space(cp)) {
      *had_space = true;
    } else if (!labels.back().empty()) {
      labels.emplace_back();
    }
  }
  if (labels.back().empty()) labels.pop_back();
  return labels;
}

}  // namespace

bool has_latin_letter(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') return true;
      ++i;
      continue;
    }
    // Full-width Ａ-Ｚ (EF BC A1-BA) and ａ-ｚ (EF BD 81-9A).
    if (c == 0xEF && i + 2 < s.size()) {
      auto b = static_cast<unsigned char>(s[i + 1]), d = static_cast<unsigned char>(s[i + 2]);
      if ((b == 0xBC && d >= 0xA1 && d <= 0xBA) || (b == 0xBD && d >= 0x81 && d <= 0x9A))
        return true;
    }
    i += c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
  }
  return false;
}

std::string residue_fold(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0, n = 0; i < s.size(); i += n) {
    char32_t cp = narrow_full_width(utf8::decode(s, i, &n));
    if (cp >= '0' && cp <= '9')
      out += '0';
    else if (is_ascii_alnum(cp))
      out += static_cast<char>(cp >= 'A' && cp <= 'Z' ? cp + 32 : cp);
    else if (is_ideograph(cp))
      out.append(s.substr(i, n));
  }
  return out;
}

std::vector<UrlSpan> find_urls(std::string_view s) {
  std::vector<UrlSpan> out;
  // Most lines hold no Latin letter at all.
  if (!has_latin_letter(s)) return out;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t n = 0;
    char32_t cp = narrow_full_width(utf8::decode(s, i, &n));
    if (!is_ascii_alnum(cp)) {
      i += n;
      continue;
    }
    // A run from this letter to the last letter or digit before anything else; at most two
    // spaces in a row inside it.
    std::size_t start = i, end = i + n, j = i + n, spaces = 0;
    std::vector<std::pair<std::size_t, std::size_t>> tokens;  // space-free parts
    std::size_t token_start = start;
    while (j < s.size()) {
      std::size_t m = 0;
      char32_t c = narrow_full_width(utf8::decode(s, j, &m));
      if (is_ascii_alnum(c)) {
        if (spaces > 0) token_start = j;
        spaces = 0;
        end = j + m;
      } else if (is_run_space(c)) {
        if (spaces == 0) tokens.emplace_back(token_start, end);
        if (++spaces > 2) break;
      } else if (!is_url_mark(c)) {
        break;
      }
      j += m;
    }
    if (spaces == 0 || tokens.empty() || tokens.back().first != token_start)
      tokens.emplace_back(token_start, end);
    // The whole run first: "wＷw。xiaoshuo txt.coＭ" is one address with a space put in it.
    if (tokens.size() > 1) {
      bool had_space = false;
      if (reads_as_url(labels_of(s.substr(start, end - start), &had_space), true)) {
        out.push_back({start, end});
        tokens.clear();
      }
    }
    for (auto [a, b] : tokens) {
      bool had_space = false;
      if (reads_as_url(labels_of(s.substr(a, b - a), &had_space), false)) out.push_back({a, b});
    }
    i = std::max(end, i + n);
  }
  return out;
}

namespace {

// Whether the text read so far leaves a quotation open.
struct QuoteState {
  int depth = 0;
  bool straight = false;

  void feed(char32_t cp) {
    switch (cp) {
      case U'“':
      case U'「':
      case U'『':
      case U'‘':
      case U'〝':
        ++depth;
        break;
      case U'”':
      case U'」':
      case U'』':
      case U'’':
      case U'〞':
        depth = std::max(0, depth - 1);
        break;
      case '"':
      case U'＂':
        straight = !straight;
        break;
      default:
        break;
    }
  }
  bool inside() const { return depth > 0 || straight; }
};

}  // namespace

bool story_after_glued_address(std::string_view s, std::size_t pos, std::size_t min_story) {
  if (pos >= s.size()) return false;
  std::size_t k = pos;
  if (!is_ideograph(utf8::next(s, &k))) return false;
  const std::string_view rest = s.substr(pos);
  if (word_characters(rest) < min_story) return false;
  std::size_t end = 0;
  for (std::size_t i = 0; i < rest.size();) {
    const char32_t c = utf8::next(rest, &i);
    end = i;
    if (std::u32string_view(U"。！？!?").find(c) != std::u32string_view::npos) break;
  }
  const std::string_view sentence = rest.substr(0, end);
  for (std::string_view verb : {"阅读", "閱讀", "访问", "訪問", "浏览", "瀏覽", "观看", "觀看",
                                "下载", "下載", "查看", "收藏", "最快", "更新", "看书", "看書",
                                "免费", "免費", "全文", "手机", "手機", "首发", "首發"})
    if (sentence.find(verb) != std::string_view::npos) return false;
  return SiteWords::builtin().weight(residue_fold(sentence)) == 0;
}

bool inside_quotes(std::string_view s, std::size_t pos) {
  QuoteState q;
  for (std::size_t i = 0, n = 0; i < pos && i < s.size(); i += n) q.feed(utf8::decode(s, i, &n));
  return q.inside();
}

std::vector<bool> quoted_bytes(std::string_view s) {
  std::vector<bool> out(s.size() + 1);
  QuoteState q;
  for (std::size_t i = 0, n = 0; i < s.size(); i += n) {
    char32_t cp = utf8::decode(s, i, &n);
    out[i] = q.inside();
    q.feed(cp);
    for (std::size_t k = i + 1; k < i + n; ++k) out[k] = q.inside();
  }
  out[s.size()] = q.inside();
  return out;
}

bool has_quotation_mark_byte(std::string_view s) {
  // Most lines hold no quotation mark: “” (E2 80 9C/9D), 「」『』 (E3 80 8C-8F), ＂ (EF BC 82), ".
  // Eight bytes at a time while none of them is " E2 E3 EF (a stretch of ideographs), then
  // those eight one by one.
  using namespace byte_scan;
  const std::size_t size = s.size();
  for (std::size_t i = 0; i < size;) {
    if (i + 8 <= size) {
      const std::uint64_t w = load8(s.data() + i);
      if (!has_byte(w, '"') && !has_byte(w, 0xE2) && !has_byte(w, 0xE3) && !has_byte(w, 0xEF)) {
        i += 8;
        continue;
      }
    }
    for (const std::size_t stop = std::min(size, i + 8); i < stop; ++i) {
      char c = s[i];
      if (c == '"') return true;
      if (i + 2 >= size) continue;
      auto b = static_cast<unsigned char>(s[i + 1]), d = static_cast<unsigned char>(s[i + 2]);
      if ((c == '\xE2' && b == 0x80 && (d == 0x9C || d == 0x9D)) ||
          (c == '\xE3' && b == 0x80 && d >= 0x8C && d <= 0x8F) ||
          (c == '\xEF' && b == 0xBC && d == 0x82))
        return true;
    }
  }
  return false;
}

bool has_quotation(std::string_view s) {
  if (!has_quotation_mark_byte(s)) return false;
  bool opened = false;
  for (std::size_t i = 0, n = 0; i < s.size(); i += n) {
    char32_t cp = utf8::decode(s, i, &n);
    bool open = cp == U'“' || cp == U'「' || cp == U'『';
    bool close = cp == U'”' || cp == U'」' || cp == U'』';
    if (open && i == 0) return true;
    if (close && opened) return true;
    opened |= open;
    if (cp == '"' || cp == U'＂') {
      if (i == 0 || opened) return true;
      opened = true;
    }
  }
  return false;
}

const SiteWords& SiteWords::builtin() {
  static const SiteWords words(builtin_resource("data/site_words.txt"));
  return words;
}

const CreditWords& CreditWords::builtin() {
  static const CreditWords words = [] {
    CreditWords w;
    for_each_tsv_row(builtin_resource("data/credit_words.txt"), 2,
                     [&](const std::vector<std::string_view>& row) {
                       (row[1] == "strong" ? w.strong : w.weak).emplace_back(row[0]);
                     });
    return w;
  }();
  return words;
}

SiteWords::SiteWords(std::string_view text) {
  std::vector<std::string> phrases;
  for_each_tsv_row(text, 2, [&](const std::vector<std::string_view>& row) {
    std::string_view kind = row[1].substr(0, row[1].find('\t'));
    const bool name = kind.size() < row[1].size() && row[1].substr(kind.size() + 1) == "name";
    int weight = kind == "strong" ? 2 : kind == "weak" ? 1 : 0;
    std::string word = residue_fold(row[0]);
    if (weight == 0 || word.empty()) return;
    phrases.push_back(word);
    weights_.push_back(weight);
    names_.push_back(name);
  });
  matcher_ = PhraseMatcher(phrases);
}

int SiteWords::weight(std::string_view folded, int* strong, int* names) const {
  std::set<std::size_t> seen;
  int total = 0;
  if (strong) *strong = 0;
  if (names) *names = 0;
  for (std::size_t from = 0; from < folded.size();) {
    auto m = matcher_.find(folded, from);
    if (!m) break;
    if (seen.insert(m->index).second) {
      total += weights_[m->index];
      if (strong && weights_[m->index] >= 2) ++*strong;
      if (names && names_[m->index]) *names += weights_[m->index];
    }
    from = m->position + m->length;
  }
  return total;
}

}  // namespace novelbind
