// samples/seeds built four ways (horizontal and vertical, with a generated and a given cover)
// must pass EPUBCheck with no error and no warning.
#include <gtest/gtest.h>

#include <filesystem>

#include "base/test_util.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

// EPUBCheck's verdict (test::epubcheck: the verdict on the same bytes is kept between the
// release and the sanitizer runs); fails the test (never skips) when Java or EPUBCheck is
// missing.
void expect_epubcheck_clean(const fs::path& epub) {
  std::string verdict = test::epubcheck(epub);
  EXPECT_EQ(verdict.rfind("Messages: 0 fatals / 0 errors / 0 warnings / 0 infos", 0), 0u)
      << verdict;
}

std::map<std::string, std::string> build_seeds(const test::TempDir& dir, const std::string& flags) {
  fs::path epub = dir / "seeds.epub";
  test::CommandResult r =
      test::run_novelbind("build '" + (test::source_dir() / "samples/seeds").string() + "' -o '" +
                          epub.string() + "' --check " + flags);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  expect_epubcheck_clean(epub);
  return test::read_epub(epub);
}

std::string fixture(const std::string& name) {
  std::string quoted = "'";
  quoted.append((test::source_dir() / "tests/fixtures" / name).string()).append("'");
  return quoted;
}

TEST(SeedsEpubcheck, HorizontalGeneratedCover) {
  test::TempDir dir;
  auto epub = build_seeds(dir, "");
  ASSERT_TRUE(epub.count("EPUB/images/cover.png"));
  EXPECT_NE(epub["EPUB/package.opf"].find("properties=\"cover-image\""), std::string::npos);
  EXPECT_EQ(epub["EPUB/styles/book.css"].find("vertical-rl"), std::string::npos);
  EXPECT_EQ(epub["EPUB/package.opf"].find("page-progression-direction"), std::string::npos);
}

TEST(SeedsEpubcheck, HorizontalWithJpegCover) {
  test::TempDir dir;
  auto epub = build_seeds(dir, "--cover " + fixture("cover.jpg"));
  EXPECT_EQ(epub["EPUB/images/cover.jpg"],
            test::read_file(test::source_dir() / "tests/fixtures/cover.jpg"));
  EXPECT_FALSE(epub.count("EPUB/images/cover.png"));
  EXPECT_NE(epub["EPUB/package.opf"].find("<meta name=\"cover\" content=\"cover-image\" />"),
            std::string::npos);
}

TEST(SeedsEpubcheck, VerticalGeneratedCover) {
  test::TempDir dir;
  auto epub = build_seeds(dir, "--vertical");
  EXPECT_NE(epub["EPUB/package.opf"].find("page-progression-direction=\"rtl\""), std::string::npos);
  EXPECT_NE(epub["EPUB/package.opf"].find("content=\"vertical-rl\""), std::string::npos);
  const std::string& css = epub["EPUB/styles/book.css"];
  EXPECT_NE(css.find("-epub-writing-mode: vertical-rl;"), std::string::npos);
  EXPECT_NE(css.find("-webkit-writing-mode: vertical-rl;"), std::string::npos);
  // Every content document, the nav included, links the stylesheet that sets the mode.
  for (const auto& [name, content] : epub) {
    if (name.size() < 6 || name.compare(name.size() - 6, 6, ".xhtml") != 0) continue;
    EXPECT_NE(content.find("styles/book.css\""), std::string::npos) << name;
  }
  // The seeds hold no ASCII digits (their chapters are titled 第一章 ...); upright digits
  // (<span class="tcy">) are covered by render_test.cc.
  EXPECT_NE(css.find("text-combine-upright"), std::string::npos);
}

TEST(SeedsEpubcheck, VerticalWithPngCover) {
  test::TempDir dir;
  auto epub = build_seeds(dir, "--vertical --cover " + fixture("cover.png"));
  EXPECT_EQ(epub["EPUB/images/cover.png"],
            test::read_file(test::source_dir() / "tests/fixtures/cover.png"));
  EXPECT_NE(epub["EPUB/text/cover.xhtml"].find("<img class=\"cover-image\" epub:type=\"cover\" "
                                               "role=\"doc-cover\" src=\"../images/cover.png\""),
            std::string::npos);
}

// A chapter of about 700 KB becomes three files, and the book still passes EPUBCheck.
TEST(SeedsEpubcheck, LongChapterIsSplitIntoValidFiles) {
  test::TempDir dir;
  std::string text = "第一章 長夜\n";
  for (int i = 0; i < 2000; ++i) {
    text += "第" + std::to_string(i) + "段。";
    for (int k = 0; k < 12; ++k) text += "夜色深沉，城頭的燈火一盞盞熄滅。";
    text += "\n";
  }
  test::write_file(dir / "in/long.txt", text);
  // The file's time is the book's date: a fixed one makes the same bytes on every run.
  fs::last_write_time(dir / "in/long.txt",
                      fs::last_write_time(test::source_dir() / "samples/seeds"));
  fs::path epub = dir / "long.epub";
  test::CommandResult r = test::run_novelbind("build '" + (dir / "in").string() + "' -o '" +
                                              epub.string() + "' --vertical --check");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  expect_epubcheck_clean(epub);
  auto files = test::read_epub(epub);
  int parts = 0;
  for (const auto& [name, content] : files) {
    if (name.rfind("EPUB/text/ch0001", 0) != 0) continue;
    ++parts;
    EXPECT_LE(content.size(), 250u * 1024) << name;
  }
  EXPECT_GE(parts, 3);
  EXPECT_EQ(files["EPUB/nav.xhtml"].find("ch0001_2"), std::string::npos);
}

}  // namespace
}  // namespace novelbind
