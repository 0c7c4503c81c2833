#include "clean/rule_html.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "base/cjk_text.h"
#include "base/site_text.h"

namespace novelbind {
namespace {

bool is_ascii_letter(char c) {
  return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

// The code point of the reference starting at `s[i]` ('&'), and its length; 0 when none. A
// punctuation fixer may have made its ';' full-width (&#8226；).
char32_t reference_at(std::string_view s, std::size_t i, std::size_t* length) {
  constexpr std::string_view kFullWidthSemicolon = "\xEF\xBC\x9B";
  std::size_t semi = s.substr(0, std::min(s.size(), i + 14)).find(';', i);
  std::size_t wide = s.substr(0, std::min(s.size(), i + 16)).find(kFullWidthSemicolon, i);
  std::size_t end = std::min(semi, wide);
  if (end == std::string_view::npos || end - i > 10) return 0;
  std::string_view body = s.substr(i + 1, end - i - 1);
  *length = end + (end == semi ? 1 : kFullWidthSemicolon.size()) - i;
  if (body.size() >= 2 && body[0] == '#') {
    bool hex = body[1] == 'x' || body[1] == 'X';
    std::string_view digits = body.substr(hex ? 2 : 1);
    if (digits.empty()) return 0;
    char32_t cp = 0;
    for (char c : digits) {
      int d = std::isdigit(static_cast<unsigned char>(c))           ? c - '0'
              : hex && std::isxdigit(static_cast<unsigned char>(c)) ? (c | 0x20) - 'a' + 10
                                                                    : -1;
      if (d < 0 || cp > 0x10FFFF) return 0;
      cp = cp * (hex ? 16 : 10) + static_cast<char32_t>(d);
    }
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || is_invisible(cp)) return 0;
    return cp;
  }
  // (With the accented vowels a site writes the pinyin of a word it censors in: 金s&egrave;,
  // x&igrave;ng.)
  static constexpr std::array<std::pair<std::string_view, char32_t>, 44> kNames = {{
      {"nbsp", 0xA0},   {"amp", '&'},     {"lt", '<'},      {"gt", '>'},      {"quot", '"'},
      {"apos", '\''},   {"hellip", U'…'}, {"mdash", U'—'},  {"ndash", U'–'},  {"ldquo", U'“'},
      {"rdquo", U'”'},  {"lsquo", U'‘'},  {"rsquo", U'’'},  {"middot", U'·'}, {"bull", U'•'},
      {"laquo", U'«'},  {"raquo", U'»'},  {"times", U'×'},  {"divide", U'÷'}, {"deg", U'°'},
      {"agrave", U'à'}, {"aacute", U'á'}, {"egrave", U'è'}, {"eacute", U'é'}, {"igrave", U'ì'},
      {"iacute", U'í'}, {"ograve", U'ò'}, {"oacute", U'ó'}, {"ugrave", U'ù'}, {"uacute", U'ú'},
      {"uuml", U'ü'},   {"ecirc", U'ê'},  {"amacr", U'ā'},  {"emacr", U'ē'},  {"imacr", U'ī'},
      {"omacr", U'ō'},  {"umacr", U'ū'},  {"acirc", U'â'},  {"ocirc", U'ô'},  {"auml", U'ä'},
      {"ouml", U'ö'},   {"ccedil", U'ç'}, {"ntilde", U'ñ'}, {"copy", U'©'},
  }};
  for (auto [name, cp] : kNames)
    if (body == name) return cp;
  return 0;
}

// The end of the tag starting at `s[i]` ('<'), or npos when it is no tag.
std::size_t tag_end(std::string_view s, std::size_t i) {
  std::size_t j = i + 1;
  if (j < s.size() && s[j] == '/') ++j;
  if (j >= s.size() || !is_ascii_letter(s[j])) return std::string_view::npos;
  const std::size_t name = j;
  while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])))) ++j;
  // (A site that took the spaces out of its pages writes <ahref=http://…>.)
  const bool glued_link = j < s.size() && s[j] == '=' && s.substr(name, j - name) == "ahref";
  if (j < s.size() && s[j] != '>' && s[j] != ' ' && s[j] != '/' && !glued_link)
    return std::string_view::npos;
  std::size_t close = s.find('>', j);
  if (close == std::string_view::npos || s.substr(j, close - j).find('<') != std::string_view::npos)
    return std::string_view::npos;
  return close + 1;
}

