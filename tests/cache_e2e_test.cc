// Incremental builds through the real binary: a rebuild from the cache is byte-identical to a
// clean build of the same input, whatever changed, and a damaged cache is never trusted.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <nlohmann/json.hpp>

#include "base/chinese_number.h"
#include "base/test_util.h"
#include "cache/build_cache.h"
#include "cache/incremental.h"
#include "clean/bigram_counts.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

class CacheBuild : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(dir_ / "book");
    fs::copy(test::source_dir() / "samples" / "seeds", dir_ / "book" / "chapters");
    test::write_file(dir_ / "book" / "book.toml", "[book]\ntitle = \"龜茲\"\nauthor = \"阿菩\"\n");
  }

  struct Built {
    std::string epub;
    nlohmann::json report;
    std::string log;
  };

  // Builds the project with its default cache (.novelbind-cache beside book.toml), or with
  // none; returns the book's bytes and its report.
  Built build(bool cache = true) {
    fs::path out = dir_ / (cache ? "cached.epub" : "clean.epub");
    fs::path report = dir_ / "report.json";
    auto r =
        test::run_novelbind("build '" + (dir_ / "book").string() + "' -o '" + out.string() +
                            "' --report '" + report.string() + "'" + (cache ? "" : " --no-cache"));
    EXPECT_EQ(r.exit_code, 0) << r.output;
    return {test::read_file(out), nlohmann::json::parse(test::read_file(report)), r.output};
  }

  // A rebuild from the cache must equal a clean build of the same input, byte for byte.
  void expect_same_as_clean(const Built& cached) {
    Built clean = build(false);
    EXPECT_FALSE(clean.report["cache"]["enabled"]);
    EXPECT_EQ(cached.epub, clean.epub);
  }

  test::TempDir dir_;
};

TEST_F(CacheBuild, NothingChangedReusesTheBook) {
  Built first = build();
  EXPECT_TRUE(first.report["cache"]["enabled"]);
  EXPECT_FALSE(first.report["cache"]["book_reused"]);
  EXPECT_TRUE(fs::is_directory(dir_ / "book" / ".novelbind-cache"));
  Built second = build();
  EXPECT_TRUE(second.report["cache"]["book_reused"]);
  EXPECT_EQ(second.epub, first.epub);
  // The reused book reports and prints the same findings.
  EXPECT_EQ(second.report["chapters"], first.report["chapters"]);
  EXPECT_EQ(second.report["warnings"], first.report["warnings"]);
  EXPECT_NE(second.log.find("[duplicate_chapter]"), std::string::npos) << second.log;
  expect_same_as_clean(second);
}

// The cache keeps a record of the book, not a copy: a build in which nothing changed leaves
// the book where it is (the same file, not written again); once that file is gone or edited,
// the book is made again from the cached chapters, with no word of damage, and equals a clean
// build; another output of the same book is a copy of the recorded one.
TEST_F(CacheBuild, TheBookIsRecordedWhereItWasWrittenAndReusedFromThere) {
  Built first = build();
  fs::path out = dir_ / "cached.epub";
  struct stat before;
  ASSERT_EQ(stat(out.c_str(), &before), 0);
  for (const auto& e : fs::directory_iterator(dir_ / "book" / ".novelbind-cache" / "book"))
    EXPECT_NE(e.path().extension(), ".epub") << e.path();
  Built again = build();
  EXPECT_TRUE(again.report["cache"]["book_reused"]);
  struct stat after;
  ASSERT_EQ(stat(out.c_str(), &after), 0);
  EXPECT_EQ(after.st_ino, before.st_ino);
  EXPECT_EQ(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec);
  EXPECT_EQ(after.st_nlink, 1u);

  auto other = test::run_novelbind("-q build '" + (dir_ / "book").string() + "' -o '" +
                                   (dir_ / "other.epub").string() + "'");
  ASSERT_EQ(other.exit_code, 0) << other.output;
  EXPECT_EQ(test::read_file(dir_ / "other.epub"), first.epub);

  fs::remove(out);
  fs::remove(dir_ / "other.epub");
  Built remade = build();
  EXPECT_FALSE(remade.report["cache"]["book_reused"]);
  EXPECT_EQ(remade.report["cache"]["corrupt"], 0);
  EXPECT_EQ(remade.report["cache"]["files_reused"], first.report["cache"]["files_rebuilt"]);
  EXPECT_EQ(remade.epub, first.epub);

  std::string edited = remade.epub;
  edited[edited.size() / 2] = static_cast<char>(edited[edited.size() / 2] ^ 0x55);
  test::write_file(out, edited);
  Built repaired = build();
  EXPECT_FALSE(repaired.report["cache"]["book_reused"]);
  EXPECT_EQ(repaired.report["cache"]["corrupt"], 0);
  EXPECT_EQ(repaired.log.find("damaged"), std::string::npos) << repaired.log;
  expect_same_as_clean(repaired);
}

