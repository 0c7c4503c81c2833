#include "order/book_residue.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "base/cjk_text.h"
#include "base/parallel.h"
#include "base/resources.h"
#include "base/site_text.h"
#include "base/tsv.h"
#include "base/utf8.h"
#include "structure/heading_shape.h"

namespace novelbind {
namespace {

// `s` as the comparisons see it: no spaces, full-width ASCII made ASCII, Latin lower-cased.
std::u32string key_of(std::string_view s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    char32_t c = utf8::next(s, &i);
    if (utf8::is_space(c) || is_invisible(c)) continue;
    c = narrow_full_width(c);
    if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
    out += c;
  }
  return out;
}

void utf8_append(std::string* out, const std::u32string& s) {
  for (char32_t c : s) utf8::append(out, c);
}

// Whether paragraph `p` introduces the one after it: it ends with a colon (正是：, 题曰：).
bool introduces_next(const Paragraph& p) {
  if (p.scene_break) return false;
  std::string_view t = trim_spaces(p.text);
  return t.ends_with("：") || t.ends_with(":");
}

bool is_numbering(char32_t c) {
  return (c >= '0' && c <= '9') ||
         std::u32string_view(U"零〇一二三四五六七八九十百千万萬两兩壹贰貳叁參肆伍陆陸柒捌玖拾佰仟")
                 .find(c) != std::u32string_view::npos;
}

// What may stand around a heading in a contents line or a breadcrumb: numbering, the words
// of a heading's unit, and punctuation or symbols (-- / | # . 、 : 》).
bool is_frame(char32_t c) {
  if (is_numbering(c)) return true;
  if (std::u32string_view(U"第章回节節卷集部篇话話幕页頁作者著正文目录錄").find(c) !=
      std::u32string_view::npos)
    return true;
  return !is_word_character(c);
}

// Erases every occurrence of `what` (at least two characters) from `s`; whether it did.
bool erase_all(std::u32string& s, const std::u32string& what) {
  if (what.size() < 2) return false;
  bool erased = false;
  for (std::size_t at = s.find(what); at != std::u32string::npos; at = s.find(what, at)) {
    s.erase(at, what.size());
    erased = true;
  }
  return erased;
}

// Erases the longest of `names` first, so that a title inside another stays part of it.
bool erase_names(std::u32string& s, std::vector<std::u32string> names) {
  std::sort(names.begin(), names.end(),
            [](const std::u32string& a, const std::u32string& b) { return a.size() > b.size(); });
  bool erased = false;
  for (const std::u32string& n : names) erased |= erase_all(s, n);
  return erased;
}

bool only_frame(const std::u32string& s) {
  return std::all_of(s.begin(), s.end(), is_frame);
}

bool has_number(const std::u32string& s) {
  return std::any_of(s.begin(), s.end(), is_numbering);
}

// The credit words, folded as key_of folds a line.
struct CreditKeys {
  std::vector<std::u32string> strong, weak;
};

const CreditKeys& credit_words() {
  static const CreditKeys words = [] {
    CreditKeys w;
    for (const std::string& word : CreditWords::builtin().strong) w.strong.push_back(key_of(word));
    for (const std::string& word : CreditWords::builtin().weak) w.weak.push_back(key_of(word));
    return w;
  }();
  return words;
}

bool contains_any(const std::u32string& s, const std::vector<std::u32string>& words) {
  return std::any_of(words.begin(), words.end(),
                     [&](const std::u32string& w) { return s.find(w) != std::u32string::npos; });
}

bool opens(char32_t c) {
  return std::u32string_view(U"（(【[〔［").find(c) != std::u32string_view::npos;
}
bool closes_bracket(char32_t c) {
  return std::u32string_view(U"）)】]〕］").find(c) != std::u32string_view::npos;
}

// The key of a heading's number without its title (第二章 of 第二章  社长小偷), when it has both.
std::u32string number_key(const std::string& heading) {
  auto shape = heading.empty() ? std::nullopt : parse_heading_shape(heading);
  if (!shape || !shape->number || shape->title_offset >= heading.size()) return {};
  std::u32string number = key_of(std::string_view(heading).substr(0, shape->title_offset));
  return has_number(number) ? number : std::u32string();
}

constexpr std::size_t kShortLine = 60;  // code points: the longest line judged here

class BookResidue {
 public:
  // Each edge paragraph's length in code points and, when at most kLongestEdgeLine, its key_of.
  struct EdgeText {
    std::size_t length = 0;
    std::u32string key;
  };

