#include "ingest/book_header.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>

#include "base/brackets.h"
#include "base/cjk_text.h"
#include "base/utf8.h"
#include "ingest/library_frame.h"
#include "ingest/pinyin_title.h"

namespace novelbind {
namespace {

constexpr const char* kRule = "book_header";
// The most paragraphs a library's footer (its licence) runs to.
constexpr size_t kMaxFooterParagraphs = 600;
// Longer lines are not a title or an author's name.
constexpr size_t kMaxTitle = 30;
constexpr size_t kMaxAuthor = 20;
// A 内容简介 block longer than this is not a blurb.
constexpr size_t kMaxBlurbLines = 60;
constexpr size_t kMaxBlurbCharacters = 6000;

std::string trimmed(std::string_view s) {
  return std::string(trim_spaces(s));
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}
bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}
bool contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

// Whether `s` holds a mark that ends a statement (。…): a web novel's title may ask or exclaim,
// at its end or between its parts (微信连三界？我有葫芦侠修改数据), but it states nothing.
bool has_full_stop(std::string_view s) {
  return contains(s, "。") || contains(s, "…");
}

// `s` with its full-width ASCII forms (！ Ａ １) written as ASCII.
std::string narrowed(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    utf8::append(&out, narrow_full_width(utf8::next(s, &i)));
  }
  return out;
}

bool has_quotation_mark(std::string_view s) {
  for (std::string_view p : {"“", "”", "「", "」", "\""})
    if (contains(s, p)) return true;
  return false;
}

// `《X》` at the start of `s`: X, and what follows the closing bracket.
std::optional<std::pair<std::string, std::string>> bracketed_title(std::string_view s) {
  // 《书名》, and the title marks a download site may type instead: 〈书名〉, <书名> (txt80's
  // <万界之最强商人>, its title in Chinese: no tag).
  std::string_view open, close_mark;
  for (auto [o, c] :
       {std::pair<std::string_view, std::string_view>{"《", "》"}, {"〈", "〉"}, {"<", ">"}}) {
    if (starts_with(s, o)) {
      open = o;
      close_mark = c;
      break;
    }
  }
  if (open.empty()) return std::nullopt;
  size_t close = s.find(close_mark, open.size());
  if (close == std::string_view::npos) return std::nullopt;
  std::string title = trimmed(s.substr(open.size(), close - open.size()));
  if (title.empty() || utf8::length(title) > kMaxTitle || contains(title, open))
    return std::nullopt;
  if (open == "<" && !has_ideograph(title)) return std::nullopt;
  return std::make_pair(title, trimmed(s.substr(close + close_mark.size())));
}

// Words after `《X》` that describe the file, not the book: `《龙族》合集`, `《X》全集`.
bool is_edition_word(std::string_view s) {
  static const std::array<std::string_view, 12> words = {"",     "全集",   "合集", "全文",
                                                         "全本", "完本",   "完结", "精校版",
                                                         "全",   "（全）", "(全)", "txt全集"};
  std::string lower = utf8::ascii_lower(s);
  return std::find(words.begin(), words.end(), lower) != words.end();
}

// `作者：NAME` (also `作者:`, `作　者：`, `著者：`): NAME, or nothing.
std::optional<std::string> author_label(std::string_view s) {
  // (Its label in brackets, with a word before it: 【小說作者】：冰臨神下，男，起點作家。 The
  // name is what comes before the first comma.)
  for (auto [open, close] :
       {std::pair<std::string_view, std::string_view>{"【", "】"}, {"[", "]"}, {"〖", "〗"}}) {
    const size_t end = s.find(close);
    if (!starts_with(s, open) || end == std::string_view::npos || end > 5 * 3 + open.size())
      continue;
    const std::string_view label = s.substr(open.size(), end - open.size());
    if (!ends_with(label, "作者") && !ends_with(label, "作　者")) continue;
    std::string rebuilt = "作者" + std::string(s.substr(end + close.size()));
    const size_t comma = std::min(rebuilt.find("，"), rebuilt.find(","));
    if (comma != std::string::npos) rebuilt.resize(comma);
    return author_label(rebuilt);
  }
  // (The label set out with spaces, 作 者：, 作    者：, as a converted book's header writes it.)
  std::string unspaced;
  if (starts_with(s, "作")) {
    size_t k = 3;
    while (k < s.size() && (s[k] == ' ' || s.substr(k, 3) == "\u3000")) k += s[k] == ' ' ? 1 : 3;
    if (k > 3 && s.substr(k, 3) == "者") {
      unspaced = "作者" + std::string(s.substr(k + 3));
      s = unspaced;
    }
  }
  for (std::string_view label : {"作者", "作　者", "著者"}) {
    if (!starts_with(s, label)) continue;
    std::string_view rest = s.substr(label.size());
    if (starts_with(rest, "："))
      rest.remove_prefix(3);
    else if (starts_with(rest, ":"))
      rest.remove_prefix(1);
    else
      continue;
    std::string name = trimmed(rest);
    // (Another field or the translator after a wide gap: 江户川乱步    类别:推理-推理,
    // （日）东野圭吾   著  林青华 译. The name is what comes before it, without the country its
    // author is from.)
    for (std::string_view gap : {"  ", "　　", " 　", "　 "})
      if (size_t at = name.find(gap); at != std::string::npos && at > 0) name.resize(at);
    name = trimmed(name);
    for (char32_t bracket : {U'（', U'(', U'［', U'['}) {
      std::string open, close;
      utf8::append(&open, bracket);
      utf8::append(&close, closing_bracket(bracket));
      if (!starts_with(name, open)) continue;
      size_t at = name.find(close);
      if (at != std::string::npos && at <= open.size() + 6 && at + 3 < name.size())
        name = trimmed(std::string_view(name).substr(at + close.size()));
    }
    if (ends_with(name, "著")) name = trimmed(std::string_view(name).substr(0, name.size() - 3));
    if (name.empty() || utf8::length(name) > kMaxAuthor || has_sentence_punctuation(name))
      return std::nullopt;
    return name;
  }
  return std::nullopt;
}

// A word set out with spaces between its characters (`越    女    剑`, `金  庸`, as an old text's
// title page spaces a title and its author): the word without them; "" for any other text
// (two or more ideographs, a run of spaces between every two).
std::string letter_spaced(std::string_view s) {
  std::string word;
  bool gap = true;  // (a space, or the start, before the next character)
  std::size_t characters = 0;
  for (std::size_t k = 0; k < s.size();) {
    char32_t c = utf8::next(s, &k);
    if (c == U' ' || c == U'\u3000') {
      gap = true;
      continue;
    }
    if (!gap || !is_ideograph(c)) return "";
    utf8::append(&word, c);
    ++characters;
    gap = false;
  }
  return characters >= 2 ? word : "";
}