bool is_link_out(std::string_view tag) {
  std::string lower;
  for (char c : tag) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  // (A site that took the spaces out of its pages writes <ahref=http://>.)
  return (lower.rfind("<a ", 0) == 0 || lower.rfind("<ahref=", 0) == 0) &&
         (lower.find("href=http") != std::string::npos ||
          lower.find("href=\"http") != std::string::npos ||
          lower.find("href='http") != std::string::npos || lower.find("www.") != std::string::npos);
}

}  // namespace

namespace {

// The length of an escaped paragraph or line-break tag at `i` (&lt;/p>, &lt;br/&gt;, and &1t;/p>,
// its &lt; mistyped with a digit one, which a crawl left at the end of every line), a div, span
// or script (biquge's ad placeholder, &lt;div&nbsp;class=&quot;adread&quot;&gt;&lt;script&gt;),
// or 0. Such a tag is the page's markup, never the story's (a story's <系统提示> is no such tag).
std::size_t escaped_block_tag(std::string_view s, std::size_t i) {
  auto at = [&](std::size_t k) { return k < s.size() ? s[k] : '\0'; };
  auto lower = [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c); };
  if (at(i) != '&') return 0;
  char n1 = at(i + 1), n2 = at(i + 2);
  if (!((n1 == 'l' || n1 == 'L' || n1 == '1' || n1 == 'I') && lower(n2) == 't') || at(i + 3) != ';')
    return 0;
  std::size_t k = i + 4;
  if (at(k) == '/') ++k;
  std::size_t name = k;
  while (is_ascii_letter(at(k))) ++k;
  std::string tag;
  for (std::size_t j = name; j < k; ++j) tag += lower(s[j]);
  if (tag != "p" && tag != "br" && tag != "div" && tag != "span" && tag != "script") return 0;
  // (A space may be escaped too: &lt;div&nbsp;class=&quot;adread&quot;&gt;. Attributes follow
  // a space, not a slash.)
  bool spaced = false;
  for (;;) {
    if (at(k) == ' ' || at(k) == '/') {
      spaced = at(k) == ' ';
      ++k;
    } else if (s.substr(std::min(k, s.size()), 6) == "&nbsp;") {
      spaced = true;
      k += 6;
    } else {
      break;
    }
  }
  if (at(k) == '>') return k + 1 - i;
  if (s.substr(std::min(k, s.size()), 4) == "&gt;") return k + 4 - i;
  // Its attributes, after a space (&lt;span class=”f_”&gt;, its quotes curled by the crawl).
  constexpr std::size_t kMaxAttributes = 60;
  if (k == name + tag.size() || !spaced) return 0;
  const std::string_view rest = s.substr(k, kMaxAttributes);
  const std::size_t gt = std::min(rest.find('>'), rest.find("&gt;"));
  if (gt == std::string_view::npos || rest.substr(0, gt).find('<') != std::string_view::npos ||
      rest.substr(0, gt).find("&lt;") != std::string_view::npos ||
      rest.substr(0, gt).find('=') == std::string_view::npos)
    return 0;
  return k + gt + (rest[gt] == '>' ? 1 : 4) - i;
}

// `text` without the escaped block tags in it (escaped_block_tag), into *out; false when it
// holds none.
bool without_escaped_block_tags(std::string_view text, std::string* out) {
  std::size_t amp = text.find('&');
  if (amp == std::string_view::npos) return false;
  std::string r;
  bool changed = false;
  std::size_t from = 0;
  for (std::size_t i = amp; i < text.size(); i = text.find('&', i + 1)) {
    if (i == std::string_view::npos) break;
    std::size_t n = escaped_block_tag(text, i);
    if (n == 0) continue;
    r.append(text.substr(from, i - from));
    from = i + n;
    i = from - 1;
    changed = true;
  }
  if (!changed) return false;
  r.append(text.substr(from));
  *out = std::move(r);
  return true;
}