  const std::string& inferred_author() const { return inferred_; }

  BookResidue(Book& book, const BookNames& names, const std::vector<std::string>& disabled)
      : book_(book) {
    for (const std::string& t : names.titles)
      if (!t.empty()) titles_.push_back(key_of(t));
    // (A header's 佚名 or 未知, "unknown", names no one: the book may still name its author.)
    for (const std::string& a : names.authors)
      if (!a.empty() && a != "佚名" && a != "未知" && a != "不详" && a != "不詳")
        authors_.push_back(key_of(a));
    auto on = [&](const char* rule) {
      return std::find(disabled.begin(), disabled.end(), rule) == disabled.end();
    };
    running_header_ = on("running_header") && !(titles_.empty() && authors_.empty());
    for (const std::u32string& t : titles_) distinctive_title_ |= t.size() >= 3;
    contents_line_ = on("contents_line");
    credit_line_ = on("credit_line");
    edge_line_ = on("edge_line");
    for (Chapter& c : book_.chapters) {
      headings_.push_back({key_of(c.title), key_of(c.heading), number_key(c.heading)});
    }
  }

  void run() {
    // Only the edges are read (a chapter whose text is stored stays so), once, on every core.
    edges_.resize(book_.chapters.size());
    edge_texts_.resize(book_.chapters.size());
    parallel_for(book_.chapters.size(), 0, [&](std::size_t i) {
      edges_[i] = book_.chapters[i].paragraphs.edges(kChapterEdge, kChapterEdge);
      // Each edge paragraph's length and key, made once for the rules below.
      const TextEdges& ps = edges_[i];
      edge_texts_[i].resize(ps.size());
      for (std::size_t j = 0; j < ps.size(); ++j) {
        if (j >= kChapterEdge && j + kChapterEdge < ps.size()) continue;
        EdgeText& e = edge_texts_[i][j];
        // (More than four bytes a character: more than kLongestEdgeLine, uncounted.)
        const std::string& text = ps[j].text;
        e.length = text.size() > 4 * kLongestEdgeLine ? text.size() : utf8::length(text);
        if (e.length <= kLongestEdgeLine) e.key = key_of(text);
      }
    });
    infer_breadcrumb_author();
    if (edge_line_) find_edge_lines();
    // Each edge paragraph's verdict first: a line of the book's names alone is taken on the
    // evidence of the whole book (below).
    struct Edge {
      std::size_t chapter, paragraph;
      const char* rule;
      Names names;
    };
    // Each chapter's on every core, then all of them in chapter order.
    std::vector<std::vector<Edge>> each(book_.chapters.size());
    parallel_for(book_.chapters.size(), 0, [&](std::size_t i) {
      const TextEdges& ps = edges_[i];
      for (std::size_t j = 0; j < ps.size(); ++j) {
        if (j >= kChapterEdge && j + kChapterEdge < ps.size()) continue;
        if (ps[j].scene_break) continue;
        // What a line of the story introduces is the story's (题曰：, then 红楼梦). (Only a line
        // at the same edge is looked at: the edges are all a chapter the cache keeps packed
        // holds, and a rebuild must read what the first build read.)
        const bool before_at_edge =
            j > 0 && (j - 1 < kChapterEdge || j - 1 + kChapterEdge >= ps.size());
        if (before_at_edge && introduces_next(ps[j - 1])) continue;
        Edge e{i, j, nullptr, Names::kNone};
        e.rule = residue(edge_texts_[i][j], i, &e.names);
        if (!e.rule && !edge_lines_.empty() && is_edge_line(i, ps, j)) e.rule = "edge_line";
        if (e.rule) each[i].push_back(e);
      }
    });
    std::vector<Edge> found;
    int title_lines = 0, author_lines = 0;
    for (const std::vector<Edge>& edges : each) {
      for (const Edge& e : edges) {
        title_lines += e.names == Names::kTitle;
        author_lines += e.names == Names::kAuthor;
        found.push_back(e);
      }
    }
    // The title alone is a running header when it cannot be a word of the story (three
    // characters or more, or in 《》) or when it stands so more than once; the author alone
    // beside a title line, or three times or more ("江南" may be a place in one line).
    auto taken = [&](std::size_t k) {
      const Edge& e = found[k];
      if (e.names == Names::kTitle) return distinctive_title_ || title_lines >= 2;
      if (e.names != Names::kAuthor) return true;
      if (author_lines >= 3) return true;
      for (std::size_t m : {k - 1, k + 1})
        if (m < found.size() && found[m].chapter == e.chapter &&
            (found[m].paragraph + 1 == e.paragraph || e.paragraph + 1 == found[m].paragraph) &&
            found[m].names != Names::kNone && found[m].names != Names::kAuthor)
          return true;
      return false;
    };
    std::vector<std::vector<const char*>> drop(book_.chapters.size());
    auto mark = [&](std::size_t chapter, std::size_t paragraph, const char* rule) {
      auto& d = drop[chapter];
      d.resize(book_.chapters[chapter].paragraphs.size(), nullptr);
      d[paragraph] = rule;
    };
    for (std::size_t k = 0; k < found.size(); ++k) {
      if (!taken(k)) continue;
      const Edge& e = found[k];
      mark(e.chapter, e.paragraph, e.rule);
      // A byline under the title where the book names no author ("天龙八部", "金庸"): a name
      // of two to four ideographs alone on the next line.
      if (e.names == Names::kTitle && authors_.empty()) {
        const auto& ps = book_.chapters[e.chapter].paragraphs;
        if (e.paragraph + 1 < ps.size() && is_byline(ps[e.paragraph + 1].text))
          mark(e.chapter, e.paragraph + 1, "running_header");
      }
    }
    for (std::size_t i = 0; i < book_.chapters.size(); ++i) {
      if (drop[i].empty()) continue;
      Chapter& c = book_.chapters[i];
      std::vector<Paragraph> kept;
      std::string file = c.sources.empty() ? std::string() : c.sources.front();
      std::vector<Paragraph>& paragraphs = c.paragraphs.edit();
      for (std::size_t j = 0; j < paragraphs.size(); ++j) {
        if (!drop[i][j]) {
          kept.push_back(std::move(paragraphs[j]));
          continue;
        }
        c.repairs.push_back({drop[i][j], file, paragraphs[j].line, paragraphs[j].text, ""});
      }
      paragraphs = std::move(kept);
    }
    edges_ = {};
    edge_texts_ = {};
    edge_keys_ = {};
  }

