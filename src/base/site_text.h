// What site residue looks like, as text properties the site_residue rule reasons with: URLs,
// also spelled to dodge filters (wＷw．xiＡoshＵotxt.cＯm, www/xiaoshuotxt/c o m,
// WWW丶ZHUAJI丶ORG), site vocabulary (data/site_words.txt), the folded key under which a recurring
// line is recognised however it is spelled, and whether a place in a line is inside a quotation.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/phrase_matcher.h"

namespace novelbind {

// `s` reduced to what a reader reads: ideographs and ASCII letters and digits (full-width
// ones made ASCII, letters lower-cased, every digit 0); spaces, punctuation and symbols
// dropped. So "t,xt,小,说天,堂", "＿t＿xt，小说天堂" and "/tＸt|?小说天堂" all fold to
// "txt小说天堂", and "第12页" and "第13页" to "第00页".
std::string residue_fold(std::string_view s);

// True when `s` holds a Latin letter, ASCII or full-width: the cheap test before any URL search.
bool has_latin_letter(std::string_view s);

// A URL or domain in a line: bytes [start, end).
struct UrlSpan {
  std::size_t start = 0, end = 0;
};

// Every URL or domain in `s`: a run of Latin letters and digits (ASCII or full-width) joined
// by dots or the marks sites put in their place (．。丶點点·•/:-_=?,| and spaces) that reads, with
// the marks made dots and the spaces dropped, as http…, www.NAME.… or NAME.TLD for a TLD sites
// use (com, net, org, cc, cn, …; only com, net, org, cc and cn when spaces had to be dropped).
std::vector<UrlSpan> find_urls(std::string_view s);

// Whether the story may start right at `pos` of `s`, where an address ends glued to an
// ideograph (…首发域名：www.biquge.com却说田丰在狱中。): no address holds one, so the notice ends
// there, unless the sentence after it goes on with the notice (…m.biquge5.com阅读，更优质的阅读
// 体验。, …www.biquge.com快来阅读。: a verb of reading or visiting, or the site's words), or fewer
// than `min_story` letters follow it.
bool story_after_glued_address(std::string_view s, std::size_t pos, std::size_t min_story);

// True when the byte at `pos` of `s` is inside a quotation (“…”, 「…」, 『…』, ‘…’) opened on
// this line: a URL there is something a character says or types, not an ad.
bool inside_quotes(std::string_view s, std::size_t pos);
// inside_quotes for every position of `s` at once (s.size() + 1 answers), for a caller that
// asks at many positions: asking each alone costs quadratic time on a long line.
std::vector<bool> quoted_bytes(std::string_view s);

// True when `s` reads as dialogue, which is story: it opens with a quotation mark, or holds
// a quotation opened and closed ("t(xＴ小说“//天,堂/" holds a stray “ and is no dialogue).
bool has_quotation(std::string_view s);
// Whether `s` holds a quotation mark at all (" “ ” 「 」 『 』 ＂), has_quotation's quick look.
bool has_quotation_mark_byte(std::string_view s);

// The words of a typist's, scanner's or proofreader's credit (data/credit_words.txt): `strong`
// ones are a typist's own (录入, 扫校), weak ones also story's (输入, 整理).
struct CreditWords {
  std::vector<std::string> strong, weak;
  static const CreditWords& builtin();
};

// Site vocabulary, weighed (data/site_words.txt).
class SiteWords {
 public:
  // The built-in list.
  static const SiteWords& builtin();
  // Parses `word<TAB>strong|weak[<TAB>name]` rows; a bad row is skipped (the built-in file is
  // tested).
  explicit SiteWords(std::string_view text);

  // The summed weight of the distinct words found in `folded` (residue_fold text): 2 for a
  // strong word, 1 for a weak one. A word inside a longer listed word counts once, as the
  // longer one (小说网 in 小说网站 is 小说网; 求推荐 inside 求推荐票 is not counted twice).
  // *strong, when given, receives how many of them are strong; *names, the part of the weight
  // that words naming a site (marked `name`: 晋江, 小说网) make.
  int weight(std::string_view folded, int* strong = nullptr, int* names = nullptr) const;

 private:
  PhraseMatcher matcher_;     // the folded words; at one place the longest wins
  std::vector<int> weights_;  // by the matcher's phrase index
  std::vector<bool> names_;   // by the matcher's phrase index
};

}  // namespace novelbind
