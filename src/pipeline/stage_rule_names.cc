#include "pipeline/stage_rule_names.h"

#include <algorithm>

#include "clean/clean.h"

namespace novelbind {

namespace {
// The rules of warnings and repairs made outside the cleaning rules (whose names come from
// the rules themselves). A stage that adds a rule name adds it here, or --fail-on rejects it.
constexpr const char* kOtherRules[] = {
    "author_note",      "book_header",     "contents_block",      "contents_line",
    "cover_glyphs",     "cover_image",     "credit_line",         "duplicate_chapter",
    "empty_chapter",    "encoding",        "first_line_title",    "glued_heading",
    "heading_echo",     "long_line",       "merged_paragraphs",   "invisible_characters",
    "mixed_script",     "numbering_gap",   "numbering_malformed", "numbering_order",
    "numbering_repeat", "numbering_style", "order_by_text",       "page_merge",
    "page_seam",        "repeated_block",  "heading_residue",     "repeated_front_matter",
    "running_header",   "script",          "tool_record",         "edge_line",
    "hard_wrap",        "contents_file",   "new_book_preview",    "download_notice",
};
}  // namespace

std::vector<std::string> known_rule_names() {
  std::vector<std::string> names = clean_rule_names();
  for (const char* name : kOtherRules)
    if (std::find(names.begin(), names.end(), name) == names.end()) names.emplace_back(name);
  return names;
}

std::vector<std::string> disable_names_with_header() {
  std::vector<std::string> names = disable_names();
  // The rules of other stages that [clean] disable switches off too: the header of a one-file
  // book (book_metadata.h), the residue in the book's structure (book_residue.h) and the
  // joining of a wrapped file's lines (hard_wrap.h).
  names.insert(names.begin() + static_cast<long>(clean_rule_names().size()),
               {"book_header", "contents_line", "credit_line", "edge_line", "hard_wrap",
                "new_book_preview", "running_header"});
  return names;
}

RuleNames stage_rule_names() {
  return {known_rule_names(), disable_names_with_header()};
}

}  // namespace novelbind
