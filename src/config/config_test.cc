#include "config/config.h"

#include <gtest/gtest.h>

namespace novelbind {

TEST(Config, ReadsTypedSectionsWithDefaults) {
  auto c = parse_config(R"(
[book]
title = "龜茲"
author = "阿菩"
language = "zh-Hant"
subjects = ["歷史", "架空"]
series_index = 2

[chapters]
folder = "text"
heading_max_length = 30

[clean]
quotes = "corner"
)",
                        "book.toml", RuleNames{});
  ASSERT_TRUE(c.ok()) << c.message();
  EXPECT_EQ(c->book.title, "龜茲");
  EXPECT_EQ(c->book.author, "阿菩");
  EXPECT_EQ(c->book.language, "zh-Hant");
  EXPECT_TRUE(c->language_set);
  EXPECT_EQ(c->book.subjects, (std::vector<std::string>{"歷史", "架空"}));
  EXPECT_EQ(c->book.series_index, "2");
  EXPECT_EQ(c->chapters.folder, "text");
  EXPECT_EQ(c->chapters.heading_max_length, 30);
  EXPECT_EQ(c->clean.quotes, "corner");
  EXPECT_EQ(c->convert.script, "auto");  // default
  EXPECT_EQ(c->style.writing_mode, "horizontal");
}

TEST(Config, UnknownKeyNamesKeyAndLine) {
  auto c = parse_config("[book]\ntitle = \"x\"\ntitel = \"y\"\n", "book.toml", RuleNames{});
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.message(),
            "book.toml:3: unknown key 'titel' in [book]; see docs/book-toml.md for the keys of "
            "this section");
}

TEST(Config, UnknownSectionIsAnError) {
  auto c = parse_config("\n[boook]\ntitle = \"x\"\n", "p/book.toml", RuleNames{});
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.message().rfind("p/book.toml:2: unknown section [boook]", 0), 0u) << c.message();
}

TEST(Config, WrongTypeNamesKeyAndExpectation) {
  auto c = parse_config("[style]\nwriting_mode = \"sideways\"\n", "book.toml", RuleNames{});
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.message(),
            "book.toml:2: [style] writing_mode: expected one of \"horizontal\", \"vertical\"");
  auto d = parse_config("[chapters]\nfiles = \"a.txt\"\n", "book.toml", RuleNames{});
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.message(), "book.toml:2: [chapters] files: expected a list of strings");
}

TEST(Config, SyntaxErrorHasLine) {
  auto c = parse_config("[book]\ntitle = \"unterminated\n", "book.toml", RuleNames{});
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.message().rfind("book.toml:2: ", 0), 0u) << c.message();
}

TEST(Config, ResolvesPathsAgainstProjectFolder) {
  Config c;
  c.project_dir = "/books/kucha";
  EXPECT_EQ(c.resolve("chapters"), std::filesystem::path("/books/kucha/chapters"));
  EXPECT_EQ(c.resolve("/abs/x"), std::filesystem::path("/abs/x"));
}

}  // namespace novelbind

namespace novelbind {

TEST(Config, PunctuationRepairsByDefaultAndNormalizesWhenAsked) {
  auto d = parse_config("", "book.toml", RuleNames{});
  ASSERT_TRUE(d) << d.message();
  EXPECT_EQ(d->clean.punctuation, "repair");
  auto c = parse_config("[clean]\npunctuation = \"normalize\"\n", "book.toml", RuleNames{});
  ASSERT_TRUE(c) << c.message();
  EXPECT_EQ(c->clean.punctuation, "normalize");
  auto bad = parse_config("[clean]\npunctuation = \"tidy\"\n", "book.toml", RuleNames{});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.message(),
            "book.toml:2: [clean] punctuation: expected one of \"repair\", \"normalize\"");
}

}  // namespace novelbind