// Whether `text` is nothing but the square brackets a page's element stood in (【, 】, [, ]):
// what is left where the crawl took the element out.
bool bare_brackets(std::string_view text) {
  std::string_view left = utf8::trim(text);
  bool bare = !left.empty();
  for (std::size_t k = 0; bare && k < left.size();) {
    char32_t c = utf8::next(left, &k);
    bare = c == U'【' || c == U'】' || c == U'[' || c == U']';
  }
  return bare;
}

// The text without the marks of a page's comments, whole (<!--BookContent Start-->) or with
// their angle brackets lost (<!--go--> kept as !--go--, <!--over--> as !--over--): words of
// Latin letters between `!--` and `--`.
// False when there is none.
bool without_comment_marks(std::string_view text, std::string* out) {
  if (text.find("!--") == std::string_view::npos) return false;
  std::string r;
  bool changed = false;
  for (std::size_t i = 0;;) {
    std::size_t at = text.find("!--", i);
    if (at == std::string_view::npos) {
      r.append(text.substr(i));
      break;
    }
    // (Words of Latin letters and digits: !--go--, <!--BookContent Start-->.)
    std::size_t k = at + 3;
    while (k < text.size() && k - at - 3 < 32 &&
           (is_ascii_letter(text[k]) || std::isdigit(static_cast<unsigned char>(text[k])) ||
            text[k] == ' ' || text[k] == '_'))
      ++k;
    if (k == at + 3 || !is_ascii_letter(text[at + 3]) || text.compare(k, 2, "--") != 0) {
      r.append(text.substr(i, at + 3 - i));
      i = at + 3;
      continue;
    }
    std::size_t from = at > i && text[at - 1] == '<' ? at - 1 : at;
    std::size_t end = k + 2 < text.size() && text[k + 2] == '>' ? k + 3 : k + 2;
    r.append(text.substr(i, from - i));
    i = end;
    changed = true;
    // What the page put after its mark to the line's end, when it is the site's own words
    // (!--over--更新速度最快!), goes with it.
    std::string_view rest = text.substr(i);
    if (rest.find("!--") == std::string_view::npos && utf8::length(rest) <= 24 &&
        SiteWords::builtin().weight(residue_fold(rest)) >= 2)
      i = text.size();
  }
  // Brackets left bare around what the page's marks enclosed (】!--over--… leaves 】): nothing.
  if (bare_brackets(r)) r.clear();
  if (!changed) return false;
  *out = std::move(r);
  return true;
}

}  // namespace

namespace {

// Whether `text` is a hidden element's few characters left on a line of their own with its
// closing tag and no opening one (谷浏</span>, 谷莶&lt;/span&gt;: a crawl of a page that hides
// random characters between the paragraphs, an unseen DNF圣职者转生异界): at most two
// ideographs, then the closing tag, escaped or not, and nothing else.
bool orphan_element_text(std::string_view text) {
  constexpr std::size_t kMaxHeld = 2;
  text = trim_spaces(text);
  std::size_t held = 0, i = 0;
  while (i < text.size()) {
    std::size_t k = i;
    if (!is_ideograph(utf8::next(text, &k))) break;
    ++held;
    i = k;
  }
  if (held == 0 || held > kMaxHeld) return false;
  std::string_view tag = text.substr(i);
  for (auto [open, close] : {std::pair<std::string_view, std::string_view>{"</", ">"},
                             std::pair<std::string_view, std::string_view>{"&lt;/", "&gt;"}}) {
    if (!tag.starts_with(open) || !tag.ends_with(close) || tag.size() <= open.size() + close.size())
      continue;
    std::string_view name = tag.substr(open.size(), tag.size() - open.size() - close.size());
    return name.size() <= 8 && std::all_of(name.begin(), name.end(), is_ascii_letter);
  }
  return false;
}

}  // namespace

