#include "structure/split.h"

#include <algorithm>
#include <cctype>

#include "base/brackets.h"
#include "base/site_text.h"
#include "base/utf8.h"
#include "structure/contents_lines.h"
#include "structure/hard_wrap.h"
#include "structure/heading_candidates.h"
#include "structure/heading_roles.h"
#include "structure/heading_shape.h"
#include "structure/heading_title.h"
#include "structure/long_lines.h"
#include "structure/merged_paragraphs.h"
#include "structure/repeated_blocks.h"
#include "structure/running_header.h"

namespace novelbind {
namespace {

// A volume's folder name as its title: without the number that orders the folders (01 第一卷 桃园,
// 1.桃园) and a site's name after a separator (第一卷 桃园_笔趣阁), as a file's name is read.
std::string volume_title(std::string_view folder) {
  std::string title = file_name_heading(folder);
  if (size_t start = file_order_prefix(title); start > 0 && start < title.size())
    title.erase(0, start);
  return title.empty() ? std::string(folder) : title;
}

class Splitter {
 public:
  Splitter(const SourceText& source, const FileStructure& structure, bool join_wrapped)
      : source_(source), structure_(structure), contents_(source.text, structure) {
    volume_ = volume_title(source.volume);
    if (join_wrapped) wrap_ = find_wrap_width(source.text);
  }

  std::vector<Chapter> run() {
    std::string_view text = source_.text;
    int line_number = 0;
    next_ = structure_.lines.begin();
    if (next_ != structure_.lines.end() && next_->line == 0) {
      heading(*next_, next_->text, 0);
      ++next_;
    }
    for (size_t start = 0; start <= text.size();) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      ++line_number;
      line_end_ = end;
      line(text.substr(start, end - start), line_number);
      start = end + 1;
    }
    // A volume heading that ends the file (a splitter that cut a book at its chapter headings
    // leaves 第二卷：… as the last line of the chapter before): its section, empty, so that the
    // order stage carries the volume on to the files after it rather than lose it.
    if (volume_open_ && volume_line_ > 0 && !has_current_ && !chapters_.empty())
      open(volume_, volume_line_).heading = volume_;
    // Only now is it known whether the file had headings at all: without any, its text is
    // one ordinary (untitled) chapter rather than front matter.
    if (!seen_heading_ && !chapters_.empty()) {
      chapters_.front().front_matter = false;
      chapters_.front().title = structure_.note_title;
    }
    for (Chapter& c : chapters_) drop_repeated_blocks(c);
    if (!pending_.empty() && !chapters_.empty()) {
      auto& r = chapters_.back().repairs;
      r.insert(r.end(), pending_.begin(), pending_.end());
    }
    return std::move(chapters_);
  }

