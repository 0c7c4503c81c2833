#include "clean/rule_site_residue.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <future>
#include <map>
#include <optional>

#include "base/background_task.h"
#include "base/brackets.h"
#include "base/cjk_text.h"
#include "base/site_text.h"
#include "clean/end_marks.h"
#include "clean/filler_characters.h"
#include "clean/residue_line.h"
#include "clean/rule_html.h"
#include "clean/rule_reversed_lines.h"

namespace novelbind {

using namespace residue;

namespace {

// Whether `text` ends in the middle of a sentence: with an ideograph, a letter or a digit.
bool leaves_sentence_open(std::string_view text) {
  if (text.empty()) return false;
  std::size_t end = text.size();
  char32_t c = utf8::previous(text, &end);
  return (c < 0x80 && std::isalnum(static_cast<int>(c))) || is_ideograph(c);
}

}  // namespace

std::vector<std::vector<EdgeNotices>> edge_notices_of(const std::vector<Chapter>& chapters) {
  std::vector<std::vector<EdgeNotices>> out(chapters.size());
  for (std::size_t c = 0; c < chapters.size(); ++c) {
    out[c].reserve(chapters[c].paragraphs.size());
    for (const Paragraph& p : chapters[c].paragraphs) out[c].push_back(edge_notices(p.text));
  }
  return out;
}

void ResidueTally::add(const std::vector<Chapter>& chapters, bool beside,
                       const std::vector<std::vector<EdgeNotices>>* notices) {
  std::vector<std::string_view> texts;    // each paragraph, trimmed; scene breaks left out
  std::vector<const EdgeNotices*> edges;  // with `notices`: each one's
  std::vector<std::size_t> chapter_starts;
  for (std::size_t c = 0; c < chapters.size(); ++c) {
    chapter_starts.push_back(texts.size());
    const ChapterText& ps = chapters[c].paragraphs;
    for (std::size_t k = 0; k < ps.size(); ++k) {
      if (ps[k].scene_break) continue;
      texts.push_back(trim_spaces(ps[k].text));
      if (notices) edges.push_back(&(*notices)[c][k]);
    }
  }
  // Fillers and end marks (keys of their own marks, apart from the lines' keys below). Beside
  // other work (a book in one file, whose other core is free once its bigrams are counted), the
  // fillers are counted on a thread of their own while this one counts the lines, then the end
  // marks: the two tallies take about as long (sanguo.txt: 5 ms against 3 + 4 ms), and
  // counting both there kept this thread waiting 8 ms.
  std::map<std::string, int> marks, fillers;
  Task<void> fillers_done;
  if (beside)
    fillers_done = start_task([&] { tally_fillers(texts, &fillers); });
  else
    tally_fillers(texts, &fillers);
  std::size_t next_start = 0;  // index into chapter_starts
  for (std::size_t i = 0; i < texts.size(); ++i) {
    std::string_view line = texts[i];
    bool chapter_start = false;
    while (next_start < chapter_starts.size() && chapter_starts[next_start] <= i)
      chapter_start |= chapter_starts[next_start++] == i;
    // Notices glued to a paragraph's edges, counted (the rule cuts those that recur).
    EdgeNotices found_here;
    const EdgeNotices& edge = notices ? *edges[i] : (found_here = edge_notices(line));
    for (const std::string& key : edge.asked) ++lines[key];
    // Site names in decoy elements, which the site may also put into words bare.
    if (line.find('<') != std::string_view::npos)
      for (const std::string& name : decoy_site_names(line)) ++lines[injected_key(name)];
    Traits traits = traits_of(line);
    for (const Fragment& f : watermark_fragments(line, traits.brackets)) ++lines[f.key];
    // Notices put inside paragraphs, between sentences (cut_notice_pieces); those at the edges
    // are counted above.
    if ((traits.latin || traits.brackets) && may_hold_notice_piece(line)) {
      std::vector<NoticePiece> pieces = notice_pieces(line);
      for (std::size_t k = 1; k + 1 < pieces.size(); ++k)
        if (pieces[k].notice) ++lines[pieces[k].key];
    }
    // (More than four bytes a character: more characters than kNotice, without counting.)
    if (line.size() > 4 * kNotice || utf8::length(line) > kNotice || has_quotation(line)) continue;
    // A line of Latin words that goes on with a sentence the line before left open (a book's
    // title in another script, set on a line of its own by an ebook's conversion: 读完 / 2001:
    // A Space Odyssey / 的那天深夜…) is the story's, however often the book names it.
    if (!chapter_start && i > 0 && leaves_sentence_open(texts[i - 1]) && !has_ideograph(line))
      continue;
    bool cut = false;
    std::string rest = cut_fragments(line, traits, &cut);
    std::size_t length = utf8::length(rest);
    if (length > kShort || has_quotation(rest)) continue;
    std::string folded = residue_fold(rest);
    if (std::string disguised = disguise_key(rest, folded); !disguised.empty()) ++lines[disguised];
    std::string key = candidate_key(rest, std::move(folded));
    int strong = 0;
    const int weight = SiteWords::builtin().weight(key, &strong);
    // (A label a cut address left, 手机阅读地址：, introduces nothing: the colon was the site's.)
    if (is_candidate(length, key, weight) && (strong > 0 || cut || !introduces_what_follows(rest)))
      ++lines[key];
  }
  tally_end_marks(texts, chapter_starts, &marks);
  if (fillers_done.valid()) fillers_done.get();
  for (const auto* tally : {&fillers, &marks})
    for (const auto& [key, n] : *tally) lines[key] += n;
}

ResidueDecision decide_residue(const ResidueTally& tally, const BigramCounts* bigrams) {
  ResidueDecision out;
  out.end_marks = learn_end_marks(tally.lines);
  // A line the book repeats, some copies with an end mark glued before their stop (…否则后果自负
  // 武动乾坤。 and …否则后果自负。): the rule judges each without the mark, so they are counted
  // as one.
  std::map<std::string, int> unmarked;
  std::vector<std::string> folded_marks;
  for (const std::string& mark : out.end_marks)
    folded_marks.push_back(residue_fold(mark.substr(1)));
  if (!folded_marks.empty()) {
    for (const auto& [key, n] : tally.lines) {
      if (key.empty() || static_cast<unsigned char>(key[0]) < 0x20 || key[0] == kFragmentMark ||
          key[0] == kPageMark)
        continue;
      for (const std::string& mark : folded_marks) {
        if (mark.empty() || key.size() <= mark.size() || !key.ends_with(mark)) continue;
        unmarked[key.substr(0, key.size() - mark.size())] += n;
        break;
      }
    }
  }
  auto count = [&](const std::string& key, int n) {
    auto it = unmarked.find(key);
    return it == unmarked.end() ? n : n + it->second;
  };
  for (const auto& [key, n] : unmarked)
    if (!tally.lines.count(key) && n >= kRecurring) out.recurring.insert(key);
  for (const auto& [key, n_listed] : tally.lines) {
    const int n = count(key, n_listed);
    if (key[0] >= '\x02' && key[0] <= '\x04') continue;  // filler characters, below
    if (key[0] == kEndMark || key[0] == kEndElsewhereMark || key[0] == kEndChaptersMark)
      continue;  // end marks, below
    if (key[0] == kGluedMark) {
      if (n >= kRecurring) out.glued.insert(key);
      continue;
    }
    if (key[0] == kInjectedMark) {  // a decoy's site name: once is the site's
      out.injected.insert(key);
      continue;
    }
    if (n >= (key[0] == kFragmentMark ? kRecurringFragment : kRecurring)) out.recurring.insert(key);
  }
  if (bigrams) out.recurring.merge(learn_fillers(tally.lines, *bigrams));
  return out;
}

namespace {

// A sentence that names a site in passing is at least this long (code points): 起点中文网。 is a
// banner.
constexpr std::size_t kSentenceNamingASite = 10;

// Whether `text` ends with a sentence's end (closing quotes aside).
bool ends_a_sentence(std::string_view text) {
  std::size_t end = text.size();
  while (end > 0) {
    std::size_t k = end;
    char32_t c = utf8::previous(text, &k);
    if (std::u32string_view(U"”’」』").find(c) != std::u32string_view::npos) {
      end = k;
      continue;
    }
    return std::u32string_view(U"。！？!?…").find(c) != std::u32string_view::npos;
  }
  return false;
}

// `text` without the advertisement that runs from the end of one of its sentences to the end of
// the address that follows, in a site's words, when a sentence of story stands before it and
// after it (each long enough, ending as sentences do, the one after without a site's words);
// nullopt otherwise. `urls` are the text's (find_urls).
std::optional<std::string> story_around_address(std::string_view text,
                                                const std::vector<UrlSpan>& urls,
                                                const SiteWords& words, bool cut) {
  constexpr std::size_t kMinBefore = 10, kMinAfter = 6;  // code points
  if (urls.size() != 1) return std::nullopt;
  const UrlSpan& url = urls.front();
  std::size_t start = 0;
  for (std::size_t i = 0, n = 0; i < url.start; i += n) {
    const char32_t c = utf8::decode(text, i, &n);
    if (std::u32string_view(U"。！？!?…」”").find(c) != std::u32string_view::npos) start = i + n;
  }
  const std::string_view before = trim_spaces(text.substr(0, start));
  std::size_t end = url.end;
  while (end < text.size() && (text[end] == '/' || text[end] == '\\')) ++end;  // (its path's end)
  const std::string_view after = trim_spaces(text.substr(end));
  // (The ad speaks as one, 在线阅读, 最新章节, or stood beside a site's words cut from the line
  // already (mianhuatang.cc [棉花糖小说网]): an address alone between two sentences may be the
  // story's, unless the book repeats it.)
  const std::string_view ad = text.substr(start, end - start);
  if (utf8::length(before) < kMinBefore || utf8::length(after) < kMinAfter ||
      !ends_a_sentence(before) || !ends_a_sentence(after) || !has_ideograph(after) ||
      words.weight(residue_fold(after)) > 0 || (!cut && words.weight(residue_fold(ad)) < 2))
    return std::nullopt;
  return std::string(before) + std::string(after);
}

// The marks of a sentence, which a name or a label does not hold.
constexpr std::string_view kProseMarks[] = {"，", "。", "！", "？", "；", "…"};

// `text` without an address and its label at one of its edges, set apart by a space from the
// story on the other side of it (最新网址：www.biquge.com　且说张角一军，… or …当时闻　手机阅读：
// m.biquge.com): the story, when it holds no site's words nor address; nullopt otherwise. The
// label is short and a site's (its words, or a colon before the address). `urls` are the
// text's (find_urls).
std::optional<std::string> story_beside_address(std::string_view text,
                                                const std::vector<UrlSpan>& urls,
                                                const SiteWords& words) {
  constexpr std::size_t kMaxLabel = 20, kMinStoryBeside = 4;  // code points, word characters
  if (urls.size() != 1) return std::nullopt;
  const UrlSpan& url = urls.front();
  auto site_label = [&](std::string_view label) {
    label = trim_spaces(label);
    if (utf8::length(label) > kMaxLabel) return false;
    return label.empty() || label.ends_with("：") || label.ends_with(":") ||
           words.weight(residue_fold(label)) >= 1;
  };
  auto story = [&](std::string_view t) {
    t = trim_spaces(t);
    // (Prose, with a sentence's marks: a name alone beside an address is the site's, 落霞小说.)
    const bool prose = std::any_of(std::begin(kProseMarks), std::end(kProseMarks),
                                   [&](std::string_view m) { return t.find(m) != t.npos; });
    return word_characters(t) >= kMinStoryBeside && prose && words.weight(residue_fold(t)) == 0;
  };
  std::size_t end = url.end;
  while (end < text.size() && (text[end] == '/' || text[end] == '\\')) ++end;  // (its path)
  // The address first: its label before it, a space after it (or an ideograph, which no
  // address holds: 请记住本书首发域名：www.biquge.com却说曹操…), then the story.
  constexpr std::size_t kStoryGlued = 24;  // word characters: a sentence of story, no notice's end
  std::size_t k = end;
  if (end < text.size() &&
      (is_space(utf8::next(text, &k)) || story_after_glued_address(text, end, kStoryGlued)) &&
      site_label(text.substr(0, url.start)) && story(text.substr(end)))
    return std::string(trim_spaces(text.substr(end)));
  // The address last: the story, a space, the label and the address (and nothing after it).
  if (!trim_spaces(text.substr(end)).empty()) return std::nullopt;
  std::size_t space = std::string_view::npos;
  for (std::size_t i = 0; i < url.start;) {
    const std::size_t at = i;
    if (is_space(utf8::next(text, &i))) space = at;
  }
  if (space == std::string_view::npos) return std::nullopt;
  const std::string_view before = text.substr(0, space);
  std::size_t after_space = space;
  utf8::next(text, &after_space);
  if (!site_label(text.substr(after_space, url.start - after_space)) || !story(before))
    return std::nullopt;
  return std::string(trim_spaces(before));
}

// Whether `text` is a sentence a story narrates of a third person: 他 or 她 in it, and a
// sentence's end at its end. A site's notice speaks to the reader.
bool narrates(std::string_view text) {
  return (text.find("他") != std::string_view::npos || text.find("她") != std::string_view::npos) &&
         ends_a_sentence(text);
}

// Whether every quotation in `text` is a short name the site's words weigh (百度搜索“笔趣阁”最快
// 更新！: the site's name in quotes, no one's speech), and there is one.
bool quotes_only_names(std::string_view text, const SiteWords& words) {
  constexpr std::size_t kMaxName = 10;  // code points
  bool any = false;
  for (auto [open, close] : {std::pair<std::string_view, std::string_view>{"“", "”"},
                             {"「", "」"},
                             {"『", "』"},
                             {"\"", "\""}}) {
    for (std::size_t at = text.find(open); at != std::string_view::npos;
         at = text.find(open, at + open.size())) {
      const std::size_t start = at + open.size();
      const std::size_t end = text.find(close, start);
      if (end == std::string_view::npos) return false;
      const std::string_view inner = text.substr(start, end - start);
      if (utf8::length(inner) > kMaxName || words.weight(residue_fold(inner)) < 1) return false;
      any = true;
      at = end;
    }
  }
  return any;
}

// Words by which a notice speaks to the book's readers.
constexpr std::string_view kReaders[] = {"亲们", "书友", "读者"};

// The story that `text` tells beside a site's words: the letters and ideographs of its sentences
// that hold none and do not speak to the book's readers (亲们, 书友, 读者: a notice's own). A
// paragraph of story that a site put one sentence into (…曾回顾他两次，最新章节请到八一中文网阅读。
// 自谓是个知己。便时刻放在心上。…) tells much; a notice, little or nothing.
std::size_t story_beside_site_words(std::string_view text, const SiteWords& words) {
  std::size_t story = 0, start = 0;
  for (std::size_t i = 0; i < text.size();) {
    const char32_t c = utf8::next(text, &i);
    if (i < text.size() && std::u32string_view(U"。！？!?").find(c) == std::u32string_view::npos)
      continue;
    const std::string_view sentence = text.substr(start, i - start);
    start = i;
    if (words.weight(residue_fold(sentence)) > 0) continue;
    if (std::any_of(std::begin(kReaders), std::end(kReaders),
                    [&](std::string_view r) { return sentence.find(r) != std::string_view::npos; }))
      continue;
    story += word_characters(sentence);
  }
  return story;
}

// Whether a glued notice's key is one the book repeats (cut_glued_notices' `known`).
std::function<bool(const std::string&)> learned_notice(const ResidueDecision& book) {
  return [&book](const std::string& key) { return book.glued.count(key) > 0; };
}

// Where the opening bracket that ends `text` stands, when a sentence's end (with any closing
// quotes) comes before it; npos otherwise.
std::size_t dangling_opener(std::string_view text) {
  std::size_t end = text.size();
  if (end == 0) return std::string::npos;
  std::size_t opener = end;
  char32_t cp = utf8::previous(text, &opener);
  if (std::u32string_view(U"（(【[〔").find(cp) == std::u32string_view::npos)
    return std::string::npos;
  std::size_t k = opener;
  while (k > 0) {
    std::size_t before = k;
    char32_t prev = utf8::previous(text, &before);
    if (is_space(prev) || std::u32string_view(U"”’」』").find(prev) != std::u32string_view::npos) {
      k = before;
      continue;
    }
    return std::u32string_view(U"。！？!?…").find(prev) != std::u32string_view::npos
               ? opener
               : std::string::npos;
  }
  return std::string::npos;
}

// A short name with nothing else: a few letters or ideographs, no mark.
bool is_bare_name(std::string_view text) {
  constexpr std::size_t kMaxName = 8;
  std::size_t letters = 0;
  for (std::size_t i = 0; i < text.size();) {
    const char32_t c = utf8::next(text, &i);
    if (is_space(c)) continue;
    if (!is_word_character(c)) return false;
    ++letters;
  }
  return letters >= 2 && letters <= kMaxName;
}

}  // namespace

std::string SiteResidueRule::strip(std::string_view text, const CleanContext& context) const {
  const std::set<std::string>& recurring = context.book().residue->recurring;
  CleanQuestions* questions = context.questions;
  bool front_matter = context.front_matter;
  const SiteWords& words = SiteWords::builtin();
  // A site's notice the book glues to the story at paragraphs' starts or ends goes first: what
  // is left is judged (a story line with an ad glued to it is not dropped whole). (apply()
  // asks for the whole set once.)
  const ResidueDecision& book = *context.book().residue;
  bool glued = false;
  std::string_view line = trim_spaces(text);
  std::string unnoticed;
  if (!book.glued.empty()) {
    line = cut_glued_notices(line, learned_notice(book), &glued);
    // And those it puts inside paragraphs, between two sentences of story.
    if (auto story = cut_notice_pieces(line, learned_notice(book))) {
      unnoticed = std::move(*story);
      line = unnoticed;
      glued = true;
    }
  }
  Traits traits = traits_of(line);
  // A long paragraph with neither is story: nothing in it to cut or judge.
  if (!traits.latin && !traits.brackets && line.size() > 4 * kNotice) return std::string(line);
  // An address and its label glued to one of the paragraph's edges: the story on the other side
  // stays, however long.
  if (traits.latin && !front_matter) {
    const std::vector<UrlSpan> urls = find_urls(line);
    if (std::optional<std::string> story = story_beside_address(line, urls, words)) return *story;
    // An ad pasted between two sentences of the story, its address glued to the story after it
    // (…昏倒在地。请记住本书首发域名：www.biquge.com刘夫人慌救入卧内，…): the address goes with it
    // before the cuts below could take the address alone and leave the rest to be dropped whole.
    // (Its label is a site's: its words, or a colon right before the address. A story's own
    // mention of an address, 他打开网页www.baidu.com搜索了一下。, has neither.)
    constexpr std::size_t kMinAfterGlued = 6;  // word characters, as story_around_address's
    if (urls.size() == 1 && urls.front().end < line.size()) {
      const std::size_t k = urls.front().end;
      const std::string_view label = line.substr(0, urls.front().start);
      std::size_t start = 0;
      for (std::size_t i = 0; i < label.size();)
        if (std::u32string_view(U"。！？!?…」”").find(utf8::next(label, &i)) !=
            std::u32string_view::npos)
          start = i;
      const std::string_view own = trim_spaces(label.substr(start));
      const bool site_label =
          own.ends_with("：") || own.ends_with(":") || words.weight(residue_fold(own)) >= 1;
      if (story_after_glued_address(line, k, kMinAfterGlued) && site_label)
        if (std::optional<std::string> story =
                story_around_address(line, urls, words, /*cut=*/true))
          return *story;
    }
  }

  bool cut = false, cut_url = false;
  std::string rest = cut_fragments(line, traits, &cut, &cut_url);
  cut |= glued;
  // Watermarks the book repeats in brackets, wherever they stand.
  std::vector<Fragment> fragments = watermark_fragments(rest, traits.brackets);
  for (auto f = fragments.rbegin(); f != fragments.rend(); ++f) {
    if (questions) questions->residue_lines.push_back(f->key);
    if (!recurring.count(f->key)) continue;
    std::size_t start = f->open;
    while (start > 0) {  // the spaces before it go too
      std::size_t before = utf8::previous_start(rest, start), n = 0;
      if (!is_space(utf8::decode(rest, before, &n))) break;
      start = before;
    }
    rest.erase(start, f->end - start);
    cut = true;
  }
  rest = std::string(trim_spaces(rest));
  // An opening bracket that ends the paragraph after a sentence's end opens nothing: what it
  // opened (a page marker, （未完待续）) was cut by the crawl.
  if (std::size_t opener = dangling_opener(rest); opener != std::string::npos) {
    rest.erase(opener);
    rest = std::string(trim_spaces(rest));
    cut = true;
  }
  // Dialogue and long paragraphs are story: only what was cut from them is judged.
  std::size_t rest_length = utf8::length(rest);
  bool judged = rest_length <= kNotice && (!has_quotation(rest) || quotes_only_names(rest, words));
  if (!cut && !judged) return rest;
  // What the cuts left: nothing to read, or a label ("A:") of what was cut.
  std::string key = residue_fold(rest);
  if (cut && key.size() <= 2) return "";
  if (!judged) return rest;

  // A line recurring in the book (judged without its fragments: a story line that ends with
  // the same ad every time is still story).
  // A name spelled in disguise that the book repeats (雾~桥~书~苑~💨): a watermark.
  if (std::string disguised = disguise_key(rest, key); !disguised.empty()) {
    if (questions) questions->residue_lines.push_back(disguised);
    if (recurring.count(disguised)) return "";
  }
  int strong = 0, names = 0;
  int weight = words.weight(key, &strong, &names);
  if (std::string candidate = candidate_key(rest, key);
      is_candidate(rest_length, candidate, weight) &&
      (strong > 0 || cut || !introduces_what_follows(rest))) {
    if (questions) questions->residue_lines.push_back(candidate);
    if (recurring.count(candidate) || is_page_of_pages(candidate)) return "";
  }

  // The whole line (what is left of it), judged by its vocabulary and URLs. Before the first
  // heading (a download site's front matter: 本书由…整理) less vocabulary is enough.
  // (What is left may still be story with one of the book's notices in it, which the cut
  // fragments hid from the look above: 他离去。手机用户请浏览…。[*爪丶机*书屋*] wwW.ZhuaJi.oRg.)
  auto dropped = [&]() -> std::string {
    if (front_matter || book.glued.empty()) return "";
    return cut_notice_pieces(rest, learned_notice(book)).value_or("");
  };
  // A site's advertisement pasted between two sentences of the story (…只会让事情变糟。在线阅读
  // 天火大道Http://wWw.qiushu.cc/倒不如步步为营，先搞定这个授业师。): the ad goes, from the end of
  // the sentence before its address to the address's end; the story around it stays.
  const std::vector<UrlSpan> urls = traits.latin ? find_urls(rest) : std::vector<UrlSpan>();
  if (traits.latin && !front_matter) {
    if (std::optional<std::string> story = story_around_address(rest, urls, words, cut))
      return *story;
  }
  // By its words alone (the book does not repeat it): a strong word among them, in the text (a
  // story may say 他在书屋里整理书架，顺手把旧书收藏起来。: three weak words); and never a sentence
  // a story narrates of a third person
  // (她在网上连载小说，每天更新两章，求收藏的话说了一遍又一遍。).
  // (What a cut ad fragment left of a short line is judged as front matter is: 附：【本作品来自
  // 互联网,本人不做任何负责】内容版权归作者所有! leaves a notice's other half.)
  // Nor a sentence whose only such words name a site, asking nothing of the reader
  // (秦王汉武是晋江小说网的写手，一枚传说级别的大神，性别男，写的是……耽美。).
  bool by_words = (weight >= (front_matter || cut ? 2 : 3) && rest_length <= kShort) || weight >= 4;
  const bool names_in_passing =
      names == weight && !cut && rest_length >= kSentenceNamingASite && ends_a_sentence(rest);
  // (Never a paragraph that tells a story beside them: its site's sentence is the site ads'
  // rule's to cut.)
  if (by_words && (front_matter || (strong > 0 && !narrates(rest) && !names_in_passing))) {
    if (!front_matter && story_beside_site_words(rest, words) >= kMinStory) return rest;
    return dropped();
  }
  std::size_t url_chars = 0;
  if (traits.latin) {
    std::vector<bool> quoted = urls.empty() ? std::vector<bool>() : quoted_bytes(rest);
    for (const UrlSpan& u : urls)
      if (!quoted[u.start])
        url_chars += utf8::length(std::string_view(rest).substr(u.start, u.end - u.start));
  }
  if (url_chars > 0 && (weight >= 1 || rest_length <= url_chars + 15)) return dropped();
  // What was left around a URL that was cut: a label for it (本书更新地址：) or more notice
  // (登录 提供24小时循环更新!!). A sentence before it ("他走了。www.x.com") is story.
  // Or the site's name the URL spells (落霞小说 www.luoxia.com, disguised alike).
  // Before the first heading, a short name alone beside the address is the site's, whatever
  // it is called (青山集（http://www.qingshan.net）, above 《书名》 and 作者：, hid the header).
  if (cut_url && (weight >= 1 || introduces_url(rest) || site_name_beside_url(rest) ||
                  (front_matter && is_bare_name(rest))))
    return dropped();
  return rest;
}

void SiteResidueRule::apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
                            RepairLog& log) const {
  std::vector<bool> dropped(paragraphs.size(), false);
  bool any = false;
  // A watermark glued before the closing punctuation of paragraphs (end_marks.h): what a
  // chapter asks of them is the whole set, once.
  if (context.questions && !paragraphs.empty()) {
    context.questions->residue_lines.push_back(std::string(1, kEndMark));
    context.questions->residue_lines.push_back(std::string(1, kGluedMark));     // and notices
    context.questions->residue_lines.push_back(std::string(1, kInjectedMark));  // and names
  }
  const ResidueDecision& book = *context.book().residue;
  const std::set<std::string>& end_marks = book.end_marks;
  const std::set<std::string>& recurring = book.recurring;
  auto is_mark = [&](const std::string& key) { return end_marks.count(key) > 0; };
  // Fillers are looked for when the book has one, or when the cache records the questions
  // asked (a rebuild must know that a filler learned later would change this chapter).
  const bool look_for_fillers = context.questions || holds_filler_key(recurring);
  for (std::size_t i = 0; i < paragraphs.size(); ++i) {
    Paragraph& p = paragraphs[i];
    if (p.scene_break) continue;
    if (std::size_t start = 0, end = 0;
        !end_marks.empty() && find_end_mark(p.text, is_mark, &start, &end)) {
      std::string cut = p.text.substr(0, start) + p.text.substr(end);
      if (!has_word_character(cut)) cut.clear();
      log.record(p.line, p.text, cut);
      p.text = std::move(cut);
      if (p.text.empty()) {
        dropped[i] = any = true;
        continue;
      }
    }
    // A site's name put into words bare (十藏书网岁), where the book's decoys hold it.
    if (!book.injected.empty()) {
      bool cut = false;
      std::string without = cut_injected_names(p.text, book.injected, &cut);
      if (cut) {
        log.record(p.line, p.text, without);
        p.text = std::move(without);
      }
    }
    // Characters a site put into words to get past a word filter (体垩内), wherever they are.
    std::string unfilled;
    const std::string* text = &p.text;
    auto is_filler = [&](const std::string& key) {
      if (context.questions) context.questions->residue_lines.push_back(key);
      return recurring.count(key) > 0;
    };
    if (!recurring.empty() && look_for_fillers && without_fillers(p.text, is_filler, &unfilled))
      text = &unfilled;
    // A long paragraph with no Latin letter, no bracket and no notice glued to its edges is
    // story: not even copied.
    if (text->size() > 4 * kNotice) {
      Traits traits = traits_of(*text);
      bool story = !traits.latin && !traits.brackets;
      if (story && !book.glued.empty()) {
        bool glued = false;
        cut_glued_notices(*text, learned_notice(book), &glued);
        story = !glued;
      }
      if (story) {
        if (text != &p.text) {
          log.record(p.line, p.text, *text);
          p.text = std::move(unfilled);
        }
        continue;
      }
    }
    std::string after = strip(*text, context);
    if (after == trim_spaces(p.text)) continue;
    log.record(p.line, p.text, after);
    dropped[i] = after.empty();
    any |= after.empty();
    p.text = std::move(after);
  }
  if (!any) return;
  // The frames around what was dropped (a download site's ==== and ☆☆☆ blocks): a frame line
  // beside a run of dropped lines that the chapter's edge or another frame closes. One that sets
  // kept lines apart from the story (----- over an author's note whose vote drive went) stays.
  std::vector<bool> frame(paragraphs.size(), false);
  auto closed = [&](std::size_t from, int step) {
    std::ptrdiff_t k = static_cast<std::ptrdiff_t>(from);
    const auto n = static_cast<std::ptrdiff_t>(paragraphs.size());
    while (k >= 0 && k < n && dropped[static_cast<std::size_t>(k)] &&
           !frame[static_cast<std::size_t>(k)])
      k += step;
    if (k < 0 || k >= n) return true;
    const Paragraph& q = paragraphs[static_cast<std::size_t>(k)];
    return frame[static_cast<std::size_t>(k)] || q.scene_break || is_frame_line(q.text);
  };
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < paragraphs.size(); ++i) {
      Paragraph& p = paragraphs[i];
      if (dropped[i] || p.scene_break || !is_frame_line(p.text)) continue;
      // (A frame at the chapter's edge closes the run beside it itself.)
      const std::size_t n = paragraphs.size();
      bool beside = (i > 0 && dropped[i - 1] && (i + 1 == n || closed(i - 1, -1))) ||
                    (i + 1 < n && dropped[i + 1] && (i == 0 || closed(i + 1, 1)));
      if (!beside) continue;
      log.record(p.line, p.text, "");
      p.text.clear();
      dropped[i] = true;
      frame[i] = true;
    }
  }
  // The label over a dropped frame at the end of the chapter, which only residue follows: the
  // title of a download site's back matter ("结束语" over "=========" and the site's notes).
  std::size_t last = paragraphs.size();
  while (last > 0 && dropped[last - 1]) --last;
  if (last > 0 && last < paragraphs.size() && paragraphs.size() - last >= 2 && frame[last]) {
    Paragraph& label = paragraphs[last - 1];
    std::string_view t = trim_spaces(label.text);
    bool punctuated = false;
    for (std::size_t i = 0, n = 0; i < t.size(); i += n)
      punctuated |= std::u32string_view(U"。，！？；：、“”「」『』…—!?,.;:\"'（）()")
                        .find(utf8::decode(t, i, &n)) != std::u32string_view::npos;
    if (!label.scene_break && utf8::length(t) <= 6 && has_word_character(t) && !punctuated) {
      log.record(label.line, label.text, "");
      label.text.clear();
    }
  }
  // A site's label over the notice it introduced, all of it dropped to the chapter's end
  // (下载说明： over a download site's disclaimer and address): the label goes with it.
  if (last > 0 && last < paragraphs.size()) {
    Paragraph& label = paragraphs[last - 1];
    std::string_view t = trim_spaces(label.text);
    if (!label.scene_break && (t.ends_with("：") || t.ends_with(":")) &&
        SiteWords::builtin().weight(residue_fold(t)) >= 2) {
      log.record(label.line, label.text, "");
      label.text.clear();
    }
  }
  drop_emptied(paragraphs);
}

}  // namespace novelbind
