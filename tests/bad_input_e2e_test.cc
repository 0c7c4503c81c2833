// Hostile and broken input, as a table (bad_input_table.h): each row is a project made in a
// fresh folder, the command run on it, and what must come out: the exit code, a piece of the
// message, no temporary or partial file left, and every source file's bytes as they were.
// Rows about the output path, failed writes and pictures are in bad_input_output_e2e_test.cc.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <thread>

#include "bad_input_table.h"
#include "base/temp_files.h"
#include "base/test_util.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

using test::leftovers;
using test::Row;
using test::run_novelbind;
using test::TempDir;
using test::write_file;

const std::string kChapter = "第一章 開始\n\n這是第一章的正文，足夠長的一段話。\n";

const std::string kLongLine = [] {
  std::string line;
  for (int i = 0; i < 30000; ++i) line += "字";
  return "第一章 長行\n\n" + line + "本章完\n";
}();

// 40 chapters whose headings switch numeral style at every one: 第1章, 第２章, 第3章, ...
void style_switches(const fs::path& dir) {
  for (int i = 1; i <= 40; ++i) {
    std::string number = std::to_string(i);
    if (i % 2 == 0)
      for (size_t at = 0; at < number.size(); at += 3)
        number.replace(at, 1,
                       "\xEF\xBC" + std::string(1, static_cast<char>(0x90 + number[at] - '0')));
    write_file(dir / ("book/" + std::to_string(100 + i) + ".txt"),
               "第" + number + "章 標題\n正文內容。\n");
  }
}

void symlink_loop(const fs::path& dir) {
  fs::create_symlink("b.txt", dir / "ch/a.txt");
  fs::create_symlink("a.txt", dir / "ch/b.txt");
}

// A chapter file that is a link to nothing (a copy that lost its target): it was left out
// silently, and the book began at the next chapter.
void dangling_link(const fs::path& dir) {
  fs::create_symlink("gone/000.txt", dir / "ch/000.txt");
}