TEST_F(CacheBuild, EditedChapterIsRebuiltAndTheRestReused) {
  build();
  std::string path = (dir_ / "book" / "chapters" / "000_c93ffccfb6d36192.txt").string();
  std::string text = test::read_file(path);
  test::write_file(path, "新加的第一段。\n" + text);
  Built edited = build();
  EXPECT_FALSE(edited.report["cache"]["book_reused"]);
  EXPECT_GT(edited.report["cache"]["hits"].get<int>(), 3);  // unchanged documents' compression
  // Only the edited file went through ingest, clean and convert again.
  EXPECT_EQ(edited.report["cache"]["files_reused"], 4);
  EXPECT_EQ(edited.report["cache"]["files_rebuilt"], 1);
  EXPECT_NE(test::xhtml_text(test::read_epub(dir_ / "cached.epub")["EPUB/text/ch0001.xhtml"])
                .find("新加的第一段。"),
            std::string::npos);
  expect_same_as_clean(edited);
}

// A folder of chapters named by their numbers beside a file of their titles (a crawler's
// title_name.txt): the titles are the table of contents, the file no chapter; a title fixed in
// that file is in the rebuild though no chapter file changed.
TEST(CacheTitles, AFixedTitleInTheTitleFileIsRebuilt) {
  test::TempDir dir;
  fs::create_directories(dir / "book");
  for (int i = 1; i <= 3; ++i)
    test::write_file(dir / "book" / (std::to_string(i) + ".txt"),
                     "　　第" + std::to_string(i) +
                         "天，大地震颤，绵延的山脉之上，一颗巨大无比的头颅缓缓探出。\n");
  auto titles = [&](const std::string& second) {
    test::write_file(dir / "book" / "title_name.txt", "张烁觉醒了\n" + second + "\n初见宁老师\n");
  };
  auto toc = [&](const std::string& flags) {
    auto r = test::run_novelbind("-q build " + test::quoted(dir / "book") + " -o " +
                                 test::quoted(dir / "book.epub") + " " + flags);
    EXPECT_EQ(r.exit_code, 0) << r.output;
    std::string nav = test::read_epub(dir / "book.epub")["EPUB/nav.xhtml"];
    std::vector<std::string> labels;
    for (const char* t :
         {"张烁觉醒了", "出发，前往学院！", "出发，前往学院", "初见宁老师", "title_name"})
      if (nav.find(t) != std::string::npos) labels.push_back(t);
    return labels;
  };
  const std::string cache = "--cache " + test::quoted(dir / "cache");
  titles("出发，前往学院！");
  EXPECT_EQ(toc(cache), (std::vector<std::string>{"张烁觉醒了", "出发，前往学院！",
                                                  "出发，前往学院", "初见宁老师"}));
  titles("出发，前往学院");
  EXPECT_EQ(toc(cache), (std::vector<std::string>{"张烁觉醒了", "出发，前往学院", "初见宁老师"}));
}

TEST_F(CacheBuild, DeletedChapterIsGone) {
  build();
  // Not 004, the one Simplified chapter: without it the book would be in one script, and
  // --script auto would leave 003's Simplified leftovers as they are (a new plan for every file).
  fs::remove(dir_ / "book" / "chapters" / "000_c93ffccfb6d36192.txt");
  Built after = build();
  EXPECT_FALSE(after.report["cache"]["book_reused"]);
  EXPECT_EQ(after.report["chapters"].size(), 3u);
  EXPECT_EQ(after.report["cache"]["files_reused"], 4);
  expect_same_as_clean(after);
}