 private:
  void line(std::string_view raw, int number) {
    if (raw.empty()) return;
    while (next_ != structure_.lines.end() && next_->line < number) ++next_;
    std::string_view t = utf8::trim(raw);
    if (next_ != structure_.lines.end() && next_->line == number && !t.empty()) {
      const LineDecision& d = *next_++;
      if (d.role == LineRole::kBreak) {
        // An untitled chapter opens with this line of text (a book without heading lines).
        seen_heading_ = true;
        open("", 0);
        volume_open_ = false;
        text_line(raw, t, number);
        return;
      }
      if (d.role == LineRole::kEcho && unglue_first(raw, t, number, /*marked=*/true)) return;
      if (d.role == LineRole::kContents || d.role == LineRole::kEcho) {
        drop(d.role == LineRole::kContents ? "contents_block" : "heading_echo", t, number);
        return;
      }
      // A heading glued to its first paragraph (50麻烦50他推开门…, or a line short enough to be
      // a heading whose run of spaces is followed by a sentence: 21.没有预约　　徐美惠终于高兴的
      // 收了电话，…萝卜干回去。): the heading opens the chapter, the rest of the line is its first
      // paragraph.
      if (d.role == LineRole::kChapter && !d.chapter_offset && d.line > 0) {
        if (auto glued = glued_heading(t)) {
          std::string_view head = t.substr(0, glued->heading_end);
          heading(d, head, number);
          add_repair(chapters_.back(),
                     {"glued_heading", source_.path, number, std::string(t),
                      std::string(head) + "\n" + std::string(t.substr(glued->text_start))});
          text_line(t.substr(glued->text_start), t.substr(glued->text_start), number);
          return;
        }
        // A heading inside a line of paragraphs run together (…赢回去？！”　　第四章  源纹的力量
        // 　　大周府…): the paragraphs before it end the chapter before, those after it open its
        // own.
        if (auto inner = inner_heading(t)) {
          std::string_view before = t.substr(0, inner->before_end);
          std::string_view head =
              t.substr(inner->heading_start, inner->heading_end - inner->heading_start);
          std::string_view after = t.substr(inner->text_start);
          if (has_current_) text_line(before, before, number);
          heading(d, utf8::trim(head), number);
          add_repair(chapters_.back(), {"glued_heading", source_.path, number, std::string(t),
                                        std::string(before) + "\n" + std::string(utf8::trim(head)) +
                                            (after.empty() ? "" : "\n" + std::string(after))});
          if (!after.empty()) text_line(after, after, number);
          return;
        }
      }
      heading(d, t, number);
      return;
    }
    if (running_header(t, number)) {
      drop("heading_echo", t, number);
      return;
    }
    if ((!has_current_ || chapters_.back().front_matter) && contents_.is_contents(t)) {
      drop("contents_block", t, number);
      return;
    }
    if (!has_current_) {
      if (t.empty()) return;  // blank lines before any text carry nothing
      if (volume_open_) {
        // Text under a volume heading, before its first chapter: the volume's own section.
        open(volume_, volume_line_).heading = volume_;
      } else {
        open(front_section_title(), 0).front_matter = true;
      }
    }
    if (unglue_first(raw, t, number, /*marked=*/false)) return;
    if (echo_in_two_lines(t, number) || spaceless_echo(t, number)) return;
    if (join_wrapped(raw, t, number)) return;
    text_line(raw, t, number);
    note_wrapped(raw, number);
  }

  // A line of a file wrapped at a fixed width (hard_wrap.h) that continues the paragraph the
  // line before it ended: joined to it, a `hard_wrap` repair (one per paragraph, its lines as
  // read and the paragraph they make).
  bool join_wrapped(std::string_view raw, std::string_view t, int number) {
    if (!wrap_ || wrapped_line_ != number - 1 || !has_current_) return false;
    Chapter& c = chapters_.back();
    if (c.paragraphs.empty() ||
        !continues_wrapped(c.paragraphs.back().text, wrapped_text_, raw, *wrap_))
      return false;
    Paragraph& p = c.paragraphs.edit().back();
    std::string before = p.text;
    // (Words of a Latin script wrapped at a space lost it.)
    auto ascii_word = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0; };
    if (!p.text.empty() && ascii_word(p.text.back()) && ascii_word(t.front())) p.text += ' ';
    p.text += t;
    if (!c.repairs.empty() && c.repairs.back().rule == "hard_wrap" &&
        c.repairs.back().line == p.line) {
      (c.repairs.back().before += '\n') += t;
      c.repairs.back().after = p.text;
    } else {
      add_repair(c, {"hard_wrap", source_.path, p.line, before + "\n" + std::string(t), p.text});
    }
    note_wrapped(raw, number);
    return true;
  }

  // Remembers a line that ended the chapter's last paragraph at the wrapping's width.
  void note_wrapped(std::string_view raw, int number) {
    if (wrap_ && has_current_ && !chapters_.back().paragraphs.empty() &&
        !chapters_.back().paragraphs.back().scene_break && fills_width(raw, *wrap_)) {
      wrapped_line_ = number;
      wrapped_text_ = raw;
    }
  }

