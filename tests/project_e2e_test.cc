// A book project from `novelbind init`: the starter files, building it, and its templates.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "base/test_util.h"
#include "config/config.h"
#include "pipeline/stage_rule_names.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

using test::quoted;

void copy_seeds(const fs::path& chapters) {
  for (const auto& e : fs::directory_iterator(test::source_dir() / "samples/seeds"))
    fs::copy_file(e.path(), chapters / e.path().filename());
}

TEST(Init, WritesAStarterProject) {
  test::TempDir dir;
  fs::path project = dir / "novel";
  test::CommandResult r = test::run_novelbind("init " + quoted(project));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::is_directory(project / "chapters"));
  EXPECT_TRUE(fs::is_empty(project / "chapters"));
  for (const char* name :
       {"chapter.xhtml", "title.xhtml", "cover.xhtml", "intro.xhtml", "toc.xhtml", "volume.xhtml",
        "base.css", "horizontal.css", "vertical.css"}) {
    EXPECT_EQ(
        test::read_file(project / "templates" / name),
        test::read_file(
            test::source_dir() /
            (std::string(name).find(".css") != std::string::npos ? "styles" : "templates") / name))
        << name;
  }
  // book.toml sets nothing: every key is commented out...
  std::string toml = test::read_file(project / "book.toml");
  auto as_is = parse_config(toml, "book.toml", stage_rule_names());
  ASSERT_TRUE(as_is.ok()) << as_is.message();
  EXPECT_EQ(as_is->book.title, "");
  // ...and every commented key is a real one with a valid example value.
  std::string uncommented = std::regex_replace(toml, std::regex("(^|\n)# ([a-z_]+ = )"), "$1$2");
  EXPECT_NE(uncommented, toml);
  auto all = parse_config(uncommented, "book.toml", stage_rule_names());
  ASSERT_TRUE(all.ok()) << all.message();
  EXPECT_EQ(all->book.title, "書名");
  EXPECT_EQ(all->book.series_index, "1");
  EXPECT_EQ(all->style.writing_mode, "horizontal");
  EXPECT_EQ(all->build.jobs, 0);
}

TEST(Init, RefusesToOverwriteABookToml) {
  test::TempDir dir;
  test::write_file(dir / "book.toml", "[book]\ntitle = \"mine\"\n");
  test::CommandResult r = test::run_novelbind("init " + quoted(dir.path()));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, "error: " + (dir / "book.toml").string() +
                          ": already exists; init starts a new project only in a folder without "
                          "book.toml\n");
  EXPECT_EQ(test::read_file(dir / "book.toml"), "[book]\ntitle = \"mine\"\n");
  EXPECT_FALSE(fs::exists(dir / "templates"));
}

TEST(Init, ThenCopyChaptersThenBuildGivesAWorkingBook) {
  test::TempDir dir;
  fs::path project = dir / "seeds-book";
  ASSERT_EQ(test::run_novelbind("init " + quoted(project)).exit_code, 0);
  copy_seeds(project / "chapters");
  test::CommandResult r = test::run_novelbind("build " + quoted(project) + " --check");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  fs::path epub = project / "seeds-book.epub";
  ASSERT_TRUE(fs::exists(epub)) << r.output;
  auto files = test::read_epub(epub);
  EXPECT_NE(files["EPUB/package.opf"].find("<dc:title>seeds-book</dc:title>"), std::string::npos);
  // Four chapters: 002 repeats 003 and is dropped; untitled chapters are numbered in order.
  const char* titles[] = {"第一章", "第二章", "第三章", "第四章"};
  for (int i = 1; i <= 4; ++i) {
    std::string name = "EPUB/text/ch000" + std::to_string(i) + ".xhtml";
    ASSERT_TRUE(files.count(name)) << name;
    EXPECT_NE(test::xhtml_text(files[name]).find(std::string(titles[i - 1]) + "\n"),
              std::string::npos)
        << name;
  }
  EXPECT_FALSE(files.count("EPUB/text/ch0005.xhtml"));
  EXPECT_NE(test::xhtml_text(files["EPUB/text/ch0001.xhtml"]).find("說完，他再也不管"),
            std::string::npos);
  EXPECT_TRUE(files.count("EPUB/text/cover.xhtml"));
  EXPECT_TRUE(files.count("EPUB/text/title.xhtml"));
  EXPECT_TRUE(files.count("EPUB/text/toc.xhtml"));
}

TEST(Init, ProjectTemplatesAreUsedWithoutASetting) {
  test::TempDir dir;
  fs::path project = dir / "p";
  ASSERT_EQ(test::run_novelbind("init " + quoted(project)).exit_code, 0);
  copy_seeds(project / "chapters");
  std::string css = test::read_file(project / "templates/base.css");
  test::write_file(project / "templates/base.css", css + "\n.edited-by-me { color: red; }\n");
  ASSERT_EQ(test::run_novelbind("build " + quoted(project)).exit_code, 0);
  auto files = test::read_epub(project / "p.epub");
  EXPECT_NE(files["EPUB/styles/book.css"].find(".edited-by-me"), std::string::npos);
}

