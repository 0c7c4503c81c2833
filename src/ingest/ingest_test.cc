#include "ingest/ingest.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

namespace novelbind {

using test::TempDir;
using test::write_file;

TEST(Ingest, FolderInNaturalOrderIgnoringOtherFiles) {
  TempDir dir;
  for (const char* name : {"10.txt", "2.txt", "1.TXT", "notes.md", "cover.png"})
    write_file(dir / "book" / name, "x");
  auto plan = plan_input(dir / "book", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->files.size(), 3u);
  EXPECT_EQ(plan->files[0].path.filename(), "1.TXT");
  EXPECT_EQ(plan->files[1].path.filename(), "2.txt");
  EXPECT_EQ(plan->files[2].path.filename(), "10.txt");
  EXPECT_EQ(plan->default_title, "book");
  EXPECT_EQ(plan->default_output, dir / "book.epub");
}

TEST(Ingest, SingleFileTitleAndOutput) {
  TempDir dir;
  write_file(dir / "三國演義.txt", "x");
  auto plan = plan_input(dir / "三國演義.txt", Config{});
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->default_title, "三國演義");
  EXPECT_EQ(plan->default_output, dir / "三國演義.epub");
}

TEST(Ingest, BookTomlFolderAndExplicitList) {
  TempDir dir;
  write_file(dir / "text" / "b.txt", "x");
  write_file(dir / "text" / "a.txt", "x");
  write_file(dir / "book.toml", "");
  Config c;
  c.project_dir = dir.path();
  c.toml_path = dir / "book.toml";
  c.chapters.folder = "text";
  auto plan = plan_input(dir / "book.toml", c);
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->files.size(), 2u);
  EXPECT_EQ(plan->files[0].path.filename(), "a.txt");

  c.chapters.files = {"text/b.txt", "text/a.txt"};
  plan = plan_input(dir / "book.toml", c);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->files[0].path.filename(), "b.txt");

  c.chapters.files = {"text/missing.txt"};
  plan = plan_input(dir / "book.toml", c);
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.message(), (dir / "book.toml").string() +
                                ": [chapters] files lists 'text/missing.txt', which does not "
                                "exist; fix the list or add the file");
}

TEST(Ingest, ErrorsNameThePath) {
  TempDir dir;
  auto missing = plan_input(dir / "nope", Config{});
  EXPECT_EQ(missing.message(),
            (dir / "nope").string() + ": no such file or folder; check the path");
  std::filesystem::create_directories(dir / "empty");
  auto empty = plan_input(dir / "empty", Config{});
  EXPECT_EQ(empty.message(),
            (dir / "empty").string() +
                ": no .txt (or .md) chapter files in this folder; add chapter files or "
                "name a book.toml");
}

// A crawler that saved its chapters as Markdown: a folder of .md files is read as one of .txt
// files is; beside .txt files, a README.md is no chapter.
TEST(Ingest, AFolderOfMarkdownChaptersIsRead) {
  TempDir dir;
  std::filesystem::create_directories(dir / "md");
  write_file(dir / "md" / "002.md", "## 第二章\n");
  write_file(dir / "md" / "001.md", "## 第一章\n");
  auto plan = plan_input(dir / "md", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->files.size(), 2u);
  EXPECT_EQ(plan->files[0].path.filename(), "001.md");
  write_file(dir / "md" / "003.txt", "第三章\n");
  plan = plan_input(dir / "md", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->files.size(), 1u);
  EXPECT_EQ(plan->files[0].path.filename(), "003.txt");
}

// A folder unpacked from an archive made on a Mac: __MACOSX/ and ._NAME.txt hold each file's
// resource fork (binary), which failed the build; hidden files are no chapters either.
TEST(Ingest, AMacArchivesResourceForksAndHiddenFilesAreNoChapters) {
  TempDir dir;
  write_file(dir / "book" / "001.txt", "第一章\n");
  write_file(dir / "book" / "002.txt", "第二章\n");
  write_file(dir / "book" / "._001.txt", std::string("\0\5\x16\7\0\2\0\0Mac OS X", 16));
  write_file(dir / "book" / "__MACOSX" / "._002.txt", std::string("\0\5\x16\7", 4));
  write_file(dir / "book" / ".notes.txt", "x\n");
  auto plan = plan_input(dir / "book", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->files.size(), 2u);
  EXPECT_EQ(plan->files[0].path.filename(), "001.txt");
  EXPECT_EQ(plan->files[1].path.filename(), "002.txt");
}