// The text of a file that leaves the book is read back to take it out of the bigram model;
// a damaged text is not trusted: the model is counted afresh, as in a clean build.
TEST_F(CacheBuild, ADamagedTextOfADeletedChapterIsNotTrusted) {
  build();
  const std::string line = "就在心急如焚间，洛甫带领五千多人赶到了";
  int damaged = 0;
  for (const auto& e : fs::directory_iterator(dir_ / "book" / ".novelbind-cache" / "texts")) {
    std::string bytes = test::read_file(e.path());
    size_t at = bytes.find(line);
    if (at == std::string::npos) continue;
    bytes[at + 3] = static_cast<char>(bytes[at + 3] ^ 0x01);  // still the same length
    test::write_file(e.path(), bytes);
    ++damaged;
  }
  ASSERT_EQ(damaged, 1);
  fs::remove(dir_ / "book" / "chapters" / "004_7fce4de2dab04fd3.txt");
  Built after = build();
  EXPECT_EQ(after.report["cache"]["corrupt"], 1);
  EXPECT_EQ(after.report["chapters"].size(), 3u);
  expect_same_as_clean(after);
}

TEST_F(CacheBuild, ReorderedChaptersAreReordered) {
  build();
  fs::rename(dir_ / "book" / "chapters" / "000_c93ffccfb6d36192.txt",
             dir_ / "book" / "chapters" / "009_c93ffccfb6d36192.txt");
  Built after = build();
  EXPECT_FALSE(after.report["cache"]["book_reused"]);
  EXPECT_NE(after.report["chapters"].back()["sources"][0].get<std::string>().find("009_"),
            std::string::npos);
  expect_same_as_clean(after);
}

TEST_F(CacheBuild, ChangedBookTomlIsABuildAnew) {
  build();
  test::write_file(
      dir_ / "book" / "book.toml",
      "[book]\ntitle = \"龜茲\"\nauthor = \"阿菩\"\n\n[style]\nwriting_mode = \"vertical\"\n");
  Built after = build();
  EXPECT_FALSE(after.report["cache"]["book_reused"]);
  EXPECT_NE(test::read_epub(dir_ / "cached.epub")["EPUB/package.opf"].find("rtl"),
            std::string::npos);
  expect_same_as_clean(after);
}

// A title with a character no font has (U+E000, private use) comes out on the drawn cover as a
// box: the warning is in the report of the first build, of a rebuild that takes the cover from
// the cache, and of the build that reuses the whole book; --fail-on cover_glyphs fails the build
// and leaves no book behind.
TEST_F(CacheBuild, ACoverCharacterWithoutAGlyphIsInEveryReport) {
  test::write_file(dir_ / "book" / "book.toml",
                   "[book]\ntitle = \"龜\xEE\x80\x80茲\"\nauthor = \"阿菩\"\n");
  auto cover_warnings = [](const Built& b) {
    int n = 0;
    for (const auto& w : b.report["warnings"])
      if (w["rule"] == "cover_glyphs") {
        ++n;
        EXPECT_NE(w["message"].get<std::string>().find("1 character(s)"), std::string::npos) << w;
      }
    return n;
  };
  Built cold = build(false);
  EXPECT_EQ(cover_warnings(cold), 1) << cold.log;
  EXPECT_NE(cold.log.find("no glyph in the installed fonts"), std::string::npos) << cold.log;
  EXPECT_EQ(cover_warnings(build()), 1);
  fs::path chapter = *fs::directory_iterator(dir_ / "book" / "chapters");
  test::write_file(chapter, test::read_file(chapter) + "\n新的一段。\n");
  Built rebuilt = build();  // the chapter is new, the cover is the cache's
  EXPECT_FALSE(rebuilt.report["cache"]["book_reused"]);
  EXPECT_EQ(cover_warnings(rebuilt), 1) << rebuilt.log;
  Built reused = build();
  EXPECT_TRUE(reused.report["cache"]["book_reused"]);
  EXPECT_EQ(cover_warnings(reused), 1) << reused.log;

  auto failed =
      test::run_novelbind("build '" + (dir_ / "book").string() + "' -o '" +
                          (dir_ / "strict.epub").string() + "' --no-cache --fail-on cover_glyphs");
  EXPECT_EQ(failed.exit_code, 1) << failed.output;
  EXPECT_NE(failed.output.find("cover_glyphs 1"), std::string::npos) << failed.output;
  EXPECT_FALSE(fs::exists(dir_ / "strict.epub"));
}

