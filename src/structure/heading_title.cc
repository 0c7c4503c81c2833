#include "structure/heading_title.h"

#include <map>

#include "base/chinese_number.h"
#include "base/site_text.h"
#include "base/utf8.h"
#include "structure/heading_shape.h"
#include "structure/heading_words.h"

namespace novelbind {
namespace {

// Brackets a site wraps its additions in, and their closers.
constexpr std::u32string_view kOpeners = U"(（【[〔";
constexpr std::u32string_view kClosers = U")）】]〕";

// "2121字", "7千字", "三千字": a word count.
bool is_word_count(std::string_view inner) {
  std::string_view t = utf8::trim(inner);
  if (t.size() < 4 || t.substr(t.size() - 3) != "字") return false;
  t = t.substr(0, t.size() - 3);
  size_t n = numeral_prefix_length(t);
  return n > 0 && n == t.size();
}

// What follows a note on the update that `folded` (residue_fold: digits fold to 0) opens with,
// "二更", "第三更", "3更", "加更", "爆更", "双更", "补更"; nullopt when it opens with none.
std::optional<std::string_view> after_update_note(std::string_view folded) {
  std::string_view t = folded;
  if (t.starts_with("第")) t.remove_prefix(3);
  size_t n = t.starts_with("0") ? t.find_first_not_of('0') : numeral_prefix_length(t);
  if (n == std::string_view::npos) return std::nullopt;
  if (n == 0) {
    for (std::string_view word : {"加", "爆", "双", "雙", "补", "補"})
      if (t.starts_with(word)) {
        n = word.size();
        break;
      }
  }
  if (n == 0 || t.substr(n, 3) != "更") return std::nullopt;
  return t.substr(n + 3);
}

// A note on the update alone, or with a plea after it ("二更，求月票"): an author's note, in
// the heading of a serial's chapter.
bool is_update_note(std::string_view folded) {
  std::optional<std::string_view> rest = after_update_note(folded);
  return rest &&
         (rest->empty() || SiteWords::builtin().weight(*rest) >= 1 || rest->starts_with("求"));
}

bool starts_with_any(std::string_view t, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words)
    if (t.starts_with(w)) return true;
  return false;
}

bool holds_any(std::string_view t, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words)
    if (t.find(w) != std::string_view::npos) return true;
  return false;
}

// What the author says to the readers in a heading's brackets (folded): a plea for votes or
// subscriptions (求订阅！, 求收藏求推荐, 求首订), thanks for their support (感谢盟主！,
// 感谢“江东鼠辈” 的打赏！), an update dedicated to one (为盟主“江东鼠辈”加更), a long chapter's
// size (五千字！, 4000字大章) or two chapters made one (二合一). Thanks count only with a supporter
// or a gift named (谢谢你 may be a title's own words).
bool is_authors_note(std::string_view folded) {
  if (folded.starts_with("求") &&
      starts_with_any(folded.substr(3),
                      {"订阅", "訂閱", "收藏", "推荐", "推薦", "月票", "票", "打赏", "打賞", "首订",
                       "首訂", "全订", "全訂", "保底", "点击", "點擊", "书评", "書評"}))
    return true;
  if (starts_with_any(folded, {"感谢", "感謝", "谢谢", "謝謝", "鸣谢", "鳴謝", "拜谢", "拜謝"}) &&
      holds_any(folded, {"盟主", "舵主", "书友", "書友", "打赏", "打賞", "月票", "订阅", "訂閱",
                         "万赏", "萬賞", "捧场", "捧場", "大佬", "推荐票", "推薦票"}))
    return true;
  if (holds_any(folded, {"加更", "二合一", "三合一", "合一章", "合一大章"})) return true;
  std::string_view t = folded;
  for (std::string_view tail : {"大章", "章节", "章節", "章"})
    if (t.ends_with(tail) && t.size() > tail.size()) {
      t.remove_suffix(tail.size());
      break;
    }
  return is_word_count(t);
}

// `t` without what a site stamps after a heading, set apart by a space: the update's time or the
// chapter's size and what follows them (更新时间：2015-03-02 12:00:00 字数：3021, 字数：3021), or
// an address that ends it (www.biquge.com); `t` when there is none.
std::string_view without_spaced_stamp(std::string_view t) {
  for (std::string_view label : {"更新时间", "更新時間", "本章字数", "本章字數", "字数", "字數"}) {
    for (size_t at = t.find(label); at != std::string_view::npos; at = t.find(label, at + 1)) {
      size_t before = at;
      if (at == 0 || !utf8::is_space(utf8::previous(t, &before))) continue;
      // (Its value follows: a colon, a digit or a space; not a title's 字数不多.)
      size_t k = at + label.size();
      const char32_t next = k < t.size() ? utf8::next(t, &k) : 0;
      if (next == U'：' || next == U':' || (next >= U'0' && next <= U'9') || utf8::is_space(next))
        return utf8::trim(t.substr(0, before));
    }
  }
  if (has_latin_letter(t)) {
    std::vector<UrlSpan> urls = find_urls(t);
    if (!urls.empty() && utf8::trim(t.substr(urls.back().end)).empty()) {
      size_t before = urls.back().start;
      if (before > 0 && utf8::is_space(utf8::previous(t, &before)))
        return utf8::trim(t.substr(0, before));
    }
  }
  return t;
}