  // A breadcrumb names the author where the book does not ("金庸-->神雕俠侶-->第三回　求師
  // 終南"): at chapters' edges, lines that hold a nearby numbered heading and the book's title
  // leave, in two chapters or more, the same name of two to four ideographs.
  void infer_breadcrumb_author() {
    if (!authors_.empty() || titles_.empty() || !contents_line_) return;
    // The names each chapter leaves, on every core; then counted.
    std::vector<std::set<std::u32string>> left(book_.chapters.size());
    parallel_for(book_.chapters.size(), 0, [&](std::size_t i) {
      const TextEdges& ps = edges_[i];
      std::set<std::u32string>& seen = left[i];
      for (std::size_t j = 0; j < ps.size(); ++j) {
        if (j >= kChapterEdge && j + kChapterEdge < ps.size()) continue;
        const EdgeText& text = edge_texts_[i][j];
        if (text.length > kShortLine) continue;
        std::u32string rest = text.key;
        if (!erase_near_headings(rest, i, nullptr) || !erase_names(rest, titles_)) continue;
        std::u32string name;
        for (char32_t ch : rest)
          if (!is_frame(ch)) name += ch;
        if (name.size() < 2 || name.size() > 4 ||
            !std::all_of(name.begin(), name.end(), [](char32_t ch) { return is_ideograph(ch); }))
          continue;
        seen.insert(name);
      }
    });
    std::map<std::u32string, int> names;
    for (const std::set<std::u32string>& seen : left)
      for (const std::u32string& name : seen) ++names[name];
    for (const auto& [name, chapters] : names) {
      if (chapters < 2) continue;
      authors_.push_back(name);
      if (inferred_.empty()) utf8_append(&inferred_, name);
    }
  }

