#include "cli/log_format.h"

#include <gtest/gtest.h>

namespace novelbind {

TEST(LogFormat, PlainWarningHasFileLineAndRule) {
  Diagnostic d{"numbering_gap", "chapters/12.txt", 3, "第12章 is missing"};
  EXPECT_EQ(format_warning(d, LogFormat::kPlain),
            "chapters/12.txt:3: 第12章 is missing [numbering_gap]");
}

TEST(LogFormat, GithubAnnotationEscapesItsSyntax) {
  Diagnostic d{"duplicate_chapter", "a,b:c.txt", 7, "50% repeated\nsee report"};
  EXPECT_EQ(format_warning(d, LogFormat::kGithub),
            "::warning file=a%2Cb%3Ac.txt,line=7,title=novelbind duplicate_chapter::50%25 "
            "repeated%0Asee report");
  Diagnostic book_wide{"mixed_script", "", 0, "2 chapters mixed"};
  EXPECT_EQ(format_warning(book_wide, LogFormat::kGithub),
            "::warning title=novelbind mixed_script::2 chapters mixed");
}

TEST(LogFormat, GithubErrorTakesFileAndLineFromTheMessage) {
  EXPECT_EQ(format_error("book.toml:5: unknown key 'x' in [book]; fix it", LogFormat::kGithub),
            "::error file=book.toml,line=5::unknown key 'x' in [book]; fix it");
  EXPECT_EQ(format_error("ch/1.txt: invalid byte", LogFormat::kGithub),
            "::error file=ch/1.txt::invalid byte");
  EXPECT_EQ(format_error("plain text", LogFormat::kGithub), "::error::plain text");
  EXPECT_EQ(format_error("--strict: 2 warning(s) fail", LogFormat::kGithub),
            "::error::--strict: 2 warning(s) fail");
  EXPECT_EQ(parse_log_format("gitlab").message(),
            "--log-format: unknown format 'gitlab'; use plain or github");
}

}  // namespace novelbind