TEST_F(CacheBuild, DamagedEntriesAreRebuiltNotTrusted) {
  build();
  int damaged = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir_ / "book" / ".novelbind-cache")) {
    if (!e.is_regular_file()) continue;
    std::string bytes = test::read_file(e.path());
    bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x55);
    test::write_file(e.path(), bytes);
    ++damaged;
  }
  ASSERT_GE(damaged, 4);  // the book's record, its findings, the units, pages and model
  Built after = build();
  EXPECT_FALSE(after.report["cache"]["book_reused"]);
  EXPECT_GT(after.report["cache"]["corrupt"].get<int>(), 0);
  EXPECT_NE(after.log.find("damaged cache entr(ies) ignored and rebuilt"), std::string::npos)
      << after.log;
  expect_same_as_clean(after);
  EXPECT_TRUE(build().report["cache"]["book_reused"]);  // repaired for the next build
}

// A file is reused only while the book-wide evidence its cleaning asked about answers the same.
// Here a new chapter writes 好很天今 forward so often that the old chapter's line 。好很天今 no
// longer reads as reversed: the old chapter must be cleaned again, as a clean build would.
TEST_F(CacheBuild, NewEvidenceRecleansTheChaptersItConcerns) {
  fs::remove_all(dir_ / "book" / "chapters");
  fs::create_directories(dir_ / "book" / "chapters");
  test::write_file(dir_ / "book" / "chapters" / "001.txt",
                   "第一章 天氣\n我覺得今天很好，今天很好。\n。好很天今\n");
  test::write_file(dir_ / "book" / "chapters" / "002.txt", "第二章 出門\n他們出門了。\n");
  Built first = build();
  std::string ch1 =
      test::xhtml_text(test::read_epub(dir_ / "cached.epub")["EPUB/text/ch0001.xhtml"]);
  EXPECT_NE(ch1.find("今天很好。"), std::string::npos) << ch1;  // restored

  std::string many;
  for (int i = 0; i < 5; ++i) many += "他說好很天今了。\n";
  test::write_file(dir_ / "book" / "chapters" / "003.txt", "第三章 說法\n" + many);
  Built after = build();
  EXPECT_EQ(after.report["cache"]["files_reused"], 1);  // 002 only: 001 asked the model
  EXPECT_EQ(after.report["cache"]["files_rebuilt"], 2);
  ch1 = test::xhtml_text(test::read_epub(dir_ / "cached.epub")["EPUB/text/ch0001.xhtml"]);
  EXPECT_NE(ch1.find("。好很天今"), std::string::npos) << ch1;  // now left as written
  expect_same_as_clean(after);

  // And back: the model takes the removed file's pairs away again.
  fs::remove(dir_ / "book" / "chapters" / "003.txt");
  Built removed = build();
  ch1 = test::xhtml_text(test::read_epub(dir_ / "cached.epub")["EPUB/text/ch0001.xhtml"]);
  EXPECT_NE(ch1.find("今天很好。"), std::string::npos) << ch1;
  expect_same_as_clean(removed);
}

// Pages of one chapter in two files are merged into one chapter: when one page changes, the
// merged chapter is made again from both files, the unchanged one coming from the cache.
TEST_F(CacheBuild, MergedPagesFollowAChangedPage) {
  fs::remove_all(dir_ / "book" / "chapters");
  fs::create_directories(dir_ / "book" / "chapters");
  test::write_file(dir_ / "book" / "chapters" / "001.txt",
                   "第一章 出發（1/2）\n他們出門了。\n走了很久。\n");
  test::write_file(dir_ / "book" / "chapters" / "002.txt",
                   "第一章 出發（2/2）\n走了很久。\n終於到了。\n");
  test::write_file(dir_ / "book" / "chapters" / "003.txt", "第二章 回家\n他們回家了。\n");
  Built first = build();
  EXPECT_EQ(first.report["chapters"].size(), 2u);
  expect_same_as_clean(first);

  test::write_file(dir_ / "book" / "chapters" / "002.txt",
                   "第一章 出發（2/2）\n走了很久。\n終於到了山下。\n");
  Built after = build();
  EXPECT_EQ(after.report["cache"]["files_reused"], 2);
  std::string ch1 =
      test::xhtml_text(test::read_epub(dir_ / "cached.epub")["EPUB/text/ch0001.xhtml"]);
  EXPECT_NE(ch1.find("他們出門了。"), std::string::npos) << ch1;
  EXPECT_NE(ch1.find("終於到了山下。"), std::string::npos) << ch1;
  expect_same_as_clean(after);
}

