// Rule "site_ads": ads, serialization tails and author promotion that scraping sites add.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "base/phrase_matcher.h"
#include "base/status.h"
#include "clean/boilerplate.h"
#include "clean/clean_rule.h"
#include "config/user_pattern.h"

namespace novelbind {

class SiteAdsRule : public CleanRule {
 public:
  // `user_drop` are ECMAScript regexes from `[clean] drop`: a line they match whole is
  // dropped, a match that ends the line is cut. A bad one is an error naming `config_name`.
  static Result<SiteAdsRule> create(const std::vector<BoilerplatePattern>& patterns,
                                    const std::vector<std::string>& user_drop,
                                    const std::string& config_name);

  std::string_view name() const override { return "site_ads"; }
  void apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
             RepairLog& log) const override;

  // What is left of one line: itself, a cut story part, or "" when all of it is boilerplate.
  std::string strip(std::string_view line) const;

 private:
  bool is_block_header(std::string_view line) const;
  // A line that heads another book's promotion (a `promo` pattern: 友情推荐…).
  bool is_promotion(const Paragraph& p) const;
  // Where the tail phrase that ends `s` (before separators) starts; npos when none does.
  std::size_t tail_start(std::string_view s) const;
  // True when `s` is nothing but tail phrases and separators: 求月票、求推薦.
  bool is_all_tails(std::string_view s) const;
  // True when `s` is nothing but navigation words (`nav` patterns) and separators, one of them a
  // move to the chapter or page before or after: 上一章目　录下一章, 目录 | 下一页.
  bool is_navigation(std::string_view s) const;
  // `s` without the recommendations (`inline` patterns) pasted into its sentences.
  std::string without_inline_ads(std::string s) const;
  // Where the sentence that asks the reader to follow a messaging account (`account` patterns:
  // 公众号) starts, when it ends the line: the line's start when all of it is the request;
  // npos when there is none.
  std::size_t account_request_start(std::string_view s) const;

  std::vector<std::string> tails_;
  PhraseMatcher rest_;
  // A `line`, `block` or `promo` pattern, where * stands for up to 40 code points, with what
  // a line it matches must be: no longer than max_bytes, ending with its last `tail` bytes,
  // holding `longest` (its longest run of letters, when it opens with *). Most lines fail there.
  struct Glob {
    std::string text;
    std::size_t max_bytes = 0, tail = 0;
    std::string longest;
  };
  static Glob make_glob(std::string text);
  static bool glob_match(const Glob& glob, std::string_view line);
  std::vector<Glob> line_globs_;
  std::vector<Glob> block_globs_;
  std::vector<Glob> promo_globs_;
  std::vector<std::string> nav_words_;  // longest first
  std::vector<std::string> inline_labels_;
  PhraseMatcher accounts_;
  bool urls_ = false;
  std::shared_ptr<const std::vector<UserPattern>> user_;  // [clean] drop, run on RE2
};

}  // namespace novelbind
