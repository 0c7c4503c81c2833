#include "clean/residue_line.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <optional>

#include "base/brackets.h"
#include "base/byte_scan.h"
#include "base/cjk_text.h"
#include "base/site_text.h"

namespace novelbind::residue {

namespace {

bool sentence_end(char32_t c) {
  return std::u32string_view(U"。！？!?…").find(c) != std::u32string_view::npos;
}
bool closing_quote(char32_t c) {
  return std::u32string_view(U"”’」』）)】]〕").find(c) != std::u32string_view::npos;
}

// Where the first sentence of `t` ends (after its mark and closing quotes), when it does within
// kShort code points and something follows; 0 otherwise.
std::size_t first_sentence_end(std::string_view t) {
  std::size_t i = 0, chars = 0;
  while (i < t.size() && chars <= kShort) {
    char32_t c = utf8::next(t, &i);
    ++chars;
    if (!sentence_end(c)) continue;
    while (i < t.size()) {  // a run of marks (！！) and the quotes that close it
      std::size_t k = i;
      char32_t d = utf8::next(t, &k);
      if (!sentence_end(d) && !closing_quote(d)) break;
      i = k;
    }
    return i < t.size() ? i : 0;
  }
  return 0;
}

// Where the last sentence of `t` starts (after the end of the sentence before it), when it is
// at most kShort code points; 0 when there is none before it or it is longer.
std::size_t last_sentence_start(std::string_view t) {
  std::size_t i = t.size(), chars = 0;
  // The last sentence's own mark and closing quotes.
  while (i > 0) {
    std::size_t k = i;
    char32_t c = utf8::previous(t, &k);
    if (!sentence_end(c) && !closing_quote(c)) break;
    i = k;
  }
  while (i > 0 && chars <= kShort) {
    std::size_t k = i;
    char32_t c = utf8::previous(t, &k);
    if (sentence_end(c) || (closing_quote(c) && k > 0 && [&] {
          std::size_t j = k;
          return sentence_end(utf8::previous(t, &j));
        }()))
      return i;
    i = k;
    ++chars;
  }
  return 0;
}

// Where the text after the last colon of `t` starts, when at most kShort code points follow it
// (the story's words that introduce what follows, 她低声道：, before a notice glued to them); 0
// when there is none.
std::size_t last_colon_end(std::string_view t) {
  std::size_t i = t.size(), chars = 0;
  while (i > 0 && chars <= kShort) {
    std::size_t k = i;
    char32_t c = utf8::previous(t, &k);
    if (c == U'：' || c == ':') return i < t.size() && k > 0 ? i : 0;
    i = k;
    ++chars;
  }
  return 0;
}

// Whether `sentence` is a site's notice: no quotation, site vocabulary weighing 3, or 1 with a
// URL outside brackets.
bool is_glued_notice(std::string_view sentence) {
  if (utf8::length(sentence) > kShort || has_quotation(sentence)) return false;
  int weight = SiteWords::builtin().weight(residue_fold(sentence));
  if (weight >= 3) return true;
  return weight >= 1 && has_latin_letter(sentence) && !find_urls(sentence).empty();
}

// Whether `clause` of a notice is site talk from its start: site words, and before the account
// or address it names (Latin letters or digits), a lead of a word or two at most (关注, 福利,
// 快来看, 美女小说); without one, a short clause (微信搜索公众号). (…且看下回分解關注”x”… or
// （未完待关注”x”… holds story before the site's words.)
bool is_site_clause(std::string_view clause, const SiteWords& words) {
  constexpr std::size_t kMaxLead = 4, kMaxPlain = 8;
  if (words.weight(residue_fold(clause)) < 1 && !has_latin_letter(clause)) return false;
  std::size_t lead = 0;  // characters before the account or address, spaces and quotes aside
  for (std::size_t i = 0; i < clause.size();) {
    char32_t c = utf8::next(clause, &i);
    if (c < 0x80 ? std::isalnum(static_cast<int>(c)) != 0 : (c >= U'０' && c <= U'ｚ'))
      return lead <= kMaxLead;
    if (!utf8::is_space(c) &&
        std::u32string_view(U"“”\"'‘’「」").find(c) == std::u32string_view::npos)
      ++lead;
  }
  return lead <= kMaxPlain;  // (none named: the whole clause)
}

// Whether `sentence`, the last of a line, is a notice the book glues to its paragraphs: its key
// is learned, or it is a notice by its own words whose every clause is site talk and whose
// closing clause the book repeats (看更多好看的小说！ after 关注”x”微信公众号，, 添加”y”微信号，,
// 福利”z”…: a site that words its notice anew each time keeps the clause). A sentence with a
// clause of story (…且看下回分解关注”x”微信公众号，…) is none: the story is not cut with it. Both
// keys are asked, so that a tally counts both.
bool is_known_notice(std::string_view sentence,
                     const std::function<bool(const std::string&)>& known) {
  if (!is_glued_notice(sentence)) return false;
  bool whole = known(kGluedMark + residue_fold(sentence));
  std::vector<std::size_t> clauses{0};  // where each clause starts
  for (std::size_t i = 0; i < sentence.size();) {
    char32_t c = utf8::next(sentence, &i);
    if (std::u32string_view(U"，,；;：:").find(c) != std::u32string_view::npos)
      clauses.push_back(i);
  }
  if (clauses.size() < 2) return whole;
  const SiteWords& words = SiteWords::builtin();
  std::string closing = residue_fold(sentence.substr(clauses.back()));
  if (utf8::length(closing) < 4 || words.weight(closing) < 2 ||
      !known(std::string{kGluedMark, kClauseMark} + closing))
    return whole;
  for (std::size_t k = 0; k + 1 < clauses.size(); ++k) {
    std::string_view clause = sentence.substr(clauses[k], clauses[k + 1] - clauses[k]);
    if (!is_site_clause(clause, words)) return whole;
  }
  return true;
}

// Whether `rest` reads as story beside a cut notice: letters, and site vocabulary of 1 at most
// outside the bracketed ads it may also hold (…其神色有了变化。[最新章节免费阅读百度一下爪屋书机]).
bool reads_as_story(std::string_view rest) {
  bool cut = false;
  std::string bare = cut_fragments(rest, traits_of(rest), &cut);
  return has_word_character(bare) && SiteWords::builtin().weight(residue_fold(bare)) <= 1;
}

}  // namespace

bool may_hold_notice_piece(std::string_view line) {
  // One pass over the bytes, without decoding: a Latin letter (A-Z a-z; full-width ones EF BC
  // A1-BA, EF BD 81-9A) or an opening bracket of kSiteBrackets (( [ {; 【〔〖 E3 80 90/94/96;
  // （［ EF BC 88/BB). Most bytes of Chinese text are neither E3 nor EF nor ASCII.
  static_assert(kSiteBrackets == 8);
  const std::size_t n = line.size();
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(line[i]);
    if (c < 0x80) {
      if (static_cast<unsigned>((c | 0x20) - 'a') < 26u || c == '(' || c == '[' || c == '{')
        return true;
      continue;
    }
    if ((c != 0xE3 && c != 0xEF) || i + 2 >= n) continue;
    const auto b = static_cast<unsigned char>(line[i + 1]);
    const auto d = static_cast<unsigned char>(line[i + 2]);
    if (c == 0xE3) {
      if (b == 0x80 && (d == 0x90 || d == 0x94 || d == 0x96)) return true;
    } else if ((b == 0xBC && (d == 0x88 || d == 0xBB || (d >= 0xA1 && d <= 0xBA))) ||
               (b == 0xBD && d >= 0x81 && d <= 0x9A)) {
      return true;
    }
  }
  return false;
}

