// [chapters] title_format on a book whose source numbers its chapters in a mix of styles: every
// heading and contents entry comes out in the one style asked for; without it, as written.
#include <gtest/gtest.h>

#include <regex>

#include "base/test_util.h"

namespace fs = std::filesystem;

namespace novelbind::test {
namespace {

void write_mixed_book(const fs::path& dir, const std::string& toml) {
  write_file(dir / "book.toml", "[book]\ntitle = \"混\"\n" + toml);
  write_file(dir / "chapters/1.txt", "楔子\n　　很久以前。\n");
  write_file(dir / "chapters/2.txt", "第一章 少年\n　　天亮了。\n");
  write_file(dir / "chapters/3.txt", "第2章 出山\n　　他走了。\n");
  write_file(dir / "chapters/4.txt", "第三章　下山\n　　路很长。\n");
  write_file(dir / "chapters/5.txt", "第０４章 雨\n　　下雨了。\n");
  write_file(dir / "chapters/6.txt", "第005章 风\n　　起风了。\n");
}

TEST(TitleFormatEndToEnd, MixedNumberingComesOutInOneStyle) {
  TempDir dir;
  write_mixed_book(dir.path(), "[chapters]\ntitle_format = \"第{number:03}章 {name}\"\n");
  CommandResult r = run_novelbind("build " + test::shell_quote(dir / "book.toml") + " -o " +
                                  test::shell_quote(dir / "b.epub") + " --no-cache");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(nav_labels(dir / "b.epub"),
            (std::vector<std::string>{"楔子", "第001章 少年", "第002章 出山", "第003章 下山",
                                      "第004章 雨", "第005章 风"}))
      << r.output;
  auto epub = read_epub(dir / "b.epub");
  std::string heading = epub["EPUB/text/ch0002.xhtml"];
  EXPECT_NE(heading.find("第001章 少年"), std::string::npos) << heading;
  EXPECT_NE(epub["EPUB/toc.ncx"].find("<text>第004章 雨</text>"), std::string::npos);
  EXPECT_NE(
      r.output.find("info: title_format: 4 chapter title(s) written as '第{number:03}章 {name}'"),
      std::string::npos)
      << r.output;
}

TEST(TitleFormatEndToEnd, OffByDefaultTheTitlesStayAsWritten) {
  TempDir dir;
  write_mixed_book(dir.path(), "");
  CommandResult r = run_novelbind("build " + test::shell_quote(dir / "book.toml") + " -o " +
                                  test::shell_quote(dir / "b.epub") + " --no-cache");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(nav_labels(dir / "b.epub"),
            (std::vector<std::string>{"楔子", "第一章 少年", "第2章 出山", "第三章　下山",
                                      "第０４章 雨", "第005章 风"}));
}

// kaf-cli's users ask for `001 xxx` -> `第001章 xxx`.
TEST(TitleFormatEndToEnd, BareNumberedChaptersTakeTheWordsAroundTheNumber) {
  TempDir dir;
  std::string text;
  const char* names[] = {"少年", "出山", "下山", "风雨", "归来", "远行"};
  for (int i = 1; i <= 6; ++i) {
    text += "00" + std::to_string(i) + " " + names[i - 1] + "\n";
    // Each chapter's own text (the same text twice would be a duplicate chapter).
    for (int k = 0; k < 3; ++k)
      text += std::string("　　") + names[i - 1] + "的那天，他走了" + std::to_string(i * 3 + k) +
              "里路，天黑了，山里的风很冷。\n";
    text += "\n";
  }
  write_file(dir / "book.txt", text);
  write_file(dir / "book.toml",
             "[chapters]\nfiles = [\"book.txt\"]\ntitle_format = \"第{number:03}章 {name}\"\n");
  CommandResult r = run_novelbind("build " + test::shell_quote(dir / "book.toml") + " -o " +
                                  test::shell_quote(dir / "b.epub") + " --no-cache");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::vector<std::string> toc = nav_labels(dir / "b.epub");
  ASSERT_EQ(toc.size(), 6u) << r.output;
  EXPECT_EQ(toc[0], "第001章 少年");
  EXPECT_EQ(toc[5], "第006章 远行");
}

TEST(TitleFormatEndToEnd, AnUnknownPlaceholderIsAnErrorNamingTheLine) {
  TempDir dir;
  write_mixed_book(dir.path(), "[chapters]\ntitle_format = \"第{num}章\"\n");
  CommandResult r = run_novelbind("build " + test::shell_quote(dir / "book.toml") + " -o " +
                                  test::shell_quote(dir / "b.epub"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find((dir / "book.toml").string() +
                          ":4: [chapters] title_format: unknown placeholder '{num}'; use "),
            std::string::npos)
      << r.output;
}

}  // namespace
}  // namespace novelbind::test