  // A line that is all spaces removed, the text of its chapter's heading (`## 第9章
  // 柳老师，你一定很想……` echoed as 第9章柳老师，你一定很想……, which reads as a sentence, so that
  // the structure does not take it for a heading), where an echo stands: it goes. A story line
  // never repeats the heading word for word.
  bool spaceless_echo(std::string_view t, int number) {
    if (!has_current_) return false;
    Chapter& c = chapters_.back();
    if (c.heading.empty() || c.front_matter || !within_echo_reach(c)) return false;
    std::string line = utf8::without_spaces(t);
    std::string heading = utf8::without_spaces(c.heading);
    // (Markdown's heading marks are the heading's only: `## 第9章 …` is echoed without them.)
    heading.erase(0, heading.find_first_not_of('#'));
    // (A heading read under its volume's title, 第十三卷 灯火阑珊 第2047章 …, may be echoed with
    // it.)
    std::string volume = utf8::without_spaces(c.volume);
    bool under_volume = !volume.empty() && line.size() > volume.size() &&
                        line.compare(0, volume.size(), volume) == 0 &&
                        line.compare(volume.size(), std::string::npos, heading) == 0;
    // The heading's shape, read once for the two looks below that need it.
    std::optional<std::optional<HeadingShape>> read;
    auto own_shape = [&]() -> const std::optional<HeadingShape>& {
      if (!read) read = parse_heading_shape(c.heading);
      return *read;
    };
    // (Or its title alone, without the number: 第一章 风起青萍, then 风起青萍.)
    auto bare_title = [&] {
      if (line.size() >= heading.size() || !heading.ends_with(line)) return false;
      const auto& shape = own_shape();
      return shape && utf8::length(line) >= 2 &&
             line == utf8::without_spaces(heading_title(c.heading, *shape));
    };
    // (Or under another number, the site's own count: ## 第九十九章 极品与公主, then
    // 第101章极品与公主.)
    auto renumbered = [&] {
      const auto& mine = own_shape();
      if (!mine || !mine->number) return false;
      auto theirs = parse_heading_shape(t);
      if (!theirs || !theirs->number) return false;
      std::string title = utf8::without_spaces(heading_title(c.heading, *mine));
      return utf8::length(title) >= 2 && title == utf8::without_spaces(heading_title(t, *theirs));
    };
    // (Or with the site's note of what the chapter is in brackets after it:
    // 第一千六百二十三章结束，也是开始。（大结局）.)
    auto noted = [&] {
      if (line.size() <= heading.size() || line.compare(0, heading.size(), heading) != 0)
        return false;
      std::string_view rest = std::string_view(line).substr(heading.size());
      bool bracketed = (rest.starts_with("（") && rest.ends_with("）")) ||
                       (rest.starts_with("(") && rest.ends_with(")"));
      return bracketed && utf8::length(rest) <= 8;
    };
    if (line.empty() || (line != heading && line != utf8::without_spaces(c.title) &&
                         !under_volume && !bare_title() && !renumbered() && !noted()))
      return false;
    add_repair(c, {"heading_echo", source_.path, number, std::string(t), ""});
    return true;
  }

  // The heading repeated over the chapter's first two lines, its number and then its title
  // ("1 科学边界", then "1" and "科学边界"): both lines go.
  bool echo_in_two_lines(std::string_view t, int number) {
    if (!has_current_) return false;
    Chapter& c = chapters_.back();
    if (c.heading.empty() || c.paragraphs.size() != 1 || c.paragraphs[0].scene_break) return false;
    std::string first = utf8::without_spaces(c.paragraphs[0].text),
                second = utf8::without_spaces(t);
    if (first.empty() || second.empty() || first + second != utf8::without_spaces(c.heading))
      return false;
    const Paragraph& p = c.paragraphs[0];
    add_repair(c, {"heading_echo", source_.path, p.line, p.text, ""});
    add_repair(c, {"heading_echo", source_.path, number, std::string(t), ""});
    c.paragraphs.edit().clear();
    return true;
  }

  // A line of the chapter's text: its paragraphs.
  void text_line(std::string_view raw, std::string_view t, int number) {
    Chapter& c = chapters_.back();
    // After the book's end mark, what opens is back matter, outside the last volume (an
    // omnibus's next book opens a volume of its own again).
    if (!c.front_matter && is_end_mark(t)) {
      volume_.clear();
      volume_open_ = false;
      ended_ = true;
    }
    // Paragraphs run together on one line are broken apart again, each change a repair that
    // shows the pieces one per line.
    std::vector<std::string_view> paragraphs = split_merged_paragraphs(raw);
    if (paragraphs.size() > 1 || paragraphs.front().size() != raw.size()) {
      std::string after;
      for (std::string_view p : paragraphs) (after += after.empty() ? "" : "\n") += utf8::trim(p);
      add_repair(c, {"merged_paragraphs", source_.path, number, std::string(t), after});
      for (std::string_view p : paragraphs) add_paragraphs(c, p, number);
      return;
    }
    add_paragraphs(c, raw, number);
  }