// `t` without an author's note after its last space (see is_authors_note); `t` when there is
// none.
std::string_view without_spaced_note(std::string_view t) {
  size_t end = t.size();
  while (end > 0) {
    size_t at = end;
    if (utf8::is_space(utf8::previous(t, &at))) {
      std::string_view note = t.substr(end);
      if (note.empty() || !is_authors_note(residue_fold(note))) return t;
      return utf8::trim(t.substr(0, at));
    }
    end = at;
  }
  return t;
}

}  // namespace

bool is_site_addition(std::string_view inner, int min_weight) {
  const std::string folded = residue_fold(inner);
  if (is_word_count(inner) || is_update_note(folded) || is_authors_note(folded)) return true;
  if (has_latin_letter(inner) && !find_urls(inner).empty()) return true;
  // In a heading's trailing brackets even a weak site word (收藏, 首发) is the site's.
  return SiteWords::builtin().weight(folded) >= min_weight;
}

bool opens_with_update_note(std::string_view inner) {
  return after_update_note(residue_fold(inner)).has_value();
}

std::optional<TrailingGroup> trailing_group(std::string_view t) {
  size_t close = t.size();
  if (close == 0) return std::nullopt;
  const size_t which = kClosers.find(utf8::previous(t, &close));
  if (which == std::u32string_view::npos) return std::nullopt;
  // The matching opener, searching back.
  for (size_t p = close; p > 0;) {
    size_t q = p;
    if (utf8::previous(t, &q) == kOpeners[which]) {
      size_t inner = q;
      utf8::next(t, &inner);
      return TrailingGroup{q, inner, close};
    }
    p = q;
  }
  return std::nullopt;
}

std::string_view without_site_addition(std::string_view t) {
  auto group = trailing_group(t);
  if (!group || group->open == 0 ||
      !is_site_addition(t.substr(group->inner, group->close - group->inner)))
    return t;
  return utf8::trim(t.substr(0, group->open));
}

namespace {

// Whether taking the site's addition off `t`, leaving `bare`, would leave the chapter without a
// title when the addition may be the story's own: a group that is the whole title after the
// number (第64章 【《奇幻世界》1.2.0更新预告：】, an unseen 超维观测日志's in-game announcement)
// goes only when it is surely the site's (a word count, an update note, an address, a site's
// strong word); a weak word (更新) may be the story's.
bool leaves_no_title(std::string_view t, std::string_view bare) {
  auto shape = parse_heading_shape(bare);
  if (!shape || shape->title_offset < bare.size()) return false;
  auto group = trailing_group(t);
  if (!group) return false;
  return !is_site_addition(t.substr(group->inner, group->close - group->inner), /*min_weight=*/2);
}

}  // namespace

namespace {

// `title` without the extension of the file it names, at its end or before a closing bracket
// there (a downloader that joins chapter files heads each with its file's name: 第1章 宴桃园.txt,
// 【第2章 张翼德.txt】).
std::string without_file_extension(std::string_view title) {
  std::string t(title);
  std::string closing;
  for (std::string_view close : {"】", "]", "）", ")", "」", "』"})
    if (t.size() > close.size() && t.ends_with(close)) {
      closing = close;
      t.resize(t.size() - close.size());
      break;
    }
  for (std::string_view extension : {".txt", ".TXT", ".Txt", ".md"})
    if (t.size() > extension.size() && t.ends_with(extension)) {
      t.resize(t.size() - extension.size());
      return std::string(utf8::trim(t)) + closing;
    }
  return std::string(title);
}

}  // namespace