std::vector<NoticePiece> notice_pieces(std::string_view line) {
  constexpr std::size_t kMaxBracketPiece = 40;  // code points, brackets included
  std::vector<std::string_view> pieces;
  std::size_t start = 0;
  for (std::size_t i = 0; i < line.size();) {
    std::size_t at = i;
    char32_t c = utf8::next(line, &i);
    if (char32_t close = closing_bracket(c, kSiteBrackets); close != 0) {
      // A bracket and what it holds (brackets of its kind inside it too) are one piece.
      std::size_t k = i;
      for (int depth = 1; k < line.size() && depth > 0;) {
        char32_t d = utf8::next(line, &k);
        depth += d == c ? 1 : d == close ? -1 : 0;
        // (A long one is story's, an aside with sentences of its own: read on inside it.)
        if (depth == 0 && utf8::length(line.substr(at, k - at)) <= kMaxBracketPiece) {
          if (at > start) pieces.push_back(line.substr(start, at - start));
          pieces.push_back(line.substr(at, k - at));
          start = i = k;
        }
      }
      continue;
    }
    if (std::u32string_view(U"。！？!").find(c) == std::u32string_view::npos) continue;
    while (i < line.size()) {
      std::size_t k = i;
      if (std::u32string_view(U"”’」』").find(utf8::next(line, &k)) == std::u32string_view::npos)
        break;
      i = k;
    }
    pieces.push_back(line.substr(start, i - start));
    start = i;
  }
  if (start < line.size()) pieces.push_back(line.substr(start));
  std::vector<NoticePiece> out;
  const SiteWords& words = SiteWords::builtin();
  // (A URL inside a quotation is something a character says or types: story.)
  const std::vector<bool> quoted =
      has_latin_letter(line) ? quoted_bytes(line) : std::vector<bool>();
  for (std::string_view piece : pieces) {
    bool url = false;
    if (has_latin_letter(piece)) {
      std::vector<UrlSpan> urls = find_urls(piece);
      // A URL put between two sentences, the next one glued to it (…坐谈。www.x.com见着这块…):
      // a piece of its own, the sentence after it another. Inside a quotation too: no one says
      // an address glued to their next sentence, and the cut asks that the book repeat it.
      if (!urls.empty() && trim_spaces(piece.substr(0, urls[0].start)).empty() &&
          has_word_character(piece.substr(urls[0].end))) {
        // (Its key is apart from a notice's that holds a URL: that one may end with the
        // story's stop, and a cut of it takes the stop too.)
        std::string_view address = piece.substr(0, urls[0].end);
        out.push_back(
            {address, true, std::string(1, kGluedMark) + kAddressMark + residue_fold(address)});
        piece.remove_prefix(urls[0].end);
        urls = find_urls(piece);
      }
      const std::size_t offset = static_cast<std::size_t>(piece.data() - line.data());
      for (const UrlSpan& u : urls) url |= !quoted[offset + u.start];
    }
    std::string key = residue_fold(piece);
    bool notice = url || words.weight(key) >= 2;
    if (!notice) {
      out.push_back({piece, false, {}});
      continue;
    }
    // Closing quotation marks after a notice close the dialogue it was put into (…可泄漏。
    // 一秒记住…阅读！”在这当口): they are the story's.
    std::size_t end = piece.size();
    while (end > 0) {
      std::size_t before = end;
      if (std::u32string_view(U"”’」』").find(utf8::previous(piece, &before)) ==
          std::u32string_view::npos)
        break;
      end = before;
    }
    out.push_back({piece.substr(0, end), true, kGluedMark + key});
    if (end < piece.size()) out.push_back({piece.substr(end), false, {}});
  }
  return out;
}

