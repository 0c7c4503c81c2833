#include "package/output_target.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "base/test_util.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

TEST(ResolveOutput, AFileOrANewPathIsWrittenAsAFile) {
  test::TempDir dir;
  test::write_file(dir / "old.epub", "old");
  for (const char* name : {"old.epub", "new.epub"}) {
    auto t = resolve_output(dir / name);
    ASSERT_TRUE(t.ok()) << t.message();
    EXPECT_EQ(t->kind, OutputTarget::Kind::kFile);
    EXPECT_EQ(t->file, fs::canonical(dir.path()) / name);
  }
}

TEST(ResolveOutput, LinksAreFollowedToTheFileTheyName) {
  test::TempDir dir;
  fs::create_directories(dir / "books");
  test::write_file(dir / "books/real.epub", "old");
  fs::create_symlink("books/real.epub", dir / "one.epub");
  fs::create_symlink("one.epub", dir / "two.epub");              // a chain
  fs::create_symlink("books/made.epub", dir / "dangling.epub");  // nothing there yet
  fs::create_symlink("dangling.epub", dir / "dangling2.epub");   // a chain to nothing
  const fs::path real = fs::canonical(dir / "books") / "real.epub";
  EXPECT_EQ(resolve_output(dir / "one.epub")->file, real);
  EXPECT_EQ(resolve_output(dir / "two.epub")->file, real);
  EXPECT_EQ(resolve_output(dir / "dangling.epub")->file, dir / "books/made.epub");
  EXPECT_EQ(resolve_output(dir / "dangling2.epub")->file, dir / "books/made.epub");
  fs::create_symlink("loop-b", dir / "loop-a");
  fs::create_symlink("loop-a", dir / "loop-b");
  EXPECT_EQ(resolve_output(dir / "loop-a").message(),
            (dir / "loop-a").string() +
                ": a symbolic link loop (a link that leads back to itself); remove the link or "
                "point it at a file");
}

TEST(ResolveOutput, APipeOrStandardOutputIsAStream) {
  test::TempDir dir;
  ASSERT_EQ(mkfifo((dir / "f.epub").c_str(), 0600), 0);
  auto fifo = resolve_output(dir / "f.epub");
  ASSERT_TRUE(fifo.ok()) << fifo.message();
  EXPECT_EQ(fifo->kind, OutputTarget::Kind::kStream);
  EXPECT_EQ(fifo->file, dir / "f.epub");
  // Standard output: a stream, or, on a terminal, an error saying to redirect it.
  auto out = resolve_output("-");
  if (isatty(STDOUT_FILENO)) {
    EXPECT_EQ(out.message(),
              "-o -: standard output is a terminal, which cannot show an EPUB; redirect it to a "
              "file or a pipe (> book.epub, | ...), or name the file with -o");
  } else {
    ASSERT_TRUE(out.ok()) << out.message();
    EXPECT_EQ(out->kind, OutputTarget::Kind::kStream);
    EXPECT_TRUE(out->file.empty());
  }
}

TEST(ResolveOutput, AFolderOrASocketIsRefused) {
  test::TempDir dir;
  EXPECT_EQ(resolve_output(dir.path()).message(),
            dir.path().string() + ": is a folder; name the EPUB file to write with -o");
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strcpy(addr.sun_path, (dir / "s").c_str());
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  close(fd);
  EXPECT_EQ(resolve_output(dir / "s").message(),
            (dir / "s").string() +
                ": is a socket, not a file; name the EPUB file to write with -o (or -o - for "
                "standard output)");
}

TEST(MoveIntoPlace, NeverOverAnythingButAFile) {
  test::TempDir dir;
  test::write_file(dir / "tmp", "book");
  ASSERT_EQ(mkfifo((dir / "f.epub").c_str(), 0600), 0);
  EXPECT_EQ(move_into_place(dir / "tmp", dir / "f.epub").message(),
            (dir / "f.epub").string() +
                ": is no longer a regular file (something else took its place during the "
                "build); the book was not written there");
  EXPECT_TRUE(fs::is_fifo(dir / "f.epub"));
  EXPECT_FALSE(fs::exists(dir / "tmp"));
  test::write_file(dir / "tmp", "book");
  ASSERT_TRUE(move_into_place(dir / "tmp", dir / "x.epub").ok());
  EXPECT_EQ(test::read_file(dir / "x.epub"), "book");
}

TEST(WriteFailure, SaysWhatHappenedAndWhatToDo) {
  EXPECT_EQ(write_failure("d/x.epub", ENOSPC),
            "d/x.epub: cannot write the book (No space left on device); free space on that "
            "disk, or choose another -o");
  EXPECT_EQ(write_failure("d/x.epub", EFBIG),
            "d/x.epub: cannot write the book (File too large: the book is larger than the file "
            "size limit (ulimit -f) allows); raise the limit, or choose another -o");
  EXPECT_EQ(write_failure("d/x.epub", EROFS),
            "d/x.epub: cannot write the book (Read-only file system); d is on a read-only file "
            "system; choose another -o");
}

TEST(StreamStaging, APrivateFolderThatGoesWithTheObject) {
  test::TempDir dir;
  setenv("TMPDIR", dir.path().c_str(), 1);
  // One left by a build that was killed (its PID no longer runs: above pid_max) goes first.
  fs::create_directories(dir / "novelbind-stream.tmp4194305");
  test::write_file(dir / "novelbind-stream.tmp4194305/book.epub", "partial");
  fs::path folder;
  {
    auto staging = StreamStaging::create();
    ASSERT_TRUE(staging.ok()) << staging.message();
    folder = (*staging)->book().parent_path();
    EXPECT_EQ((*staging)->book().filename(), "book.epub");
    EXPECT_TRUE(fs::is_directory(folder));
    EXPECT_FALSE(fs::exists(dir / "novelbind-stream.tmp4194305"));
    test::write_file((*staging)->book(), "the book");
  }
  unsetenv("TMPDIR");
  EXPECT_FALSE(fs::exists(folder));
  EXPECT_TRUE(fs::is_empty(dir.path()));
}

}  // namespace
}  // namespace novelbind
