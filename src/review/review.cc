#include "review/review.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <tuple>

#include "base/utf8.h"
#include "clean/clean.h"

namespace novelbind {
namespace {

const std::string kEllipsis = "…";

bool contains(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

// The first `width` characters of `line`, cut with "…" when it is longer.
std::string shortened(const std::string& line, std::size_t width) {
  if (utf8::length(line) <= width) return line;
  size_t i = 0;
  for (size_t n = 0; n < width && i < line.size(); ++n) utf8::next(line, &i);
  return line.substr(0, i) + kEllipsis;
}

// Rules whose drops of whole lines [clean] keep puts back (besides the cleaning rules).
bool keep_restores(const ReviewGroup& g) {
  static const std::vector<std::string> kDrops = {"heading_echo", "contents_block",
                                                  "repeated_block", "book_header"};
  return g.line && contains(kDrops, g.rule);
}

// Whether `text` holds more than one character (a keep for a lone quote mark would hold every
// line that has one).
bool distinctive(const std::string& text) {
  return utf8::length(utf8::trim(text)) >= 2;
}

void set_switch(ReviewGroup* g, const SourceLines& lines, const Repair& first) {
  static const std::vector<std::string> cleaning = clean_rule_names();
  if (first.before.empty() || first.before == "<scene break>") {
    g->note = g->rule == "page_merge"
                  ? "a file without a heading joined to the chapter before it; list every "
                    "chapter's title in [chapters] titles to keep such files chapters of their own"
                  : "no book.toml key undoes this repair";
    return;
  }
  if (g->rule == "script") {
    g->section = "[convert]";
    g->toml_line = "script = \"keep\"";
    g->note =
        "keeps the whole book in the script each chapter was written in: no conversion at "
        "all (there is no switch for one text)";
    return;
  }
  bool cleaning_rule = contains(cleaning, g->rule);
  if (!cleaning_rule && !keep_restores(*g)) {
    g->note = g->rule == "heading_residue"
                  ? "what a site appended to a heading, taken off the title; no book.toml key "
                    "keeps it"
                  : "no book.toml key undoes this repair";
    return;
  }
  // The text as it stood in the source (a kept line is matched before any rule ran): the
  // dropped line or the words taken out, else the line every place has in common, when each
  // place's line holds it.
  std::vector<std::string> candidates = {g->line ? std::string(utf8::trim(first.before))
                                                 : keep_text(g->removed)};
  std::string common = lines.at(g->places.front().file, g->places.front().line);
  for (const ReviewPlace& p : g->places)
    if (lines.at(p.file, p.line) != common) common.clear();
  candidates.push_back(common);
  std::string text;
  bool everywhere = false;
  for (const std::string& candidate : candidates) {
    everywhere = distinctive(candidate);
    for (const ReviewPlace& p : g->places) {
      if (!everywhere) break;
      everywhere = lines.at(p.file, p.line).find(candidate) != std::string::npos;
    }
    if (everywhere) {
      text = candidate;
      break;
    }
  }
  if (everywhere) {
    g->section = "[clean]";
    g->toml_line = "keep = [" + toml_string(text) + "]";
    g->note =
        "lines holding this text are left as they are by every cleaning rule (add it to "
        "the list if [clean] keep is there already)";
  } else if (cleaning_rule) {
    g->section = "[clean]";
    g->toml_line = "disable = [" + toml_string(g->rule) + "]";
    g->note = "the change is too small to name by its text, so this turns " + g->rule +
              " off for the whole book";
  } else {
    g->note = "no book.toml key undoes this repair";
  }
}

// The words `diff` takes out and puts in, each run joined to the one before by "…".
std::pair<std::string, std::string> changed_text(const std::vector<DiffPiece>& diff) {
  std::string removed, added;
  bool gap_removed = false, gap_added = false;  // unchanged text since the last run
  for (const DiffPiece& p : diff) {
    if (p.kind == DiffPiece::kSame) {
      gap_removed = !removed.empty();
      gap_added = !added.empty();
      continue;
    }
    std::string& out = p.kind == DiffPiece::kRemoved ? removed : added;
    bool& gap = p.kind == DiffPiece::kRemoved ? gap_removed : gap_added;
    if (gap) out += kEllipsis;
    gap = false;
    out += p.text;
  }
  return {removed, added};
}

}  // namespace

std::string keep_text(std::string_view before) {
  std::string_view best;
  size_t start = 0;
  while (start <= before.size()) {
    size_t end = before.find(kEllipsis, start);
    if (end == std::string_view::npos) end = before.size();
    std::string_view part = utf8::trim(before.substr(start, end - start));
    if (part.size() > best.size()) best = part;
    start = end + kEllipsis.size();
  }
  return std::string(best);
}

std::string toml_string(std::string_view text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (c < 0x20 || c == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04X", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

Review make_review(const Book& book, const std::vector<Diagnostic>& warnings,
                   const SourceLines& lines, const ReviewOptions& options) {
  Review review;
  review.title = book.meta.title;
  review.chapters = book.chapters.size();
  review.structure = book.structure;
  std::map<std::string, size_t> rule_order;
  std::map<std::tuple<std::string, std::string, std::string, bool>, size_t> group_of;
  std::vector<std::vector<size_t>> by_rule;
  std::vector<const Repair*> first;  // of each group
  for (const Chapter& c : book.chapters) {
    for (const Repair& r : c.repairs) {
      auto [rule, fresh] = rule_order.emplace(r.rule, review.repairs.size());
      if (fresh) {
        review.repairs.push_back({r.rule, 0});
        by_rule.emplace_back();
      }
      ++review.repairs[rule->second].count;
      std::vector<DiffPiece> diff = word_diff(r.before, r.after);
      bool line = r.after.empty() && !r.before.empty();
      auto [removed, added] = line ? std::make_pair(r.before, std::string()) : changed_text(diff);
      auto [g, made] =
          group_of.emplace(std::make_tuple(r.rule, removed, added, line), review.groups.size());
      if (made) {
        review.groups.push_back({r.rule, removed, added, line, {}, "", "", ""});
        by_rule[rule->second].push_back(g->second);
        first.push_back(&r);
      }
      review.groups[g->second].places.push_back({r.file, r.line, c.title, {}, std::move(diff)});
    }
  }
  // The lines around the places, and each place's own change, a place of each group at a
  // time, within the budget; the places past it keep their file and line (and the first of
  // each group its change, which its row shows).
  std::size_t budget = options.context_budget;
  size_t k = 0;
  for (; budget > 0; ++k) {
    bool any = false;
    for (ReviewGroup& g : review.groups) {
      if (k >= g.places.size() || budget == 0) continue;
      any = true;
      ReviewPlace& p = g.places[k];
      for (const DiffPiece& piece : p.diff) budget -= std::min(budget, piece.text.size() + 6);
      for (auto& [number, text] : lines.around(p.file, p.line, options.context_radius)) {
        p.context.emplace_back(number, shortened(text, options.context_width));
        budget -= std::min(budget, p.context.back().second.size() + 8);
      }
      p.detailed = true;
    }
    if (!any) break;
  }
  for (ReviewGroup& g : review.groups)
    for (size_t i = 1; i < g.places.size(); ++i)
      if (!g.places[i].detailed) g.places[i].diff.clear();
  for (size_t i = 0; i < review.groups.size(); ++i) set_switch(&review.groups[i], lines, *first[i]);
  // By rule, in the order the rules first repaired, then by first place.
  std::vector<ReviewGroup> ordered;
  ordered.reserve(review.groups.size());
  for (const auto& indices : by_rule)
    for (size_t i : indices) ordered.push_back(std::move(review.groups[i]));
  review.groups = std::move(ordered);
  std::map<std::string, size_t> kind_order;
  for (const Diagnostic& d : warnings) {
    auto [kind, fresh] = kind_order.emplace(d.rule, review.warnings.size());
    if (fresh) review.warnings.push_back({d.rule, 0});
    ++review.warnings[kind->second].count;
  }
  review.warning_list = warnings;
  return review;
}

}  // namespace novelbind