// `江南 著`: a short name and 著 (a book's byline).
std::optional<std::string> byline(std::string_view s) {
  return byline_name(s);
}

// A name alone after `《书名》` (`《斗破苍穹》天蚕土豆`): two to four ideographs, none of them
// a word of the edition (全, 集, 本, 版, 校, 完, 结, 篇, 部, 卷, 册: 《…》精校, 《…》全本).
std::optional<std::string> bare_author(std::string_view s) {
  std::string name = trimmed(s);
  std::u32string chars;
  for (size_t k = 0; k < name.size();) chars += utf8::next(name, &k);
  // (A pen name runs to eight characters: 不够虔诚的灯, 夜来风雨声丶, 爱潜水的乌贼.)
  if (chars.size() < 2 || chars.size() > 8) return std::nullopt;
  for (char32_t c : chars)
    if ((!is_ideograph(c) && std::u32string_view(U"丶·・").find(c) == std::u32string_view::npos) ||
        std::u32string_view(U"全集本版校完结篇部卷册章节").find(c) != std::u32string_view::npos)
      return std::nullopt;
  return name;
}

// `宋 晏幾道`, `［清］曹雪芹`, `（唐）李白`: a classical text's author under its title, after the
// dynasty; the name (two to four ideographs) without it.
std::optional<std::string> dynasty_author(std::string_view s) {
  static constexpr std::string_view kDynasties[] = {
      "先秦", "东汉", "東漢", "西汉", "西漢", "三国", "三國", "东晋", "東晉", "南朝", "北朝",
      "五代", "北宋", "南宋", "民国", "民國", "秦",   "汉",   "漢",   "魏",   "晋",   "晉",
      "隋",   "唐",   "宋",   "辽",   "遼",   "金",   "元",   "明",   "清"};
  std::string_view rest = s;
  bool bracketed = false;
  for (auto [open, close] : {std::pair<std::string_view, std::string_view>{"［", "］"},
                             {"[", "]"},
                             {"（", "）"},
                             {"(", ")"},
                             {"【", "】"},
                             {"〔", "〕"}}) {
    if (!starts_with(rest, open)) continue;
    size_t end = rest.find(close);
    if (end == std::string_view::npos) return std::nullopt;
    std::string_view inside = rest.substr(open.size(), end - open.size());
    if (std::find(std::begin(kDynasties), std::end(kDynasties), inside) == std::end(kDynasties))
      return std::nullopt;
    rest = rest.substr(end + close.size());
    bracketed = true;
    break;
  }
  if (!bracketed) {
    std::string_view dynasty;
    for (std::string_view d : kDynasties)
      if (starts_with(rest, d) && d.size() > dynasty.size()) dynasty = d;
    if (dynasty.empty()) return std::nullopt;
    rest = rest.substr(dynasty.size());
    // (A space or a middle dot after it: 宋 晏幾道, 宋·晏幾道; not a name that begins with the
    // word, 金庸, 明月.)
    const size_t before = rest.size();
    while (starts_with(rest, " ") || starts_with(rest, "　") || starts_with(rest, "·"))
      rest.remove_prefix(starts_with(rest, " ") ? 1 : starts_with(rest, "·") ? 2 : 3);
    if (rest.size() == before) return std::nullopt;
  }
  std::string name = trimmed(rest);
  std::u32string chars;
  for (size_t k = 0; k < name.size();) chars += utf8::next(name, &k);
  if (chars.size() < 2 || chars.size() > 4 ||
      !std::all_of(chars.begin(), chars.end(), [](char32_t c) { return is_ideograph(c); }))
    return std::nullopt;
  return name;
}

// `金庸《碧血剑》`: an author's name (two to four ideographs) before the bracketed title, the
// whole line: the title and the author.
std::optional<std::pair<std::string, std::string>> author_before_title(std::string_view s) {
  size_t open = s.find("《");
  if (open == std::string_view::npos || open == 0 || !ends_with(s, "》")) return std::nullopt;
  auto name = bare_author(s.substr(0, open));
  if (!name || utf8::length(*name) > 4) return std::nullopt;
  auto bracketed = bracketed_title(s.substr(open));
  if (!bracketed || !bracketed->second.empty()) return std::nullopt;
  return std::make_pair(bracketed->first, *name);
}

// `内容简介：…`: the label, and the text after it on the same line.
// A frame's closing mark alone (』, 」, 〗), which the blurb's label line opened.
// (The cleaning may have made them quotation marks: ’ and ”.)
bool closes_frame(std::string_view t) {
  return t == "』" || t == "」" || t == "〗" || t == "’" || t == "”";
}

std::optional<std::string> description_label(std::string_view s) {
  std::string_view core = s;
  if (starts_with(core, "【")) core.remove_prefix(3);
  // (A frame opened before the label and closed lines below, after the blurb: 『内容简介: … 』, a
  // 笔趣阁 downloader's header.)
  for (std::string_view frame : {"『", "「", "〖", "‘", "“"})
    if (starts_with(core, frame)) core.remove_prefix(frame.size());
  for (std::string_view label : {"内容简介", "內容簡介", "内容提要", "內容提要", "作品简介",
                                 "作品簡介", "小说简介", "小說簡介", "作品简述", "作品簡述",
                                 "内容简述", "內容簡述", "内容介绍", "內容介紹", "简介", "簡介"}) {
    if (!starts_with(core, label)) continue;
    std::string_view rest = core.substr(label.size());
    if (starts_with(rest, "】")) rest.remove_prefix(3);
    // (Douban's pages write the label 内容简介 · · · · · ·.)
    if (std::string_view dots = trim_spaces(rest); !dots.empty()) {
      bool only_dots = true;
      for (std::size_t i = 0; i < dots.size() && only_dots;) {
        char32_t c = utf8::next(dots, &i);
        only_dots = c == U'·' || c == U'•' || c == U'.' || c == U'…' || c == U'‧' || c == U' ';
      }
      if (only_dots) rest = {};
    }
    if (starts_with(rest, "："))
      rest.remove_prefix(3);
    else if (starts_with(rest, ":"))
      rest.remove_prefix(1);
    else if (!trim_spaces(rest).empty())
      continue;
    return trimmed(rest);
  }
  return std::nullopt;
}