// The heading scheme is a book-wide fact: two 一、 lines make none on their own, twelve do.
// When a new file brings the scheme, the old file whose lines it now takes for headings is
// split again; the file it does not concern is reused.
TEST_F(CacheBuild, ANewHeadingSchemeResplitsOnlyTheFilesItChanges) {
  fs::remove_all(dir_ / "book" / "chapters");
  fs::create_directories(dir_ / "book" / "chapters");
  auto story = [](int i) {
    return "　　他走到窗前，看着远处的山峦，心里想着第" + chinese_numeral(i) +
           "件事情，久久没有说话。夜色渐深，屋里的灯火一盏盏熄灭了，只剩下风声在院子里回荡。\n";
  };
  auto chapters = [&](int from, int to) {
    std::string text;
    for (int i = from; i <= to; ++i)
      text += chinese_numeral(i) + "、山雨欲来\n" + story(i) + story(i + 20);
    return text;
  };
  test::write_file(dir_ / "book" / "chapters" / "001.txt", chapters(1, 2));
  test::write_file(dir_ / "book" / "chapters" / "002.txt", story(40));
  Built first = build();
  std::string ch1 =
      test::xhtml_text(test::read_epub(dir_ / "cached.epub")["EPUB/text/ch0001.xhtml"]);
  EXPECT_NE(ch1.find("二、山雨欲来\n"), std::string::npos) << ch1;  // a line of the story

  test::write_file(dir_ / "book" / "chapters" / "003.txt", chapters(3, 12));
  Built after = build();
  EXPECT_EQ(after.report["cache"]["files_reused"], 1);   // 002: no line of it changed role
  EXPECT_EQ(after.report["cache"]["files_rebuilt"], 2);  // 001 split again, 003 new
  const auto& listed = after.report["chapters"];
  ASSERT_GE(listed.size(), 12u) << listed.dump();
  EXPECT_EQ(listed[0]["title"], "一、山雨欲来");
  EXPECT_EQ(listed[1]["title"], "二、山雨欲来");
  expect_same_as_clean(after);
}

// A warning about a chapter whose file has no heading names the line its text starts on, in a
// rebuild that took the chapter from the cache too (its text is still packed there).
TEST(CacheWarnings, AHeadinglessChaptersWarningKeepsItsLineInARebuild) {
  test::TempDir dir;
  fs::path book = dir.path() / "book";
  const char* names[] = {"第一章 出山.txt", "第二章 下山.txt", "第五章 回山.txt"};
  for (int i = 0; i < 3; ++i)
    test::write_file(book / names[i], "\n\n　　他走到窗前，看着远处的山峦，心里想着第" +
                                          chinese_numeral(i + 1) + "件事情，久久没有说话。\n");
  fs::path report = dir.path() / "report.json";
  auto build = [&] {
    auto r = test::run_novelbind(
        "build '" + book.string() + "' -o '" + (dir.path() / "b.epub").string() + "' --cache '" +
        (dir.path() / "cache").string() + "' --report '" + report.string() + "'");
    EXPECT_EQ(r.exit_code, 0) << r.output;
    return nlohmann::json::parse(test::read_file(report))["warnings"];
  };
  nlohmann::json first = build();
  ASSERT_FALSE(first.empty());
  test::write_file(book / names[0], test::read_file(book / names[0]) + "　　他走了。\n");
  nlohmann::json rebuilt = build();
  ASSERT_EQ(rebuilt.size(), first.size());
  for (std::size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(rebuilt[i]["line"], first[i]["line"]) << rebuilt[i].dump();
    EXPECT_GT(rebuilt[i]["line"].get<int>(), 0) << rebuilt[i].dump();
  }
}

// The same files named another way (from another folder, by a relative path instead of an
// absolute one) are the same files: the rebuild reuses every file's cleaned chapters, and its
// warnings name the files as this build's command names them. (The cache was lost before, and
// a 3000-file book built again in full.)
// A rebuild reads the chapters it reuses only at their edges (the cache keeps them packed): a
// rule that looked at the paragraph before an edge's first one read outside the edges, and
// the rebuild crashed. Long chapters, one paragraph appended to the last: the rebuild equals
// a clean build.
TEST(CacheEdges, ARebuildOfLongChaptersEqualsACleanBuild) {
  test::TempDir dir;
  const fs::path folder = dir / "book";
  for (int f = 1; f <= 6; ++f) {
    std::string text = "第" + chinese_numeral(f) + "章 远行\n";
    for (int k = 0; k < 12; ++k)
      text += "　　他走到窗前，看着远处的山峦，心里想着第" + chinese_numeral(f * 20 + k) +
              "件事情，久久没有说话。\n";
    text += "　　正是：\n　　欲除君侧宵人乱，须听朝中智士谋。\n";
    test::write_file(folder / ("00" + std::to_string(f) + ".txt"), text);
  }
  auto build = [&](const std::string& out, bool cache) {
    auto r =
        test::run_novelbind("-q build " + test::quoted(folder) + " -o " + test::quoted(dir / out) +
                            (cache ? " --cache " + test::quoted(dir / "cache") : " --no-cache"));
    EXPECT_EQ(r.exit_code, 0) << r.output;
    return test::read_file(dir / out);
  };
  build("first.epub", true);
  const fs::path last = folder / "006.txt";
  test::write_file(last, test::read_file(last) + "　　众人听罢，面面相觑，半晌无言。\n");
  const std::string rebuilt = build("rebuilt.epub", true);
  EXPECT_EQ(rebuilt, build("clean.epub", false));
}