namespace {

bool ends_with_sentence_mark(std::string_view text) {
  std::size_t end = trim_spaces(text).size();
  return end > 0 && sentence_end(utf8::previous(text, &end));
}

// A bracket holding site words, alone: 【书友大本营】.
bool is_site_bracket(std::string_view text) {
  std::string_view t = trim_spaces(text);
  if (t.empty()) return false;
  std::size_t i = 0, end = t.size();
  const char32_t close = closing_bracket(utf8::next(t, &i), kSiteBrackets);
  return close && utf8::previous(t, &end) == close &&
         SiteWords::builtin().weight(residue_fold(t)) >= 1;
}

// The last few words of a sentence and its mark, no quotation: 领取！.
bool is_sentence_tail(std::string_view text) {
  constexpr std::size_t kMaxTail = 4;
  if (!ends_with_sentence_mark(text) || has_quotation(text)) return false;
  const std::size_t characters = word_characters(text);
  return characters > 0 && characters <= kMaxTail;
}

}  // namespace

std::optional<std::string> cut_notice_pieces(std::string_view line,
                                             const std::function<bool(const std::string&)>& known) {
  if (!may_hold_notice_piece(line)) return std::nullopt;
  std::vector<NoticePiece> pieces = notice_pieces(line);
  // Notices' pieces after the story's last (a site's own ad at the line's end, after the
  // notice it put in: …离去。一秒记住…阅读！[*爪*机*书屋*] WWW.ZHUAJI.ORG) go with a known one.
  std::size_t story_end = pieces.size();
  while (story_end > 0 && pieces[story_end - 1].notice) --story_end;
  std::vector<bool> gone(pieces.size()), tail(pieces.size());
  for (std::size_t k = 0; k < pieces.size(); ++k)
    gone[k] = pieces[k].notice && known(pieces[k].key);
  // The end of a notice's sentence that the site's own bracket split from it (…微信关注公.众.号
  // 【书友大本营】领取！): a few characters that close the sentence the notice left open go with
  // it, and the brackets of site words between.
  for (std::size_t k = 0; k + 1 < pieces.size(); ++k) {
    if (!gone[k] || ends_with_sentence_mark(pieces[k].text)) continue;
    std::size_t j = k + 1;
    while (j < pieces.size() && is_site_bracket(pieces[j].text)) ++j;
    // (Only across such a bracket: a short sentence right after a notice is the story's,
    // 那很痛耶！)
    if (j == k + 1 || j == pieces.size() || pieces[j].notice || !is_sentence_tail(pieces[j].text))
      continue;
    for (std::size_t m = k + 1; m <= j; ++m) gone[m] = tail[m] = true;
  }
  std::string story;
  bool cut = false;
  std::size_t characters = 0;  // (the tails counted as story: they make no line too short)
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    if (tail[k]) characters += word_characters(pieces[k].text);
    if (gone[k]) {
      cut = true;
      continue;
    }
    if (k < story_end) story += pieces[k].text;
  }
  if (!cut) return std::nullopt;
  std::string_view kept = trim_spaces(story);
  characters += word_characters(kept);
  if (characters < kMinStory) return std::nullopt;
  return std::string(kept);
}

std::string_view without_notices(std::string_view line) {
  return edge_notices(line).story;
}

void for_each_story_part(std::string_view line, const std::function<void(std::string_view)>& part) {
  for_each_story_piece(without_notices(line), part);
}

void for_each_story_piece(std::string_view story,
                          const std::function<void(std::string_view)>& part) {
  if (!may_hold_notice_piece(story)) {
    part(story);
    return;
  }
  for (const NoticePiece& piece : notice_pieces(story))
    if (!piece.notice) part(piece.text);
}

EdgeNotices edge_notices(std::string_view line) {
  EdgeNotices out;
  std::string_view t = trim_spaces(line);
  bool cut = false;
  out.story = cut_glued_notices(
      t,
      [&](const std::string& key) {
        out.asked.push_back(key);
        return true;
      },
      &cut);
  if (is_glued_notice(t)) out.story = {};
  return out;
}