// A download site's notice: an address, or the words such notices are made of.
// An address alone is not enough: a story may name a web site. With it must come a word of
// the notices sites write.
bool is_site_line(std::string_view s) {
  std::string lower = utf8::ascii_lower(s);
  bool address = false;
  for (std::string_view w : {"http:", "https:", "www.", ".com", ".net", ".org", ".cc/", ".cn"})
    address |= contains(lower, w);
  if (address) {
    for (std::string_view w :
         {"txt",  "下载", "下載", "书屋", "書屋", "小说", "小說", "电子书", "電子書",
          "网址", "網址", "网站", "網站", "本书", "本書", "整理", "收集",   "免费",
          "免費", "更多", "查阅", "查閱", "登录", "登錄", "登陆", "登陸",   "访问",
          "訪問", "关注", "關注", "阅读", "閱讀", "首发", "首發", "来自",   "來自",
          "提供", "尽在", "盡在", "正文", "书评", "書評"})
      if (contains(lower, w)) return true;
  }
  for (std::string_view w :
       {"免责声明",   "本书来自",     "本書來自",     "书友收集",   "書友收集",
        "收集整理",   "版权归",       "版權歸",       "小说下载",   "小說下載",
        "电子书下载", "電子書下載",   "txt全集",      "手机电子书", "请支持正版",
        "請支持正版", "24小时内删除", "24小時內刪除", "更多精彩",   "更多更新"})
    if (contains(lower, w)) return true;
  // The blurb a site writes for every book it lists (如果您喜欢小说…，请将…章节目录加入收藏
  // 方便您下次阅读…，发现没及时更新，请告知我们谢谢), in the place of the book's own.
  for (std::string_view w : {"方便您下次阅读", "方便您下次閱讀", "没及时更新", "沒及時更新"})
    if (contains(lower, w)) return true;
  // An uploader's credit and contacts (本书由“尹子”整理.,
  // 想获得更多免费电子书请加小编微信：ynventon, QQ群：534205772 公众号（尹子书社）：yinwd2010,
  // 小编喜欢结交一些喜欢读书的朋友): a blurb never gives an account to write to, nor speaks as the
  // uploader.
  if ((contains(lower, "本书由") || contains(lower, "本書由")) &&
      (contains(lower, "整理") || contains(lower, "制作") || contains(lower, "製作")))
    return true;
  for (std::string_view w : {"微信", "qq", "公众号", "公眾號", "微博"}) {
    std::size_t at = lower.find(w);
    if (at == std::string::npos) continue;
    // (After the first colon, ASCII or full-width.)
    std::size_t colon = lower.find(':', at), wide = lower.find("：", at);
    std::size_t after = std::min(colon == std::string::npos ? colon : colon + 1,
                                 wide == std::string::npos ? wide : wide + 3);
    if (after == std::string::npos) continue;
    std::size_t handle = 0;
    for (std::size_t k = after; k < lower.size(); ++k) {
      unsigned char c = static_cast<unsigned char>(lower[k]);
      if (std::isalnum(c) || c == '_' || c == '-') {
        ++handle;
      } else if (handle > 0 || c != ' ') {
        break;
      }
    }
    if (handle >= 5) return true;
  }
  if (utf8::length(s) <= 30 && (contains(lower, "小编") || contains(lower, "小編"))) return true;
  // A site page's buttons and links, copied with the header (加入书架, 开始阅读, 展开全部>>,
  // 下载章节索引范围：1 ~ 2034): a short line that is one of them and little else.
  if (utf8::length(s) <= 24) {
    for (std::string_view w :
         {"加入书架", "加入書架", "开始阅读", "開始閱讀", "继续阅读", "繼續閱讀", "展开全部",
          "展開全部", "收藏本书", "收藏本書", "章节索引", "章節索引", "章节目录", "章節目錄",
          "投推荐票", "投推薦票"})
      if (contains(lower, w)) return true;
  }
  return false;
}

// `正文`, `☆☆☆正文 开始☆☆☆`, `章节内容开始`, `----用户上传之内容开始----`: the mark where the
// story starts.
bool is_start_mark(std::string_view s) {
  if (utf8::length(s) > 100) return false;
  std::string core;
  for (size_t i = 0; i < s.size();) {
    char32_t cp = utf8::next(s, &i);
    if (is_word_character(cp)) utf8::append(&core, cp);
  }
  // (Its words are few; the rest is decoration: ------用户上传之内容开始------.)
  if (utf8::length(core) > 20) return false;
  // (正文卷: a site's volume of the main text, alone between rules before the first chapter.)
  if (core == "正文" || core == "正文卷" || core == "正文开始" || core == "正文開始") return true;
  return contains(core, "内容开始") || contains(core, "內容開始") ||
         (contains(s, "正文") && (contains(s, "开始") || contains(s, "開始") || contains(s, "☆")));
}

// The line without a bracket pair around it whole (`『状态:完结』`, `【简介】`, or after the
// cleaning made 『』 ‘’): a download site frames each field of its header so.
std::string unframed(std::string_view s) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 9> kPairs = {
      {{"『", "』"},
       {"‘", "’"},
       {"“", "”"},
       {"「", "」"},
       {"【", "】"},
       {"〖", "〗"},
       {"［", "］"},
       {"[", "]"},
       {"〔", "〕"}}};
  for (auto [open, close] : kPairs) {
    if (s.size() > open.size() + close.size() && starts_with(s, open) && ends_with(s, close)) {
      std::string_view inner = s.substr(open.size(), s.size() - open.size() - close.size());
      if (!contains(inner, open) && !contains(inner, close)) return trimmed(inner);
    }
  }
  return std::string(s);
}

// `书名 名字 著`: a title, then its byline set apart by a space; the title and the name.
std::optional<std::pair<std::string, std::string>> title_before_byline(std::string_view s) {
  const std::string name = trimmed(s);
  if (!ends_with(name, "著")) return std::nullopt;
  const size_t space = std::string_view(name).substr(0, name.size() - 3).find_last_of(' ');
  if (space == std::string::npos || space == 0) return std::nullopt;
  const std::string_view before = utf8::trim(std::string_view(name).substr(0, space));
  const size_t title_end = before.find_last_of(' ');
  if (title_end == std::string_view::npos) return std::nullopt;
  std::string title = trimmed(before.substr(0, title_end));
  auto b = byline(std::string_view(name).substr(title_end + 1));
  if (!b || title.empty()) return std::nullopt;
  return std::make_pair(std::move(title), *b);
}

