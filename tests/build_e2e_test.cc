// End-to-end: the real binary on the bundled sample and on bad input.
#include <gtest/gtest.h>
#include <pugixml.hpp>

#include "base/test_util.h"
#include "package/epub_writer.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

using test::read_epub;
using test::run_novelbind;
using test::TempDir;

// TOC labels and targets of a built book, in order.
std::vector<std::pair<std::string, std::string>> toc_of(std::map<std::string, std::string>& epub) {
  pugi::xml_document nav;
  nav.load_string(epub["EPUB/nav.xhtml"].c_str());
  std::vector<std::pair<std::string, std::string>> out;
  for (auto& a : nav.select_nodes("//nav[@epub:type='toc']//a"))
    out.emplace_back(a.node().child_value(), a.node().attribute("href").value());
  return out;
}

}  // namespace

TEST(BuildEndToEnd, SampleIsAValidBookWithItsTextAndContents) {
  TempDir dir;
  auto r = run_novelbind("build " + test::shell_quote(test::seeds_dir()) + " -o " +
                         test::shell_quote(dir / "seeds.epub"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(test::epubcheck(dir / "seeds.epub"),
            "Messages: 0 fatals / 0 errors / 0 warnings / 0 infos");
  EXPECT_EQ(run_novelbind("check " + test::shell_quote(dir / "seeds.epub")).exit_code, 0);

  auto epub = read_epub(dir / "seeds.epub");
  auto toc = toc_of(epub);
  ASSERT_GE(toc.size(), 4u);
  // Every TOC entry names a chapter document holding that title as its heading, in order.
  std::string previous;
  for (const auto& [label, href] : toc) {
    EXPECT_FALSE(label.empty());
    std::string file = "EPUB/" + href.substr(0, href.find('#'));
    ASSERT_TRUE(epub.count(file)) << file;
    EXPECT_EQ(test::xhtml_text(epub[file]).substr(0, label.size()), label);
    EXPECT_LT(previous, file);
    previous = file;
  }
  // The story text, first and last chapter.
  std::string first =
      test::xhtml_text(epub["EPUB/" + toc.front().second.substr(0, toc.front().second.find('#'))]);
  std::string last =
      test::xhtml_text(epub["EPUB/" + toc.back().second.substr(0, toc.back().second.find('#'))]);
  EXPECT_NE(first.find("猛地調轉馬頭，在親衛隊的拼死保護下"), std::string::npos);
  EXPECT_NE(last.find("你是我的了！"), std::string::npos);
}

TEST(BuildEndToEnd, RebuildsAreByteIdenticalAcrossTimeZones) {
  TempDir dir;
  ASSERT_EQ(run_novelbind("build " + test::shell_quote(test::seeds_dir()) + " -q -o " +
                          test::shell_quote(dir / "a.epub"))
                .exit_code,
            0);
  ASSERT_EQ(run_novelbind("build " + test::shell_quote(test::seeds_dir()) + " -q -o " +
                          test::shell_quote(dir / "b.epub"))
                .exit_code,
            0);
  auto tz = test::run("TZ=Asia/Taipei '" + std::string(NOVELBIND_BINARY) + "' build " +
                      test::shell_quote(test::seeds_dir()) + " -q -o " +
                      test::shell_quote(dir / "c.epub"));
  ASSERT_EQ(tz.exit_code, 0) << tz.output;
  std::string a = test::read_file(dir / "a.epub");
  EXPECT_EQ(a, test::read_file(dir / "b.epub"));
  EXPECT_EQ(a, test::read_file(dir / "c.epub"));
}

// The archive is written as the chapters complete, in the book's order whichever thread
// finishes first: one worker or several give the same bytes.
TEST(BuildEndToEnd, TheSameBytesWithOneWorkerOrMany) {
  TempDir dir;
  ASSERT_EQ(run_novelbind("build " + test::shell_quote(test::seeds_dir()) + " -q -j 1 -o " +
                          test::shell_quote(dir / "a.epub"))
                .exit_code,
            0);
  for (int jobs : {2, 5}) {
    fs::path out = dir / ("j" + std::to_string(jobs) + ".epub");
    ASSERT_EQ(run_novelbind("build " + test::shell_quote(test::seeds_dir()) + " -q -j " +
                            std::to_string(jobs) + " -o " + test::shell_quote(out))
                  .exit_code,
              0);
    EXPECT_EQ(test::read_file(out), test::read_file(dir / "a.epub")) << jobs << " workers";
  }
}

TEST(BuildEndToEnd, SourceDateEpochSetsModified) {
  TempDir dir;
  auto r = test::run("SOURCE_DATE_EPOCH=1700000000 '" + std::string(NOVELBIND_BINARY) + "' build " +
                     test::shell_quote(test::seeds_dir()) + " -q -o " +
                     test::shell_quote(dir / "a.epub"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto epub = read_epub(dir / "a.epub");
  EXPECT_NE(epub["EPUB/package.opf"].find(">2023-11-14T22:13:20Z</meta>"), std::string::npos);
}

TEST(BuildEndToEnd, DefaultOutputAndTitleComeFromTheInput) {
  TempDir dir;
  fs::copy(test::seeds_dir(), dir / "龜茲");
  auto r = run_novelbind("build -q " + test::shell_quote(dir / "龜茲"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto epub = read_epub(dir / "龜茲.epub");
  EXPECT_NE(epub["EPUB/package.opf"].find("<dc:title>龜茲</dc:title>"), std::string::npos);
}

TEST(BuildEndToEnd, BookTomlSetsMetadataAndFlagsOverrideIt) {
  TempDir dir;
  fs::copy(test::seeds_dir(), dir / "chapters");
  test::write_file(
      dir / "book.toml",
      "[book]\ntitle = \"龜茲\"\nauthor = \"阿菩\"\nidentifier = \"urn:isbn:9780000000001\"\n");
  auto r = run_novelbind("build -q " + test::shell_quote(dir / "book.toml") + " --author 'A & B'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // Without -o the book goes next to book.toml, named after the project folder.
  auto epub = read_epub(dir / (dir.path().filename().string() + ".epub"));
  std::string opf = epub["EPUB/package.opf"];
  EXPECT_NE(opf.find("<dc:title>龜茲</dc:title>"), std::string::npos) << opf;
  EXPECT_NE(opf.find(">A &amp; B</dc:creator>"), std::string::npos) << opf;
  EXPECT_NE(opf.find(">urn:isbn:9780000000001</dc:identifier>"), std::string::npos);
}

TEST(BuildEndToEnd, BookTomlUnknownKeyFailsWithItsLine) {
  TempDir dir;
  fs::copy(test::seeds_dir(), dir / "chapters");
  test::write_file(dir / "book.toml", "[book]\ntitle = \"x\"\n\n[chapters]\nfolders = \"c\"\n");
  auto r = run_novelbind("build " + test::shell_quote(dir / "book.toml") + " -o " +
                         test::shell_quote(dir / "x.epub"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output,
            "error: " + (dir / "book.toml").string() +
                ":5: unknown key 'folders' in [chapters]; see docs/book-toml.md for the keys of "
                "this section\n");
  EXPECT_FALSE(fs::exists(dir / "x.epub"));
}

// Bad input: a one-line error naming the path, exit 1, and no output file.
class BadInput : public ::testing::Test {
 protected:
  void expect_failure(const std::string& input, const std::string& message, const fs::path& out) {
    auto r = run_novelbind("build " + test::shell_quote(input) + " -o " + test::shell_quote(out));
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_EQ(r.output, "error: " + message + "\n");
    EXPECT_FALSE(fs::exists(out));
    for (const auto& e : fs::recursive_directory_iterator(dir.path()))
      EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
  }
  TempDir dir;
};

TEST_F(BadInput, MissingInput) {
  expect_failure((dir / "nope").string(),
                 (dir / "nope").string() + ": no such file or folder; check the path",
                 dir / "x.epub");
}

TEST_F(BadInput, EmptyFolder) {
  fs::create_directories(dir / "empty");
  expect_failure(
      (dir / "empty").string(),
      (dir / "empty").string() +
          ": no .txt (or .md) chapter files in this folder; add chapter files or name a book.toml",
      dir / "x.epub");
}

TEST_F(BadInput, FolderWithoutTxt) {
  // (A folder of .md files is read as chapters: a crawler that saved Markdown.)
  test::write_file(dir / "book" / "notes.pdf", "%PDF-1.4");
  expect_failure(
      (dir / "book").string(),
      (dir / "book").string() +
          ": no .txt (or .md) chapter files in this folder; add chapter files or name a book.toml",
      dir / "x.epub");
}

TEST_F(BadInput, UnwritableOutput) {
  fs::create_directories(dir / "ro");
  fs::permissions(dir / "ro", fs::perms::owner_read | fs::perms::owner_exec);
  bool root = test::run("test -w " + test::shell_quote(dir / "ro")).exit_code == 0;
  if (root) {
    // root writes anywhere; a missing output folder is the unwritable case then.
    expect_failure(test::seeds_dir().string(),
                   (dir / "no" / "x.epub").string() + ": the output folder " +
                       (dir / "no").string() + " does not exist; create it or choose another -o",
                   dir / "no" / "x.epub");
  } else {
    expect_failure(test::seeds_dir().string(),
                   (dir / "ro" / "x.epub").string() + ": the output folder " +
                       (dir / "ro").string() +
                       " is not writable (Permission denied); choose another -o",
                   dir / "ro" / "x.epub");
  }
  fs::permissions(dir / "ro", fs::perms::owner_all);
}

TEST_F(BadInput, OutputIsAFolder) {
  fs::create_directories(dir / "out.epub");
  auto r = run_novelbind("build " + test::shell_quote(test::seeds_dir()) + " -o " +
                         test::shell_quote(dir / "out.epub"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, "error: " + (dir / "out.epub").string() +
                          ": is a folder; name the EPUB file to write with -o\n");
  EXPECT_TRUE(fs::is_empty(dir / "out.epub"));
}

TEST_F(BadInput, BinaryFileNamedTxt) {
  std::string png("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01", 20);
  test::write_file(dir / "book" / "001.txt", "第一章\n正文。\n");
  test::write_file(dir / "book" / "002.txt", png);
  auto r = run_novelbind("build " + test::shell_quote(dir / "book") + " -o " +
                         test::shell_quote(dir / "x.epub"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  EXPECT_EQ(r.output.rfind("error: " + (dir / "book" / "002.txt").string() + ": ", 0), 0u)
      << r.output;
  EXPECT_FALSE(fs::exists(dir / "x.epub"));
}

TEST(CommandLine, UsageErrorsExitWithTwo) {
  EXPECT_EQ(run_novelbind("").exit_code, 2);
  EXPECT_EQ(run_novelbind("build").exit_code, 2);
  EXPECT_EQ(run_novelbind("build x --no-such-flag").exit_code, 2);
  EXPECT_EQ(run_novelbind("frobnicate").exit_code, 2);
  EXPECT_EQ(run_novelbind("--help").exit_code, 0);
}

TEST(CommandLine, CheckRejectsABrokenBook) {
  TempDir dir;
  ASSERT_TRUE(write_zip(dir / "bad.epub", {{"mimetype", "application/epub+zip", true}}, 0).ok());
  auto r = run_novelbind("check " + test::shell_quote(dir / "bad.epub"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("mimetype: compressed; it must be stored"), std::string::npos)
      << r.output;
}

}  // namespace novelbind

namespace novelbind {

TEST(BuildEndToEnd, FolderWithBookTomlIsABookProject) {
  test::TempDir dir;
  fs::copy(test::source_dir() / "samples" / "ci", dir / "book", fs::copy_options::recursive);
  auto r = test::run_novelbind("build -q '" + (dir / "book").string() + "' -o '" +
                               (dir / "b.epub").string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto epub = test::read_epub(dir / "b.epub");
  EXPECT_NE(epub["EPUB/package.opf"].find("<dc:title>晨鐘</dc:title>"), std::string::npos);
  EXPECT_NE(test::xhtml_text(epub["EPUB/text/ch0003.xhtml"]).find("老僧正在掃雪"),
            std::string::npos);
}

}  // namespace novelbind

namespace novelbind {

// --strict, --fail-on and --log-format through the real binary on the seeds, whose build
// drops a duplicate chapter and repairs text.
TEST(StrictBuild, StrictFailsWithoutWritingTheBook) {
  test::TempDir dir;
  std::string seeds = (test::source_dir() / "samples" / "seeds").string();
  auto r = test::run_novelbind("build -q '" + seeds + "' --strict -o '" +
                               (dir / "s.epub").string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  // The duplicate; 003's Simplified leftovers are repairs of rule script under --script auto.
  EXPECT_NE(r.output.find("error: --strict: 1 warning(s) and "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("duplicate_chapter 1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(", script "), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "s.epub"));
}

TEST(StrictBuild, FailOnOnlyTheNamedRules) {
  test::TempDir dir;
  std::string seeds = (test::source_dir() / "samples" / "seeds").string();
  std::string out = " -o '" + (dir / "s.epub").string() + "'";
  auto pass =
      test::run_novelbind("build -q '" + seeds + "' --fail-on numbering_gap,empty_chapter" + out);
  EXPECT_EQ(pass.exit_code, 0) << pass.output;
  fs::remove(dir / "s.epub");
  auto fail = test::run_novelbind("build -q '" + seeds +
                                  "' --fail-on numbering_gap,duplicate_chapter" + out);
  EXPECT_EQ(fail.exit_code, 1);
  EXPECT_NE(fail.output.find("error: --fail-on: 1 warning(s) and 0 repair(s) fail the build "
                             "(duplicate_chapter 1)"),
            std::string::npos)
      << fail.output;
  EXPECT_FALSE(fs::exists(dir / "s.epub"));
}

TEST(StrictBuild, GithubLogFormatAnnotatesWarningsAndErrors) {
  test::TempDir dir;
  std::string seeds = (test::source_dir() / "samples" / "seeds").string();
  auto r = test::run_novelbind("build -q '" + seeds +
                               "' --log-format github --fail-on duplicate_chapter -o '" +
                               (dir / "s.epub").string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(
      r.output.find("::warning file=" + seeds +
                    "/002_9d3bf61183f9b4f8.txt,line=1,title=novelbind duplicate_chapter::this "
                    "chapter is contained in the longer chapter "),
      std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("\n::error::--fail-on: 1 warning(s)"), std::string::npos) << r.output;
  auto missing = test::run_novelbind("build --log-format github '" + (dir / "nope").string() + "'");
  EXPECT_EQ(missing.output, "::error file=" + (dir / "nope").string() +
                                "::no such file or folder; check the path\n");
}

TEST(StrictBuild, EpubcheckFlagValidatesTheResult) {
  test::TempDir dir;
  std::string seeds = (test::source_dir() / "samples" / "seeds").string();
  auto r = test::run_novelbind("build -q '" + seeds + "' --check --epubcheck -o '" +
                               (dir / "s.epub").string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::exists(dir / "s.epub"));
}

}  // namespace novelbind
