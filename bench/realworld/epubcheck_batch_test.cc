#include "epubcheck_batch.h"

#include <gtest/gtest.h>

#include <fstream>

#include "base/test_util.h"

namespace realworld {
namespace {

namespace fs = std::filesystem;
using novelbind::test::TempDir;
using novelbind::test::write_file;

RunResult said(const std::string& output, int exit_code = 0) {
  return {exit_code, 0.0, output};
}

TEST(EpubcheckBatch, VerdictsReadTheSummaryInTheSingularAndThePlural) {
  EXPECT_EQ(epubcheck_verdict(said("Messages: 0 fatals / 0 errors / 0 warnings / 0 infos\n")),
            "ok");
  EXPECT_EQ(epubcheck_verdict(said("Messages: 0 fatals / 1 error / 0 warnings / 0 infos\n", 1)),
            "ERR:1");
  EXPECT_EQ(epubcheck_verdict(said("Messages: 1 fatal / 2 errors / 0 warnings / 0 infos\n", 1)),
            "ERR:3");
  EXPECT_EQ(epubcheck_verdict(said("Messages: 0 fatals / 0 errors / 1 warning / 0 infos\n")),
            "warn:1");
  // A file that is not there: no message counted, but EPUBCheck failed.
  EXPECT_EQ(epubcheck_verdict(said("Messages: 0 fatals / 0 errors / 0 warnings / 0 infos\n", 1)),
            "ERR:exit 1");
  EXPECT_EQ(epubcheck_verdict(said("cannot start java: No such file or directory", -1)),
            "ERR:nojava");
  EXPECT_EQ(epubcheck_verdict(said("Exception in thread \"main\"", 1)), "ERR:?");
}

TEST(EpubcheckBatch, BooksAreDealtToTheProcessesInTurn) {
  std::vector<EpubcheckBook> books;
  for (const char* name : {"a", "b", "c"})
    books.push_back({std::string(name) + ".epub", std::string(name) + ".log"});
  std::vector<Command> commands = epubcheck_batches(books, 2, "Many.java", "logs");
  ASSERT_EQ(commands.size(), 2u);
  std::vector<std::string> first(commands[0].argv.end() - 4, commands[0].argv.end());
  EXPECT_EQ(first, (std::vector<std::string>{"a.epub", "a.log", "c.epub", "c.log"}));
  std::vector<std::string> second(commands[1].argv.end() - 2, commands[1].argv.end());
  EXPECT_EQ(second, (std::vector<std::string>{"b.epub", "b.log"}));
  EXPECT_EQ(epubcheck_batches(books, 8, "Many.java", "logs").size(), 3u);
  EXPECT_TRUE(epubcheck_batches({}, 2, "Many.java", "logs").empty());
}

// One Java process checks a broken EPUB and then a good one: each gets its own verdict, the
// second untouched by the first.
TEST(EpubcheckBatch, OneProcessGivesEachBookItsOwnVerdict) {
  TempDir dir;
  write_file(dir / "ch" / "001.txt", "第一章 開始\n\n這是第一章的正文，足夠長的一段話。\n");
  auto built = novelbind::test::run_novelbind("-q build '" + (dir / "ch").string() + "' -o '" +
                                              (dir / "good.epub").string() + "' --no-cache");
  ASSERT_EQ(built.exit_code, 0) << built.output;
  {
    std::ofstream bad(dir / "bad.epub", std::ios::binary);
    bad << novelbind::test::zip_bytes(
        {{"mimetype", "application/epub+zip"},
         {"META-INF/container.xml",
          "<?xml version=\"1.0\"?><container version=\"1.0\" "
          "xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\"><rootfiles><rootfile "
          "full-path=\"OEBPS/missing.opf\" media-type=\"application/oebps-package+xml\"/>"
          "</rootfiles></container>"}});
  }
  std::vector<EpubcheckBook> books = {{dir / "bad.epub", dir / "bad.log"},
                                      {dir / "good.epub", dir / "good.log"}};
  fs::path many = fs::path(NOVELBIND_SOURCE_DIR) / "bench" / "realworld" / "EpubcheckMany.java";
  std::vector<Command> commands = epubcheck_batches(books, 1, many, dir.path());
  ASSERT_EQ(commands.size(), 1u);
  RunResult batch = run(commands[0]);
  EXPECT_EQ(batch.exit_code, 1) << batch.output;
  RunResult bad = epubcheck_result(dir / "bad.log");
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
  EXPECT_TRUE(epubcheck_verdict(bad).rfind("ERR:", 0) == 0) << bad.output;
  RunResult good = epubcheck_result(dir / "good.log");
  EXPECT_EQ(good.exit_code, 0) << good.output;
  EXPECT_EQ(epubcheck_verdict(good), "ok") << good.output;
}

}  // namespace
}  // namespace realworld