// `书名/作者:名字` (a download site's first header field): the title and the author.
std::optional<std::pair<std::string, std::string>> title_and_author(std::string_view s) {
  for (std::string_view slash : {"/", "／", "|", "｜"}) {
    size_t at = s.find(slash);
    if (at == std::string_view::npos || at == 0) continue;
    std::string title = trimmed(s.substr(0, at));
    auto author = author_label(trimmed(s.substr(at + slash.size())));
    if (!author || utf8::length(title) > kMaxTitle || has_sentence_punctuation(title)) continue;
    if (auto b = bracketed_title(title)) title = b->first;
    return std::make_pair(title, *author);
  }
  // `书名 作者：名字` on one line (a zxcs download's: 将夜 作者：猫腻).
  for (std::string_view label : {"作者", "作　者"}) {
    size_t at = s.find(label);
    if (at == std::string_view::npos || at == 0) continue;
    size_t before = at;
    if (!utf8::is_space(utf8::previous(s, &before))) continue;
    std::string title = trimmed(s.substr(0, at));
    auto author = author_label(s.substr(at));
    // (A field's label is no title: a tool's `title: 作者：夜来风雨声丶`.)
    if (!author || title.empty() || utf8::length(title) > kMaxTitle ||
        has_sentence_punctuation(title) || ends_with(title, ":") || ends_with(title, "："))
      continue;
    if (auto b = bracketed_title(title)) title = b->first;
    return std::make_pair(title, *author);
  }
  // `书名 名字 著` on one line (落第书生 周九 著 over every file of a folder).
  if (auto both = title_before_byline(s)) {
    if (utf8::length(both->first) <= kMaxTitle && !has_sentence_punctuation(both->first)) {
      if (auto b = bracketed_title(both->first)) both->first = b->first;
      return both;
    }
  }
  return std::nullopt;
}

// Whether `c` ends a sentence of a blurb (a stop, a question, an ellipsis, a closing quote).
bool ends_sentence(char32_t c) {
  return std::u32string_view(U"。！？!?…”」").find(c) != std::u32string_view::npos;
}

// A blurb's line without the link a site's page ends a shortened blurb with (…向人类 展开全部>>):
// the link goes, and the sentence it cut off, back to the last sentence's end (nothing when the
// line has none).
std::string without_unfold_link(const std::string& line) {
  std::string_view t = trim_spaces(line);
  bool linked = false;
  for (std::string_view link : {"展开全部>>", "展開全部>>", "展开全部", "展開全部"}) {
    if (!t.ends_with(link)) continue;
    t = trim_spaces(t.substr(0, t.size() - link.size()));
    linked = true;
    break;
  }
  if (!linked) return line;
  // (Back to a sentence's end, an ellipsis typed as full stops (流放边陲.....) or the end of a
  // paragraph run into the line, 　　.)
  while (!t.empty() && !t.ends_with("..") && !t.ends_with("\u3000\u3000")) {
    std::size_t k = t.size();
    char32_t c = utf8::previous(t, &k);
    if (ends_sentence(c)) break;
    t = t.substr(0, k);
  }
  return std::string(trim_spaces(t));
}

// A blurb's line as the paragraphs a site's page ran together in it (这个世界，…有术士。　　警校
// 毕业的…): a run of two ideographic spaces or more inside the line begins the next.
std::string blurb_paragraphs(std::string_view line) {
  std::string out;
  for (std::size_t at = 0; at < line.size();) {
    std::size_t run = line.find("\u3000\u3000", at);
    if (run == std::string_view::npos) run = line.size();
    std::string_view part = trim_spaces(line.substr(at, run - at));
    if (!part.empty()) out += (out.empty() ? "" : "\n") + std::string(part);
    at = run;
    while (line.compare(at, 3, "\u3000") == 0) at += 3;
  }
  return out;
}

// A blurb's last line without the site's id for the book glued to its end (…病的很重。11w0-55729),
// and the book's title before the id (…忙不赢。猎艳都市11w0-24369).
std::string without_site_id(std::string line, const std::string& title) {
  // The id: letters and digits mixed, a dash, four digits or more (11w0-55729), glued to the
  // blurb's own text (not a line of Latin text, nor a model's name: X-2000).
  auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  auto is_letter = [](char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; };
  std::size_t dash = line.size();
  while (dash > 0 && is_digit(line[dash - 1])) --dash;
  if (line.size() - dash < 4 || dash == 0 || line[dash - 1] != '-') return line;
  std::size_t k = dash - 1;
  bool digit = false, letter = false;
  while (k > 0 && (is_digit(line[k - 1]) || is_letter(line[k - 1]))) {
    digit |= is_digit(line[k - 1]);
    letter |= is_letter(line[k - 1]);
    --k;
  }
  if (!digit || !letter || k == 0 || static_cast<unsigned char>(line[k - 1]) < 0x80) return line;
  line.erase(k);
  if (!title.empty() && line.size() > title.size() && line.ends_with(title)) {
    std::string_view before(line.data(), line.size() - title.size());
    std::size_t b = before.size();
    char32_t c = utf8::previous(before, &b);
    if (ends_sentence(c)) line.erase(line.size() - title.size());
  }
  return line;
}

// The first line of a blurb without the label a site's page repeats at its head: the book's
// name (in 《》 or not) and site words before 简介：, no sentence's mark among them.
std::string without_repeated_label(const std::string& line) {
  for (std::string_view label : {"简介：", "简介:", "簡介：", "簡介:"}) {
    std::size_t at = line.find(label);
    if (at == std::string::npos || at == 0) continue;
    std::string_view before(line.data(), at);
    if (utf8::length(before) > 24 || has_sentence_punctuation(before)) return line;
    std::string rest = trimmed(std::string_view(line).substr(at + label.size()));
    return rest.empty() ? line : rest;
  }
  return line;
}

// A field of a download's header template left empty (男女主角:, 系列名：): a label of at most
// eight letters and a colon, nothing after it. (简介: opens the blurb on the lines after it, and
// is asked before.)
bool is_empty_field(std::string_view s) {
  std::size_t end = s.size(), k = end;
  if (end == 0) return false;
  char32_t colon = utf8::previous(s, &k);
  if (colon != U':' && colon != U'：') return false;
  std::string_view label = s.substr(0, k);
  std::size_t letters = 0;
  for (std::size_t i = 0; i < label.size();) {
    if (!is_word_character(utf8::next(label, &i))) return false;
    ++letters;
  }
  return letters >= 1 && letters <= 8 && !description_label(s);
}