  // Lines that stand at the same edge of most chapters, word for word (a site's button or
  // notice under every heading or after every chapter's text, in words no list knows): at
  // least kEdgeLineShare of the chapters with text, and kMinEdgeLines of them, hold the line
  // among their first (or their last) kChapterEdge paragraphs. Not a scene break, not
  // dialogue, not long, two letters or more, and no sentence's stop at its end: a page's
  // button or banner has none (阅读愉快，下次再见), while a story's line that chapters end with
  // is a sentence (欲知后事如何，且听下回分解。), which stays, unless its words are a site's.
  static constexpr double kEdgeLineShare = 0.5;
  static constexpr std::size_t kMinEdgeLines = 6;
  static constexpr std::size_t kLongestEdgeLine = 100;  // code points

  // The hash of the key of edge paragraph j of `ps` (key_of, hashed), or 0 when it could be no
  // such line.
  std::uint64_t edge_key(std::size_t i, const TextEdges& ps, std::size_t j) const {
    const Paragraph& p = ps[j];
    const EdgeText& text = edge_texts_[i][j];
    if (p.scene_break || text.length > kLongestEdgeLine || has_quotation(p.text)) return 0;
    const std::u32string& key = text.key;
    if (std::count_if(key.begin(), key.end(), is_word_character) < 2) return 0;
    std::size_t last = key.size();
    while (last > 0 &&
           std::u32string_view(U"”’」』）)").find(key[last - 1]) != std::u32string_view::npos)
      --last;
    // (A banner may end with its stop when its words are a site's: 最新最全的日本动漫轻小说
    // 轻小说文库 为你一网打尽！ after an unseen light novel's every chapter.)
    if (last > 0 &&
        std::u32string_view(U"。！？!?…").find(key[last - 1]) != std::u32string_view::npos &&
        SiteWords::builtin().weight(residue_fold(p.text)) < 2)
      return 0;
    // Nor, without a site's words, a line that introduces the next one (正是： before each
    // chapter's closing couplet, 诗曰： before a poem) or an attribution, a dash then a name
    // (——宝玉 记于怡红院, under each chapter's letter).
    if (((j + 1 < ps.size() && introduces_next(p)) || trim_spaces(p.text).starts_with("——")) &&
        SiteWords::builtin().weight(residue_fold(p.text)) == 0)
      return 0;
    return std::hash<std::u32string_view>()(key) | 1;  // (never 0)
  }
  // A key at one edge: the start's and the end's are counted apart.
  static std::uint64_t at_edge(std::uint64_t key, bool end) { return end ? key ^ kEndEdge : key; }
  static constexpr std::uint64_t kEndEdge = 0x9E3779B97F4A7C15ull;

  void find_edge_lines() {
    edge_keys_.assign(book_.chapters.size(), {});
    std::vector<std::vector<std::uint64_t>> held(book_.chapters.size());
    parallel_for(book_.chapters.size(), 0, [&](std::size_t i) {
      const TextEdges& ps = edges_[i];
      std::vector<std::uint64_t>& keys = edge_keys_[i];
      keys.assign(ps.size(), 0);
      for (std::size_t j = 0; j < ps.size(); ++j) {
        if (j >= kChapterEdge && j + kChapterEdge < ps.size()) continue;
        keys[j] = edge_key(i, ps, j);
        if (!keys[j]) continue;
        if (j < kChapterEdge) held[i].push_back(at_edge(keys[j], false));
        if (j + kChapterEdge >= ps.size()) held[i].push_back(at_edge(keys[j], true));
      }
      std::sort(held[i].begin(), held[i].end());
      held[i].erase(std::unique(held[i].begin(), held[i].end()), held[i].end());
    });
    std::unordered_map<std::uint64_t, std::size_t> counts;
    std::size_t with_text = 0;
    for (std::size_t i = 0; i < held.size(); ++i) {
      with_text += edges_[i].size() > 0;
      for (std::uint64_t k : held[i]) ++counts[k];
    }
    const auto least = std::max<std::size_t>(
        kMinEdgeLines, static_cast<std::size_t>(std::ceil(kEdgeLineShare * with_text)));
    for (const auto& [key, n] : counts)
      if (n >= least) edge_lines_.insert(key);
  }