std::string tidy_heading_title(std::string_view title) {
  const std::string named = without_file_extension(utf8::trim(title));
  std::string_view t = named;
  // A downloader's frame around the heading (========== 第1章 宴桃园 ==========), or its end
  // after the title.
  if (auto inner = framed_inner(t)) {
    auto shape = parse_heading_shape(t.substr(inner->first, inner->second - inner->first));
    if (shape && (shape->strong || shape->number))
      t = t.substr(inner->first, inner->second - inner->first);
  }
  // A heading wrapped whole in brackets (【第一回 宴桃园豪杰三结义】, [第1章 风起]): the page's
  // decoration, as a frame is; the title is what it holds.
  for (auto [open, close] : {std::pair<std::string_view, std::string_view>{"【", "】"},
                             {"[", "]"},
                             {"〖", "〗"},
                             {"［", "］"}}) {
    if (t.size() <= open.size() + close.size() || !t.starts_with(open) || !t.ends_with(close))
      continue;
    std::string_view inner =
        utf8::trim(t.substr(open.size(), t.size() - open.size() - close.size()));
    if (inner.find(open) != std::string_view::npos || inner.find(close) != std::string_view::npos)
      break;  // (【第一章】【风起】: two brackets, not one around it all)
    auto shape = parse_heading_shape(inner);
    if (shape && shape->strong && shape->number) t = inner;
    break;
  }
  // A site's sequence number before a heading that reads as one without it ("01# 第 1 章").
  if (size_t start = numbering_prefix(t); start > 0 && start < t.size()) {
    auto shape = parse_heading_shape(t.substr(start));
    if (shape && shape->strong) t = t.substr(start);
  }
  // A site's section word before a heading that reads as one without it (正文 第一章 风起,
  // VIP章节 第12章): the page's label, not the chapter's title. So is an ornament before a
  // numbered heading (☆、第1章 风起, a jjwxc download's), and before a title alone (☆、雪夜,
  // the chapters that download left unnumbered): it makes the line a heading, and the title
  // is what follows it, as a hand-made contents page writes it.
  // (A mark alone, ○ or ※, only with a space after it: 〇 and ○ also write a zero.)
  for (const std::string& mark : heading_words().ornaments) {
    if (mark.starts_with("#") || t.size() <= mark.size() || !t.starts_with(mark)) continue;
    std::string_view rest = utf8::trim(t.substr(mark.size()));
    auto shape = parse_heading_shape(rest);
    size_t after = mark.size();
    const bool set_apart = mark.ends_with("、") || utf8::is_space(utf8::next(t, &after));
    if (!rest.empty() && ((shape && shape->strong && shape->number) || set_apart)) t = rest;
    break;
  }
  for (const std::string& word : heading_words().prefixes) {
    if (t.size() <= word.size() || t.substr(0, word.size()) != word) continue;
    std::string_view rest = utf8::trim(t.substr(word.size()));
    auto shape = parse_heading_shape(rest);
    if (shape && (shape->strong || shape->number)) t = rest;
    break;
  }
  // The name a crawl put before every heading (彭公案 第二回 …): the heading is what follows it.
  if (auto shape = parse_heading_shape(t); shape && shape->named_prefix > 0)
    t = utf8::trim(t.substr(shape->named_prefix));
  // Markdown's heading mark (`## 第1章 黑缎缠目`, `## 上架感言`, a crawler that writes Markdown):
  // one to six '#' and a space before the heading, markup.
  if (size_t marks = t.find_first_not_of('#');
      marks > 0 && marks <= 6 && marks < t.size() && t[marks] == ' ') {
    std::string_view rest = utf8::trim(t.substr(marks));
    if (!rest.empty()) t = rest;
  }
  for (std::string_view bare = without_site_addition(t);
       bare.size() < t.size() && !leaves_no_title(t, bare); bare = without_site_addition(t))
    t = bare;
  // The same note after a space, without brackets (…董国舅内阁受诏 求收藏求推荐), when a title
  // is left before it.
  if (std::string_view bare = without_spaced_note(t); bare.size() < t.size()) {
    auto shape = parse_heading_shape(bare);
    if (shape && shape->title_offset < bare.size()) t = bare;
  }
  // The site's stamp after a space, without brackets: the update's time and the chapter's
  // size (… 更新时间：2015-03-02 12:00:00 字数：3021), or its address (… www.biquge.com).
  if (std::string_view bare = without_spaced_stamp(t); bare.size() < t.size()) {
    auto shape = parse_heading_shape(bare);
    if (shape && (shape->strong || shape->number)) t = bare;
  }
  // A run of three ASCII spaces or more between the heading's parts is the page's layout
  // (第2章       未曾知道镜子里的另一面): one space. (Two may be the author's: 第二回  英雄…)
  constexpr size_t kLayoutRun = 3;
  std::string out;
  for (size_t i = 0; i < t.size();) {
    const size_t run = std::min(t.find_first_not_of(' ', i), t.size()) - i;
    if (run == 0) {
      out += t[i++];
      continue;
    }
    out.append(run >= kLayoutRun ? 1 : run, ' ');
    i += run;
  }
  return out;
}

std::string repeated_heading_name(const std::vector<Chapter>& chapters) {
  std::map<std::string, std::size_t> names;
  std::size_t headed = 0;
  for (const Chapter& c : chapters) {
    if (c.heading.empty()) continue;
    ++headed;
    auto shape = parse_heading_shape(c.heading);
    if (!shape || shape->named_prefix == 0) continue;
    std::string_view name = utf8::trim(std::string_view(c.heading).substr(0, shape->named_prefix));
    if (name.starts_with("《") && name.ends_with("》"))
      name = utf8::trim(name.substr(3, name.size() - 6));
    if (!name.empty()) ++names[std::string(name)];
  }
  constexpr std::size_t kMinRepeats = 3;
  for (const auto& [name, n] : names)
    if (n >= kMinRepeats && 2 * n >= headed) return name;
  return "";
}

}  // namespace novelbind
