// The bad-input table (bad_input_table.h), continued: what -o points at (a link, a pipe,
// standard output, a device, a socket, a folder), writes that fail (the file size limit, a
// full disk, a read-only folder, a folder removed during the build) and the pictures a user
// gives (a decompression bomb, a JPEG named .png, one too large, a pipe).
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>

#include "bad_input_table.h"
#include "base/test_util.h"
#include "render/image_test_pictures.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

using test::in_namespace;
using test::Row;

const std::string kOutputChapter = "第一章 開始\n\n這是第一章的正文，足夠長的一段話。\n";
const std::string kOldBook = "PK\3\4 the EPUB of an earlier build, which a failed one keeps";
// An earlier book larger than a new one (on the small disk it leaves too little room for both).
const std::string kOldLargeBook = kOldBook + std::string(50000, 'x');
const std::string kToml = "[book]\ntitle = \"T\"\ncover = \"c.png\"\n";

// Checks run after a row: the link is still a link, the pipe still a pipe.
auto is_link_to(std::string link, std::string target) {
  return [link, target](const fs::path& dir) {
    std::error_code ec;
    EXPECT_EQ(fs::read_symlink(dir / link, ec), target) << link << " is no longer a link";
  };
}

void make_fifo(const fs::path& path) {
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0) << path << ": " << std::strerror(errno);
}

void make_socket(const fs::path& path) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  ASSERT_LT(path.string().size(), sizeof addr.sun_path);
  std::strcpy(addr.sun_path, path.c_str());
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0) << std::strerror(errno);
  close(fd);  // the socket file stays
}

// The cover in the built book: its name, and its media type in the package document.
auto cover_is(std::string name, std::string media_type) {
  return [name, media_type](const fs::path& dir) {
    auto files = test::read_epub(dir / "x.epub");
    EXPECT_EQ(files.count("EPUB/images/" + name), 1u) << name;
    EXPECT_NE(files["EPUB/package.opf"].find("href=\"images/" + name + "\" media-type=\"" +
                                             media_type + "\""),
              std::string::npos);
  };
}

// The output folder goes while the build runs: the stylesheet is a pipe the build reads after
// it has checked the output folder, and the folder is removed before the pipe gives its text.
// (The writer goes with the build, should the build end before it reads the pipe.)
std::string remove_folder_while_building(const fs::path& dir, const std::string& command) {
  const std::string d = test::shell_word(dir.string());
  return "(exec 3>" + d + "/p/extra.css && rm -rf " + d + "/out && echo 'p{}' >&3) >/dev/null " +
         "2>&1 & writer=$!; " + command + "; status=$?; kill $writer 2>/dev/null; exit $status";
}

// The command with a terminal for its standard output (script, from util-linux).
std::string on_a_terminal(const fs::path&, const std::string& command) {
  return "script -qec " + test::shell_word(command) + " /dev/null";
}