  void add_paragraphs(Chapter& c, std::string_view raw, int number) {
    auto pieces = break_long_line(raw);
    if (pieces.size() > 1) {
      c.warnings.push_back(
          {"long_line", source_.path, number,
           "a line of " + std::to_string(utf8::length(raw)) + " characters was broken into " +
               std::to_string(pieces.size()) +
               " paragraphs at sentence ends (no reader pages one paragraph of that size); "
               "check that the file kept its line breaks"});
    }
    for (std::string_view piece : pieces)
      c.paragraphs.edit().push_back(Paragraph{std::string(piece), number, false});
  }

  // Whether `t` repeats, in a frame of decoration, the number of the chapter heading that
  // comes within the next three lines (running_header.h), or of the chapter's own heading
  // within the eight lines before it (a heading taken from the file's name, the page's frame
  // still at the top of the file, under the last page's footer lines) or with no more text
  // between than an echo may have under it (a contents block dropped between, kEchoReach).
  // (Short words glued after the frame, such as a navigation link 返回目录, go with it.)
  bool running_header(std::string_view t, int number) const {
    std::string_view after;
    auto repeated = framed_heading_number(t, &after);
    if (!repeated) return false;
    std::optional<long long> heading;
    // (Lines with text are counted: a page that sets a blank line after each has the heading
    // further down, as close.)
    if (next_ != structure_.lines.end() && next_->role == LineRole::kChapter &&
        next_->line - number <= 12 && text_lines_between(number, next_->line) <= 2)
      heading = next_->number;
    else if (has_current_ && !chapters_.back().front_matter &&
             (number - chapters_.back().heading_line <= 8 || within_echo_reach(chapters_.back())))
      heading = chapters_.back().number;
    if (!heading) return false;
    return *repeated == *heading && utf8::length(after) <= 6;
  }

  // The lines with text between the current line, `number`, and line `to`.
  int text_lines_between(int number, int to) const {
    std::string_view text = source_.text;
    int count = 0;
    size_t at = line_end_ + 1;
    for (int n = number + 1; n < to && at <= text.size(); ++n) {
      size_t end = text.find('\n', at);
      if (end == std::string_view::npos) end = text.size();
      count += !utf8::trim(text.substr(at, end - at)).empty();
      at = end + 1;
    }
    return count;
  }

  // The chapter's heading repeated with its first paragraph glued to it ("1.失业　　香橙…"):
  // the heading goes, the paragraph stays. A short one is also a heading-shaped line, which
  // the structure marks as the heading's echo (`marked`). The echo may stand under a line or
  // two a site put between (更新时间：… 本章字数：…, within kEchoReach) where the structure
  // found it, or where the heading has a number: no story opens with a numbered heading
  // word for word.
  bool unglue_first(std::string_view raw, std::string_view t, int number, bool marked) {
    if (!has_current_) return false;
    Chapter& c = chapters_.back();
    bool reach = marked || c.number ? within_echo_reach(c) : c.paragraphs.empty();
    if (!reach || c.heading.empty() || t.empty() || c.heading == volume_) return false;
    std::string rest = unglued(raw, c.heading);
    // (A heading after the book's name, 极品宝贝无敌妻 1.失业, is echoed without the name.)
    if (rest.empty() && c.title != c.heading && !c.title.empty()) rest = unglued(raw, c.title);
    // (A heading in brackets, 【1.失业】, is echoed without them: 1.失业　　香橙…)
    if (std::string_view inner = unwrapped(c.heading); rest.empty() && !inner.empty())
      rest = unglued(raw, inner);
    if (rest.empty() && c.number) rest = unglued_after_crumb(raw, c);
    if (rest.empty()) return false;
    add_repair(
        c, {"heading_echo", source_.path, number, std::string(t), std::string(utf8::trim(rest))});
    text_line(rest, utf8::trim(rest), number);
    return true;
  }