// A folder unpacked from a zip made on a Chinese Windows: its names in GBK. They are sorted
// and titled by their characters (第一章 before 第二章), and named in messages as text; raw,
// they put invalid UTF-8 into the book's XHTML and sorted by their bytes.
TEST(Ingest, NamesNotInUtf8AreReadAsText) {
  TempDir dir;
  const std::string second = "\xB5\xDA\xB6\xFE\xD5\xC2 \xD1\xA9\xD2\xB9.txt";  // 第二章 雪夜
  const std::string first = "\xB5\xDA\xD2\xBB\xD5\xC2 \xB7\xE7\xC6\xF0.txt";   // 第一章 风起
  write_file(dir / "book" / second, "他走了。\n");
  write_file(dir / "book" / first, "她来了。\n");
  auto plan = plan_input(dir / "book", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->files.size(), 2u);
  EXPECT_EQ(plan->files[0].stem(), "第一章 风起");
  EXPECT_EQ(plan->files[1].stem(), "第二章 雪夜");
  EXPECT_EQ(plan->files[0].display, (dir / "book").string() + "/第一章 风起.txt");
  EXPECT_EQ(plan->files[0].path.filename().string(), first);  // opened by its own bytes
}

// An archive unpacked into a folder of its own name (书名/书名/…): the inner folder is the book's,
// no volume (it made a volume page 书名, and with volume folders inside, their volumes were
// lost). A book's one volume folder stays its volume.
TEST(Ingest, AFolderInAFolderOfItsOwnNameIsTheBooks) {
  TempDir dir;
  write_file(dir / "书" / "书" / "第一卷" / "001.txt", "第一章\n");
  write_file(dir / "书" / "书" / "第二卷" / "002.txt", "第二章\n");
  auto plan = plan_input(dir / "书", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->files.size(), 2u);
  EXPECT_EQ(plan->files[0].volume, "第一卷");
  EXPECT_EQ(plan->files[1].volume, "第二卷");
  write_file(dir / "单" / "单" / "001.txt", "第一章\n");
  plan = plan_input(dir / "单", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->files.size(), 1u);
  EXPECT_EQ(plan->files[0].volume, "");
  write_file(dir / "卷" / "第一卷" / "001.txt", "第一章\n");
  plan = plan_input(dir / "卷", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  EXPECT_EQ(plan->files[0].volume, "第一卷");
}

// A folder of side stories named by its word alone (番外/) comes after the volumes, which its
// characters sorted it before (番 before 第).
TEST(Ingest, AFolderOfWhatFollowsTheStoryComesAfterTheVolumes) {
  TempDir dir;
  write_file(dir / "书" / "番外" / "番外一.txt", "番外一\n");
  write_file(dir / "书" / "第二卷" / "002.txt", "第二章\n");
  write_file(dir / "书" / "第一卷" / "001.txt", "第一章\n");
  auto plan = plan_input(dir / "书", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->files.size(), 3u);
  EXPECT_EQ(plan->files[0].volume, "第一卷");
  EXPECT_EQ(plan->files[1].volume, "第二卷");
  EXPECT_EQ(plan->files[2].volume, "番外");
}

// A lone folder named as no volume only wraps the chapters (书/txt/…, 书/正文/…,
// 书/三国新编TXT下载/ …): no volume; it was a volume page txt over the whole book. So is a wrapper
// beside a download's notice (下载说明.txt, readme.txt), which made the outer folder the book's. A
// lone folder named as a volume (上部, Volume 1) stays a volume. An ASCII folder around a wrapper
// named in characters takes its name as the book's title.
TEST(Ingest, ALoneFolderNamedAsNoVolumeOnlyWrapsTheChapters) {
  for (const std::string wrapper : {"txt", "正文", "三国新编TXT下载"}) {
    TempDir dir;
    write_file(dir / "三国新编" / wrapper / "001.txt", "第一章\n");
    write_file(dir / "三国新编" / wrapper / "002.txt", "第二章\n");
    auto plan = plan_input(dir / "三国新编", Config{});
    ASSERT_TRUE(plan.ok()) << plan.message();
    ASSERT_EQ(plan->files.size(), 2u) << wrapper;
    EXPECT_EQ(plan->files[0].volume, "") << wrapper;
    EXPECT_EQ(plan->default_title, "三国新编") << wrapper;
  }
  TempDir dir;
  write_file(dir / "三国新编" / "下载说明.txt", "本站所有小说均来自网友上传。\n");
  write_file(dir / "三国新编" / "三国新编" / "001.txt", "第一章\n");
  auto plan = plan_input(dir / "三国新编", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->files.size(), 1u);
  EXPECT_EQ(plan->files[0].volume, "");
  for (const std::string volume : {"上部", "Volume 1"}) {
    write_file(dir / ("书" + volume) / volume / "001.txt", "第一章\n");
    plan = plan_input(dir / ("书" + volume), Config{});
    ASSERT_TRUE(plan.ok()) << plan.message();
    EXPECT_EQ(plan->files[0].volume, volume);
  }
  write_file(dir / "novel_123" / "斩蛇记" / "001.txt", "第一章\n");
  plan = plan_input(dir / "novel_123", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  EXPECT_EQ(plan->default_title, "斩蛇记");
  EXPECT_EQ(plan->files[0].volume, "");
}

// A download's notice file beside the chapters, named as one (readme.txt holding 本书由XX网整理):
// left out with a warning naming it; it was the book's last chapter, titled 第三章 by its place.
// Beside a single chapter file it is kept (the folder may be the notice's own).
TEST(Ingest, ADownloadsNoticeFileIsNoChapter) {
  TempDir dir;
  write_file(dir / "书" / "001.txt", "第一章\n");
  write_file(dir / "书" / "002.txt", "第二章\n");
  write_file(dir / "书" / "readme.txt", "本书由XX网整理\n");
  write_file(dir / "书" / "下载说明.txt", "本站所有小说均来自网友上传。\n");
  auto plan = plan_input(dir / "书", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->files.size(), 2u);
  ASSERT_EQ(plan->warnings.size(), 2u);
  EXPECT_EQ(plan->warnings[0].rule, "download_notice");
  write_file(dir / "单" / "001.txt", "第一章\n");
  write_file(dir / "单" / "readme.txt", "本书由XX网整理\n");
  plan = plan_input(dir / "单", Config{});
  ASSERT_TRUE(plan.ok()) << plan.message();
  EXPECT_EQ(plan->files.size(), 2u);
}

TEST(Ingest, ReadSourceDecodesAndKeepsIndex) {
  TempDir dir;
  write_file(dir / "a.txt", "\xEF\xBB\xBF第一行\r\n第二行\r\n");
  auto s = read_source({dir / "a.txt", "a.txt", "", 0}, 7, CleanConfig{});
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(s->text, "第一行\n第二行\n");
  EXPECT_EQ(s->path, "a.txt");
  EXPECT_EQ(s->index, 7);
  EXPECT_GT(s->mtime, 0);
}

// A folder named in ASCII around one file named in characters: the file's name is the title
// it would give; with a folder name in characters, or several files, the folder's.
TEST(Ingest, OneFileNamedInCharactersTitlesAnAsciiFolder) {
  TempDir dir;
  write_file(dir / "sdxl_wmtxt_toc" / "神雕侠侣.txt", "x");
  write_file(dir / "我的书" / "a.txt", "x");
  write_file(dir / "two" / "神雕侠侣.txt", "x");
  write_file(dir / "two" / "天龙八部.txt", "x");
  auto one = plan_input(dir / "sdxl_wmtxt_toc", Config{});
  ASSERT_TRUE(one) << one.message();
  EXPECT_EQ(one->default_title, "神雕侠侣");
  EXPECT_EQ(one->default_output.filename(), "sdxl_wmtxt_toc.epub");  // the output keeps its name
  EXPECT_EQ(plan_input(dir / "我的书", Config{})->default_title, "我的书");
  EXPECT_EQ(plan_input(dir / "two", Config{})->default_title, "two");
}

}  // namespace novelbind