bool HtmlRule::rewrite(std::string_view text, const CleanContext& context, std::string* out) const {
  if (orphan_element_text(text)) {
    out->clear();
    return true;
  }
  if (bare_brackets(text)) {
    out->clear();
    return true;
  }
  std::string untagged;
  if (without_escaped_block_tags(text, &untagged)) {
    if (!rewrite(untagged, context, out)) *out = std::move(untagged);
    return true;
  }
  std::string uncommented;
  if (without_comment_marks(text, &uncommented)) {
    if (!rewrite(uncommented, context, out)) *out = std::move(uncommented);
    return true;
  }
  if (!rewrite_once(text, out)) return false;
  // A reference escaped twice over (&amp;amp;#8226;) is undone as many times as it was done.
  for (int again = 0; again < 2 && out->find('&') != std::string::npos; ++again) {
    std::string twice;
    if (!rewrite_once(*out, &twice)) break;
    *out = std::move(twice);
  }
  // A link to a site so escaped
  // (&amp;amp;lt;ahref=http://&amp;amp;gt;欢迎…&amp;amp;lt;/a&amp;amp;gt;) goes with its text once
  // it is a tag again; other tags the references made stay as the story's text (&lt;Level Up&gt;).
  if (out->find('<') != std::string::npos) {
    std::string linked;
    if (rewrite_once(*out, &linked, /*links_only=*/true)) *out = std::move(linked);
  }
  return true;
}

namespace {

// Whether `held`, a few characters, is a site's name: 藏书网, 99lib.net, or a word the site
// vocabulary marks as one.
bool names_a_site(std::string_view held) {
  constexpr std::size_t kMaxName = 8;  // code points
  held = trim_spaces(held);
  if (held.empty() || utf8::length(held) > kMaxName) return false;
  for (std::string_view end : {"网", "網", "站", "lib", ".net", ".com", ".org"})
    if (held.ends_with(end)) return true;
  int names = 0;
  SiteWords::builtin().weight(residue_fold(held), nullptr, &names);
  return names > 0;
}

// Whether `held`, a few characters and no ideograph, names a site in letters however its
// characters are disguised: ９9ｌｉb?, 99lib, www.x.com (full-width letters read as ASCII).
bool names_a_site_in_letters(std::string_view held) {
  constexpr std::size_t kMaxName = 16;  // code points
  if (has_ideograph(held) || utf8::length(held) > kMaxName) return false;
  std::string ascii;
  for (std::size_t i = 0; i < held.size();) {
    const char32_t c = narrow_full_width(utf8::next(held, &i));
    if (c < 0x80) ascii += static_cast<char>(std::tolower(static_cast<int>(c)));
  }
  for (std::string_view mark : {"lib", "www", ".com", ".net", ".org", ".cc"})
    if (ascii.find(mark) != std::string::npos) return true;
  return false;
}

// Whether `held` advertises a site: an address (www., .com, .cc, http) or its vocabulary (two
// strong words: 最新章节, 全文阅读), and no sentence's end of a story.
bool advertises(std::string_view held) {
  if (held.find("。") != std::string_view::npos || held.find("“") != std::string_view::npos)
    return false;
  const std::string lower = utf8::ascii_lower(held);
  for (std::string_view address : {"www.", "http", ".com", ".cc", ".net", ".org"})
    if (lower.find(address) != std::string::npos) return true;
  int strong = 0;
  SiteWords::builtin().weight(residue_fold(held), &strong);
  return strong >= 2;
}

// An element a site puts into its page's text to foil copying (没有受<samp>..</samp>伤, 刚才<var>?
// </var>还是, 贼婆娘！<mark>９9ｌｉb?</mark>”): one of the inline elements no story's markup
// uses, holding no ideograph. Its end (after the closing tag), or npos when the tag at `i` opens
// no such element.
// Or one of the elements a story may use (<u>, <s>, an <a> without attributes) holding a site's
// name, short and ending as one does (现<u>藏书网</u>代中国, 。<strike>藏书网</strike>).
std::size_t decoy_element_end(std::string_view text, std::size_t i, std::size_t open_end) {
  static constexpr std::array<std::string_view, 9> kDecoys = {"samp", "var", "mark", "bdi", "bdo",
                                                              "kbd",  "dfn", "abbr", "tt"};
  static constexpr std::array<std::string_view, 12> kMarkup = {
      "u", "s", "strike", "del", "ins", "a", "strong", "b", "em", "i", "font", "span"};
  std::string_view tag = text.substr(i + 1, open_end - i - 2);
  std::size_t name_end = tag.find_first_of(" />");
  std::string name(tag.substr(0, name_end));
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const bool decoy = std::find(kDecoys.begin(), kDecoys.end(), name) != kDecoys.end();
  const bool markup = name_end == std::string_view::npos &&
                      std::find(kMarkup.begin(), kMarkup.end(), name) != kMarkup.end();
  if (!decoy && !markup) return std::string_view::npos;
  const std::string close = "</" + name + ">";
  constexpr std::size_t kMaxDecoy = 48, kMaxAd = 160;  // bytes held
  std::size_t at = text.find(close, open_end);
  if (at == std::string_view::npos || at - open_end > (decoy ? kMaxDecoy : kMaxAd))
    return std::string_view::npos;
  const std::string_view held = text.substr(open_end, at - open_end);
  // (Or a site's advertisement set in a story's own markup between its sentences: <strong>在线阅
  // 读天火大道Http://wWw.qiushu.cc/</strong>, <strong>最新章节全文阅读qiushu.cc</strong>.)
  if (!decoy && advertises(held)) return at + close.size();
  if (at - open_end > kMaxDecoy) return std::string_view::npos;
  if (has_ideograph(held) && !names_a_site(held)) return std::string_view::npos;
  if (!decoy && !names_a_site(held) && !held.empty()) return std::string_view::npos;
  return at + close.size();
}

}  // namespace