// A field of a site's header that is no title, author or blurb: `状态：完结`, `分类：…`,
// `字数：…`, `主角：…`, `版权信息：…`.
bool is_field_line(std::string_view s) {
  // (A site's list of its other books may run long: 新书推荐：学霸的黑科技系统、…)
  const bool list = starts_with(s, "新书推荐") || starts_with(s, "新書推薦");
  if (utf8::length(s) > (list ? 400 : 80)) return false;
  for (std::string_view label :
       {"状态",     "狀態",     "连载状态", "連載狀態",   "作品状态",   "作品狀態", "字数",
        "字數",     "总字数",   "總字數",   "分类",       "分類",       "类型",     "類型",
        "类别",     "類別",     "标签",     "標籤",       "主角",       "更新",     "更新时间",
        "更新時間", "最新章节", "最新章節", "来源",       "來源",       "首发",     "首發",
        "版权信息", "版權信息", "出版社",   "书号",       "書號",       "字体",     "字體",
        "最新",     "最近更新", "最后更新", "最後更新",   "新书推荐",   "新書推薦", "作品标签",
        "作品標籤", "内容标签", "內容標籤", "搜索关键字", "搜索關鍵字", "关键字",   "關鍵字",
        "配角",     "其它",     "其他",     "一句话简介", "一句話簡介", "立意"}) {
    if (!starts_with(s, label)) continue;
    std::string_view rest = s.substr(label.size());
    if (starts_with(rest, "：") || starts_with(rest, ":")) return true;
  }
  return false;
}

// A line of ornament only (`☆☆☆`, `====`, `＊＊＊`), or nothing.
bool is_ornament(const Paragraph& p) {
  return p.scene_break || !has_word_character(p.text);
}

struct Line {
  size_t index;  // in the chapter's paragraphs
  std::string text;
  int line;
};

// A printed book's credits under its title: its publisher (南海出版公司, 人民文学出版社) or its
// translator or editor (李盈春 译, 王某 主编), a short line of its own.
bool is_credit_line(std::string_view text) {
  if (utf8::length(text) > 20) return false;
  for (std::string_view w : {"出版社", "出版公司", "出版集团", "出版集團", "出版有限公司"})
    if (ends_with(text, w)) return true;
  for (std::string_view w :
       {" 译", " 譯", "　译", "　譯", "主编", "主編", " 编", " 編", " 编译", " 編譯"})
    if (ends_with(text, w) && text.size() > w.size()) return true;
  return false;
}

}  // namespace

bool is_header_notice(std::string_view line) {
  std::string text = trimmed(line);
  return is_site_line(text) || is_field_line(text) || is_start_mark(text) || is_credit_line(text);
}

bool is_ascii_name(std::string_view name) {
  if (name.empty()) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ' ' ||
           c == '.';
  });
}

namespace {

// Whether `note`, in brackets at the end of a file's name, tells the edition, not the title:
// 精校版, 全本, 完结, 全三册, txt全集, 修订版.
bool is_edition_note(std::string_view note) {
  std::string t = utf8::ascii_lower(trimmed(note));
  if (t.empty() || is_edition_word(t)) return true;
  if (utf8::length(t) > 10) return false;
  for (std::string_view word :
       {"精校", "校对", "校對", "修订", "修訂", "新修", "全本", "完本", "完结", "完結", "全集",
        "合集", "足本", "未删", "未刪", "无删", "無刪", "全文", "txt",  "版",   "册",   "冊"})
    if (contains(t, word)) return true;
  return false;
}

// `name` without the bracketed edition notes at its end: 天龙八部（精校版） -> 天龙八部,
// 三体(全三册)[txt] -> 三体. A bracket that is part of the title stays (斗罗大陆（上）).
std::string without_edition_notes(std::string name) {
  static const std::vector<std::pair<std::string_view, std::string_view>> kPairs = {
      {"（", "）"}, {"(", ")"}, {"【", "】"}, {"[", "]"}, {"〔", "〕"}, {"［", "］"}};
  for (bool cut = true; cut;) {
    cut = false;
    for (const auto& [open, close] : kPairs) {
      if (!ends_with(name, close)) continue;
      std::size_t at = name.rfind(open);
      if (at == std::string::npos || at == 0) continue;
      std::string_view inner(name.data() + at + open.size(),
                             name.size() - close.size() - at - open.size());
      if (!is_edition_note(inner)) continue;
      name = trimmed(std::string_view(name).substr(0, at));
      cut = true;
      break;
    }
  }
  return name;
}

// The two parts of a name set apart by one dash (- － — ——), each with a letter; none
// otherwise.
std::vector<std::string> dash_parts(const std::string& name) {
  for (std::string_view dash : {"——", "—", "－", "-"}) {
    std::size_t at = name.find(dash);
    if (at == std::string::npos) continue;
    if (name.find(dash, at + dash.size()) != std::string::npos) return {};
    std::string a = trimmed(std::string_view(name).substr(0, at));
    std::string b = trimmed(std::string_view(name).substr(at + dash.size()));
    if (a.empty() || b.empty() || is_ascii_name(a) || is_ascii_name(b)) return {};
    return {a, b};
  }
  return {};
}

}  // namespace

