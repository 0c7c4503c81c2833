#include "clean/rule_site_ads.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <regex>

#include "base/brackets.h"
#include "base/byte_scan.h"
#include "base/cjk_text.h"
#include "base/site_text.h"
#include "clean/residue_line.h"

namespace novelbind {
namespace {

// Punctuation that may separate the story from a tail, or tails from each other.
bool is_separator(char32_t cp) {
  switch (cp) {
    case U'。':
    case U'！':
    case U'？':
    case U'!':
    case U'?':
    case U'，':
    case U',':
    case U'、':
    case U'~':
    case U'～':
    case U'；':
    case U';':
    case U'：':
    case U':':
    case U'…':
    case U'.':
    case U'—':
    case U'-':
    case U'/':
    case U'|':
      return true;
    default:
      return is_space(cp);
  }
}

char32_t last_code_point(std::string_view s, std::size_t end, std::size_t* start) {
  *start = utf8::previous_start(s, end);
  std::size_t n = 0;
  return utf8::decode(s, *start, &n);
}

// Drops the code points before `end` that `drop` holds for; returns the new end.
template <typename Pred>
std::size_t skip_back_while(std::string_view s, std::size_t end, Pred drop) {
  while (end > 0) {
    std::size_t start = 0;
    if (!drop(last_code_point(s, end, &start))) break;
    end = start;
  }
  return end;
}

// Drops trailing separators; returns the new end.
std::size_t skip_separators_back(std::string_view s, std::size_t end) {
  return skip_back_while(s, end, [](char32_t cp) { return is_separator(cp); });
}

std::size_t skip_spaces_back(std::string_view s, std::size_t end) {
  return skip_back_while(s, end, [](char32_t cp) { return is_space(cp); });
}

// Matches `text` against `glob`, where '*' stands for up to 40 code points.
bool glob_match_at(std::string_view glob, std::string_view text) {
  std::size_t star = glob.find('*');
  if (star == std::string_view::npos) return glob == text;
  if (text.compare(0, star, glob.substr(0, star)) != 0) return false;
  std::string_view rest = glob.substr(star + 1);
  std::size_t i = star;
  for (int taken = 0; taken <= 40 && i <= text.size(); ++taken) {
    if (glob_match_at(rest, text.substr(i))) return true;
    if (i == text.size()) break;
    std::size_t n = 0;
    utf8::decode(text, i, &n);
    i += n;
  }
  return false;
}

std::string to_ascii_lower(std::string_view s, bool* only_url_characters) {
  std::string out;
  *only_url_characters = true;
  for (std::size_t i = 0, n = 0; i < s.size(); i += n) {
    char32_t cp = narrow_full_width(utf8::decode(s, i, &n));
    bool url = cp < 0x80 && (std::isalnum(static_cast<int>(cp)) ||
                             std::string_view("./:-_?=&%#~+@").find(static_cast<char>(cp)) !=
                                 std::string_view::npos);
    if (!url) {
      *only_url_characters = false;
      return out;
    }
    out += static_cast<char>(std::tolower(static_cast<int>(cp)));
  }
  return out;
}

bool has_known_domain_ending(std::string_view url) {
  std::size_t slash = url.find('/');
  std::string_view host = url.substr(0, slash);
  std::size_t dot = host.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return false;
  std::string_view tld = host.substr(dot + 1);
  static constexpr std::array<std::string_view, 21> kTlds = {
      "com", "net", "org", "cn",  "cc",  "tw", "hk", "info", "me", "la", "co",
      "io",  "top", "xyz", "vip", "biz", "tv", "so", "in",   "us", "ws"};
  return std::find(kTlds.begin(), kTlds.end(), tld) != kTlds.end();
}

// A URL an ad would carry: with a scheme or www., or a bare domain when `bare` allows.
bool looks_like_url(std::string_view s, bool bare) {
  bool only = false;
  std::string url = to_ascii_lower(s, &only);
  if (!only || url.find('.') == std::string::npos) return false;
  std::string_view u = url;
  for (std::string_view scheme : {"https://", "http://"}) {
    if (u.substr(0, scheme.size()) == scheme) return u.size() > scheme.size() + 3;
  }
  if (u.substr(0, 4) == "www." && u.size() > 7) return true;
  return bare && has_known_domain_ending(u);
}

// Where a forum's edit stamp that a notice's words opened ends: 本帖最后由 yht 于 2015-12-8 17:24
// 编辑, its word for "edited" after a time (digits, a colon and two digits) within a line's
// reach; npos when none follows.
std::size_t edit_stamp_end(std::string_view s, std::size_t from) {
  constexpr std::size_t kReach = 80;  // bytes: a user's name, a date and a time
  const std::string_view near = s.substr(from, kReach);
  for (std::string_view word : {"编辑", "編輯"}) {
    const std::size_t at = near.find(word);
    if (at == std::string_view::npos) continue;
    const std::size_t colon = near.rfind(':', at);
    const auto digit = [&](std::size_t i) {
      return i < near.size() && std::isdigit(static_cast<unsigned char>(near[i]));
    };
    if (colon != std::string_view::npos && colon > 0 && digit(colon - 1) && digit(colon + 1) &&
        digit(colon + 2))
      return from + at + word.size();
  }
  return std::string_view::npos;
}

// Where the site's notice whose phrase ends at `from` ends in `s` (the byte after it): at the
// bracket that closes `open` when the notice opened one (（天才一秒记住本站地址：www.x.com）);
// else over its sentences (to 。！？!), the first one whole (a long one, story glued to a URL
// in it, only to the URL's end), then the next ones while they hold a URL or site words of 2.
// What follows is the story the site put the notice into, kept when it reads as such: at least
// kStoryAfter characters of words, and no sentence of site words (2 or more) or with a URL.
// s.size() when nothing is kept.
std::size_t notice_end(std::string_view s, std::size_t from, char32_t open) {
  constexpr std::size_t kLongSentence = 40, kStoryAfter = 8, kMaxBracketed = 60, kStoryGlued = 8;
  auto sentence_end = [&](std::size_t at) {
    for (std::size_t i = at; i < s.size();) {
      char32_t c = utf8::next(s, &i);
      // (A closing quotation mark after it closes the story's dialogue the notice was put in.)
      if (std::u32string_view(U"。！？!").find(c) != std::u32string_view::npos) return i;
    }
    return s.size();
  };
  auto site_like = [](std::string_view t) {
    return (has_latin_letter(t) && !find_urls(t).empty()) ||
           SiteWords::builtin().weight(residue_fold(t)) >= 2;
  };
  std::size_t end = s.size();
  if (char32_t close = closing_bracket(open); close != 0) {
    std::string closing;
    utf8::append(&closing, close);
    std::size_t at = s.find(closing, from);
    if (at != std::string_view::npos && utf8::length(s.substr(from, at - from)) <= kMaxBracketed)
      end = at + closing.size();
  }
  if (end == s.size()) {
    end = sentence_end(from);
    std::string_view first = s.substr(from, end - from);
    if (has_latin_letter(first)) {
      // The notice ends with its address when the sentence is long, or when a space sets the
      // address apart from what follows (天才一秒记住本站地址：www.biquge.com　当日传下号令，…), or
      // an ideograph does, which no address holds (…首发域名：www.biquge.com却说田丰在狱中。).
      std::vector<UrlSpan> urls = find_urls(first);
      if (!urls.empty()) {
        const std::size_t url_end = from + urls.front().end;
        std::size_t k = url_end;
        const bool apart = url_end < end && (is_space(utf8::next(s, &k)) ||
                                             story_after_glued_address(s, url_end, kStoryGlued));
        if (utf8::length(first) > kLongSentence || apart) end = url_end;
      }
    }
    while (end < s.size()) {
      std::size_t next = sentence_end(end);
      if (!site_like(s.substr(end, next - end))) break;
      end = next;
    }
  }
  std::string_view after = trim_spaces(s.substr(end));
  if (word_characters(after) < kStoryAfter) return s.size();
  for (const residue::NoticePiece& piece : residue::notice_pieces(after))
    if (piece.notice) return s.size();  // more of the site's after it: all of it goes, as before
  return end;
}

// Where the name of a site that ends s[0, end) starts (…当时闻笔趣阁, before 手机版阅读网址：):
// the shortest run of at most 8 characters before `end` whose words name a site and weigh
// nothing else; `end` when none does.
std::size_t site_name_start(std::string_view s, std::size_t end) {
  constexpr int kMaxName = 8;
  const SiteWords& words = SiteWords::builtin();
  std::size_t start = end;
  for (int n = 0; n < kMaxName && start > 0; ++n) {
    utf8::previous(s, &start);
    int strong = 0, names = 0;
    const int weight = words.weight(residue_fold(s.substr(start, end - start)), &strong, &names);
    if (weight > 0) return names == weight ? start : end;
  }
  return end;
}

// A chapter page's fields, set out between bars, that a crawl kept: 作者：雪花丶 |
// 更新时间：2021/8/22 22:04:03 | 字数：3116. Two fields or more, each a label the pages use and its
// value, one of them the time or the count.
bool is_field_stamp(std::string_view s) {
  constexpr std::size_t kMaxStamp = 120;  // bytes
  if (s.size() > kMaxStamp || s.find('|') == std::string_view::npos) return false;
  static constexpr std::array<std::string_view, 12> kLabels = {
      "作者",     "更新时间", "更新時間", "字数", "字數", "本章字数",
      "本章字數", "发布时间", "發布時間", "点击", "點擊", "更新"};
  std::size_t fields = 0;
  bool measured = false;
  for (std::size_t from = 0; from <= s.size();) {
    std::size_t bar = s.find('|', from);
    if (bar == std::string_view::npos) bar = s.size();
    const std::string_view field = trim_spaces(s.substr(from, bar - from));
    from = bar + 1;
    const std::size_t colon = std::min(field.find("："), field.find(':'));
    if (colon == std::string_view::npos || colon == 0) return false;
    const std::string_view label = field.substr(0, colon);
    if (std::find(kLabels.begin(), kLabels.end(), label) == kLabels.end()) return false;
    measured |= label != "作者";
    ++fields;
  }
  return fields >= 2 && measured;
}

// A crawler's stamp of when it saved the page, a line of its own: a date and time, in dashes
// or with the page's id after a bar (----2014/11/8 20:49:35|10209891----, 2014-6-1 1:31:11). A
// date alone (2014-6-1) may head a diary's entry, and stays.
bool is_saved_stamp(std::string_view s) {
  if (s.size() > 60 || s.empty()) return false;
  std::size_t from = s.find_first_not_of("-=_ ");
  std::size_t to = s.find_last_not_of("-=_ ");
  if (from == std::string_view::npos || !std::isdigit(static_cast<unsigned char>(s[from])))
    return false;
  const bool fenced = from > 0 && to + 1 < s.size();
  static const std::regex stamp(
      R"(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}( +\d{1,2}:\d{2}(:\d{2})?)?( *\| *\d+)?)");
  std::match_results<std::string_view::const_iterator> m;
  std::string_view core = s.substr(from, to - from + 1);
  if (!std::regex_match(core.begin(), core.end(), m, stamp)) return false;
  return fenced || m[1].matched || m[3].matched;
}

// A site's name spelled out a character at a time between bars or stars, to slip past
// filters, inside a story's sentence: 五年后。|顶|点|小|說|網更新最快, 我找了男人(奇*书*网.整*理*提
// *供)，你让…, \|顶\|点\|小\|说\|2|3|u|s|.|c|c|. A run of at least four single characters
// with three such marks or more between them, holding a letter or digit or the site's words
// (小说网, 书); the run goes, with the brackets around it when they hold nothing else. A story
// never writes so.
bool is_spelling_mark(char32_t c) {
  return c == U'|' || c == U'｜' || c == U'*' || c == U'＊';
}
// Whether `s` holds a mark is_spelling_mark knows: one pass over its bytes (every line of the
// book is asked, and a search for ｜ or ＊ stops at each full-width mark, ，！？ sharing their
// first byte).
bool has_spelling_mark(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  for (std::size_t i = 0, n = s.size(); i < n; ++i) {
    if (p[i] == '|' || p[i] == '*') return true;
    if (p[i] == 0xEF && i + 2 < n &&
        ((p[i + 1] == 0xBD && p[i + 2] == 0x9C) || (p[i + 1] == 0xBC && p[i + 2] == 0x8A)))
      return true;
  }
  return false;
}

std::string without_spelled_names(std::string s) {
  if (!has_spelling_mark(s)) return s;
  std::u32string t;
  for (std::size_t i = 0; i < s.size();) t += utf8::next(s, &i);
  auto separator = [&](char32_t c) { return is_spelling_mark(c) || c == U'\\' || c == U'.'; };
  auto cell = [&](char32_t c) { return !separator(c) && is_word_character(c); };
  bool changed = false;
  for (std::size_t i = 0; i < t.size(); ++i) {
    // A run: [marks] c marks c marks c ... ; it starts at a mark or at a cell followed by one.
    std::size_t start = i, k = i, marks = 0, cells = 0;
    std::u32string letters;
    if (!separator(t[k]) && !(cell(t[k]) && k + 1 < t.size() && is_spelling_mark(t[k + 1])))
      continue;
    std::size_t end = k;  // just after the run's last cell or mark
    while (k < t.size()) {
      std::size_t m = k;
      while (m < t.size() && separator(t[m])) marks += is_spelling_mark(t[m++]);
      if (m >= t.size() || !cell(t[m])) {
        if (m > k && cells > 0) end = m;  // marks that close the run
        break;
      }
      if (m == k && cells > 0) break;  // two characters with no mark between: the run ended
      // After the last mark, a character of another kind than the cell before it (c|几乎) is
      // the sentence's again: the mark closed the run.
      const bool last_cell = m + 1 >= t.size() || !separator(t[m + 1]);
      if (last_cell && cells > 0 && (t[m] < 0x80) != (letters.back() < 0x80)) {
        end = m;
        break;
      }
      letters += t[m];
      ++cells;
      end = k = m + 1;
    }
    if (cells < 4 || marks < 3) continue;
    std::string folded_letters;
    bool evidence = false;
    for (char32_t c : letters) {
      utf8::append(&folded_letters, c);
      evidence |= (c < 0x80 && std::isalnum(static_cast<int>(c))) || c == U'网' || c == U'網' ||
                  c == U'书' || c == U'書';
    }
    evidence |= SiteWords::builtin().weight(residue_fold(folded_letters)) >= 1;
    if (!evidence) continue;
    // The brackets around it go when they hold nothing else: (奇*书*网.整*理*提*供).
    if (start > 0 && end < t.size() && opening_bracket(t[end]) == t[start - 1]) {
      --start;
      ++end;
    }
    t.erase(start, end - start);
    changed = true;
    i = start;
  }
  if (!changed) return s;
  std::string out;
  for (char32_t c : t) utf8::append(&out, c);
  return out;
}

// `s` without enclosing brackets and spaces: "【 www.x.com 】" -> "www.x.com".
std::string_view unbracket(std::string_view s) {
  for (;;) {
    s = trim_spaces(s);
    if (s.empty()) return s;
    std::size_t n = 0, start = 0;
    char32_t first = utf8::decode(s, 0, &n);
    char32_t last = last_code_point(s, s.size(), &start);
    if (start < n || opening_bracket(last) != first) return s;
    s = s.substr(n, start - n);
  }
}

// True when `s` is nothing but book titles: 《東海屠》, 《唐騎》、《邊戎》.
bool is_title_list(std::string_view s) {
  s = trim_spaces(s);
  bool any = false;
  std::size_t i = 0, n = 0;
  while (i < s.size()) {
    char32_t cp = utf8::decode(s, i, &n);
    if (cp == U'《') {
      std::size_t close = s.find("》", i);
      if (close == std::string_view::npos) return false;
      i = close + std::string_view("》").size();
      any = true;
    } else if (is_separator(cp)) {
      i += n;
    } else {
      return false;
    }
  }
  return any;
}

}  // namespace

SiteAdsRule::Glob SiteAdsRule::make_glob(std::string text) {
  Glob g;
  // (Each * takes at most 40 code points of at most 4 bytes.)
  const auto stars = static_cast<std::size_t>(std::count(text.begin(), text.end(), '*'));
  g.max_bytes = text.size() - stars + 160 * stars;
  const std::size_t last_star = text.rfind('*');
  g.tail = last_star == std::string::npos ? text.size() : text.size() - last_star - 1;
  if (text.starts_with('*')) {
    for (std::size_t at = 0; at <= text.size();) {
      std::size_t star = text.find('*', at);
      if (star == std::string::npos) star = text.size();
      if (star - at > g.longest.size()) g.longest = text.substr(at, star - at);
      at = star + 1;
    }
  }
  g.text = std::move(text);
  return g;
}

bool SiteAdsRule::glob_match(const Glob& glob, std::string_view line) {
  if (line.size() > glob.max_bytes ||
      !line.ends_with(std::string_view(glob.text).substr(glob.text.size() - glob.tail)))
    return false;
  // (One that opens with * would try 40 places: first the quick look for its longest run of
  // letters, which most lines of a book do not hold.)
  if (!glob.longest.empty() && byte_scan::find(line, glob.longest) == std::string_view::npos)
    return false;
  return glob_match_at(glob.text, line);
}

Result<SiteAdsRule> SiteAdsRule::create(const std::vector<BoilerplatePattern>& patterns,
                                        const std::vector<std::string>& user_drop,
                                        const std::string& config_name) {
  SiteAdsRule rule;
  std::vector<std::string> rest, accounts;
  for (const BoilerplatePattern& p : patterns) {
    using K = BoilerplatePattern::Kind;
    switch (p.kind) {
      case K::kTail:
        rule.tails_.push_back(p.text);
        break;
      case K::kRest:
        rest.push_back(p.text);
        break;
      case K::kLine:
        rule.line_globs_.push_back(make_glob(p.text));
        break;
      case K::kBlock:
        rule.block_globs_.push_back(make_glob(p.text));
        break;
      case K::kPromo:
        rule.promo_globs_.push_back(make_glob(p.text));
        break;
      case K::kNav:
        rule.nav_words_.push_back(p.text);
        break;
      case K::kInline:
        rule.inline_labels_.push_back(p.text);
        break;
      case K::kAccount:
        accounts.push_back(p.text);
        break;
      case K::kUrl:
        rule.urls_ = true;
        break;
    }
  }
  std::stable_sort(rule.nav_words_.begin(), rule.nav_words_.end(),
                   [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  // Longer tails first, so that 求推薦票 is cut whole rather than leaving 票 behind.
  std::stable_sort(rule.tails_.begin(), rule.tails_.end(),
                   [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  rule.rest_ = PhraseMatcher(rest);
  rule.accounts_ = PhraseMatcher(accounts);
  auto user = std::make_shared<std::vector<UserPattern>>();
  for (const std::string& pattern : user_drop) {
    auto compiled = UserPattern::compile(pattern);
    if (!compiled)
      return Status::Error(config_name + ": [clean] drop: " + compiled.message() +
                           "; fix or remove it");
    user->push_back(std::move(*compiled));
  }
  rule.user_ = std::move(user);
  return rule;
}

bool SiteAdsRule::is_block_header(std::string_view line) const {
  line = trim_spaces(line);
  for (const Glob& glob : block_globs_)
    if (glob_match(glob, line)) return true;
  return false;
}

std::size_t SiteAdsRule::tail_start(std::string_view s) const {
  std::size_t end = skip_separators_back(s, s.size());
  for (const std::string& t : tails_)
    if (end >= t.size() && s.compare(end - t.size(), t.size(), t) == 0) return end - t.size();
  return std::string_view::npos;
}

namespace {

// Where a chapter's word count that ends `s` starts (约 3100 字, 约0.9万字, 共3116字), or npos.
std::size_t word_count_start(std::string_view s) {
  s = trim_spaces(s);
  if (!s.ends_with("字")) return std::string_view::npos;
  std::size_t i = skip_spaces_back(s, s.size() - std::string_view("字").size());
  std::size_t digits = 0;
  while (i > 0) {
    std::size_t k = i;
    const char32_t c = narrow_full_width(utf8::previous(s, &k));
    if (!((c >= U'0' && c <= U'9') || c == U'.' || c == U'万' || c == U'萬' || c == U'千')) break;
    digits += c >= U'0' && c <= U'9';
    i = k;
  }
  if (digits == 0) return std::string_view::npos;
  i = skip_spaces_back(s, i);
  for (std::string_view about : {"约", "約", "共"})
    if (s.substr(0, i).ends_with(about)) i -= about.size();
  return i;
}

}  // namespace

bool SiteAdsRule::is_all_tails(std::string_view s) const {
  // Marks alone inside brackets are the story's (a letter's elision, 【…】), unless there are
  // none but spaces (a shell a site's words were taken out of).
  if (!trim_spaces(s).empty() && skip_separators_back(s, s.size()) == 0) return false;
  for (bool counted = false;;) {
    s = s.substr(0, skip_separators_back(s, s.size()));
    if (s.empty()) return true;
    // (A word count after a tail, once: （本章完，约 3100 字）, as an AI serial ends its chapters.)
    if (std::size_t count = counted ? std::string_view::npos : word_count_start(s);
        count != std::string_view::npos && count > 0) {
      s = s.substr(0, count);
      counted = true;
      continue;
    }
    std::size_t start = tail_start(s);
    if (start == std::string_view::npos) return false;
    s = s.substr(0, start);
  }
}

bool SiteAdsRule::is_navigation(std::string_view line) const {
  if (nav_words_.empty() || line.size() > 120) return false;
  // A page's arrow to the next page alone (-->>, >>, →): no story's line.
  {
    std::string_view t = trim_spaces(line);
    bool arrow = false, other = t.empty();
    for (std::size_t i = 0; i < t.size() && !other;) {
      const char32_t cp = utf8::next(t, &i);
      arrow |= std::u32string_view(U">＞»→").find(cp) != std::u32string_view::npos;
      other = std::u32string_view(U">＞»→-—－=").find(cp) == std::u32string_view::npos;
    }
    if (arrow && !other && utf8::length(t) <= 8) return true;
  }
  // (A move between chapters or pages is one of them, or a button of the page's own, 返回书页,
  // 加入书签, 回到顶部: a line of 目录 alone is none.)
  auto button = [](std::string_view word) {
    return word.starts_with("返回") || word.starts_with("加入") || word.starts_with("回到") ||
           word.starts_with("投");
  };
  if (byte_scan::find(line, "上一") == std::string_view::npos &&
      byte_scan::find(line, "下一") == std::string_view::npos &&
      byte_scan::find(line, "返回") == std::string_view::npos &&
      byte_scan::find(line, "加入") == std::string_view::npos &&
      byte_scan::find(line, "回到") == std::string_view::npos &&
      byte_scan::find(line, "投") == std::string_view::npos)
    return false;
  // (Without spaces: a page sets its buttons' words out with them, 目　录.)
  std::string s;
  for (std::size_t i = 0, n = 0; i < line.size(); i += n) {
    const char32_t cp = utf8::decode(line, i, &n);
    if (!is_space(cp)) s.append(line.substr(i, n));
  }
  bool moves = false, any = false;
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = 0;
    const char32_t cp = utf8::decode(s, i, &n);
    if (is_separator(cp) ||
        std::u32string_view(U"·>＞<＜【】[]［］「」").find(cp) != std::u32string_view::npos) {
      i += n;
      continue;
    }
    const std::string_view rest = std::string_view(s).substr(i);
    auto word = std::find_if(nav_words_.begin(), nav_words_.end(),
                             [&](const std::string& w) { return rest.starts_with(w); });
    if (word == nav_words_.end()) return false;
    any = true;
    moves |= word->find("上一") != std::string::npos || word->find("下一") != std::string::npos ||
             button(*word);
    i += word->size();
  }
  return any && moves;
}

std::string SiteAdsRule::without_inline_ads(std::string s) const {
  constexpr std::size_t kMaxName = 20;  // code points of the recommended book's name
  // Each colon (: or ：), and a label that ends right before it.
  auto next_colon = [&s](std::size_t from) {
    return std::min(s.find(':', from), byte_scan::find(s, "：", from));
  };
  for (std::size_t c = next_colon(0); c != std::string::npos; c = next_colon(c + 1)) {
    const std::size_t n = s[c] == ':' ? 1 : 3;
    const std::string_view before = std::string_view(s).substr(0, c);
    auto label = std::find_if(inline_labels_.begin(), inline_labels_.end(),
                              [&](const std::string& l) { return before.ends_with(l); });
    if (label == inline_labels_.end()) continue;
    const std::size_t at = c - label->size();
    // Then a name of letters up to the sentence's end or a quote.
    std::size_t i = c + n, letters = 0, k = 0;
    for (; i < s.size() && letters <= kMaxName; i += k, ++letters) {
      const char32_t cp = utf8::decode(s, i, &k);
      if (!is_word_character(cp)) break;
    }
    if (letters == 0 || letters > kMaxName) continue;
    const char32_t next = i < s.size() ? utf8::decode(s, i, &k) : U'。';
    if (std::u32string_view(U"。！？!?”」").find(next) == std::u32string_view::npos) continue;
    // Pasted after a comma, which goes with it: …更多了，其他书友正在看:修长生。 (A story's
    // sentence that says the words opens with them: 好看的小说：就是这本。)
    if (at == 0) continue;
    const std::size_t start = utf8::previous_start(s, at);
    const char32_t comma = utf8::decode(s, start, &k);
    if (comma != U'，' && comma != U',') continue;
    s.erase(start, i - start);
    c = start;
  }
  return s;
}

namespace {

constexpr std::size_t kMaxAccountRequest = 100;  // code points, from the sentence's start

// Whether `s` holds one of `words`.
bool holds_any(std::string_view s, std::initializer_list<std::string_view> words) {
  return std::any_of(words.begin(), words.end(),
                     [&](std::string_view w) { return s.find(w) != std::string_view::npos; });
}

// Where the sentence holding byte `at` starts: after the last mark that ends one (and a closing
// quote after it) before `at`; 0 when none does.
std::size_t sentence_start_before(std::string_view s, std::size_t at) {
  std::size_t start = 0;
  for (std::size_t i = 0, n = 0; i < at; i += n) {
    const char32_t cp = utf8::decode(s, i, &n);
    if (std::u32string_view(U"。！？!?…").find(cp) != std::u32string_view::npos)
      start = i + n;
    else if ((cp == U'”' || cp == U'」') && start == i)
      start = i + n;
  }
  return start;
}

// Whether the line opens with a postscript's label: PS：, ps:, Ｐｓ，.
bool opens_with_postscript(std::string_view s) {
  std::size_t i = 0, n = 0;
  char32_t p = narrow_full_width(utf8::decode(s, i, &n));
  if ((p | 0x20) != U'p') return false;
  i += n;
  char32_t q = narrow_full_width(utf8::decode(s, i, &n));
  if ((q | 0x20) != U's') return false;
  i += n;
  char32_t mark = i < s.size() ? narrow_full_width(utf8::decode(s, i, &n)) : 0;
  return mark == U':' || mark == U',' || mark == U'，' || mark == U' ';
}

}  // namespace

std::size_t SiteAdsRule::account_request_start(std::string_view s) const {
  if (accounts_.empty()) return std::string_view::npos;
  auto first = accounts_.find(s);
  if (!first) return std::string_view::npos;
  std::size_t start = sentence_start_before(s, first->position);
  std::string_view part = s.substr(start);
  if (utf8::length(part) > kMaxAccountRequest) return std::string_view::npos;
  // Never dialogue: a quotation mark only around the account's name, right after its word
  // (请在微信搜索公众号“伪戒”关注).
  std::vector<std::size_t> name_at;
  for (auto m = accounts_.find(part); m; m = accounts_.find(part, m->position + m->length))
    name_at.push_back(m->position + m->length);
  for (std::size_t i = 0, n = 0; i < part.size(); i += n) {
    const char32_t cp = utf8::decode(part, i, &n);
    if (std::u32string_view(U"“”「」『』\"＂").find(cp) == std::u32string_view::npos) continue;
    const bool named = std::find(name_at.begin(), name_at.end(), i) != name_at.end();
    if (!named || (cp != U'“' && cp != U'「' && cp != U'"')) return std::string_view::npos;
    std::size_t close = part.find(cp == U'「' ? "」" : cp == U'“' ? "”" : "\"", i + n);
    if (close == std::string_view::npos) return std::string_view::npos;
    i = close;
    utf8::decode(part, i, &n);
  }
  // A label (公众号：古诗词赏析诵读), or a request to follow, search or add it (关注公众号) that
  // speaks of the book's updates, its readers or its author, or names the account in letters
  // (dazhuzaiyuedu): "他关注了那个公众号。" is story.
  const std::string_view after = part.substr(first->position - start + first->length);
  const bool label = after.starts_with("：") || after.starts_with(":") || after.starts_with("（") ||
                     after.starts_with("(");
  const bool asks = holds_any(
      part, {"关注", "關注", "搜索", "添加", "长按", "長按", "复制", "複製", "加入", "加群"});
  // A group to join (粉丝群) is asked of the readers by greeting them, or labelled (书友群：…):
  // "他加入了书友群" is story.
  const bool group = part.substr(first->position - start, first->length).ends_with("群");
  if (group && !label && !holds_any(part, {"欢迎", "歡迎", "大家", "各位"}))
    return std::string_view::npos;
  bool letters = false;
  for (std::size_t i = 0, run = 0; i < part.size() && !letters; ++i) {
    run = std::isalnum(static_cast<unsigned char>(part[i])) ? run + 1 : 0;
    letters = run >= 5;
  }
  const bool promotes =
      letters || holds_any(part, {"书友", "書友", "读者", "讀者", "更新", "提前", "福利", "番外",
                                  "免费", "免費", "新书", "新書", "作者"});
  if (!label && !(asks && promotes)) return std::string_view::npos;
  // A postscript that asks it is the request as a whole (PS:…推荐一款小说App…请您关注…).
  return opens_with_postscript(s) ? 0 : start;
}

std::string SiteAdsRule::strip(std::string_view line) const {
  std::string s = without_spelled_names(std::string(trim_spaces(line)));
  if (!inline_labels_.empty()) s = without_inline_ads(std::move(s));
  if (user_) {
    for (const UserPattern& re : *user_) {
      if (re.full_match(s)) return "";
      if (std::size_t cut = re.tail_start(s); cut != std::string::npos) s.resize(cut);
    }
  }
  for (const Glob& glob : line_globs_)
    if (glob_match(glob, s)) return "";
  if (is_block_header(s) || is_navigation(s) || is_saved_stamp(s) || is_field_stamp(s)) return "";
  if (std::size_t at = account_request_start(s); at != std::string::npos) {
    s.resize(skip_spaces_back(s, at));
    if (s.empty()) return "";
  }

  // Cut from the right until nothing more is boilerplate.
  for (bool changed = true; changed && !s.empty();) {
    changed = false;
    if (auto m = rest_.find(s)) {
      std::size_t cut = skip_spaces_back(s, m->position);
      cut = site_name_start(s, cut);  // the site's name glued before it (笔趣阁手机版阅读网址：)
      std::size_t start = 0;
      char32_t open = 0;
      if (cut > 0 && opens_bracket(last_code_point(s, cut, &start))) {
        open = last_code_point(s, cut, &start);
        cut = start;
      }
      // The story after the notice, when the site put it inside a paragraph, stays.
      std::size_t end = edit_stamp_end(s, m->position + m->length);
      if (end == std::string::npos) end = notice_end(s, m->position + m->length, open);
      s = s.substr(0, cut) + (end < s.size() ? s.substr(end) : std::string());
      changed = true;
    }
    std::size_t end = skip_separators_back(s, s.size());
    if (end == 0) break;
    std::size_t last_start = 0;
    char32_t last = last_code_point(s, end, &last_start);
    // A bracketed tail: （未完待續）, 【求月票、求推薦】, (www.example.com). (A closing mark
    // whose opening one the line lacks, as in 展开全部>>, ends no bracket.)
    std::string open_text;
    if (char32_t open = opening_bracket(last)) utf8::append(&open_text, open);
    std::size_t o = open_text.empty() ? std::string::npos : s.rfind(open_text, last_start);
    if (o != std::string::npos) {
      std::string_view inside(s.data() + o + open_text.size(), last_start - o - open_text.size());
      if (is_all_tails(inside) || (urls_ && looks_like_url(trim_spaces(inside), false))) {
        s.resize(o);
        changed = true;
      }
    } else if (std::size_t start = tail_start(s); start != std::string::npos) {
      // Only alone or after punctuation: "向他們求票" is story. After a comma (今天是我农历的
      // 生日，求推荐票！) the tail ends its writer's sentence, which a cut would leave hanging on
      // the comma: the line stays whole (an author's note, for author_note to judge), unless
      // what comes before is tails too (求收藏，求推荐！).
      std::size_t before = 0;
      const char32_t previous = start == 0 ? 0 : last_code_point(s, start, &before);
      const std::size_t mark_end = skip_spaces_back(s, start);
      const char32_t mark = mark_end == 0 ? 0 : last_code_point(s, mark_end, &before);
      const bool ends_a_clause =
          std::u32string_view(U"，,、；;：:").find(mark) != std::u32string_view::npos &&
          !is_all_tails(std::string_view(s).substr(0, start));
      if ((start == 0 || !is_word_character(previous)) && !ends_a_clause) {
        s.resize(start);
        // An opening bracket the tail left unclosed goes with it: "…自语。（未完待续".
        std::size_t open_start = 0;
        std::size_t end = skip_spaces_back(s, s.size());
        if (end > 0 && opens_bracket(last_code_point(s, end, &open_start))) s.resize(open_start);
        changed = true;
      }
    }
    if (!changed && urls_) {
      std::string_view core = unbracket(s);
      if (looks_like_url(core, true)) {
        s.clear();
        changed = true;
      } else {
        // An ad URL ending a story line: "他走了。www.example.com"
        std::size_t e = s.size(), start = 0;
        while (e > 0) {
          char32_t cp = narrow_full_width(last_code_point(s, e, &start));
          if (cp >= 0x80 || is_space(cp)) break;
          e = start;
        }
        if (e > 0 && e < s.size() && looks_like_url(std::string_view(s).substr(e), false)) {
          s.resize(e);
          changed = true;
        }
      }
    }
    s.resize(skip_spaces_back(s, s.size()));
  }
  // What a cut leaves without words ("。", "（") is the rest of the boilerplate; a line that
  // had no words to begin with ("……", "***") is not this rule's business.
  if (s.size() != trim_spaces(line).size() && !has_word_character(s)) return "";
  return std::string(trim_spaces(s));  // (a notice cut from its start leaves the space after it)
}

bool SiteAdsRule::is_promotion(const Paragraph& p) const {
  if (p.scene_break) return false;
  std::string_view head = trim_spaces(p.text);
  return std::any_of(promo_globs_.begin(), promo_globs_.end(),
                     [&](const Glob& g) { return glob_match(g, head); });
}

namespace {

constexpr std::size_t kMaxBlurb = 5, kMaxBlurbLine = 100;

bool blurb_line(const Paragraph& p) {
  return !p.scene_break && utf8::length(p.text) <= kMaxBlurbLine;
}

// Where the blurb after a promotion's header at paragraphs[at] ends, when a wider gap sets it
// off from what follows: the header and up to kMaxBlurb short lines, each as many source lines
// after the one before as the first blurb line after the header, then more blank lines before
// the next paragraph (a crawl that put another book's promotion above a chapter's story). 0 when
// no such gap ends it, or nothing follows it.
std::size_t blurb_end_at_gap(const std::vector<Paragraph>& paragraphs, std::size_t at) {
  if (at + 2 >= paragraphs.size() || paragraphs[at].line <= 0) return 0;
  const int spacing = paragraphs[at + 1].line - paragraphs[at].line;
  if (spacing <= 0) return 0;
  for (std::size_t j = at + 1; j < paragraphs.size() && j <= at + kMaxBlurb + 1; ++j) {
    const int gap = paragraphs[j].line - paragraphs[j - 1].line;
    if (j > at + 1 && gap > spacing) return j;
    if (gap != spacing || !blurb_line(paragraphs[j])) return 0;
  }
  return 0;
}

}  // namespace

void SiteAdsRule::apply(std::vector<Paragraph>& paragraphs, const CleanContext&,
                        RepairLog& log) const {
  bool in_promotion = false;
  bool dropped = false;
  auto drop = [&](std::size_t from, std::size_t to) {
    for (std::size_t k = from; k < to; ++k) {
      log.record(paragraphs[k].line, paragraphs[k].text, "");
      paragraphs[k].text.clear();
    }
    paragraphs.erase(paragraphs.begin() + static_cast<std::ptrdiff_t>(from),
                     paragraphs.begin() + static_cast<std::ptrdiff_t>(to));
  };
  // Another book recommended at the chapter's end: its header line and the short lines of its
  // blurb after it, when nothing else follows.
  for (std::size_t i = paragraphs.size() > kMaxBlurb + 1 ? paragraphs.size() - kMaxBlurb - 1 : 0;
       i < paragraphs.size(); ++i) {
    if (!is_promotion(paragraphs[i])) continue;
    if (!std::all_of(paragraphs.begin() + i + 1, paragraphs.end(), blurb_line)) continue;
    drop(i, paragraphs.size());
    break;
  }
  // The same at the chapter's start, as far as the wider gap between its blurb and the story.
  // Without that gap nothing tells the blurb from the story's first short lines: the header
  // alone is then left to the author's notes (order/author_notes.h).
  for (std::size_t i = 0; i < std::min<std::size_t>(2, paragraphs.size()); ++i) {
    if (!is_promotion(paragraphs[i])) continue;
    if (std::size_t end = blurb_end_at_gap(paragraphs, i)) drop(i, end);
    break;
  }
  for (Paragraph& p : paragraphs) {
    if (p.scene_break) {
      in_promotion = false;
      continue;
    }
    std::string after;
    if (in_promotion && is_title_list(p.text)) {
      after.clear();
    } else {
      in_promotion = is_block_header(p.text);
      after = in_promotion ? std::string() : strip(p.text);
      if (after == trim_spaces(p.text)) continue;
    }
    log.record(p.line, p.text, after);
    p.text = std::move(after);
    dropped |= p.text.empty();
  }
  if (dropped) drop_emptied(paragraphs);
}

}  // namespace novelbind
