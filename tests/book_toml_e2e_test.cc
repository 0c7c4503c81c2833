// A project's [book] metadata, cover and [style] switches, through the real binary.
#include <gtest/gtest.h>

#include <filesystem>

#include "base/test_util.h"
#include "package/epubcheck.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

using test::quoted;

void make_project(const test::TempDir& dir, const std::string& toml) {
  fs::create_directories(dir / "chapters");
  for (const auto& e : fs::directory_iterator(test::source_dir() / "samples/seeds"))
    fs::copy_file(e.path(), dir / "chapters" / e.path().filename());
  test::write_file(dir / "book.toml", toml);
}

fs::path epub_of(const test::TempDir& dir) {
  return dir / (dir.path().filename().string() + ".epub");
}

TEST(BookToml, FullMetadataAndCoverPassEpubcheck) {
  test::TempDir dir;
  make_project(dir,
               "[book]\ntitle = \"大唐皮卡\"\nauthor = \"佚名\"\nlanguage = \"zh-Hant\"\n"
               "description = \"薛鋼開著皮卡回到大唐。\\n第二段 & <結尾>。\"\n"
               "publisher = \"種子出版\"\nsubjects = [\"歷史\", \"穿越\"]\n"
               "series = \"皮卡系列\"\nseries_index = 2\ndate = \"2024-05-01\"\n"
               "cover = \"art/cover.png\"\n[style]\nwriting_mode = \"vertical\"\n");
  fs::create_directories(dir / "art");
  fs::copy_file(test::source_dir() / "tests/fixtures/cover.png", dir / "art/cover.png");
  test::CommandResult r = test::run_novelbind("build " + quoted(dir.path()) + " --check");
  ASSERT_EQ(r.exit_code, 0) << r.output;

  ASSERT_EQ(test::run("java -version").exit_code, 0)
      << "java is missing: install default-jre-headless (scripts/bootstrap)";
  ASSERT_TRUE(fs::exists(kEpubcheckJar)) << kEpubcheckJar << " is missing: install epubcheck";
  test::CommandResult check = test::run(std::string(kEpubcheckJava) + " -jar " + kEpubcheckJar +
                                        " " + quoted(epub_of(dir)));
  EXPECT_EQ(check.exit_code, 0) << check.output;
  EXPECT_NE(check.output.find("No errors or warnings detected."), std::string::npos)
      << check.output;

  auto files = test::read_epub(epub_of(dir));
  const std::string& opf = files["EPUB/package.opf"];
  EXPECT_NE(opf.find("<meta property=\"belongs-to-collection\" id=\"series\">皮卡系列</meta>"),
            std::string::npos);
  EXPECT_NE(opf.find("<meta name=\"calibre:series_index\" content=\"2\" />"), std::string::npos);
  EXPECT_NE(opf.find("<dc:date>2024-05-01</dc:date>"), std::string::npos);
  EXPECT_TRUE(files.count("EPUB/images/cover.png"));
  // The intro page holds the description, escaped, a paragraph a line.
  EXPECT_EQ(test::xhtml_text(files["EPUB/text/intro.xhtml"]),
            "簡介\n薛鋼開著皮卡回到大唐。\n第二段 & <結尾>。\n");
  // The title page names the series.
  EXPECT_NE(test::xhtml_text(files["EPUB/text/title.xhtml"]).find("皮卡系列 2"), std::string::npos);
}

TEST(BookToml, PagesSwitchedOff) {
  test::TempDir dir;
  make_project(dir,
               "[book]\ndescription = \"簡介。\"\n[style]\ncover_page = false\ntitle_page = false\n"
               "intro_page = false\ntoc_page = false\n");
  test::CommandResult r = test::run_novelbind("build " + quoted(dir.path()) + " --check");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto files = test::read_epub(epub_of(dir));
  for (const char* page : {"cover", "title", "intro", "toc"})
    EXPECT_FALSE(files.count(std::string("EPUB/text/") + page + ".xhtml")) << page;
  // The library still gets a cover image, and the nav takes the contents page's place.
  EXPECT_TRUE(files.count("EPUB/images/cover.png"));
  EXPECT_NE(files["EPUB/package.opf"].find("<itemref idref=\"nav\" />"), std::string::npos);
}

// Every rule another stage than the cleaner runs is one [clean] disable switches off: the split's
// hard_wrap and the order stage's new_book_preview were refused as unknown to the cleaner.
TEST(BookToml, DisableTakesTheOtherStagesRules) {
  test::TempDir dir;
  make_project(dir,
               "[clean]\ndisable = [\"hard_wrap\", \"new_book_preview\", \"book_header\", "
               "\"running_header\"]\n");
  test::CommandResult r = test::run_novelbind("build " + quoted(dir.path()) + " --check");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::exists(epub_of(dir)));
}

TEST(BookToml, CoverThatIsNotAnImageIsAnErrorNamingIt) {
  test::TempDir dir;
  make_project(dir, "[book]\ntitle = \"x\"\n");
  test::write_file(dir / "cover.jpg", "<html>not a picture</html>");
  test::CommandResult r = test::run_novelbind("-q build " + quoted(dir.path()) + " --cover " +
                                              quoted(dir / "cover.jpg"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, "error: " + (dir / "cover.jpg").string() +
                          ": not a JPEG or PNG image (its format is not one novelbind knows); give "
                          "a .jpg or .png cover\n");
  EXPECT_FALSE(fs::exists(epub_of(dir)));
}

TEST(BookToml, MissingCoverIsAnErrorNamingIt) {
  test::TempDir dir;
  make_project(dir, "[book]\ncover = \"art/nope.png\"\n");
  test::CommandResult r = test::run_novelbind("-q build " + quoted(dir.path()));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, "error: " + (dir / "art/nope.png").string() +
                          ": cannot read the cover image; check the path\n");
}

TEST(BookToml, CutShortPngCoverIsAnError) {
  test::TempDir dir;
  make_project(dir, "[book]\ncover = \"c.png\"\n");
  std::string png = test::read_file(test::source_dir() / "tests/fixtures/cover.png");
  test::write_file(dir / "c.png", png.substr(0, png.size() / 2));
  test::CommandResult r = test::run_novelbind("-q build " + quoted(dir.path()));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, "error: " + (dir / "c.png").string() +
                          ": the PNG image is cut short (no IEND chunk at its end); export it "
                          "again\n");
}

}  // namespace
}  // namespace novelbind