NameMetadata metadata_from_name(std::string_view stem) {
  NameMetadata out;
  std::string name = without_edition_notes(trimmed(stem));
  // `《书名》作者：名字`, `《书名》名字著`, `《书名》`
  if (auto bracketed = bracketed_title(name)) {
    out.title = bracketed->first;
    std::string rest = bracketed->second;
    if (auto a = author_label(rest))
      out.author = *a;
    else if (auto b = byline(rest))
      out.author = *b;
    else if (auto c = bare_author(rest))
      out.author = *c;
    return out;
  }
  // `[名字]书名`, `【名字】书名`: a short name in brackets before the title (no edition's word).
  for (auto [open, close] :
       {std::pair<std::string_view, std::string_view>{"[", "]"}, {"【", "】"}}) {
    if (!starts_with(name, open)) continue;
    const size_t end = name.find(close, open.size());
    if (end == std::string::npos) break;
    const std::string inside =
        trimmed(std::string_view(name).substr(open.size(), end - open.size()));
    const std::string rest = trimmed(std::string_view(name).substr(end + close.size()));
    if (auto author = bare_author(inside); author && !rest.empty() && !is_edition_word(inside)) {
      out.title = rest;
      out.author = *author;
      return out;
    }
    break;
  }
  // `书名 名字 著`: a byline after the title, set apart by a space.
  if (auto both = title_before_byline(name)) {
    out.title = both->first;
    out.author = both->second;
    return out;
  }
  // `书名 作者：名字`
  size_t label = name.find("作者");
  if (label != std::string::npos && label > 0) {
    if (auto a = author_label(std::string_view(name).substr(label))) {
      out.title = trimmed(std::string_view(name).substr(0, label));
      out.author = *a;
      return out;
    }
  }
  // `书名_作者_site`: parts that are a site's name go, a short second part is the author
  // (A crawler's `书名_全本by69书吧`: an edition word and "by" before a site's name, which ends as
  // sites name themselves: 书吧, 阁, 书城. The part was taken for the author.)
  auto is_site_part = [](const std::string& part) {
    std::string lower = utf8::ascii_lower(part);
    if (std::size_t by = lower.find("by");
        by != std::string::npos && by > 0 && is_edition_word(std::string_view(lower).substr(0, by)))
      lower = lower.substr(by + 2);
    for (std::string_view end : {"书吧", "書吧", "阁", "閣", "书城", "書城", "书院", "書院"})
      if (ends_with(lower, end)) return true;
    return is_site_line(part) || contains(lower, "txt") || contains(part, "小说") ||
           contains(part, "小說") || contains(part, "书屋") || contains(part, "書屋") ||
           ends_with(part, "网") || ends_with(part, "網") || contains(part, "网站") ||
           contains(part, "網站") || is_edition_word(part) || contains(lower, ".com");
  };
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= name.size()) {
    size_t end = name.find('_', start);
    if (end == std::string::npos) end = name.size();
    std::string part = trimmed(std::string_view(name).substr(start, end - start));
    // `书名-site` (24堂财富课-书包网 bookbao.com): the side of the dash that is no site's name.
    if (std::vector<std::string> sides = dash_parts(part);
        sides.size() == 2 && is_site_part(sides[0]) != is_site_part(sides[1]))
      part = sides[is_site_part(sides[0]) ? 1 : 0];
    if (!part.empty() && !is_site_part(part)) parts.push_back(part);
    start = end + 1;
  }
  // A label in Latin letters before the name (`novel_斗罗大陆1`, a splitter's folder): the name
  // is the title, not the label with the name for its author.
  while (parts.size() >= 2 && is_ascii_name(parts[0]) && !is_ascii_name(parts[1]))
    parts.erase(parts.begin());
  if (parts.empty()) return out;
  out.title = without_edition_notes(parts[0]);
  // (`书名_作者_名字`: the label's part names no one; `书名_名字著`: the byline's 著 goes.)
  if (parts.size() >= 3 && (parts[1] == "作者" || parts[1] == "著者"))
    parts.erase(parts.begin() + 1);
  if (parts.size() >= 2 && utf8::length(parts[1]) <= 10 && !is_ascii_name(parts[1])) {
    out.author = parts[1];
    if (ends_with(out.author, "著") && utf8::length(out.author) >= 3 &&
        utf8::length(out.author) <= 5)
      out.author = trimmed(std::string_view(out.author).substr(0, out.author.size() - 3));
  } else if (parts.size() == 1) {
    out.dash_parts = dash_parts(out.title);
  }
  return out;
}

namespace {
void remove_marked(Chapter& chapter, const std::vector<bool>& remove);
}  // namespace

bool opens_work_related_section(std::string_view line) {
  std::string_view t = utf8::trim(line);
  return t.starts_with("作品相关") || t.starts_with("作品相關");
}

std::string author_under_headings(const std::vector<Chapter>& chapters, std::string* line) {
  std::map<std::string, std::size_t> names;
  std::size_t headed = 0;
  for (const Chapter& c : chapters) {
    if (c.heading.empty()) continue;
    ++headed;
    // (Its first paragraphs only: a chapter the cache keeps packed stays so.)
    constexpr std::size_t kLook = 3;
    const TextEdges first = c.paragraphs.edges(kLook, 0);
    for (std::size_t k = 0; k < std::min(kLook, first.size()); ++k) {
      const Paragraph& p = first[k];
      if (p.scene_break || utf8::trim(p.text).empty()) continue;
      if (auto name = author_label(trimmed(p.text))) {
        if (names[*name]++ == 0 && names.size() == 1) *line = trimmed(p.text);
      }
      break;
    }
  }
  constexpr std::size_t kMinRepeats = 3;
  for (const auto& [name, n] : names)
    if (n >= kMinRepeats && 2 * n >= headed) return name;
  return "";
}