std::string_view cut_glued_notices(std::string_view line,
                                   const std::function<bool(const std::string&)>& known,
                                   bool* cut) {
  std::string_view t = trim_spaces(line);
  auto is_known = [&](std::string_view sentence) {
    return is_glued_notice(sentence) && known(kGluedMark + residue_fold(sentence));
  };
  for (int n = 0; n < 2; ++n) {
    std::size_t end = first_sentence_end(t);
    if (end == 0) break;
    std::string_view rest = trim_spaces(t.substr(end));
    if (!is_known(t.substr(0, end)) || !reads_as_story(rest)) break;
    t = rest;
    *cut = true;
  }
  for (int n = 0; n < 2; ++n) {
    std::size_t start = last_sentence_start(t);
    if (start == 0) start = last_colon_end(t);  // 她低声道：一秒记住…阅读！
    if (start == 0) break;
    std::string_view rest = trim_spaces(t.substr(0, start));
    if (!is_known_notice(t.substr(start), known) || !reads_as_story(rest)) break;
    t = rest;
    *cut = true;
  }
  return t;
}
bool has_ascii_letter(std::string_view s) {
  return std::any_of(s.begin(), s.end(),
                     [](char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; });
}

bool has_non_ascii(std::string_view s) {
  return std::any_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

bool introduces_what_follows(std::string_view line) {
  std::size_t end = line.size();
  while (end > 0) {
    std::size_t k = end;
    char32_t c = utf8::previous(line, &k);
    if (c == U'：' || c == U':') {
      // (An address's label whose address the crawl lost, …阅读网址：, introduces the site.)
      std::string_view before = line.substr(0, k);
      for (std::string_view label :
           {"网址", "網址", "地址", "域名", "网站", "網站", "阅读", "閱讀"})
        if (before.ends_with(label)) return false;
      return k > 0;
    }
    if (std::u32string_view(U"】」』）)]〕 　").find(c) == std::u32string_view::npos) return false;
    end = k;
  }
  return false;
}

// Whether a line (not dialogue) of `length` code points, folded to `key` with site words of
// `weight`, could be residue at all: the question the learned evidence answers.
bool is_candidate(std::size_t length, std::string_view key, int weight) {
  if (key.size() < 2 || length > kShort) return false;
  if (weight >= 1 || (has_ascii_letter(key) && has_non_ascii(key))) return true;
  // A Latin line with a number in a Chinese book: a stamp (Last Updated: …, 1996).
  if (has_ascii_letter(key) && key.find('0') != std::string_view::npos) return true;
  // A page number (第00页, - 00 -, P00, （0 / 0）), by its shape (page_number_key). Not a
  // year or a date: 2009年 may head a section.
  return key.size() >= 2 && key[0] == kPageMark;
}

std::string page_number_key(std::string_view line, std::string_view folded) {
  std::string label;
  for (char c : folded)
    if (c != '0') label += c;
  const bool ordinal = label == "第页" || label == "第頁";
  bool label_is_page =
      label.empty() || ordinal || label == "页" || label == "頁" || label == "p" || label == "page";
  // (One digit is enough after 第, which says it is a page's number: 第2页 of a mobile crawl.)
  if (folded.size() - label.size() < (ordinal ? 1u : 2u) || !label_is_page) return "";
  // A sentence's punctuation makes it story: 7：48。, 597！, 2、17、26……
  std::string shape(1, kPageMark);
  for (std::size_t i = 0; i < line.size();) {
    std::size_t start = i;
    char32_t c = utf8::next(line, &i);
    if (std::u32string_view(U"。！？!?：:、，,；;…").find(c) != std::u32string_view::npos)
      return "";
    if (utf8::is_space(c)) continue;
    if (c >= U'０' && c <= U'９') c = U'0' + (c - U'０');
    if (c >= '0' && c <= '9')
      shape += '0';
    else
      shape.append(line.substr(start, i - start));
  }
  return shape;
}

bool is_page_of_pages(std::string_view key) {
  return !key.empty() && key[0] == kPageMark && key.find("0/0") != std::string_view::npos &&
         (key.find("页") != std::string_view::npos || key.find("頁") != std::string_view::npos);
}

std::string candidate_key(std::string_view line, std::string folded) {
  std::string page = page_number_key(line, folded);
  return page.empty() ? folded : page;
}

// A bracketed span outside quotation marks: [open, end) in bytes; `closed` false for an
// opening bracket never closed on the line (then `end` is the line's end).
struct Group {
  std::size_t open = 0, end = 0;
  bool closed = true;
};

// Whether `s` holds an opening bracket at all (one pass over the bytes: most lines do not).
// What a line holds that residue needs, in one pass over its bytes (most lines hold neither):
// a Latin letter (ASCII or full-width), an opening bracket.

Traits traits_of(std::string_view s) {
  // What each byte may start: 1 a Latin letter, 2 a bracket, 3 a three-byte sequence to look
  // at (EF: （ ［ Ａ ａ; E3: 【〔〖). Continuation bytes and other lead bytes are 0.
  static const std::array<unsigned char, 256> kKind = [] {
    std::array<unsigned char, 256> k{};
    for (int c = 'a'; c <= 'z'; ++c) k[c] = k[c - 32] = 1;
    k['['] = k['('] = k['{'] = 2;
    k[0xEF] = k[0xE3] = 3;
    return k;
  }();
  Traits t;
  // Eight bytes at a time while they are all non-ASCII and none is EF or E3: the bulk of a
  // Chinese line (ideographs are E4-E9 and continuation bytes) is skipped so.
  using namespace byte_scan;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i % 8 == 0) {
      while (i + 8 <= s.size()) {
        const std::uint64_t w = load8(s.data() + i);
        if (!all_high(w) || has_byte(w, 0xEF) || has_byte(w, 0xE3)) break;
        i += 8;
      }
      if (i >= s.size()) break;
    }
    auto c = static_cast<unsigned char>(s[i]);
    switch (kKind[c]) {
      case 0:
        continue;
      case 1:
        t.latin = true;
        break;
      case 2:
        t.brackets = true;
        break;
      default:
        if (i + 2 < s.size()) {
          auto b = static_cast<unsigned char>(s[i + 1]), d = static_cast<unsigned char>(s[i + 2]);
          t.brackets |=
              (c == 0xEF && b == 0xBC && (d == 0x88 || d == 0xBB)) ||             // （ ［
              (c == 0xE3 && b == 0x80 && (d == 0x90 || d == 0x94 || d == 0x96));  // 【〔〖
          t.latin |= c == 0xEF && ((b == 0xBC && d >= 0xA1 && d <= 0xBA) ||
                                   (b == 0xBD && d >= 0x81 && d <= 0x9A));  // Ａ-Ｚ ａ-ｚ
        }
        break;
    }
    if (t.latin && t.brackets) break;
  }
  return t;
}