TEST(CacheNames, AFolderNamedAnotherWayReusesItsFiles) {
  test::TempDir dir;
  fs::path book = dir.path() / "book";
  for (int i = 1; i <= 3; ++i)
    test::write_file(book / (std::to_string(i) + ".txt"),
                     "第" + chinese_numeral(i) +
                         "章 出山\n　　他走到窗前，看着远处的山峦，心里想着第" +
                         chinese_numeral(i) + "件事情，久久没有说话?了。\n");
  const std::string cache = (dir.path() / "cache").string();
  const std::string report = (dir.path() / "report.json").string();
  auto first = test::run_novelbind("build '" + book.string() + "' -o '" +
                                   (dir.path() / "a.epub").string() + "' --cache '" + cache + "'");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_NE(first.output.find(book.string() + "/1.txt:2:"), std::string::npos) << first.output;
  auto second =
      test::run("cd '" + dir.path().string() + "' && '" + NOVELBIND_BINARY +
                "' build book -o b.epub --cache '" + cache + "' --report '" + report + "'");
  ASSERT_EQ(second.exit_code, 0) << second.output;
  nlohmann::json r = nlohmann::json::parse(test::read_file(report));
  EXPECT_EQ(r["cache"]["files_reused"], 3) << r["cache"].dump();
  EXPECT_NE(second.output.find("warning: book/1.txt:2:"), std::string::npos) << second.output;
  EXPECT_EQ(second.output.find(book.string()), std::string::npos) << second.output;
  EXPECT_EQ(test::read_file(dir.path() / "a.epub"), test::read_file(dir.path() / "b.epub"));
}

// The bigram model the cache keeps counts every file once, however the two threads that split
// the files met at the model (one leaves its file to the other rather than wait): it equals
// the files' pairs counted one by one.
TEST(CacheModel, TheStoredBigramModelCountsEveryFileOnce) {
  test::TempDir dir;
  fs::path book = dir.path() / "book";
  std::vector<std::string> lines;
  for (const auto& e : fs::directory_iterator(test::source_dir() / "samples" / "seeds")) {
    std::string text = test::read_file(e.path());
    for (std::size_t start = 0, end; start < text.size(); start = end + 1) {
      end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      if (end - start > 30) lines.push_back(text.substr(start, end - start));
    }
  }
  ASSERT_GT(lines.size(), 40u);
  BigramCounts expected;
  const int kFiles = 400;
  for (int i = 0; i < kFiles; ++i) {
    std::string text = "第" + chinese_numeral(i + 1) + "章\n";
    for (std::size_t k = 0; k < 12; ++k) text += lines[(i * 7 + k * 13) % lines.size()] + "\n";
    test::write_file(book / (std::to_string(1000 + i) + ".txt"), text);
    expected.add_text(text, 1);
  }
  auto r = test::run_novelbind("-q build '" + book.string() + "' -o '" +
                               (dir.path() / "b.epub").string() + "' -j 2 --cache '" +
                               (dir.path() / "cache").string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto cache = BuildCache::open(dir.path() / "cache");
  ASSERT_TRUE(cache.ok()) << cache.message();
  std::optional<StoredModel> model = load_model(**cache);
  ASSERT_TRUE(model.has_value());
  EXPECT_EQ(model->keys.size(), static_cast<std::size_t>(kFiles));
  int pairs = 0;
  for (const std::string& line : lines) {
    for_each_bigram(line, [&](char32_t a, char32_t b) {
      ++pairs;
      ASSERT_EQ(model->counts.count(a, b), expected.count(a, b));
    });
  }
  EXPECT_GT(pairs, 1000);
}

}  // namespace
}  // namespace novelbind
