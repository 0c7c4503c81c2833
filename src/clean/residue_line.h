// One line as the site_residue rule sees it: whether it could be residue at all, the Latin
// letters and brackets it holds, the watermark fragments inside it and the line without
// them, frames and lines that introduce a URL. (The rule, counting lines across the book and
// removing them, is rule_site_residue.h.)
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace novelbind::residue {

constexpr int kRecurring = 3;         // occurrences that make a candidate line residue
constexpr std::size_t kShort = 60;    // code points: a line short enough to be a notice
constexpr std::size_t kNotice = 150;  // code points: the longest line judged by vocabulary

// What a line holds that residue needs, in one pass over its bytes (most lines hold neither):
// a Latin letter (ASCII or full-width), an opening bracket.
struct Traits {
  bool latin = false, brackets = false;
};

// A bracketed fragment a watermark could be (watermark_fragments).
struct Fragment {
  std::size_t open = 0, end = 0;
  std::string key;  // kFragmentMark + residue_fold of the inside
};
constexpr char kFragmentMark = '(';  // residue_fold never makes '(': fragment keys stay apart
constexpr int kRecurringFragment = 5;

// Whether a line (not dialogue) of `length` code points, with the candidate_key `key` and site
// words of `weight`, could be residue at all: the question the learned evidence answers.
bool is_candidate(std::size_t length, std::string_view key, int weight);

// Whether `line` introduces what follows it: its last mark, inside closing brackets, is a colon
// (【《奇幻世界》1.2.0更新预告：】 heading an in-story announcement). With only weak site words in
// it such a line is the story's, however often the book repeats it.
bool introduces_what_follows(std::string_view line);

// The key under which a line recurs: its residue_fold (`folded`), or, for a line that reads
// as a page number, its shape (kPageMark, then its symbols with every digit 0 and no spaces:
// "- 12 -" and "- 13 -" are one, "（1 / 2）" another). A number with a sentence's punctuation
// (7：48。, 597！) is story and has no page-number shape.
constexpr char kPageMark = '#';  // residue_fold never makes '#'
std::string candidate_key(std::string_view line, std::string folded);
// Whether a candidate_key is a page marker that counts the pages of a chapter a site split
// (第(1/3)页, （第2/2页）): residue wherever it stands, even once.
bool is_page_of_pages(std::string_view key);
std::string page_number_key(std::string_view line, std::string_view folded);

// The Traits of `s`.
Traits traits_of(std::string_view s);

// Short bracketed fragments anywhere in `s`, in quotes too (an ad pasted into dialogue:
// “凑合着吃吧。（八九好看的言情小说 ）”), that could be a site's watermark: no sentence inside,
// and site vocabulary, 小说, or Latin letters beside ideographs. Each as [open, end) and key.
// `brackets`: traits_of(s).brackets (without any there is nothing to find).
std::vector<Fragment> watermark_fragments(std::string_view s, bool brackets);

// `line` without its ad fragments (bracketed site vocabulary, the URL after it, a URL in
// brackets or ending the line), trimmed; *cut tells whether anything was cut.
std::string cut_fragments(std::string_view line, Traits traits, bool* cut, bool* cut_url = nullptr);

// A line that spells a name in disguise, as a site spells its watermark to dodge filters
// (雾~桥~书~苑~💨, 【雾·桥·书·苑】, 🌫雾桥书苑🌉): a short name (`folded`,
// its residue_fold, of 2 to 12 characters, none twice) decorated with a symbol or emoji, or with
// marks between its characters, and no sentence punctuation or quotation. The key it recurs under
// (kDisguiseMark + folded), or "" when it is none. A story line repeated word for word is no
// disguise (it is spelled plainly), nor is an interjection (哈~哈~哈: a character twice).
constexpr char kDisguiseMark = '\x06';
std::string disguise_key(std::string_view line, std::string_view folded);

// A site's notice glued to the story at a paragraph's start or end, with no break between
// (一秒记住，精彩小说无弹窗免费阅读！他走到窗前…; …在院子里回荡。天才一秒记住本站地址：biqu5.com):
// the first or last sentence of `line` (to its 。！？!?… and closing quotes, or the line's end), of
// at most kShort code points and no quotation, whose site vocabulary weighs 3 or more, or 1 with a
// URL, beside the rest of the line that reads as story (letters, weighing at most 1). Such a
// sentence is a notice only when the book glues it to paragraphs again and again: `known` is
// asked its key (kGluedMark + its residue_fold); a tally counts them, the rule asks the
// learned set. The part of `line` without the known ones (up to two at each edge), trimmed;
// *cut tells whether any was cut.
constexpr char kGluedMark = '\x05';
// After kGluedMark: the key is a notice's closing clause (看更多好看的小说), which a site that
// words its notice anew each time (关注”x”微信公众号，… / 添加”y”微信号，…) keeps; a sentence that
// is a notice by its own words and closes with a clause the book repeats is one of its notices.
constexpr char kClauseMark = '\x01';
// After kGluedMark: the key is a URL put between two sentences with the next one glued to it
// (…坐谈。www.x.com见着这块…), the address alone (notice_pieces).
constexpr char kAddressMark = '\x02';
std::string_view cut_glued_notices(std::string_view line,
                                   const std::function<bool(const std::string&)>& known, bool* cut);

// A site's name put bare into the story's words, its foiling tags taken away by a crawl (an
// unseen 人间失格 from 99lib: 想必是在十藏书网岁前后, 反倒认99lｉｂ?为, where the same names
// stand in <s>藏书网</s> and <bdi>９9ｌｉb?</bdi> elsewhere in the book). The tally counts the
// names the book's decoy elements hold (rule_html.h decoy_site_names), under kInjectedMark +
// injected_key(name); the rule cuts each of them from inside a paragraph's words, with the
// question marks after it (99lｉｂ?), only where characters stand on both sides of it.
constexpr char kInjectedMark = '\x0f';
std::string injected_key(std::string_view name);
std::string cut_injected_names(std::string_view line, const std::set<std::string>& keys, bool* cut);

// A site's notice put into a paragraph anywhere, between two sentences of its story
// (…攻敌。一秒记住【笔趣阁 www.x.com】，精彩小说无弹窗免费阅读！闪电貂再度窜出，…): `line` is cut
// in pieces, each a sentence (to 。！？! and the closing quotation marks after it, which a
// notice's piece gives back to the story) or a bracket of at most 40 characters with what it
// holds; a piece that holds site words of 2 or more or a URL is a notice's, and a URL that opens
// a sentence glued to it is a piece of its own (kAddressMark). Pieces of the book's
// notices (`known` is asked each one's key, kGluedMark + its residue_fold; a tally counts them,
// the rule asks the learned set) are cut, and with them the notices' pieces after the story's
// last, when the pieces left (none of them a notice's) hold kMinStory characters of words or
// more. The story without them, or nullopt when none is cut.
inline constexpr std::size_t kMinStory = 24;
struct NoticePiece {
  std::string_view text;
  bool notice = false;  // site words of 2 or more, or a URL
  std::string key;      // kGluedMark + residue_fold, for a notice's piece
};
std::vector<NoticePiece> notice_pieces(std::string_view line);
// Whether `line` may hold a notice's piece worth cutting it in pieces for: a notice put inside
// a paragraph carries the site's address, or brackets. (A cheap look; most lines have neither.)
bool may_hold_notice_piece(std::string_view line);
std::optional<std::string> cut_notice_pieces(std::string_view line,
                                             const std::function<bool(const std::string&)>& known);

// `line` without what reads as a site's notice by its own words, whether the book repeats it
// or not: "" for a line of at most kShort code points and no quotation whose site vocabulary
// weighs 3 (or 1 with a URL), else the line without such sentences at its edges
// (cut_glued_notices asking nothing). For measuring the book's script: a Simplified site's
// notices in a Traditional book are no Simplified text of the book's (script_plan.h).
std::string_view without_notices(std::string_view line);

// The same, and without the notices' pieces between its sentences (notice_pieces): `part` is
// called on each stretch of `line` left, in order (the line whole unless
// may_hold_notice_piece).
void for_each_story_part(std::string_view line, const std::function<void(std::string_view)>& part);

// A paragraph's notices at its edges, looked at once for both that read them before cleaning:
// the script measure (its story, without_notices) and the residue tally (the keys
// cut_glued_notices asks of the trimmed line when a tally counts them, in the order asked).
struct EdgeNotices {
  std::string_view story;          // the line trimmed, without them ("" when it is one)
  std::vector<std::string> asked;  // (a notice's keys; empty for most paragraphs)
};
EdgeNotices edge_notices(std::string_view line);
// for_each_story_part of a line whose without_notices is `story`.
void for_each_story_piece(std::string_view story,
                          const std::function<void(std::string_view)>& part);

// Whether `s` (spaces trimmed) is a frame: one of = ＝ ☆ ★ ━ ─ - － # ＃ three times or more,
// nothing else.
bool is_frame_line(std::string_view s);

// Whether `s` ends (before spaces and slashes) with a colon: "详细信息请查阅：".
bool introduces_url(std::string_view s);

// Whether `s`, what was left beside a URL cut from its line, is a site's name however it is
// spelled (落霞小说, 落^霞^小^说 🐪, 笔趣阁): at most six characters of words, no sentence
// mark or quotation among them, ending with a word sites name themselves by (小说, 书屋, 网,
// 阁, 文学, txt, …). A story's words beside an address end no such way.
bool site_name_beside_url(std::string_view s);

}  // namespace novelbind::residue