std::vector<Group> bracket_groups(std::string_view s) {
  std::vector<Group> groups;
  std::vector<std::pair<std::size_t, char32_t>> stack;  // opening byte, expected closer
  std::vector<bool> quoted;                             // quoted_bytes(s), once needed
  for (std::size_t i = 0, n = 0; i < s.size(); i += n) {
    char32_t cp = utf8::decode(s, i, &n);
    if (char32_t close = closing_bracket(cp, kSiteBrackets)) {
      if (stack.empty() && quoted.empty()) quoted = quoted_bytes(s);
      if (stack.empty() && quoted[i]) continue;
      stack.emplace_back(i, close);
    } else if (!stack.empty() && cp == stack.back().second) {
      std::size_t open = stack.back().first;
      stack.pop_back();
      if (stack.empty()) groups.push_back({open, i + n, true});
    }
  }
  if (!stack.empty()) groups.push_back({stack.front().first, s.size(), false});
  return groups;
}

// Marks between single ideographs (爪*机丶书*屋, 最-快-更-新): a site name spelled to dodge
// filters.
int obfuscation_marks(std::string_view s) {
  int marks = 0;
  char32_t before = 0;
  std::size_t i = 0, n = 0;
  while (i < s.size()) {
    char32_t cp = utf8::decode(s, i, &n);
    i += n;
    if ((cp == '*' || cp == U'丶' || cp == '-' || cp == U'＊' || cp == U'×') &&
        is_ideograph(before) && i < s.size() && is_ideograph(utf8::decode(s, i, &n)))
      ++marks;
    before = cp;
  }
  return marks;
}

std::size_t skip_spaces_forward(std::string_view s, std::size_t i) {
  while (i < s.size()) {
    std::size_t n = 0;
    if (!is_space(utf8::decode(s, i, &n))) break;
    i += n;
  }
  return i;
}

// Only punctuation, brackets and spaces from `i` to the end of `s`.
bool only_marks_after(std::string_view s, std::size_t i) {
  return !has_word_character(s.substr(i));
}

namespace {

// Marks a site puts between the characters of its name.
bool is_interleaving_mark(char32_t cp) {
  return std::u32string_view(U"·•・‧~～*＊_＿/／|｜+＋=＝^＾#＃@＠&＆%％$＄-－.．`、").find(cp) !=
         std::u32string_view::npos;
}

// A symbol or emoji (arrows, dingbats, pictographs): decoration, never text.
bool is_symbol(char32_t cp) {
  return (cp >= 0x2190 && cp <= 0x21FF) || (cp >= 0x2300 && cp <= 0x23FF) ||
         (cp >= 0x2600 && cp <= 0x27BF) || (cp >= 0x2B00 && cp <= 0x2BFF) ||
         (cp >= 0x1F000 && cp <= 0x1FAFF);
}

}  // namespace

std::string disguise_key(std::string_view line, std::string_view folded) {
  std::size_t length = utf8::length(folded);
  if (length < 2 || length > 12) return "";
  std::u32string seen;
  for (std::size_t i = 0; i < folded.size();) {
    char32_t c = utf8::next(folded, &i);
    if (seen.find(c) != std::u32string::npos) return "";
    seen += c;
  }
  bool symbol = false;
  int interleaved = 0, characters = 0;
  char32_t before = 0;  // the last word character
  bool mark_since = false;
  for (std::size_t i = 0; i < line.size();) {
    char32_t c = utf8::next(line, &i);
    if (std::u32string_view(U"。！？!?，,：:；;“”「」『』\"…").find(c) != std::u32string_view::npos)
      return "";
    if (is_word_character(c)) {
      if (before && mark_since) ++interleaved;
      before = c;
      mark_since = false;
      ++characters;
    } else if (is_symbol(c)) {
      symbol = true;
    } else if (is_interleaving_mark(c) || utf8::is_space(c)) {
      mark_since = true;
    }
  }
  // (Marks or spaces between most of its characters: words set apart by spaces, 愚弟 孔明 拜上
  // or 天地玄黄　宇宙洪荒, are a story's.)
  if (!symbol && (interleaved < 2 || 2 * interleaved < characters - 1)) return "";
  return std::string(1, kDisguiseMark) + std::string(folded);
}