std::vector<std::string> decoy_site_names(std::string_view line) {
  std::vector<std::string> names;
  for (std::size_t i = line.find('<'); i != std::string_view::npos; i = line.find('<', i + 1)) {
    const std::size_t close = line.find('>', i);
    if (close == std::string_view::npos) break;
    const std::size_t open_end = close + 1;
    const std::size_t end = decoy_element_end(line, i, open_end);
    if (end == std::string_view::npos) continue;
    const std::size_t held_end = line.rfind("</", end);
    if (held_end == std::string_view::npos || held_end < open_end) continue;
    std::string_view held = trim_spaces(line.substr(open_end, held_end - open_end));
    if (!held.empty() && (names_a_site(held) || names_a_site_in_letters(held)))
      names.emplace_back(held);
    i = end - 1;
  }
  return names;
}

namespace {

// What a page's tags leave when a crawl took only part of them away, in a line that had tags
// or an attribute's remnant: the remnant ( href='/book/2619/im'>), the end of a tag's name before
// its '>' (根..t>性, bbr>.９９ｌｉb.), a lone '>' after a character (作>9９lｉｂ).
std::string without_tag_debris(std::string r) {
  static constexpr std::array<std::string_view, 22> kNames = {
      "abbr", "dfn", "tt",  "samp", "var", "mark", "bdi",  "bdo", "kbd",    "strike", "span",
      "font", "div", "del", "ins",  "em",  "br",   "code", "sub", "strong", "a",      "u"};
  std::string out;
  // (Inside a tag the line still holds, <ahref=http://…>, nothing is debris: after a '<' with no
  // '>' after it yet.)
  bool in_tag = false;
  for (std::size_t i = 0; i < r.size();) {
    // An attribute's remnant: href='…'>, with the space before it.
    for (std::string_view attribute : {"href=", "src=", "class=", "style="}) {
      if (in_tag || r.compare(i, attribute.size(), attribute) != 0) continue;
      std::size_t close = r.find('>', i);
      if (close == std::string::npos || close - i > 100) continue;
      while (!out.empty() && out.back() == ' ') out.pop_back();
      i = close + 1;
      break;
    }
    if (i >= r.size()) break;
    // (A '>' that closes a '<' of the line is the story's: <系统提示>.)
    if (r[i] == '>' && !in_tag) {
      // The letters before it that end a tag's name, and nothing else: drop them with it.
      std::size_t letters = 0;
      while (letters < out.size() && letters < 6 &&
             std::islower(static_cast<unsigned char>(out[out.size() - 1 - letters])))
        ++letters;
      const std::string_view tail = std::string_view(out).substr(out.size() - letters);
      const bool named =
          letters > 0 && std::any_of(kNames.begin(), kNames.end(),
                                     [&](std::string_view n) { return n.ends_with(tail); });
      const bool after_letter =
          out.size() > letters &&
          std::isalpha(static_cast<unsigned char>(out[out.size() - 1 - letters]));
      std::size_t before = out.size() - letters;
      const char32_t previous = before == 0 ? 0 : utf8::previous(out, &before);
      if ((named && !after_letter) ||
          (letters == 0 && (is_ideograph(previous) || previous == U'.' || previous == U'>'))) {
        out.resize(out.size() - letters);
        ++i;
        continue;
      }
    }
    if (r[i] == '<') in_tag = true;
    if (r[i] == '>') in_tag = false;
    out += r[i++];
  }
  return out;
}

}  // namespace