  bool is_edge_line(std::size_t i, const TextEdges& ps, std::size_t j) const {
    std::uint64_t key = j < edge_keys_[i].size() ? edge_keys_[i][j] : 0;
    if (!key) return false;
    if (j < kChapterEdge && edge_lines_.count(at_edge(key, false))) return true;
    return j + kChapterEdge >= ps.size() && edge_lines_.count(at_edge(key, true));
  }

  // Erases from `rest` the headings and titles of chapter i's neighbours that it holds;
  // whether any was; *numbered tells whether one was a heading with its number.
  bool erase_near_headings(std::u32string& rest, std::size_t i, bool* numbered,
                           bool* number_only = nullptr) const {
    std::size_t from = i >= 2 ? i - 2 : 0;
    std::size_t to = std::min(headings_.size(), i + 3);
    std::vector<std::u32string> near;
    bool numbered_heading = false, whole = false;
    std::vector<std::u32string> numbers;  // the headings' numbers without their titles (第二章)
    for (std::size_t k = from; k < to; ++k) {
      const auto& [title, heading, number] = headings_[k];
      if (rest.find(heading) != std::u32string::npos && heading.size() >= 2) {
        near.push_back(heading);
        numbered_heading |= heading != title && has_number(heading);
        whole = true;
      }
      if (rest.find(title) != std::u32string::npos) {
        near.push_back(title);
        whole = true;
      }
      if (number.size() >= 2) numbers.push_back(number);
    }
    if (numbered) *numbered = numbered_heading;
    if (number_only) *number_only = false;
    if (!near.empty()) return erase_names(rest, near);
    // Or the number alone (猎奇的后果 正文 第二章 over 第二章  社长小偷): the caller asks for the
    // book's names beside it.
    if (number_only && !whole && erase_names(rest, numbers)) {
      *number_only = true;
      if (numbered) *numbered = true;
      return true;
    }
    return false;
  }

  // Two to four ideographs and nothing else: a name as a byline gives it.
  static bool is_byline(std::string_view text) {
    std::u32string key = key_of(text);
    return key.size() >= 2 && key.size() <= 4 && std::all_of(key.begin(), key.end(), is_ideograph);
  }

  // Which of the book's names a running header holds.
  enum class Names { kNone, kTitle, kAuthor, kBoth };

  // The rule a paragraph of chapter `i`'s edges is residue of, or nullptr; *names says what a
  // running header holds.
  const char* residue(const EdgeText& text, std::size_t i, Names* names) const {
    if (text.length > kShortLine) return nullptr;
    const std::u32string& key = text.key;
    if (key.empty()) return nullptr;
    if (running_header_) {
      std::u32string rest = key;
      bool title = erase_names(rest, titles_);
      bool author = erase_names(rest, authors_);
      if ((title || author) && only_frame_without_numbers(rest)) {
        *names = title && author ? Names::kBoth : title ? Names::kTitle : Names::kAuthor;
        return "running_header";
      }
    }
    if (contents_line_ && is_contents_line(key, i)) return "contents_line";
    if (credit_line_ && is_credit_line(key)) return "credit_line";
    return nullptr;
  }

  std::vector<std::u32string> names() const {
    std::vector<std::u32string> all = titles_;
    all.insert(all.end(), authors_.begin(), authors_.end());
    return all;
  }

  // A running header is the book's names and decoration, with no number (a chapter's own
  // number makes it a contents line, judged below).
  static bool only_frame_without_numbers(const std::u32string& s) {
    return only_frame(s) && !has_number(s);
  }