// clang-format off
const std::vector<Row> kRows = {
  // name                           files                                              args                                         exit message                                              output
  {"output onto the input .txt",    {{"x.txt", kChapter}},                             "build {dir}/x.txt -o {dir}/x.txt",          1, "x.txt: the output would replace the input file",        ""},
  {"output onto a chapter",         {{"ch/001.txt", kChapter}, {"ch/002.txt", kChapter}}, "build {dir}/ch -o {dir}/ch/002.txt",      1, "ch/002.txt: the output would replace the input file",   ""},
  {"output through ..",             {{"ch/001.txt", kChapter}},                        "build {dir}/ch -o {dir}/ch/../ch/001.txt",  1, "the output would replace the input file",               ""},
  {"output onto book.toml",         {{"book.toml", "[book]\ntitle = \"T\"\n"}, {"chapters/1.txt", kChapter}}, "build {dir} -o {dir}/book.toml --no-cache", 1, "book.toml: the output would replace", ""},
  {"new .txt in the input folder",  {{"ch/001.txt", kChapter}},                        "build {dir}/ch -o {dir}/ch/book.txt",       1, "a .txt file in the input folder would be read as a chapter", "ch/book.txt"},
  {"output into /proc",             {{"x.txt", kChapter}},                             "build {dir}/x.txt -o /proc/x.epub",         1, "/proc is a virtual file system of the kernel, not a folder on disk; choose another -o", ""},
  {"output folder missing",         {{"x.txt", kChapter}},                             "build {dir}/x.txt -o {dir}/no/x.epub",      1, "does not exist; create it or choose another -o", "no/x.epub"},
  {"symlink loop, build",           {{"ch/001.txt", kChapter}},                        "build {dir}/ch -o {dir}/x.epub",            1, "a symbolic link loop (a link that leads back to itself); remove the link", "x.epub", symlink_loop},
  {"symlink loop, clean",           {{"ch/001.txt", kChapter}},                        "clean {dir}/ch",                            1, "a symbolic link loop (a link that leads back to itself); remove the link", "", symlink_loop},
  {"dangling chapter link, build",  {{"ch/001.txt", kChapter}},                        "build {dir}/ch -o {dir}/x.epub",            1, "ch/000.txt: a link to a file that does not exist (gone/000.txt); put the chapter file in its place, or remove the link", "x.epub", dangling_link},
  {"drop regex on a 30,000-char line", {{"book.toml", "[clean]\ndrop = [\".+本章完$\"]\n"}, {"chapters/1.txt", kLongLine}}, "build {dir} -o {dir}/x.epub", 0, "wrote", "x.epub"},
  {"heading regex on a long line",  {{"book.toml", "[chapters]\nheading = \"^第(.+)+章$\"\n"}, {"chapters/1.txt", kLongLine}}, "build {dir} -o {dir}/x.epub", 0, "wrote", "x.epub"},
  {"drop regex invalid",            {{"book.toml", "[book]\ntitle = \"T\"\n[clean]\ndrop = [\n  \"ok\",\n  \"(?<=x)y\",\n]\n"}, {"chapters/1.txt", kChapter}}, "build {dir} -o {dir}/x.epub", 1, "book.toml:6: [clean] drop: '(?<=x)y' is not a valid regular expression (invalid perl operator: (?<); fix or remove it", "x.epub"},
  {"heading regex invalid",         {{"book.toml", "[chapters]\nheading = \"第(.+章\"\n"}, {"chapters/1.txt", kChapter}}, "build {dir} -o {dir}/x.epub", 1, "book.toml:2: [chapters] heading: '第(.+章' is not a valid regular expression (missing ): 第(.+章); fix the pattern", "x.epub"},
  {"empty input file",              {{"x.txt", ""}},                                   "build {dir}/x.txt -o {dir}/x.epub",         1, "x.txt: no chapter text in the input (the files are empty or blank); add text to the chapter files", "x.epub"},
  {"blank chapter files",           {{"ch/1.txt", " \n\n"}, {"ch/2.txt", "\n"}},      "build {dir}/ch -o {dir}/x.epub",            1, "no chapter text in the input", "x.epub"},
  {"control character in title",    {{"book.toml", "[book]\ntitle = \"A\\u0001B\"\n"}, {"chapters/1.txt", kChapter}}, "build {dir} -o {dir}/x.epub", 1, "book.toml:2: [book] title: contains the control character U+0001, which an EPUB cannot hold; remove it", "x.epub"},
  {"control character in --author", {{"x.txt", kChapter}},                             "build {dir}/x.txt -o {dir}/x.epub --author \"$(printf 'A\\033B')\"", 1, "--author: contains the control character U+001B", "x.epub"},
  {"bad language in book.toml",     {{"book.toml", "[book]\nlanguage = \"<x>\"\n"}, {"chapters/1.txt", kChapter}}, "build {dir} -o {dir}/x.epub", 1, "book.toml:2: [book] language: '<x>' is not a BCP 47 language tag; use one like zh-Hant", "x.epub"},
  {"bad --language",                {{"x.txt", kChapter}},                             "build {dir}/x.txt -o {dir}/x.epub --language 'zh_TW'", 1, "--language: 'zh_TW' is not a BCP 47 language tag", "x.epub"},
  {"float for an integer key",      {{"book.toml", "[build]\njobs = 99E99\n"}, {"chapters/1.txt", kChapter}}, "build {dir} -o {dir}/x.epub", 1, "book.toml:2: [build] jobs: expected a whole number from 0 to 1024", "x.epub"},
  {"float for heading_max_length",  {{"book.toml", "[chapters]\nheading_max_length = -1e300\n"}, {"chapters/1.txt", kChapter}}, "build {dir} -o {dir}/x.epub", 1, "book.toml:2: [chapters] heading_max_length: expected a whole number", "x.epub"},
  {"huge float series_index",       {{"book.toml", "[book]\nseries_index = 1e300\n"}, {"chapters/1.txt", kChapter}}, "build {dir} -o {dir}/x.epub", 0, "wrote", "x.epub"},
  {"css outside the project",       {{"p/book.toml", "[style]\ncss = \"/etc/passwd\"\n"}, {"p/chapters/1.txt", kChapter}}, "build {dir}/p -o {dir}/x.epub", 1, "book.toml:2: [style] css: '/etc/passwd' is outside the project folder", "x.epub"},
  {"files reaching up with ..",     {{"p/book.toml", "[chapters]\nfiles = [\"../../../../etc/passwd\"]\n"}}, "build {dir}/p -o {dir}/x.epub", 1, "book.toml:2: [chapters] files: '../../../../etc/passwd' is outside the project folder", "x.epub"},
  {"cover through a symlink out",   {{"p/book.toml", "[book]\ncover = \"c.jpg\"\n"}, {"p/chapters/1.txt", kChapter}, {"secret.jpg", "top secret"}}, "build {dir}/p -o {dir}/x.epub", 1, "book.toml:2: [book] cover: 'c.jpg' is outside the project folder", "x.epub", [](const fs::path& d) { fs::create_symlink(d / "secret.jpg", d / "p/c.jpg"); }},
  {"chapter folder outside",        {{"p/book.toml", "[chapters]\nfolder = \"../ch\"\n"}, {"ch/1.txt", kChapter}}, "build {dir}/p -o {dir}/x.epub", 1, "book.toml:2: [chapters] folder: '../ch' is outside the project folder", "x.epub"},
  {"outside, allowed by the flag",  {{"p/book.toml", "[chapters]\nfolder = \"../ch\"\n"}, {"ch/1.txt", kChapter}}, "build {dir}/p -o {dir}/x.epub --allow-outside-project", 0, "wrote", "x.epub"},
  {"non-image cover, no bytes shown", {{"p/book.toml", "[book]\ncover = \"c.jpg\"\n"}, {"p/chapters/1.txt", kChapter}, {"p/c.jpg", "SECRETBYTES"}}, "build {dir}/p -o {dir}/x.epub", 1, "c.jpg: not a JPEG or PNG image (its format is not one novelbind knows)", "x.epub"},
  {"binary file named .txt",        {{"x.txt", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)}}, "build {dir}/x.txt -o {dir}/x.epub", 1, "x.txt: binary data, not text (a PNG image signature at offset 0); remove the file from the input", "x.epub"},
  {"undecodable bytes",             {{"x.txt", "\xb5\xda\xd2\xbb\xd5\xc2 \x80\x80\xff\n\xc4\xe3"}}, "build {dir}/x.txt -o {dir}/x.epub", 1, "at offset 9; pass --encoding to override, or --lenient to replace bad bytes", "x.epub"},
  {"5000 tiny files",               {},                                                "build {dir}/many -o {dir}/x.epub",          0, "(5000 chapters)",                                        "x.epub", [](const fs::path& d) { for (int i = 1; i <= 5000; ++i) write_file(d / ("many/" + std::to_string(i) + ".txt"), "第" + std::to_string(i) + "章 題\n正文內容。\n"); }},
  {"damaged cache",                 {{"book.toml", "[book]\ntitle = \"T\"\n"}, {"chapters/1.txt", kChapter}, {".novelbind-cache/units/index", "NBC1garbage"}, {".novelbind-cache/units/000001", std::string(100, '\xff')}}, "build {dir} -o {dir}/x.epub", 0, "wrote", "x.epub"},
  {"control character in the file name", {{"a\x01" "b.txt", kChapter}},             "build {dir}/a*b.txt -o {dir}/x.epub",       0, "wrote",                                                  "x.epub"},
  {"one warning in 39 places",       {},                                                "-q build {dir}/book -o {dir}/x.epub",       0, "numbering_style: 39 places in all, the first 3 shown above and 36 more; -v prints every one", "x.epub", style_switches},
  {"a good build, for contrast",    {{"x.txt", kChapter}},                             "build {dir}/x.txt -o {dir}/x.epub",         0, "wrote",                                                  "x.epub"},
};
// clang-format on