bool is_frame_line(std::string_view s) {
  s = trim_spaces(s);
  if (utf8::length(s) < 3) return false;
  std::size_t n = 0;
  char32_t first = utf8::decode(s, 0, &n);
  if (std::u32string_view(U"=＝☆★━─-－#＃").find(first) == std::u32string_view::npos) return false;
  for (std::size_t i = 0; i < s.size(); i += n)
    if (utf8::decode(s, i, &n) != first) return false;
  return true;
}

// Short bracketed fragments anywhere in `s`, in quotes too (an ad pasted into dialogue:
// “凑合着吃吧。（八九好看的言情小说 ）”), that could be a site's watermark: no sentence inside,
// and site vocabulary, 小说, or Latin letters beside ideographs. Each as [open, end) and key.

std::vector<Fragment> watermark_fragments(std::string_view s, bool brackets) {
  std::vector<Fragment> out;
  if (!brackets) return out;
  for (std::size_t i = 0, n = 0; i < s.size(); i += n) {
    char32_t close = closing_bracket(utf8::decode(s, i, &n), kSiteBrackets);
    if (!close) continue;
    std::string close_text;
    utf8::append(&close_text, close);
    // A fragment holds at most 20 characters: its closer is looked for no further than where
    // the 21st starts, so that a line of openers costs linear time, not quadratic.
    std::size_t limit = i + n;
    for (std::size_t chars = 0; limit < s.size(); ++limit)
      if ((static_cast<unsigned char>(s[limit]) & 0xC0) != 0x80 && ++chars > 20) break;
    std::size_t c =
        s.substr(0, std::min(s.size(), limit + close_text.size())).find(close_text, i + n);
    if (c == std::string_view::npos) continue;
    std::string_view inside = s.substr(i + n, c - i - n);
    // Brackets holding only spaces: the shell of an ad the site took out ("。（ ）”"). Cut
    // only where the book repeats it (kRecurringFragment), like any other watermark.
    if (!inside.empty() && trim_spaces(inside).empty()) {
      out.push_back({i, c + close_text.size(), std::string(1, kFragmentMark) + "\x01empty"});
      n = c + close_text.size() - i;
      continue;
    }
    std::size_t length = utf8::length(inside);
    if (length < 2 || length > 20) continue;
    bool sentence = false;
    for (std::size_t j = 0, m = 0; j < inside.size(); j += m) {
      char32_t cp = utf8::decode(inside, j, &m);
      sentence |=
          opens_bracket(cp, kSiteBrackets) ||
          std::u32string_view(U"。，！？；：、“”「」").find(cp) != std::u32string_view::npos;
    }
    if (sentence) continue;
    std::string key = residue_fold(inside);
    bool likely = SiteWords::builtin().weight(key) >= 1 || key.find("小说") != std::string::npos ||
                  key.find("小說") != std::string::npos ||
                  (has_ascii_letter(key) && has_non_ascii(key));
    if (!likely || key.size() < 4) continue;
    out.push_back({i, c + close_text.size(), kFragmentMark + key});
    n = c + close_text.size() - i;
  }
  return out;
}

namespace {

// How many hyphens (- －) run up to `end`; *start receives where they start.
std::size_t hyphens_before(std::string_view line, std::size_t end, std::size_t* start) {
  std::size_t hyphens = 0;
  *start = end;
  while (*start > 0) {
    std::size_t k = *start;
    char32_t c = utf8::previous(line, &k);
    if (c != U'-' && c != U'－') break;
    *start = k;
    ++hyphens;
  }
  return hyphens;
}

// Where a typist's signature glued before a watermark at `end` starts (`--和平输入`, before
// 〖新语丝电子文库〗): hyphens (two or more), a name of at most six characters, a credit word
// (CreditWords) ending at `end`. The start of its hyphens, or `end` when there is none.
std::size_t typist_signature_start(std::string_view line, std::size_t end) {
  constexpr std::size_t kLongestName = 6;
  const CreditWords& credits = CreditWords::builtin();
  std::string_view before = line.substr(0, end);
  for (const auto* words : {&credits.strong, &credits.weak}) {
    for (const std::string& word : *words) {
      if (!before.ends_with(word)) continue;
      std::size_t i = end - word.size(), name = 0;
      while (i > 0 && name <= kLongestName) {
        std::size_t k = i;
        char32_t c = utf8::previous(line, &k);
        if (!is_word_character(c)) break;
        i = k;
        ++name;
      }
      std::size_t start = i;
      if (name >= 1 && name <= kLongestName && hyphens_before(line, i, &start) >= 2) return start;
    }
  }
  return end;
}

}  // namespace

