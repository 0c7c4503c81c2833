#include "pipeline/stage_rule_names.h"

#include <gtest/gtest.h>

#include "config/config.h"

namespace novelbind {
namespace {

std::string known_list(const std::vector<std::string>& names) {
  std::string list;
  for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
  return list;
}

}  // namespace

// A misspelt CI gate used to be accepted and then never fail anything.
TEST(Settings, UnknownFailOnRuleInBookTomlIsAnErrorWithItsLine) {
  auto c = parse_config("[build]\nstrict = false\nfail_on = [\"numbering_gaps\"]\n", "book.toml",
                        stage_rule_names());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.message(),
            "book.toml:3: [build] fail_on: unknown rule 'numbering_gaps'; expected "
            "one of " +
                known_list(known_rule_names()));
  // The list names the rules of every stage, not only the cleaning rules.
  for (const char* rule :
       {"numbering_gap", "duplicate_chapter", "mixed_script", "book_header", "quotes", "site_ads"})
    EXPECT_NE(c.message().find(rule), std::string::npos) << rule;
  EXPECT_TRUE(parse_config("[build]\nfail_on = [\"numbering_gap\", \"book_header\"]\n", "b",
                           stage_rule_names())
                  .ok());
}

TEST(Settings, UnknownCleanDisableNameIsAnErrorWithItsLine) {
  auto c = parse_config("[clean]\n\ndisable = [\"quotes\", \"site_ad\"]\n", "my/book.toml",
                        stage_rule_names());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.message(),
            "my/book.toml:3: [clean] disable: unknown rule or pattern 'site_ad'; "
            "expected one of " +
                known_list(disable_names_with_header()));
  EXPECT_NE(c.message().find("serial_tail"), std::string::npos);  // a pattern id
  EXPECT_TRUE(parse_config("[clean]\ndisable = [\"book_header\", \"serial_tail\"]\n", "b",
                           stage_rule_names())
                  .ok());
}

TEST(Settings, SeriesIndexMustBeANumber) {
  auto c = parse_config("[book]\nseries = \"地球往事\"\nseries_index = \"two\"\n", "book.toml",
                        stage_rule_names());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.message(),
            "book.toml:3: [book] series_index: expected a number like 2 or 2.5, not \"two\"");
  auto t = parse_config("[book]\nseries_index = true\n", "book.toml", stage_rule_names());
  EXPECT_EQ(t.message(), "book.toml:2: [book] series_index: expected a number like 2 or 2.5");
  for (const char* ok : {"series_index = 2", "series_index = 2.5", "series_index = \"3\"",
                         "series_index = \"1.5\""}) {
    auto good = parse_config(std::string("[book]\n") + ok + "\n", "book.toml", stage_rule_names());
    EXPECT_TRUE(good.ok()) << ok << ": " << good.message();
  }
}

TEST(Settings, UnknownRuleMessage) {
  EXPECT_EQ(unknown_rule("quotes", known_rule_names()), "");
  EXPECT_EQ(unknown_rule("x", {"a", "b"}), "unknown rule 'x'; expected one of a, b");
  EXPECT_EQ(unknown_rule("x", {"a"}, "rule or pattern"),
            "unknown rule or pattern 'x'; expected one of a");
}

}  // namespace novelbind