// clang-format off
const std::vector<Row> kOutputRows = {
  // name                             files                                                 args                                       exit message                                              output
  {"output onto a symlink",           {{"x.txt", kOutputChapter}, {"target.epub", kOldBook}},     "build {dir}/x.txt -o {dir}/link.epub",    0, "wrote",                                                  "target.epub",
   [](const fs::path& d) { fs::create_symlink("target.epub", d / "link.epub"); }, nullptr, is_link_to("link.epub", "target.epub")},
  {"output onto a dangling symlink",  {{"x.txt", kOutputChapter}},                                "build {dir}/x.txt -o {dir}/link.epub",    0, "wrote",                                                  "made.epub",
   [](const fs::path& d) { fs::create_symlink("made.epub", d / "link.epub"); }, nullptr, is_link_to("link.epub", "made.epub")},
  {"output onto a FIFO: streamed",    {{"x.txt", kOutputChapter}},                                "build {dir}/x.txt -o {dir}/f.epub & timeout 60 cat {dir}/f.epub > {dir}/got.epub; wait $!", 0, "wrote", "got.epub",
   [](const fs::path& d) { make_fifo(d / "f.epub"); }, nullptr, [](const fs::path& d) { EXPECT_TRUE(fs::is_fifo(d / "f.epub")); }},
  {"-o -: standard output",           {{"x.txt", kOutputChapter}},                                "build {dir}/x.txt -o - > {dir}/got.epub", 0, "wrote the book to standard output",      "got.epub"},
  {"-o - on a terminal",              {{"x.txt", kOutputChapter}},                                "build {dir}/x.txt -o -",                  1, "-o -: standard output is a terminal, which cannot show an EPUB; redirect it", "",
   nullptr, on_a_terminal},
  {"-o - from a cached project",      {{"book.toml", "[book]\ntitle = \"T\"\n"}, {"chapters/1.txt", kOutputChapter}}, "build {dir} -o - > {dir}/a.epub && TMPDIR={dir}/tempdir {bin} build {dir} -o - > {dir}/got.epub && cmp {dir}/a.epub {dir}/got.epub && rm {dir}/a.epub", 0, "nothing changed since the last build", "got.epub"},
  {"output onto a device",            {{"x.txt", kOutputChapter}, {"null", ""}},                  "build {dir}/x.txt -o {dir}/null",         1, "null: is a device, not a file; name the EPUB file to write with -o (or -o - for standard output)", "null",
   nullptr, in_namespace("mount --bind /dev/null null")},
  {"output onto a link to a device",  {{"x.txt", kOutputChapter}, {"null", ""}},                  "build {dir}/x.txt -o {dir}/dev.epub",     1, "dev.epub: is a device, not a file",                      "null",
   [](const fs::path& d) { fs::create_symlink("null", d / "dev.epub"); }, in_namespace("mount --bind /dev/null null"), is_link_to("dev.epub", "null")},
  {"output onto a socket",            {{"x.txt", kOutputChapter}},                                "build {dir}/x.txt -o {dir}/s.epub",       1, "s.epub: is a socket, not a file",                        "",
   [](const fs::path& d) { make_socket(d / "s.epub"); }, nullptr, [](const fs::path& d) { EXPECT_TRUE(fs::is_socket(d / "s.epub")); }},
  {"output onto a folder",            {{"x.txt", kOutputChapter}, {"out.epub/keep", "mine"}},     "build {dir}/x.txt -o {dir}/out.epub",     1, "out.epub: is a folder; name the EPUB file to write with -o", ""},
  {"file size limit (ulimit -f)",     {{"x.txt", kOutputChapter}, {"x.epub", kOldBook}},          "build {dir}/x.txt -o {dir}/x.epub",       1, "x.epub: cannot write the book (File too large: the book is larger than the file size limit (ulimit -f) allows); raise the limit, or choose another -o", "x.epub",
   nullptr, [](const fs::path&, const std::string& c) { return "ulimit -f 20; " + c; }},
  {"file size limit, -o -",           {{"x.txt", kOutputChapter}},                                "build {dir}/x.txt -o - > /dev/null",      1, "book.epub: cannot write the book (File too large",      "",
   nullptr, [](const fs::path&, const std::string& c) { return "ulimit -f 20; " + c; }},
  {"full disk",                       {{"x.txt", kOutputChapter}, {"disk/x.epub", kOldLargeBook}}, "build {dir}/x.txt -o {dir}/disk/x.epub", 1, "disk/x.epub: cannot write the book (No space left on device); free space on that disk, or choose another -o", "disk/x.epub",
   nullptr, test::on_small_disk(64)},
  {"full disk, project and cache on it", {{"disk/p/book.toml", "[book]\ntitle = \"T\"\n"}, {"disk/p/chapters/1.txt", kOutputChapter}, {"disk/p/x.epub", kOldLargeBook}}, "build {dir}/disk/p -o {dir}/disk/p/x.epub", 1, "(No space left on device)", "disk/p/x.epub",
   nullptr, test::on_small_disk(64)},
  {"read-only folder",                {{"x.txt", kOutputChapter}, {"ro/x.epub", kOldBook}},       "build {dir}/x.txt -o {dir}/ro/x.epub",    1, "ro is not writable (Read-only file system); choose another -o", "ro/x.epub",
   nullptr, in_namespace("mount --bind ro ro && mount -o remount,bind,ro ro")},
  {"output folder removed mid-build", {{"p/book.toml", "[style]\ncss = \"extra.css\"\n"}, {"p/chapters/1.txt", kOutputChapter}}, "build {dir}/p -o {dir}/out/x.epub --no-cache", 1, "out/x.epub: the output folder", "",
   [](const fs::path& d) { make_fifo(d / "p/extra.css"); fs::create_directory(d / "out"); }, remove_folder_while_building, [](const fs::path& d) { EXPECT_FALSE(fs::exists(d / "out")); }},
  {"cover: decompression bomb",       {{"p/book.toml", kToml}, {"p/chapters/1.txt", kOutputChapter}}, "build {dir}/p -o {dir}/x.epub",       1, "c.png: the picture is 60000x60000 pixels, which takes 13.4 GiB of memory to decode, more than the 256 MiB allowed; scale it down", "x.epub",
   [](const fs::path& d) { test::write_file(d / "p/c.png", test::png_image(60000, 60000, 1, 0)); }},
  {"cover: a JPEG named .png",        {{"p/book.toml", kToml}, {"p/chapters/1.txt", kOutputChapter}, {"p/c.png", test::fixture("cover.jpg")}}, "build {dir}/p -o {dir}/x.epub", 0, "wrote", "x.epub",
   nullptr, nullptr, cover_is("cover.jpg", "image/jpeg")},
  {"cover: a JPEG named .png, damaged", {{"p/book.toml", kToml}, {"p/chapters/1.txt", kOutputChapter}}, "build {dir}/p -o {dir}/x.epub",     1, "c.png: the JPEG image data is damaged (Corrupt JPEG data: premature end of data segment); export it again", "x.epub",
   [](const fs::path& d) { std::string j = test::fixture("cover.jpg"); for (size_t i = j.find("\xFF\xDA") + 40; i < j.size() - 200; ++i) j[i] = '\xFF'; test::write_file(d / "p/c.png", j); }},
  {"cover: 5000 px, scaled down",     {{"p/book.toml", kToml}, {"p/chapters/1.txt", kOutputChapter}}, "build {dir}/p -o {dir}/x.epub",       0, "c.png: the cover is 5000x3000 pixels; scaled down to 4096x2458", "x.epub",
   [](const fs::path& d) { test::write_file(d / "p/c.png", test::png_image(5000, 3000, 8, 2)); }, nullptr, cover_is("cover.png", "image/png")},
  {"cover: a FIFO",                   {{"p/book.toml", kToml}, {"p/chapters/1.txt", kOutputChapter}}, "build {dir}/p -o {dir}/x.epub",       1, "c.png: is a device, pipe or socket, not a file; name a file as the cover image", "x.epub",
   [](const fs::path& d) { make_fifo(d / "p/c.png"); }},
};
// clang-format on

TEST(BadInputTable, OutputPathsWriteFailuresAndPictures) {
  for (const Row& row : kOutputRows) test::run_row(row);
}

}  // namespace
}  // namespace novelbind