// `line` without its ad fragments (bracketed site vocabulary, the URL after it, a URL in
// brackets or ending the line), trimmed; *cut tells whether anything was cut.
std::string cut_fragments(std::string_view line, Traits traits, bool* cut, bool* cut_url) {
  *cut = false;
  if (!traits.brackets && !traits.latin) return std::string(line);
  bool brackets = traits.brackets;
  const SiteWords& words = SiteWords::builtin();
  std::vector<UrlSpan> urls = find_urls(line);
  // Fragments, as byte ranges to cut.
  std::vector<std::pair<std::size_t, std::size_t>> cuts;
  if (!urls.empty()) {
    // A URL inside quotation marks is the story's (他说：“去www.x.com看看”), unless it stands alone
    // in brackets with its scheme
    // (“早饭得了，（ｈｔｔｐ：／／ｗｗｗ．ｋａｎｓｈｕ．ｃｏｍ）二爷在那里吃？”, the same address a
    // pirate site put into the narration): the site's, put into dialogue.
    std::vector<bool> quoted = quoted_bytes(line);
    std::erase_if(urls, [&](const UrlSpan& u) {
      if (!quoted[u.start]) return false;
      std::size_t open = u.start, close = u.end, n = 0;
      if (open == 0) return true;
      open = utf8::previous_start(line, open);
      const char32_t closer = closing_bracket(utf8::decode(line, open, &n), kSiteBrackets);
      if (!closer || close >= line.size() || utf8::decode(line, close, &n) != closer) return true;
      const std::string scheme = residue_fold(line.substr(u.start, u.end - u.start));
      if (scheme.starts_with("http")) cuts.emplace_back(open, close + n);
      return true;
    });
  }
  std::vector<Group> groups = brackets ? bracket_groups(line) : std::vector<Group>();
  // The URLs are in order and apart, so the first one at or after a position answers what is
  // asked of them below (asking each URL in turn was quadratic on a long line).
  auto first_url_from = [&](std::size_t pos) {
    return std::lower_bound(urls.begin(), urls.end(), pos,
                            [](const UrlSpan& u, std::size_t p) { return u.start < p; });
  };
  auto ad_group = [&](const Group& g) {
    std::string_view inside = line.substr(g.open, g.end - g.open);
    int weight = words.weight(residue_fold(inside));
    auto u = first_url_from(g.open);
    bool has_url = u != urls.end() && u->end <= g.end;
    if (!g.closed)
      return u != urls.end() && utf8::length(line.substr(g.open, u->start - g.open)) <= 12;
    return has_url || weight >= 2 || (weight >= 1 && obfuscation_marks(inside) >= 2);
  };
  for (const Group& g : groups) {
    if (!ad_group(g)) continue;
    std::size_t end = g.end;
    if (!g.closed) {
      // "(爪讥书屋 wWw.zhuaJi.org每一个…": the ad runs to the end of its URL.
      if (auto u = first_url_from(g.open); u != urls.end()) end = u->end;
    } else {
      // "[*爪丶机*书屋*] wwW.ZhuaJi.oRg": the URL after the bracket belongs to it.
      std::size_t next = skip_spaces_forward(line, end);
      if (auto u = first_url_from(next); u != urls.end() && u->start == next) end = u->end;
    }
    // A run of hyphens that leads into the watermark goes with it (`…辟邪剑法？”----〖新语丝电子
    // 文库(www.xys.org)〗`, a typist's), not an em dash of the story's (——); so does a typist's
    // signature between them (`一九七七·四--和平输入〖新语丝电子文库〗`).
    std::size_t start = typist_signature_start(line, g.open), hyphens_start = g.open;
    if (start == g.open && hyphens_before(line, g.open, &hyphens_start) >= 2) start = hyphens_start;
    cuts.emplace_back(start, end);
  }
  // A URL is covered by a cut that starts at or before it and ends at or after it: the
  // furthest end of the cuts starting at or before it tells (URLs come in order, and each cut
  // made for one starts where it does).
  std::vector<std::pair<std::size_t, std::size_t>> group_cuts = cuts;
  std::sort(group_cuts.begin(), group_cuts.end());
  std::size_t next_group_cut = 0, reach = 0;
  for (const UrlSpan& u : urls) {
    for (; next_group_cut < group_cuts.size() && group_cuts[next_group_cut].first <= u.start;
         ++next_group_cut)
      reach = std::max(reach, group_cuts[next_group_cut].second);
    if (reach >= u.end) continue;  // covered (a URL is never empty, so 0 covers none)
    // A URL ending the line (before nothing but marks) after a break: "…离去。 WWW丶ZHUAJI丶ORG".
    if (!only_marks_after(line, u.end)) continue;
    std::size_t before = u.start;
    if (before > 0) {
      std::size_t start = utf8::previous_start(line, before);
      std::size_t n = 0;
      char32_t cp = utf8::decode(line, start, &n);
      if (is_word_character(cp)) continue;  // inside a word: "在www.x.com" is story
    }
    std::size_t end = u.end;
    while (end < line.size()) {
      std::size_t n = 0;
      char32_t cp = utf8::decode(line, end, &n);
      if (!closes_bracket(cp, kSiteBrackets) && !is_space(cp)) break;
      end += n;
    }
    cuts.emplace_back(u.start, end);
    reach = std::max(reach, end);
  }
  std::string out;
  std::sort(cuts.begin(), cuts.end());
  std::size_t at = 0;
  for (auto [a, b] : cuts) {
    if (a > at) out.append(line.substr(at, a - at));
    at = std::max(at, b);
  }
  out.append(line.substr(at));
  *cut = !cuts.empty();
  if (cut_url) {
    // Whether a cut covers a URL, told as above by the furthest end of the cuts before it.
    std::size_t next_cut = 0, furthest = 0;
    for (const UrlSpan& u : urls) {
      for (; next_cut < cuts.size() && cuts[next_cut].first <= u.start; ++next_cut)
        furthest = std::max(furthest, cuts[next_cut].second);
      *cut_url |= furthest >= u.end;
    }
  }
  return std::string(trim_spaces(out));
}