  // A nearby chapter's heading or title, with nothing but numbering, separators and the
  // book's names around it, and evidence that it is no story line: a number, or the book's
  // names, or the heading as numbered in the source.
  bool is_contents_line(const std::u32string& key, std::size_t i) const {
    std::u32string rest = key;
    bool numbered_heading = false, number_only = false;
    if (!erase_near_headings(rest, i, &numbered_heading, &number_only)) return false;
    bool named = erase_names(rest, names());
    // (A heading's number alone is a contents line only with the book's names beside it: a
    // crawl's breadcrumb, 猎奇的后果 正文 第二章; 第二章 alone may be a heading's echo.)
    if (number_only && !named) return false;
    return (only_frame(rest) && (numbered_heading || named || has_number(rest))) ||
           only_breadcrumb_path(rest);
  }

  // A site's path to the chapter (首页 > 古典 > 红楼新编 > 第2章 …, before each heading of an
  // unseen crawl): what is left once the heading at the path's end and the book's names are
  // gone is the path's segments, a few characters each, between two of its separators or more.
  static bool only_breadcrumb_path(const std::u32string& rest) {
    constexpr std::size_t kMaxSegment = 6;
    if (rest.empty() || std::u32string_view(U">»›→").find(rest.back()) == std::u32string_view::npos)
      return false;
    std::size_t separators = 0, segment = 0;
    for (char32_t c : rest) {
      if (c == U'>' || c == U'»' || c == U'›' || c == U'→') {
        ++separators;
        segment = 0;
        continue;
      }
      if (is_frame(c)) continue;
      if (++segment > kMaxSegment) return false;
    }
    return separators >= 2;
  }

  // A typist's line: no dialogue, a credit's words, and a credit's shape: it names the
  // chapter or book it credits (此回, 本章 …), or its typist (由某某录入, 扫校：某某), or the
  // year (九七年元月四日, 一九九七年). A story's system message that holds 录入
  // (【…已录入点卯簿…】) has none.
  static bool is_credit_line(const std::u32string& key) {
    if (key.find_first_of(U"“”「」\"") != std::u32string::npos) return false;  // dialogue
    const CreditKeys& words = credit_words();
    bool bracketed = key.size() >= 2 && opens(key.front()) && closes_bracket(key.back());
    bool strong = contains_any(key, words.strong);
    if (!strong && !(bracketed && contains_any(key, words.weak))) return false;
    std::u32string_view k = key;
    if (bracketed) k = k.substr(1, k.size() - 2);
    bool names_part = false;
    for (std::u32string_view part :
         {U"此回", U"此章", U"本回", U"本章", U"本书", U"本書", U"全书", U"全書", U"此书", U"此書"})
      names_part |= k.find(part) != std::u32string_view::npos;
    bool names_typist = k.find(U'由') != std::u32string_view::npos ||
                        k.find(U'：') != std::u32string_view::npos ||
                        k.find(U':') != std::u32string_view::npos;
    std::size_t year = k.find(U'年');
    bool dated = year != std::u32string_view::npos && year > 0 && is_numbering(k[year - 1]);
    return names_part || names_typist || dated;
  }

  Book& book_;
  std::vector<TextEdges> edges_;  // each chapter's first and last kChapterEdge paragraphs
  std::vector<std::vector<EdgeText>> edge_texts_;  // parallel to edges_
  std::vector<std::u32string> titles_, authors_;
  struct HeadingKeys {
    std::u32string title, heading;
    std::u32string number;  // the heading's number without its title (第二章); may be empty
  };
  std::vector<HeadingKeys> headings_;
  bool running_header_ = false, contents_line_ = false, credit_line_ = false, edge_line_ = false;
  std::unordered_set<std::uint64_t> edge_lines_;       // at_edge(edge_key()) of the lines at most
                                                       // chapters' edges
  std::vector<std::vector<std::uint64_t>> edge_keys_;  // each chapter's edge_key()s, or 0
  bool distinctive_title_ = false;
  std::string inferred_;  // the author a breadcrumb names
};

}  // namespace

std::string remove_book_residue(Book& book, const BookNames& names,
                                const std::vector<std::string>& disabled) {
  BookResidue residue(book, names, disabled);
  residue.run();
  return residue.inferred_author();
}

const std::vector<std::string>& book_residue_rules() {
  static const std::vector<std::string> rules = {"running_header", "contents_line", "credit_line",
                                                 "edge_line"};
  return rules;
}

}  // namespace novelbind