  // The numbered heading glued, without its spaces, between a breadcrumb and the chapter's first
  // sentence (an unseen mobile-page crawl of 圣墟: 圣墟正文卷第六章石盒夜晚，帐篷中… under 第六章
  // 石盒): the story after it; "" when the line is no such echo. The breadcrumb is at most
  // kCrumb characters of words (the book's name, 正文卷); the heading's title has two characters
  // or more, and the story goes on after it.
  static std::string unglued_after_crumb(std::string_view raw, const Chapter& c) {
    constexpr std::size_t kCrumb = 12;
    const std::string heading = utf8::without_spaces(c.heading);
    const auto shape = parse_heading_shape(c.heading);
    if (!shape || utf8::length(heading_title(c.heading, *shape)) < 2) return "";
    std::string_view body = utf8::trim(raw);
    const size_t at = body.find(heading);
    if (at == 0 || at == std::string_view::npos) return "";
    const std::string_view crumb = body.substr(0, at);
    if (utf8::length(crumb) > kCrumb) return "";
    for (size_t i = 0; i < crumb.size();)
      if (!is_word_character(utf8::next(crumb, &i))) return "";
    std::string_view rest = body.substr(at + heading.size());
    if (utf8::length(rest) < 2) return "";
    return std::string(rest);
  }

  // `heading` without the bracket pair it is wrapped in whole (【1.失业】 -> 1.失业); "" when it is
  // not so wrapped.
  static std::string_view unwrapped(std::string_view heading) {
    constexpr std::size_t kWrappers = 6;  // （ ( 【 [ 〔 ［: the first pairs of kBracketPairs
    std::string_view t = utf8::trim(heading);
    size_t after_open = 0, before_close = t.size();
    if (t.empty()) return {};
    const char32_t close = closing_bracket(utf8::next(t, &after_open), kWrappers);
    if (close == 0 || utf8::previous(t, &before_close) != close || before_close <= after_open)
      return {};
    std::string_view inner = utf8::trim(t.substr(after_open, before_close - after_open));
    // (Its own closer inside ends an earlier pair: 【第一章】正文【下】 is no one wrapping. Other
    // brackets are the title's: 【26.你要看开啊（三更）】.)
    for (size_t i = 0; i < inner.size();)
      if (utf8::next(inner, &i) == close) return {};
    return inner;
  }

  // Whether the chapter's text so far is short enough that a repeat of its heading is still the
  // heading's echo: none, or up to two lines of the site's (kEchoReach characters in all).
  static bool within_echo_reach(const Chapter& c) {
    if (c.paragraphs.size() > 2) return false;
    std::size_t length = 0;
    for (const Paragraph& p : c.paragraphs) length += utf8::length(p.text);
    return length <= kEchoReach;
  }

  // The paragraph without the heading glued to its start ("1.失业　　香橙…" after "1.失业"),
  // or "" when it does not start with the heading followed by a space.
  // A site's notice glued before the echo (一秒记住…免费阅读！1.失业　　香橙…) stays, for the
  // cleaning to judge; the echo after it goes all the same.
  static std::string unglued(std::string_view raw, std::string_view heading) {
    size_t lead = 0;
    while (lead < raw.size()) {
      size_t k = lead;
      if (!utf8::is_space(utf8::next(raw, &k))) break;
      lead = k;
    }
    std::string_view body = raw.substr(lead);
    if (size_t notice = glued_notice_end(body);
        notice > 0 && body.substr(notice, heading.size()) == heading) {
      std::string rest = unglued(body.substr(notice), heading);
      return rest.empty() ? "" : std::string(raw.substr(0, notice + lead)) + rest;
    }
    if (body.size() <= heading.size() || body.substr(0, heading.size()) != heading) return "";
    size_t k = heading.size();
    size_t after = k;
    // A note in brackets after the echoed title, (二更), goes with the echo (a title taken from
    // the file's name lacks it); its closing bracket ends the echo as a space does.
    // (Notes alone, 329.幸福在这一瞬间定格(7千字)(7290字) after 329.幸福在这一瞬间定格, make a
    // line that is all echo, which is dropped whole where the structure marks it.)
    while (size_t note = bracketed_note_end(body, k)) k = note;
    if (k == heading.size() && !utf8::is_space(utf8::next(body, &after))) return "";
    std::string_view rest = utf8::trim(body.substr(k));
    if (rest.empty()) return "";
    return std::string(raw.substr(0, lead)) + std::string(rest);
  }

