#include "clean/rule_site_residue.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "base/cjk_text.h"
#include "clean/residue_line.h"
#include "clean/site_text.h"

namespace novelbind {

using namespace residue;

void ResidueTally::add(const std::vector<Chapter>& chapters) {
  for (const Chapter& c : chapters) {
    for (const Paragraph& p : c.paragraphs) {
      if (p.scene_break) continue;
      std::string_view line = trim_spaces(p.text);
      Traits traits = traits_of(line);
      for (const Fragment& f : watermark_fragments(line, traits.brackets)) ++lines[f.key];
      // (More than four bytes a character: more characters than kNotice, without counting.)
      if (line.size() > 4 * kNotice || utf8::length(line) > kNotice || has_quotation(line))
        continue;
      bool cut = false;
      std::string rest = cut_fragments(line, traits, &cut);
      std::size_t length = utf8::length(rest);
      if (length > kShort || has_quotation(rest)) continue;
      std::string key = residue_fold(rest);
      if (is_candidate(length, key, SiteWords::builtin().weight(key))) ++lines[key];
    }
  }
}

ResidueTally& ResidueTally::operator+=(const ResidueTally& other) {
  for (const auto& [key, n] : other.lines) lines[key] += n;
  return *this;
}

void SiteResidueRule::learn(const std::vector<Chapter>& chapters) {
  ResidueTally tally;
  tally.add(chapters);
  learn(tally);
}

void SiteResidueRule::learn(const ResidueTally& tally) {
  auto recurring = std::make_shared<std::set<std::string>>();
  for (const auto& [key, n] : tally.lines)
    if (n >= (key[0] == kFragmentMark ? kRecurringFragment : kRecurring)) recurring->insert(key);
  recurring_ = std::move(recurring);
}

void SiteResidueRule::answer(const CleanProbes& probes, std::string* out) const {
  for (const std::string& key : probes.residue_lines) *out += recurring_->count(key) ? '1' : '0';
}

std::string SiteResidueRule::strip(std::string_view text, CleanProbes* probes,
                                   bool front_matter) const {
  const SiteWords& words = SiteWords::builtin();
  std::string_view line = trim_spaces(text);
  Traits traits = traits_of(line);
  // A long paragraph with neither is story: nothing in it to cut or judge.
  if (!traits.latin && !traits.brackets && line.size() > 4 * kNotice) return std::string(line);

  bool cut = false, cut_url = false;
  std::string rest = cut_fragments(line, traits, &cut, &cut_url);
  // Watermarks the book repeats in brackets, wherever they stand.
  std::vector<Fragment> fragments = watermark_fragments(rest, traits.brackets);
  for (auto f = fragments.rbegin(); f != fragments.rend(); ++f) {
    if (probes) probes->residue_lines.push_back(f->key);
    if (!recurring_->count(f->key)) continue;
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
  // Dialogue and long paragraphs are story: only what was cut from them is judged.
  std::size_t rest_length = utf8::length(rest);
  bool judged = rest_length <= kNotice && !has_quotation(rest);
  if (!cut && !judged) return rest;
  // What the cuts left: nothing to read, or a label ("A:") of what was cut.
  std::string key = residue_fold(rest);
  if (cut && key.size() <= 2) return "";
  if (!judged) return rest;

  // A line recurring in the book (judged without its fragments: a story line that ends with
  // the same ad every time is still story).
  int weight = words.weight(key);
  if (is_candidate(rest_length, key, weight)) {
    if (probes) probes->residue_lines.push_back(key);
    if (recurring_->count(key)) return "";
  }

  // The whole line (what is left of it), judged by its vocabulary and URLs. Before the first
  // heading (a download site's front matter: 本书由…整理) less vocabulary is enough.
  if ((weight >= (front_matter ? 2 : 3) && rest_length <= kShort) || weight >= 4) return "";
  std::size_t url_chars = 0;
  QuoteScanner quotes(rest);
  if (traits.latin)
    for (const UrlSpan& u : find_urls(rest))
      if (!quotes.inside(u.start))
        url_chars += utf8::length(std::string_view(rest).substr(u.start, u.end - u.start));
  if (url_chars > 0 && (weight >= 1 || rest_length <= url_chars + 15)) return "";
  // What was left around a URL that was cut: a label for it (本书更新地址：) or more notice
  // (登录 提供24小时循环更新!!). A sentence before it ("他走了。www.x.com") is story.
  if (cut_url && (weight >= 1 || introduces_url(rest))) return "";
  return rest;
}

void SiteResidueRule::apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
                            RepairLog& log) const {
  std::vector<bool> dropped(paragraphs.size(), false);
  bool any = false;
  for (std::size_t i = 0; i < paragraphs.size(); ++i) {
    Paragraph& p = paragraphs[i];
    if (p.scene_break) continue;
    // A long paragraph with no Latin letter and no bracket is story: not even copied.
    if (p.text.size() > 4 * kNotice) {
      Traits traits = traits_of(p.text);
      if (!traits.latin && !traits.brackets) continue;
    }
    std::string after = strip(p.text, context.probes, context.front_matter);
    if (after == trim_spaces(p.text)) continue;
    log.record(p.line, p.text, after);
    dropped[i] = after.empty();
    any |= after.empty();
    p.text = std::move(after);
  }
  if (!any) return;
  // The frames around what was dropped (a download site's ==== and ☆☆☆ blocks).
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < paragraphs.size(); ++i) {
      Paragraph& p = paragraphs[i];
      if (dropped[i] || p.scene_break || !is_frame_line(p.text)) continue;
      bool beside = (i > 0 && dropped[i - 1]) || (i + 1 < paragraphs.size() && dropped[i + 1]);
      if (!beside) continue;
      log.record(p.line, p.text, "");
      p.text.clear();
      dropped[i] = true;
    }
  }
  drop_emptied(paragraphs);
}

}  // namespace novelbind