TEST(TemplateOverride, OneTemplateFromTheFolderTheRestBuiltIn) {
  test::TempDir dir;
  copy_seeds((fs::create_directories(dir / "chapters"), dir / "chapters"));
  test::write_file(dir / "book.toml",
                   "[book]\ntitle = \"種子\"\nauthor = \"某人\"\n[style]\ntemplates = \"my\"\n"
                   "css = \"extra.css\"\n");
  test::write_file(dir / "extra.css", "p { text-indent: 3em; }\n");
  std::string title = test::read_file(test::source_dir() / "templates/title.xhtml");
  title.replace(title.find("<div class=\"book-title\""), 23, "<div class=\"my-title\"");
  test::write_file(dir / "my/title.xhtml", title);
  test::CommandResult r = test::run_novelbind("build " + quoted(dir / "book.toml") + " --check");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto files = test::read_epub(dir / (dir.path().filename().string() + ".epub"));
  EXPECT_NE(files["EPUB/text/title.xhtml"].find(
                "<div class=\"my-title\" role=\"heading\" aria-level=\"1\">種子</div>"),
            std::string::npos)
      << files["EPUB/text/title.xhtml"];
  EXPECT_NE(files["EPUB/text/ch0001.xhtml"].find("class=\"chapter-title\""), std::string::npos);
  std::string css = files["EPUB/styles/book.css"];
  EXPECT_EQ(css.substr(css.size() - 42), "/* [style] css */\np { text-indent: 3em; }\n");
}

// New chapters of ordinary length are rendered while the archive is written, each listed as
// one document beforehand. A template whose output is far larger than the text (here every
// paragraph fifty times) makes some of them several documents after all: the book is then
// put together again from the parts made, and comes out as when the parts were known first
// (a rebuild whose pages come from the cache).
TEST(TemplateOverride, ChaptersThatComeOutLargerThanForeseenAreSplitAllTheSame) {
  test::TempDir dir;
  copy_seeds((fs::create_directories(dir / "chapters"), dir / "chapters"));
  test::write_file(dir / "book.toml", "[style]\ntemplates = \"my\"\n");
  std::string chapter = test::read_file(test::source_dir() / "templates/chapter.xhtml");
  size_t open = chapter.find("{{#paragraphs}}");
  size_t close = chapter.find("{{/paragraphs}}") + 15;
  std::string section = chapter.substr(open, close - open) + "\n";
  std::string repeated;
  for (int i = 0; i < 50; ++i) repeated += section;
  chapter.replace(open, close - open, repeated);
  test::write_file(dir / "my/chapter.xhtml", chapter);
  fs::path out = dir / "a.epub";
  test::CommandResult r = test::run_novelbind("-q build " + quoted(dir / "book.toml") +
                                              " --no-cache --check -o " + quoted(out));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto files = test::read_epub(out);
  size_t parts = 0;
  for (const auto& [name, bytes] : files) {
    if (name.find("_2.xhtml") != std::string::npos) ++parts;
    if (name.rfind("EPUB/text/ch", 0) == 0) {
      EXPECT_LE(bytes.size(), 250u * 1024) << name;
    }
  }
  EXPECT_GT(parts, 0u);  // some chapter came out in several documents

  // With the cache: a first build (as above), then one whose pages all come from the cache.
  ASSERT_EQ(
      test::run_novelbind("-q build " + quoted(dir / "book.toml") + " -o " + quoted(dir / "b.epub"))
          .exit_code,
      0);
  fs::remove_all(dir / ".novelbind-cache" / "book");
  ASSERT_EQ(
      test::run_novelbind("-q build " + quoted(dir / "book.toml") + " -o " + quoted(dir / "c.epub"))
          .exit_code,
      0);
  EXPECT_EQ(test::read_file(dir / "b.epub"), test::read_file(out));
  EXPECT_EQ(test::read_file(dir / "c.epub"), test::read_file(out));
}

TEST(TemplateOverride, BrokenTemplateStopsTheBuildNamingFileAndLine) {
  test::TempDir dir;
  copy_seeds((fs::create_directories(dir / "chapters"), dir / "chapters"));
  test::write_file(dir / "book.toml", "[style]\ntemplates = \"my\"\n");
  std::string chapter = test::read_file(test::source_dir() / "templates/chapter.xhtml");
  chapter.replace(chapter.find("{{/paragraphs}}"), 15, "");  // line 13 opens it
  test::write_file(dir / "my/chapter.xhtml", chapter);
  test::CommandResult r = test::run_novelbind("-q build " + quoted(dir / "book.toml"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, "error: " + (dir / "my/chapter.xhtml").string() +
                          ":13: mustache syntax error: unclosed section \"paragraphs\"; fix the "
                          "template\n");
  EXPECT_FALSE(fs::exists(dir / (dir.path().filename().string() + ".epub")));
}

TEST(TemplateOverride, TemplateThatMakesBadXhtmlStopsTheBuild) {
  test::TempDir dir;
  copy_seeds((fs::create_directories(dir / "chapters"), dir / "chapters"));
  test::write_file(dir / "book.toml", "[style]\ntemplates = \"my\"\n");
  std::string title = test::read_file(test::source_dir() / "templates/title.xhtml");
  title.replace(title.find("</div>"), 6, "</span>");  // line 10
  test::write_file(dir / "my/title.xhtml", title);
  test::CommandResult r = test::run_novelbind("-q build " + quoted(dir / "book.toml"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, "error: " + (dir / "my/title.xhtml").string() +
                          ":10: the title page it renders is not well-formed XHTML (start-end "
                          "tags mismatch); fix the template\n");
}

}  // namespace
}  // namespace novelbind