TEST(BadInputTable, EveryRow) {
  for (const Row& row : kRows) test::run_row(row);
}

// A cached rebuild copies the book out of the cache: the output is a file of its own (one
// link), so that editing it in place (calibre, Sigil) changes neither the cache nor another
// output; and an unchanged rebuild leaves no temporary file beside the output.
TEST(BadInputCache, OutputsAreNeverHardLinksIntoTheCache) {
  TempDir dir;
  write_file(dir / "book.toml", "[book]\ntitle = \"T\"\n");
  write_file(dir / "chapters/001.txt", kChapter);
  for (const char* out : {"a.epub", "a.epub", "b.epub"}) {
    auto r =
        run_novelbind("-q build '" + dir.path().string() + "' -o '" + (dir / out).string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
  struct stat st;
  ASSERT_EQ(stat((dir / "a.epub").c_str(), &st), 0);
  EXPECT_EQ(st.st_nlink, 1u);
  ASSERT_EQ(stat((dir / "b.epub").c_str(), &st), 0);
  EXPECT_EQ(st.st_nlink, 1u);
  EXPECT_EQ(leftovers(dir.path()), std::vector<std::string>{});
  // Editing one output in place leaves the other (and the cache's copy) as it was.
  std::string b = test::read_file(dir / "b.epub");
  {
    FILE* f = fopen((dir / "a.epub").c_str(), "r+b");
    ASSERT_NE(f, nullptr);
    fseek(f, 100, SEEK_SET);
    fputs("EDITED", f);
    fclose(f);
  }
  EXPECT_EQ(test::read_file(dir / "b.epub"), b);
  auto r = run_novelbind("-q build '" + dir.path().string() + "' -o '" + (dir / "c.epub").string() +
                         "'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(test::read_file(dir / "c.epub"), b);
}

// A build killed outright (SIGKILL) leaves its temporary files; the next build removes them,
// and only them: a file of a build that still runs, or a user's own file, is kept.
TEST(BadInputCache, StaleTemporaryFilesAreRemovedByTheNextBuild) {
  TempDir dir;
  write_file(dir / "book.toml", "[book]\ntitle = \"T\"\n");
  write_file(dir / "chapters/001.txt", kChapter);
  ASSERT_EQ(
      run_novelbind("-q build '" + dir.path().string() + "' -o '" + (dir / "a.epub").string() + "'")
          .exit_code,
      0);
  // PID 2^22 + 1 is above Linux's pid_max limit, so no process has it.
  write_file(dir / ".a.epub.tmp4194305", "partial");
  write_file(dir / ".novelbind-cache/units/000001.tmp4194305", "partial");
  write_file(dir / ".novelbind-cache/book/replaced.tmp4194305", "partial");
  std::string alive = ".a.epub.tmp" + std::to_string(getpid());  // a running process's
  write_file(dir / alive, "in progress");
  write_file(dir / "notes.tmp4194305", "the user's");
  ASSERT_EQ(
      run_novelbind("-q build '" + dir.path().string() + "' -o '" + (dir / "a.epub").string() + "'")
          .exit_code,
      0);
  EXPECT_FALSE(fs::exists(dir / ".a.epub.tmp4194305"));
  EXPECT_FALSE(fs::exists(dir / ".novelbind-cache/units/000001.tmp4194305"));
  EXPECT_FALSE(fs::exists(dir / ".novelbind-cache/book/replaced.tmp4194305"));
  EXPECT_TRUE(fs::exists(dir / alive));
  EXPECT_TRUE(fs::exists(dir / "notes.tmp4194305"));
}

// The signal handler: a registered temporary file is removed, and the process still ends by
// the signal (its parent sees SIGTERM, not an exit code).
TEST(BadInputSignals, TemporaryFilesGoWithTheSignal) {
  for (int sig : {SIGINT, SIGTERM}) {
    TempDir dir;
    fs::path tmp = dir / ".book.epub.tmp1";
    write_file(tmp, "partial");
    pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      install_temp_file_cleanup();
      TempFileGuard guard(tmp);
      raise(sig);
      _exit(0);  // not reached
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig) << status;
    EXPECT_FALSE(fs::exists(tmp));
  }
}

// A signal that lands while another thread is creating a temporary file waits for that file
// to exist before removing the registered files (it would otherwise be created just after the
// handler looked, and outlive the process), and a creation that starts after the signal never
// happens: the process ends with nothing temporary left.
TEST(BadInputSignals, TheHandlerWaitsForAFileBeingCreatedOnAnotherThread) {
  TempDir dir;
  fs::path tmp = dir / "entry.tmp1", made = dir / "made", late = dir / "late.tmp1";
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    install_temp_file_cleanup();
    std::atomic<bool> inside{false};
    std::thread creator([&] {
      TempFileGuard guard(tmp);
      guard.create([&] {
        inside = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
        write_file(made, "the creation finished");  // not registered: it stays
        return fd;
      });
      TempFileGuard second(late);
      second.open(O_WRONLY | O_CREAT | O_TRUNC);  // after the signal: never created
      std::this_thread::sleep_for(std::chrono::seconds(5));
    });
    while (!inside) std::this_thread::yield();
    raise(SIGTERM);
    _exit(0);  // not reached
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
  EXPECT_TRUE(fs::exists(made)) << "the handler did not wait for the creation in progress";
  EXPECT_FALSE(fs::exists(tmp));
  EXPECT_FALSE(fs::exists(late));
}

// The real binary interrupted while it builds a large book: whenever the signal lands,
// nothing temporary is left beside the output or in the cache.
TEST(BadInputSignals, InterruptedBuildLeavesNoTemporaryFile) {
  TempDir dir;
  std::string chapter;
  for (int i = 0; i < 2000; ++i) chapter += "這是一段很長的正文，用來讓建置花一點時間。";
  std::string toml = "[book]\ntitle = \"T\"\n";
  write_file(dir / "book.toml", toml);
  for (int c = 1; c <= 60; ++c)
    write_file(dir / ("chapters/" + std::to_string(1000 + c) + ".txt"),
               "第" + std::to_string(c) + "章 標題\n\n" + chapter + "\n");
  for (int delay_ms : {50, 150, 300, 600}) {
    SCOPED_TRACE(delay_ms);
    fs::remove_all(dir / ".novelbind-cache");
    pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      std::string out = (dir / "book.epub").string();
      execl(NOVELBIND_BINARY, NOVELBIND_BINARY, "-q", "build", dir.path().c_str(), "-o",
            out.c_str(), "-j", "1", static_cast<char*>(nullptr));
      _exit(127);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    kill(child, SIGINT);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    EXPECT_EQ(leftovers(dir.path()), std::vector<std::string>{});
  }
}

// Two builds of one project at once, into one output and one cache: both succeed, the book is
// whole, and neither leaves a temporary file (each removes only its own, or a dead process's).
TEST(BadInputConcurrency, TwoBuildsAtOnce) {
  TempDir dir;
  write_file(dir / "book.toml", "[book]\ntitle = \"T\"\n");
  for (int c = 1; c <= 40; ++c)
    write_file(dir / ("chapters/" + std::to_string(100 + c) + ".txt"),
               "第" + std::to_string(c) + "章 標題\n\n" + kChapter);
  std::string cmd = "'" + std::string(NOVELBIND_BINARY) + "' -q build '" + dir.path().string() +
                    "' -o '" + (dir / "x.epub").string() + "'";
  auto r = test::run("(" + cmd + " & " + cmd + " & wait %1; a=$?; wait %2; b=$?; echo $a$b)");
  EXPECT_NE(r.output.find("00"), std::string::npos) << r.output;
  EXPECT_EQ(leftovers(dir.path()), std::vector<std::string>{});
  EXPECT_EQ(run_novelbind("check '" + (dir / "x.epub").string() + "'").exit_code, 0);
}

}  // namespace
}  // namespace novelbind