  // Where a short note in brackets that opens at byte `at` of `body` ends ((二更), （求月票）,
  // 【加更】: at most kMaxNote characters inside, no sentence mark): the byte after its closing
  // bracket; 0 when none opens there.
  static size_t bracketed_note_end(std::string_view body, size_t at) {
    constexpr size_t kMaxNote = 8;
    static constexpr std::u32string_view kOpen = U"（(【[", kClose = U"）)】]";
    size_t i = at;
    if (i >= body.size()) return 0;
    const size_t which = kOpen.find(utf8::next(body, &i));
    if (which == std::u32string_view::npos) return 0;
    for (size_t chars = 0; i < body.size() && chars <= kMaxNote; ++chars) {
      const char32_t c = utf8::next(body, &i);
      if (c == kClose[which]) return chars > 0 ? i : 0;
      if (std::u32string_view(U"。！？，；：“”「」\"").find(c) != std::u32string_view::npos ||
          kOpen.find(c) != std::u32string_view::npos)
        return 0;
    }
    return 0;
  }

  // Where a first sentence of site vocabulary (weighing 3, at most 60 characters, its 。！？!
  // and the spaces after it) ends at the start of `body`; 0 when it does not.
  static size_t glued_notice_end(std::string_view body) {
    constexpr size_t kMaxNotice = 60;
    size_t i = 0, chars = 0;
    while (i < body.size() && chars++ < kMaxNotice) {
      char32_t c = utf8::next(body, &i);
      if (std::u32string_view(U"“”「」\"").find(c) != std::u32string_view::npos) return 0;
      if (std::u32string_view(U"。！？!").find(c) == std::u32string_view::npos) continue;
      if (SiteWords::builtin().weight(residue_fold(body.substr(0, i))) < 3) return 0;
      while (i < body.size()) {
        size_t k = i;
        if (!utf8::is_space(utf8::next(body, &k))) break;
        i = k;
      }
      return i < body.size() ? i : 0;
    }
    return 0;
  }

  void heading(const LineDecision& d, std::string_view t, int number) {
    seen_heading_ = true;
    if (d.role != LineRole::kVolume && !d.chapter_offset) part_above(number);
    if (d.role == LineRole::kVolume || d.chapter_offset) {
      std::string_view volume = t;
      if (d.chapter_offset) volume = utf8::trim(t.substr(0, d.chapter_offset));
      volume_ = tidy_heading_title(volume);
      volume_line_ = number;
      volume_open_ = true;
      has_current_ = false;
      if (!d.chapter_offset) return;
      t = t.substr(d.chapter_offset);
    }
    std::string title = tidy_heading_title(t);
    front_above_own_heading(title, d.number);
    Chapter& c = open(std::move(title), number);
    c.number = d.number;
    c.heading = std::string(t);
    if (c.title != t)
      add_repair(c, {"heading_residue", source_.path, number, std::string(t), c.title});
    if (!d.warning.empty()) c.warnings.push_back({d.warning_rule, source_.path, number, d.warning});
    volume_open_ = false;
  }

  // 番外 alone after the book's end mark, its stories' headings right under it (番外, then
  // 一个普通人的日常（一）…): the title of the part they make, not a chapter without text.
  void part_above(int number) {
    if (!has_current_ || !ended_ || !volume_.empty()) return;
    Chapter& above = chapters_.back();
    const bool part_word = above.title == "番外" || above.title == "番外篇" ||
                           above.title == "外传" || above.title == "外傳";
    if (!part_word || !above.back_matter || above.heading_line <= 0 ||
        above.heading_line >= number || has_text(above))
      return;
    volume_ = above.title;
    volume_line_ = above.heading_line;
    for (Repair& r : above.repairs) pending_.push_back(std::move(r));
    chapters_.pop_back();
    has_current_ = false;
  }