bool site_name_beside_url(std::string_view s) {
  constexpr std::size_t kMaxName = 6;
  static constexpr std::array<std::string_view, 16> kEndings = {
      "小说", "小說", "书屋", "書屋", "文学", "文學", "中文", "书城",
      "書城", "书院", "書院", "网",   "網",   "阁",   "閣",   "txt"};
  for (std::size_t i = 0; i < s.size();) {
    const char32_t c = utf8::next(s, &i);
    if (std::u32string_view(U"。！？!?…，,、；;：:“”「」『』\"").find(c) !=
        std::u32string_view::npos)
      return false;
  }
  const std::string key = residue_fold(s);
  if (key.empty() || utf8::length(key) > kMaxName) return false;
  return std::any_of(kEndings.begin(), kEndings.end(),
                     [&](std::string_view e) { return std::string_view(key).ends_with(e); });
}

// Whether `s` ends (before spaces and slashes) with a colon: "详细信息请查阅：".
bool introduces_url(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '/')) s.remove_suffix(1);
  if (!s.ends_with(":") && !s.ends_with("：")) return false;
  // A label (本书更新地址：, 手机看：), not a story's words before a colon that a site put a URL
  // after (…有欲啖之意。其下书云：www.x.com; 她低声道：www.x.com; 只见一个小丫头进来：www.x.com):
  // a few words, no sentence's end or comma in them, and no speaking or reading word before the
  // colon, which introduces what is said or written.
  constexpr std::size_t kMaxLabel = 8;
  std::size_t length = 0;
  char32_t last = 0;
  for (std::size_t i = 0; i < s.size();) {
    char32_t c = utf8::next(s, &i);
    if (std::u32string_view(U"。！？!?…，,、；;“”「」\"").find(c) != std::u32string_view::npos)
      return false;
    if (c == U'：' || c == ':') break;
    if (++length > kMaxLabel) return false;
    last = c;
  }
  return std::u32string_view(U"道说說问問曰云叫喊笑骂罵答吼嚷叹歎念读讀写寫唱").find(last) ==
         std::u32string_view::npos;
}

namespace {

// A character as injected names are compared: full-width ASCII as ASCII, Latin lower-cased; 0
// for a question mark, which a disguised name may end with (99lｉｂ?) and is not compared.
char32_t injected_fold(char32_t c) {
  c = narrow_full_width(c);
  if (c == U'?') return 0;
  if (c >= U'A' && c <= U'Z') c += 32;
  return c;
}

}  // namespace

std::string injected_key(std::string_view name) {
  std::string key(1, kInjectedMark);
  for (std::size_t i = 0; i < name.size();) {
    const char32_t c = injected_fold(utf8::next(name, &i));
    if (c != 0 && !utf8::is_space(c)) utf8::append(&key, c);
  }
  return key;
}

std::string cut_injected_names(std::string_view line, const std::set<std::string>& keys,
                               bool* cut) {
  *cut = false;
  if (keys.empty()) return std::string(line);
  // The line's characters, folded, each with its bytes.
  std::vector<char32_t> folded;
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < line.size();) {
    starts.push_back(i);
    folded.push_back(injected_fold(utf8::next(line, &i)));
  }
  starts.push_back(line.size());
  std::vector<std::u32string> names;
  for (const std::string& key : keys) {
    std::u32string name;
    for (std::size_t i = 1; i < key.size();) name += utf8::next(key, &i);
    if (!name.empty()) names.push_back(std::move(name));
  }
  std::string out;
  std::size_t copied = 0;  // characters before this one are in `out` or cut
  for (std::size_t k = 1; k + 1 < folded.size(); ++k) {
    // (Characters on both sides: inside the words, not a line of its own or its edge.)
    if (folded[k - 1] == 0 || utf8::is_space(folded[k - 1])) continue;
    for (const std::u32string& name : names) {
      std::size_t end = k, m = 0;
      while (m < name.size() && end < folded.size()) {
        if (folded[end] == 0 && m > 0) {
          ++end;
          continue;
        }
        if (folded[end] != name[m]) break;
        ++end;
        ++m;
      }
      if (m < name.size()) continue;
      // Its question marks, and the dots a site sets around it (走.99ｌｉｂ.了).
      while (end < folded.size() && (folded[end] == 0 || folded[end] == U'.')) ++end;
      if (end >= folded.size() || utf8::is_space(folded[end])) continue;
      std::size_t start = k;
      while (start > copied + 1 && folded[start - 1] == U'.' && folded[start - 2] != U'.' &&
             !utf8::is_space(folded[start - 2]))
        --start;
      out.append(line.substr(starts[copied], starts[start] - starts[copied]));
      copied = end;
      k = end - 1;
      *cut = true;
      break;
    }
  }
  if (!*cut) return std::string(line);
  out.append(line.substr(starts[copied]));
  return out;
}

}  // namespace novelbind::residue
