#include "order/warning_lines.h"

#include <gtest/gtest.h>

namespace novelbind {

// A warning about a chapter without a heading used to say "file:0".
TEST(WarningLines, WarningsWithoutALineGetWhereTheirChapterStarts) {
  Book book;
  Chapter headless;
  headless.sources = {"003.txt"};
  headless.paragraphs.push_back({"", 0, true});
  headless.paragraphs.push_back({"說完，他再也不管。", 4, false});
  headless.warnings.push_back({"mixed_script", "003.txt", 0, "mixed"});
  headless.warnings.push_back({"encoding", "003.txt", 0, "bad bytes"});  // about the whole file
  Chapter dropped;  // a duplicate the order stage drops: its line is taken before
  dropped.sources = {"002.txt"};
  dropped.paragraphs.push_back({"說完。", 2, false});
  Chapter headed;
  headed.sources = {"004.txt"};
  headed.heading_line = 7;
  headed.warnings.push_back({"numbering_gap", "004.txt", 0, "gap"});
  book.chapters = {headless, dropped, headed};
  std::map<std::string, int> starts = chapter_start_lines(book);
  EXPECT_EQ(starts, (std::map<std::string, int>{{"002.txt", 2}, {"003.txt", 4}, {"004.txt", 7}}));
  book.chapters.erase(book.chapters.begin() + 1);
  book.warnings.push_back({"duplicate_chapter", "002.txt", 0, "dropped"});
  book.warnings.push_back({"numbering_order", "elsewhere.txt", 0, "unknown file"});
  locate_warnings(book, starts);
  EXPECT_EQ(book.chapters[0].warnings[0].line, 4);
  EXPECT_EQ(book.chapters[0].warnings[1].line, 0);
  EXPECT_EQ(book.chapters[1].warnings[0].line, 7);
  EXPECT_EQ(book.warnings[0].line, 2);
  EXPECT_EQ(book.warnings[1].line, 0);
}

}  // namespace novelbind