BookHeader take_book_header(Chapter& chapter, std::string_view name_title, bool remove_lines,
                            const std::vector<std::string>& other_names) {
  BookHeader out;
  const std::vector<Paragraph>& paragraphs = chapter.paragraphs.all();
  std::vector<bool> remove(paragraphs.size(), false);
  auto mark = [&](size_t i) {
    if (!remove[i]) ++out.removed;
    remove[i] = true;
  };
  // A library's header (Project Gutenberg's) goes whole; the book's own may follow it.
  const LibraryHeader library = library_header(paragraphs);
  for (size_t k = 0; k < library.end; ++k) mark(k);
  auto is_title_line = [&](size_t i) -> std::optional<std::string> {
    std::string text = unframed(trimmed(paragraphs[i].text));
    if (starts_with(text, "书名") || starts_with(text, "書名")) {
      std::string_view rest = std::string_view(text).substr(6);
      if (starts_with(rest, "：") || starts_with(rest, ":")) {
        rest.remove_prefix(starts_with(rest, ":") ? 1 : 3);
        std::string t = trimmed(rest);
        if (auto b = bracketed_title(t)) t = b->first;
        // (The label says what it is: a web novel's title may hold a comma or end with ？！,
        // 八百块，买了个修真界. Not a sentence's full stop.)
        if (!t.empty() && utf8::length(t) <= kMaxTitle && !contains(t, "。")) return t;
      }
      return std::nullopt;
    }
    if (auto b = bracketed_title(text)) {
      if (is_edition_word(b->second) || author_label(b->second) || bare_author(b->second))
        return b->first;
    }
    return std::nullopt;
  };
  size_t title_index = paragraphs.size();  // where the title was read
  auto author_of = [&](size_t i) -> std::optional<std::string> {
    std::string text = unframed(trimmed(paragraphs[i].text));
    if (auto a = author_label(text)) return a;
    if (out.title.empty()) return std::nullopt;
    if (auto b = byline(text)) return b;
    // A name alone on the line under the title (三國演義 / 羅貫中): two to four ideographs,
    // not a word that ends in 著 (名著); spaced out as the title is (`金  庸`), without the
    // spaces; or with 著 after it.
    if (i == title_index + 1)
      if (auto dated = dynasty_author(text)) return dated;
    if (std::string spaced = letter_spaced(text); !spaced.empty()) text = spaced;
    if (i != title_index + 1) return std::nullopt;
    std::u32string name;
    for (size_t k = 0; k < text.size();) name += utf8::next(text, &k);
    if (!std::all_of(name.begin(), name.end(), [](char32_t c) { return is_ideograph(c); }))
      return std::nullopt;
    // The name and 著 with no space (金庸著, 飞狐外传's byline): a byline when 著 makes no word
    // with the character before it (名著, 原著, 编著 and their like stay).
    if (name.size() >= 3 && name.size() <= 5 && name.back() == U'著' &&
        std::u32string_view(U"名原编編译譯专專巨新拙遗遺论論合旧舊显顯昭卓土大")
                .find(name[name.size() - 2]) == std::u32string_view::npos)
      return text.substr(0, text.size() - std::string_view("著").size());
    // (Under a title in title marks, 《万界之最强商人》 or <万界之最强商人>, a web novelist's pen
    // name of five or six: 活的红烧鱼, 我吃西红柿.)
    std::string title_line = trimmed(paragraphs[title_index].text);
    const bool marked = starts_with(title_line, "《") || starts_with(title_line, "〈") ||
                        starts_with(title_line, "<");
    if (name.size() >= 2 && name.size() <= (marked ? 6u : 4u) && name.back() != U'著') return text;
    return std::nullopt;
  };
  auto next_content = [&](size_t i) {
    while (i < paragraphs.size() && is_ornament(paragraphs[i])) ++i;
    return i;
  };

  bool seen_content = false;  // a line other than ornament or site notice
  size_t i = library.end;
  // `value` for a field of the header, found on line i: its line and the text it was read from.
  auto found = [&](std::string* field, int* line, std::string* evidence, std::string value) {
    *field = std::move(value);
    *line = paragraphs[i].line;
    *evidence = trimmed(paragraphs[i].text);
  };
  while (i < paragraphs.size()) {
    const Paragraph& p = paragraphs[i];
    std::string text = unframed(trimmed(p.text));
    if (is_ornament(p) || is_site_line(text) || is_start_mark(text) ||
        (seen_content && (is_field_line(text) || is_empty_field(text)))) {
      mark(i++);
      continue;
    }
    if (out.title.empty() && out.author.empty()) {
      auto both = title_and_author(text);
      if (!both && !seen_content) both = author_before_title(text);
      if (both) {
        found(&out.title, &out.title_line, &out.title_evidence, both->first);
        found(&out.author, &out.author_line, &out.author_evidence, both->second);
        mark(i++);
        seen_content = true;
        continue;
      }
    }
    if (out.title.empty()) {
      if (auto t = is_title_line(i)) {
        found(&out.title, &out.title_line, &out.title_evidence, *t);
        title_index = i;
        if (auto b = bracketed_title(text)) {
          if (auto a = author_label(b->second))
            found(&out.author, &out.author_line, &out.author_evidence, *a);
          else if (auto bare = bare_author(b->second))
            found(&out.author, &out.author_line, &out.author_evidence, *bare);
        }
        mark(i++);
        seen_content = true;
        continue;
      }
      // a short bare line first, followed by the author's line or equal to the file's name
      // (A comma inside is a title's when the author's line follows: 我代理阎王，直播点卯全网吓傻;
      // so are a colon between its words and the marks that ask or exclaim: 直播鉴宝：怎么连线的
      // 全是鬼啊！ or 微信连三界？我有葫芦侠修改数据 over 作者：…, a field's label aside.)
      const bool colon = contains(text, "：") || contains(text, ":");
      if (!seen_content && utf8::length(text) <= kMaxTitle) {
        size_t after = next_content(i + 1);
        // (The author's line, or the title page's byline: 红楼梦 over 曹雪芹 著.)
        bool author_next =
            after < paragraphs.size() && (author_label(trimmed(paragraphs[after].text)) ||
                                          byline(trimmed(paragraphs[after].text)));
        bool title_like =
            (!colon && !has_sentence_punctuation(text)) ||
            (author_next && !has_full_stop(text) && !has_quotation_mark(text) &&
             (!colon || (!is_field_line(text) && !author_label(text) && !description_label(text))));
        // (The file's name may write the title without the spaces that set it out on the
        // title page: 越    女    剑 in 越女剑.txt.)
        const std::string spaced = letter_spaced(text);
        std::string_view spaced_as;  // the name it spells out
        bool named = false;
        auto is_name = [&](std::string_view n) {
          if (n.empty()) return;
          if (spaced == n && spaced_as.empty()) spaced_as = n;
          // (A file's name may write a full-width mark half-width: …游戏!.txt for …游戏！.)
          named |= narrowed(text) == narrowed(n);
          // (A name in pinyin, in full or by initials, spells it: tlbb.txt over 天龙八部.)
          named |= is_ascii_name(n) && pinyin_names_line(n, text);
          // (The line may set its words apart that the name runs together: 红楼梦 后传 over
          // 红楼梦后传.txt, the title as the name writes it.)
          if (!is_ascii_name(n) && utf8::without_spaces(text) == utf8::without_spaces(n) &&
              spaced_as.empty())
            spaced_as = n;
        };
        is_name(name_title);
        for (const std::string& n : other_names) is_name(n);
        bool spaced_name = !spaced_as.empty();
        // (A line that is the file's name over the author's line is the title whatever marks
        // it holds: 全民系统，我的怎么是360？！.)
        if (named && (author_next || !has_quotation_mark(text))) title_like = true;
        // A short line that is all the text before the first heading, in a file named by a
        // code (12345.txt): the title on the file's first line (an unseen download's 三国演义
        // over 第1章 became a chapter 前言 holding its title alone, and the book was 12345).
        const bool lone_line =
            chapter.front_matter && (name_title.empty() || is_ascii_name(name_title)) &&
            std::count_if(paragraphs.begin(), paragraphs.end(), [](const Paragraph& q) {
              return !q.scene_break && !utf8::trim(q.text).empty();
            }) == 1;
        if (title_like && (author_next || named || spaced_name || lone_line)) {
          // (Spaced out on the title page, the title is the word without the spaces whatever
          // names it: 越    女    剑 over 金  庸, in yuenvjian.txt.)
          found(&out.title, &out.title_line, &out.title_evidence,
                spaced_name       ? std::string(spaced_as)
                : !spaced.empty() ? spaced
                                  : text);
          title_index = i;
          mark(i++);
          seen_content = true;
          continue;
        }
      }
    }
    if (out.author.empty()) {
      if (auto a = author_of(i)) {
        found(&out.author, &out.author_line, &out.author_evidence, *a);
        mark(i++);
        seen_content = true;
        continue;
      }
    }
    if (out.description.empty()) {
      if (auto first = description_label(text)) {
        out.description_line = p.line;
        mark(i);
        std::vector<std::string> lines;
        if (std::string line = without_unfold_link(*first); !line.empty()) lines.push_back(line);
        int last_line = p.line;
        size_t end = i + 1, characters = utf8::length(*first);
        // The blurb runs on across single blank lines, to a site notice, a field of the
        // header (新书推荐：…, 版权信息：…), an ornament or a wider gap (two blank lines or more).
        for (; end < paragraphs.size(); ++end) {
          const Paragraph& q = paragraphs[end];
          std::string t = trimmed(q.text);
          if (is_ornament(q) || is_site_line(t) || is_start_mark(t) || is_field_line(t) ||
              (last_line > 0 && q.line - last_line > 2))
            break;
          // (Nor past the book's title set on a line of its own, where the story begins: an
          // unseen 越女剑's 书名：越女剑 … 简介：, its opening copied as the blurb, then 越女剑 and
          // the story, with no heading.)
          if (!out.title.empty() && utf8::without_spaces(t) == utf8::without_spaces(out.title))
            break;
          // (Nor into the sections a 起点 download sets before the story.)
          if (opens_work_related_section(t)) break;
          // (A site's page says its label again at the blurb's head: 内容简介： then
          // 斗罗大陆2绝世唐门免费小说简介：《绝世唐门》是…, or 《猎艳都市》简介：……)
          t = without_unfold_link(t);
          if (t.empty()) continue;
          // (The frame the label's line opened closes the blurb: 』 alone, or after its end.)
          if (closes_frame(t)) {
            ++end;
            break;
          }
          if (std::string_view line = t;
              line.size() > 3 && closes_frame(line.substr(line.size() - 3))) {
            lines.push_back(trimmed(line.substr(0, line.size() - 3)));
            ++end;
            break;
          }
          lines.push_back(lines.empty() ? without_repeated_label(t) : t);
          characters += utf8::length(t);
          last_line = q.line;
        }
        // Longer than any blurb: the story itself follows the label with no gap, and stays.
        if (lines.size() > kMaxBlurbLines || characters > kMaxBlurbCharacters) {
          remove[i] = false;
          --out.removed;
          out.description_line = 0;
          break;
        }
        while (++i < end) mark(i);
        if (!lines.empty()) lines.back() = without_site_id(lines.back(), out.title);
        for (size_t k = 0; k < lines.size(); ++k)
          out.description += (k ? "\n" : "") + blurb_paragraphs(lines[k]);
        seen_content = true;
        continue;
      }
    }
    // Between the title and the author a line or two of other text (`包含《…》五册`) is kept
    // in the story while the author's line is looked for.
    if (!out.title.empty() && out.author.empty()) {
      size_t ahead = i + 1;
      size_t found = paragraphs.size();
      for (int skipped = 0; ahead < paragraphs.size() && skipped < 2; ++ahead) {
        if (is_ornament(paragraphs[ahead])) continue;
        if (author_of(ahead)) {
          found = ahead;
          break;
        }
        ++skipped;
      }
      if (found < paragraphs.size()) {
        i = found;
        continue;
      }
    }
    break;  // the story starts here
  }
  // A library's fields say what its header's lines did not.
  if (out.title.empty() && !library.title.empty()) {
    out.title = library.title;
    out.title_line = paragraphs[library.title_at].line;
    out.title_evidence = trimmed(paragraphs[library.title_at].text);
  }
  if (out.author.empty() && !library.author.empty()) {
    out.author = library.author;
    out.author_line = paragraphs[library.author_at].line;
    out.author_evidence = trimmed(paragraphs[library.author_at].text);
  }
  if (!remove_lines) out.removed = 0;
  if (out.removed > 0) remove_marked(chapter, remove);
  return out;
}