  // The book's first file, its chapter's heading given by the file's name (line 0) and found
  // again in the file under a few lines that name the book (《极品宝贝无敌妻》 and its blurb,
  // then 1.失业): those lines are the book's front, as they are above a first heading in a
  // one-file book, not the chapter's. (Without a line of the book's title or author above, the
  // text may be the chapter's first page, the heading repeated over its second: it stays the
  // chapter's. In a later file, the text above is a page's residue, and the chapter's.)
  void front_above_own_heading(const std::string& title, const std::optional<long long>& n) {
    constexpr std::size_t kMaxFront = 12;  // paragraphs (a blurb's, book_metadata.cc)
    if (!has_current_ || chapters_.size() != 1 || source_.index != 0) return;
    Chapter& named = chapters_.front();
    if (named.heading_line != 0 || named.front_matter || named.paragraphs.empty() ||
        named.paragraphs.size() > kMaxFront)
      return;
    if (named.title != title || named.number != n) return;
    if (std::none_of(named.paragraphs.begin(), named.paragraphs.end(),
                     [](const Paragraph& p) { return names_the_book(p.text); }))
      return;
    named.front_matter = true;
    named.title = front_section_title();
    named.heading.clear();
    named.number.reset();
  }

  // A line of a book's front: its title in 《》 alone (《极品宝贝无敌妻》), or its author's
  // (作者：江南).
  static bool names_the_book(std::string_view line) {
    std::string_view t = utf8::trim(line);
    if (t.starts_with("作者：") || t.starts_with("作者:")) return true;
    return t.starts_with("《") && t.ends_with("》") && t.find("《", 3) == std::string_view::npos;
  }

  void drop(const char* rule, std::string_view t, int number) {
    Repair r{rule, source_.path, number, std::string(t), ""};
    if (has_current_) {
      add_repair(chapters_.back(), std::move(r));
    } else {
      pending_.push_back(std::move(r));
    }
  }

  static void add_repair(Chapter& c, Repair r) { c.repairs.push_back(std::move(r)); }

  Chapter& open(std::string title, int heading_line) {
    Chapter& c = chapters_.emplace_back();
    c.title = std::move(title);
    c.sources = {source_.path};
    c.heading_line = heading_line;
    c.source_index = source_.index;
    c.part = static_cast<int>(chapters_.size()) - 1;
    c.volume = volume_;
    c.back_matter = ended_ && volume_.empty();
    c.folder = source_.folder;
    c.repairs = std::move(pending_);
    pending_.clear();
    has_current_ = true;
    return c;
  }

  const SourceText& source_;
  const FileStructure& structure_;
  std::vector<LineDecision>::const_iterator next_;
  std::vector<Chapter> chapters_;
  std::vector<Repair> pending_;  // drops before the first chapter, for the chapter they precede
  ContentsLines contents_;       // front matter lines that list the chapter titles
  bool has_current_ = false;     // chapters_.back() receives the paragraphs
  std::string volume_;
  int volume_line_ = 0;
  bool volume_open_ = false;
  bool ended_ = false;  // the book's end mark was read
  bool seen_heading_ = false;
  size_t line_end_ = 0;            // where the line being read ends in source_.text
  std::optional<WrapWidth> wrap_;  // the width the file was wrapped at, when it was
  int wrapped_line_ = -1;          // the last line that filled it and ended a paragraph
  std::string_view wrapped_text_;  // that line
};

}  // namespace

std::vector<Chapter> split_chapters(const SourceText& source, const FileStructure& structure,
                                    bool join_wrapped) {
  return Splitter(source, structure, join_wrapped).run();
}

FileStructure file_structure(const SourceText& source, const HeadingRecognizer& headings) {
  if (!headings.user_pattern()) {
    FileCandidates candidates = collect_candidates(source.text, headings.max_length());
    return decide_structure({&candidates}).files.front();
  }
  FileStructure out;
  std::string_view text = source.text;
  int number = 0;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++number;
    std::string_view t = utf8::trim(text.substr(start, end - start));
    start = end + 1;
    if (t.empty()) continue;
    auto h = headings.match(t);
    if (!h) continue;
    LineDecision d;
    d.line = number;
    d.role = h->kind == HeadingKind::kVolume && !h->chapter_offset ? LineRole::kVolume
                                                                   : LineRole::kChapter;
    d.number = h->number;
    d.place = h->place;
    d.chapter_offset = h->chapter_offset;
    out.lines.push_back(std::move(d));
  }
  return out;
}

std::vector<Chapter> split_chapters(const SourceText& source, const HeadingRecognizer& headings) {
  return split_chapters(source, file_structure(source, headings));
}

}  // namespace novelbind
