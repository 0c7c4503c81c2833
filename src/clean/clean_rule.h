// The unit of the clean stage: one named repair (site_ads, reversed_lines, ...). Each rule
// lives in its own rule_NAME.h/.cc with its own tests; clean.cc runs them in a fixed order.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "book.h"
#include "clean/clean_decisions.h"
#include "clean/clean_questions.h"

namespace novelbind {

// What a rule is given besides the text: the settings, and the book's decisions.
struct CleanContext {
  std::string quotes = "keep";  // "corner", "curly" or "keep"
  bool front_matter = false;    // the text before a file's first heading
  // The book-wide decisions to apply (decide_cleaning); none made: nothing learned.
  const CleanDecisions* decisions = nullptr;
  // When set, the rules that apply book-wide decisions note what they asked of them.
  CleanQuestions* questions = nullptr;

  const CleanDecisions& book() const;  // *decisions, or decisions made from nothing
};

// Where a rule writes down each change it makes to a chapter.
class RepairLog {
 public:
  RepairLog(std::string rule, std::string file, std::vector<Repair>* out,
            std::vector<Diagnostic>* warnings = nullptr)
      : rule_(std::move(rule)), file_(std::move(file)), out_(out), warnings_(warnings) {}
  // `after` is empty when the line was dropped. A change inside a long line is kept as a
  // hunk: the changed span with some context on each side ("…" marks a cut), so that a book
  // whose every line is repaired (quotes, for a script change) does not hold its text twice.
  void record(int line, std::string_view before, std::string_view after);
  // Something the rule saw and left alone because it cannot show what the text should be.
  void warn(int line, std::string message);

 private:
  std::string rule_;
  std::string file_;
  std::vector<Repair>* out_;
  std::vector<Diagnostic>* warnings_;
};

class CleanRule {
 public:
  virtual ~CleanRule() = default;
  // The name in the report and in `[clean] disable`, e.g. "reversed_lines".
  virtual std::string_view name() const = 0;
  // Repairs one chapter's paragraphs in place, recording every change, under the book's
  // decisions in `context`. Must be thread-safe.
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