bool HtmlRule::rewrite_once(std::string_view text, std::string* out, bool links_only) {
  const bool remnant = text.find("href=") != std::string_view::npos;
  if (text.find('&') == std::string_view::npos && text.find('<') == std::string_view::npos &&
      !remnant)
    return false;
  bool changed = false, tags = false;
  std::string r;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '&' && !links_only) {
      std::size_t length = 0;
      if (char32_t cp = reference_at(text, i, &length)) {
        utf8::append(&r, cp);
        i += length;
        changed = true;
        continue;
      }
    } else if (text[i] == '>' && !links_only && i > 0) {
      // The end of a decoy whose opening tag a crawl took away, inside a word: 作>9９lｉｂ?</a>品.
      std::size_t close = text.find("</", i);
      std::size_t before = i;
      const char32_t previous = utf8::previous(text, &before);
      if (close != std::string_view::npos && close - i <= 24 && is_ideograph(previous)) {
        const std::string_view held = text.substr(i + 1, close - i - 1);
        std::size_t end = tag_end(text, close);
        if (end != std::string_view::npos && !held.empty() && !has_ideograph(held) &&
            held.find('<') == std::string_view::npos && held.find('>') == std::string_view::npos) {
          changed = tags = true;
          i = end;
          continue;
        }
      }
    } else if (text[i] == '<') {
      std::size_t end = tag_end(text, i);
      const bool link = end != std::string_view::npos && is_link_out(text.substr(i, end - i));
      if (end != std::string_view::npos && (!links_only || link)) {
        changed = tags = true;
        if (std::size_t decoy = decoy_element_end(text, i, end); decoy != std::string_view::npos) {
          end = decoy;  // the decoy goes with what it holds
        } else if (link) {
          // The link's text is the site's name: it goes with the tag, up to </a>.
          std::size_t close = text.find("</a>", end);
          if (close == std::string_view::npos) close = text.find("</A>", end);
          if (close != std::string_view::npos && close - end <= 120) end = close + 4;
        }
        i = end;
        continue;
      }
    }
    r += text[i++];
  }
  if ((tags || remnant) && !links_only) {
    std::string cleared = without_tag_debris(r);
    changed |= cleared != r;
    r = std::move(cleared);
  }
  if (!changed) return false;
  *out = std::string(trim_spaces(r));
  return true;
}

}  // namespace novelbind
