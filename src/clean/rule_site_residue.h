// Rule "site_residue": what a novel site left in the book that no pattern list names, found
// from properties of the text: lines that recur across the book and do not read as story,
// URLs and domains however they are spelled, bracketed fragments of site vocabulary, and the
// frames (==== ☆☆☆) around a download site's front and back matter.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "clean/clean_rule.h"
#include "clean/residue_tally.h"

namespace novelbind {

class BigramCounts;

// A line is dropped when
// - its folded key (site_text.h) recurs three times or more in the book and it could be
//   residue (above; also a Latin line with a number, such as "Last Updated: …, 1996"):
//   "t,xt,小,说天,堂" and "＿t＿xt，小说天堂" are one line spelled two ways;
// - it holds a URL outside quotation marks and site vocabulary, or little else;
// - it is no dialogue and its site vocabulary weighs 3 or more in a short line (喜欢本书请收藏
//   本站，更新最快。; 2 before the first heading: 本书由…整理), 4 or more in a longer one (a
//   免责声明 paragraph);
// - it is a page number (第12页, - 12 -, P12) and such lines recur in the book;
// - it is a frame line (====, ☆☆☆) next to a line the rule dropped.
// First, a site's notice glued to the story at a paragraph's start or end (一秒记住，精彩小说无
// 弹窗免费阅读！他走到窗前…), which the book glues to paragraphs three times or more, is cut and
// the story stays: a short story line with an ad glued to it is not dropped whole (residue_line.h).
// At the end of a paragraph, before its closing punctuation, a run of letters the book puts
// there in many paragraphs and almost nowhere else (…的用处武动乾坤。) is cut (end_marks.h).
// Anywhere, a rare character the site put into words to get past a word filter (体垩内) is
// removed (filler_characters.h).
// Inside a line, outside quotation marks, a bracketed fragment with site vocabulary
// ([*爪丶机*书屋*], 【最新章节免费阅读】) is cut, with a URL that follows it; so is a URL in
// brackets, or one that ends the line. A URL inside a sentence of story, or in quotes
// (键入网址“www.i-cassell-you.com”), stays.
class SiteResidueRule : public CleanRule {
 public:
  std::string_view name() const override { return "site_residue"; }
  // Applies the book's ResidueDecision (clean_decisions.h).
  void apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
             RepairLog& log) const override;

  // What is left of one line: itself, the story with the fragments cut, or "" when it is
  // all residue. Notes the recurring keys it asked about in context.questions.
  // In context.front_matter (before a file's first heading) less site vocabulary makes a
  // notice.
  std::string strip(std::string_view line, const CleanContext& context = CleanContext{}) const;
};

}  // namespace novelbind