int take_book_footer(Chapter& chapter, bool remove_lines) {
  if (!remove_lines) return 0;
  // (Only the chapter's end is looked at: a stored text stays stored when it has no footer.)
  const TextEdges tail = chapter.paragraphs.edges(0, kMaxFooterParagraphs);
  const size_t first = tail.size() - std::min(tail.size(), kMaxFooterParagraphs);
  std::vector<Paragraph> last;
  for (size_t k = first; k < tail.size(); ++k) last.push_back(tail[k]);
  const size_t at = library_footer(last);
  if (at == std::string::npos) return 0;
  const size_t from = first + at;
  std::vector<bool> remove(tail.size(), false);
  std::fill(remove.begin() + static_cast<std::ptrdiff_t>(from), remove.end(), true);
  remove_marked(chapter, remove);
  return static_cast<int>(remove.size() - from);
}

namespace {

// The marked lines leave the story, each a book_header repair; what other rules changed on them
// goes with them.
void remove_marked(Chapter& chapter, const std::vector<bool>& remove) {
  const std::vector<Paragraph>& paragraphs = chapter.paragraphs.all();
  std::vector<Paragraph>& edited = chapter.paragraphs.edit();
  std::vector<int> removed_lines;
  std::vector<Paragraph> kept;
  const std::string& file = chapter.sources.empty() ? std::string() : chapter.sources[0];
  std::vector<Repair> repairs;
  for (size_t k = 0; k < paragraphs.size(); ++k) {
    if (!remove[k]) {
      kept.push_back(std::move(edited[k]));
      continue;
    }
    removed_lines.push_back(paragraphs[k].line);
    std::string before = paragraphs[k].scene_break ? "<scene break>" : paragraphs[k].text;
    repairs.push_back(Repair{kRule, file, paragraphs[k].line, before, ""});
  }
  auto& old = chapter.repairs;
  old.erase(std::remove_if(old.begin(), old.end(),
                           [&](const Repair& r) {
                             return r.file == file &&
                                    std::find(removed_lines.begin(), removed_lines.end(), r.line) !=
                                        removed_lines.end();
                           }),
            old.end());
  old.insert(old.begin(), repairs.begin(), repairs.end());
  std::stable_sort(old.begin(), old.end(),
                   [](const Repair& a, const Repair& b) { return a.line < b.line; });
  edited = std::move(kept);
}

}  // namespace

}  // namespace novelbind
