// The unit of the clean stage: one named repair (site_ads, reversed_lines, ...). Each rule
// lives in its own rule_NAME.h/.cc with its own tests; clean.cc runs them in a fixed order.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "book.h"

namespace novelbind {

struct CleanContext {
  std::string quotes = "keep";  // "corner", "curly" or "keep"
};

// Where a rule writes down each change it makes to a chapter.
class RepairLog {
 public:
  RepairLog(std::string rule, std::string file, std::vector<Repair>* out)
      : rule_(std::move(rule)), file_(std::move(file)), out_(out) {}
  // `after` is empty when the line was dropped. A change inside a long line is kept as a
  // hunk: the changed span with some context on each side ("…" marks a cut), so that a book
  // whose every line is repaired (quotes, for a script change) does not hold its text twice.
  void record(int line, std::string_view before, std::string_view after);

 private:
  std::string rule_;
  std::string file_;
  std::vector<Repair>* out_;
};

class CleanRule {
 public:
  virtual ~CleanRule() = default;
  // The name in the report and in `[clean] disable`, e.g. "reversed_lines".
  virtual std::string_view name() const = 0;
  // Book-wide evidence, gathered once from the uncleaned chapters before any is cleaned.
  virtual void learn(const std::vector<Chapter>&) {}
  // Repairs one chapter's paragraphs in place, recording every change. Must be thread-safe.
  virtual void apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
                     RepairLog& log) const = 0;
};

// Removes the paragraphs a rule emptied (scene breaks have no text and stay).
void drop_emptied(std::vector<Paragraph>& paragraphs);

// A rule that rewrites one paragraph at a time, independent of its neighbours. Scene breaks
// are left alone; a paragraph rewritten to "" is dropped.
class LineRule : public CleanRule {
 public:
  void apply(std::vector<Paragraph>& paragraphs, const CleanContext& context,
             RepairLog& log) const final;
  // Returns true and sets *out when the rule changes `text`.
  virtual bool rewrite(std::string_view text, const CleanContext& context,
                       std::string* out) const = 0;
};

}  // namespace novelbind
