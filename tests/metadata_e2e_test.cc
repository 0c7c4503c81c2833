// End-to-end: what a book built with no options says of itself (title, author, cover), and
// the exact messages of `novelbind check` on a file that is no book.
#include <gtest/gtest.h>

#include "base/test_util.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {

using test::read_epub;
using test::run_novelbind;
using test::TempDir;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// A corpus novel under its pinyin file name, built with no options: the title is the one its
// text spells, on the title page and in the package document, and the log says why.
void expect_pinyin_title(const std::string& file, const std::string& title, int uses) {
  TempDir dir;
  fs::copy(test::corpus_file(file), dir / file);
  auto r = run_novelbind("build " + test::shell_quote(dir / file) + " -o " +
                         test::shell_quote(dir / "book.epub"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string stem = fs::path(file).stem().string();
  EXPECT_TRUE(has(r.output, "info: metadata: title " + title + ": the name '" + stem +
                                "' is the pinyin of " + title + ", which the text uses " +
                                std::to_string(uses) + " time(s)\n"))
      << r.output;
  auto epub = read_epub(dir / "book.epub");
  EXPECT_TRUE(has(epub["EPUB/package.opf"], "<dc:title>" + title + "</dc:title>"));
  EXPECT_TRUE(
      has(epub["EPUB/text/title.xhtml"],
          "<div class=\"book-title\" role=\"heading\" aria-level=\"1\">" + title + "</div>"));
}

TEST(MetadataEndToEnd, CorpusNovelsNamedInPinyinGetTheTitleTheirTextSpells) {
  expect_pinyin_title("hongloumeng.txt", "红楼梦", 6);
  expect_pinyin_title("sanguo.txt", "三国", 6);
}

TEST(MetadataEndToEnd, TheTitleFlagWinsOverThePinyinName) {
  TempDir dir;
  fs::copy(test::corpus_file("sanguo.txt"), dir / "sanguo.txt");
  auto r = run_novelbind("build " + test::shell_quote(dir / "sanguo.txt") +
                         " --title 三国演义 -o " + test::shell_quote(dir / "book.epub"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(has(r.output,
                  "info: metadata: title 三国: the name 'sanguo' is the pinyin of 三国, which the "
                  "text uses 6 time(s) (overridden by the settings)\n"))
      << r.output;
  auto epub = read_epub(dir / "book.epub");
  EXPECT_TRUE(has(epub["EPUB/package.opf"], "<dc:title>三国演义</dc:title>"));
}

// An English translation of a web novel (a translator's chapter files, seen unseen): the book's
// language is English and the pages novelbind adds are labelled in English. Before, it was
// zh-Hans, with 封面, 书名页 and 目录. A Chinese book keeps its Chinese labels.
TEST(MetadataEndToEnd, AnEnglishTranslationIsAnEnglishBook) {
  TempDir dir;
  const std::string story =
      "\n\nThe village stood at the edge of the forest, and the children were told never to go "
      "into it after dark.\n\nHan Li looked at the old man and said nothing. He had heard the "
      "story many times, but this was the first time he had seen the fear in his eyes.\n\n"
      "\"You should not go,\" she said. \"It is not a place for a boy of your age.\"\n";
  test::write_file(dir / "book" / "Chapter 1 - The Village by the Forest.txt",
                   "Chapter 1 - The Village by the Forest" + story);
  test::write_file(dir / "book" / "Chapter 2 - A Nameless Formula.txt",
                   "Chapter 2 - A Nameless Formula" + story);
  auto r = run_novelbind("build " + test::shell_quote(dir / "book") + " -o " +
                         test::shell_quote(dir / "book.epub"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(has(r.output, "info: metadata: language en: the text is written in English"))
      << r.output;
  auto epub = read_epub(dir / "book.epub");
  EXPECT_TRUE(has(epub["EPUB/package.opf"], "<dc:language>en</dc:language>"));
  EXPECT_TRUE(has(epub["EPUB/nav.xhtml"], ">Contents</a>")) << epub["EPUB/nav.xhtml"];
  EXPECT_TRUE(has(epub["EPUB/nav.xhtml"], ">Cover</a>"));
  EXPECT_FALSE(has(epub["EPUB/nav.xhtml"], "目录"));

  TempDir chinese;
  fs::copy(test::corpus_file("sanguo.txt"), chinese / "sanguo.txt");
  auto zh = run_novelbind("build " + test::shell_quote(chinese / "sanguo.txt") + " -o " +
                          test::shell_quote(chinese / "book.epub"));
  ASSERT_EQ(zh.exit_code, 0) << zh.output;
  auto zh_epub = read_epub(chinese / "book.epub");
  EXPECT_TRUE(has(zh_epub["EPUB/package.opf"], "<dc:language>zh-Hans</dc:language>"));
  EXPECT_TRUE(has(zh_epub["EPUB/nav.xhtml"], ">目录</a>"));
}

TEST(MetadataEndToEnd, TheLogSaysTheCoverIsADrawnPng) {
  TempDir dir;
  test::write_file(dir / "书.txt", "第一章 开始\n　　天亮了。\n");
  auto r = run_novelbind("build " + test::shell_quote(dir / "书.txt") + " -o " +
                         test::shell_quote(dir / "book.epub"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(has(r.output,
                  "info: cover: none given, so one is drawn with the title and author (1600x2560 "
                  "PNG); give a JPEG or PNG with --cover or [book] cover to use another\n"))
      << r.output;
  // Said once: the render options and the pipeline each used to say it.
  EXPECT_EQ(r.output.find("cover: none given"), r.output.rfind("cover: none given")) << r.output;
  auto epub = read_epub(dir / "book.epub");
  EXPECT_EQ(epub["EPUB/images/cover.png"].substr(1, 3), "PNG");
}

// A story in one piece, without a heading (an unseen 越女剑, 鸳鸯刀): its one chapter takes the
// book's title, not 第一章 by its place.
TEST(MetadataEndToEnd, AStoryWithoutAHeadingIsTitledByTheBook) {
  TempDir dir;
  test::write_file(dir / "越女剑.txt",
                   "　　越    女    剑\n　　金  庸\n　　“请！”“请！”\n"
                   "　　两名剑士各自倒转剑尖，右手握剑柄，左手搭于右手手背，躬身行礼。\n");
  auto r = run_novelbind("build " + test::shell_quote(dir / "越女剑.txt") + " -o " +
                         test::shell_quote(dir / "book.epub"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto epub = read_epub(dir / "book.epub");
  EXPECT_TRUE(has(epub["EPUB/nav.xhtml"], ">越女剑</a>")) << epub["EPUB/nav.xhtml"];
  EXPECT_FALSE(has(epub["EPUB/nav.xhtml"], "第一章"));
}

// A folder's card beside its chapters (a crawler's 简介.txt, 书籍信息.txt, info.txt, or a file of
// the book's header alone): the book's description (its intro page), title and author, no
// chapter 简介 at the book's end. A chapter titled by its name like one (第3章 人物简介) and a
// blurb file as long as a chapter stay chapters.
TEST(MetadataEndToEnd, AFoldersCardIsTheBooksDescriptionNotAChapter) {
  const std::string one = "第1章 桃园结义\n　　滚滚长江东逝水，浪花淘尽英雄。\n";
  const std::string two = "第2章 怒鞭督邮\n　　且说董卓字仲颖，陇西临洮人也。\n";
  const std::string blurb = "汉末群雄并起，一个落第书生误入乱世。";
  struct Case {
    std::string folder, file, text, title, author;
  };
  for (const Case& c : std::vector<Case>{
           {"落第书生", "简介.txt", "内容简介：\n" + blurb + "\n", "落第书生", ""},
           {"落第书生", "0_文案.txt", blurb + "\n", "落第书生", ""},
           {"三国新编", "三国新编简介.txt", blurb + "\n", "三国新编", ""},
           {"novel_12345", "书籍信息.txt",
            "书名：三国新编\n作者：某乙\n内容简介：\n" + blurb + "\n", "三国新编", "某乙"},
           {"novel_12345", "info.txt", "书名：三国新编\n作者：某乙\n简介：" + blurb + "\n",
            "三国新编", "某乙"},
           {"novel_12345", "000.txt", "书名：三国新编\n作者：某乙\n内容简介：\n" + blurb + "\n",
            "三国新编", "某乙"}}) {
    TempDir dir;
    fs::create_directories(dir / c.folder);
    test::write_file(dir / c.folder / "001.txt", one);
    test::write_file(dir / c.folder / "002.txt", two);
    test::write_file(dir / c.folder / c.file, c.text);
    auto r = run_novelbind("build " + test::shell_quote(dir / c.folder) + " -o " +
                           test::shell_quote(dir / "book.epub") + " --no-cache");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    // (A first file of the header alone is the first file's header: header lines removed.)
    EXPECT_TRUE(has(r.output, c.file + ": the book's card") ||
                has(r.output, c.folder + "/" + c.file + " removed from the story"))
        << c.file << r.output;
    auto epub = read_epub(dir / "book.epub");
    const std::string& opf = epub["EPUB/package.opf"];
    EXPECT_TRUE(has(opf, "<dc:description>" + blurb + "</dc:description>")) << c.file << opf;
    EXPECT_TRUE(has(opf, "<dc:title>" + c.title + "</dc:title>")) << c.file << opf;
    if (!c.author.empty()) {
      EXPECT_TRUE(has(opf, ">" + c.author + "</dc:creator>")) << c.file;
    }
    EXPECT_TRUE(has(epub["EPUB/text/intro.xhtml"], blurb)) << c.file;
    // Two chapters, in order, and nothing of the card among them.
    const std::string& nav = epub["EPUB/nav.xhtml"];
    EXPECT_LT(nav.find("第1章 桃园结义"), nav.find("第2章 怒鞭督邮")) << c.file << nav;
    EXPECT_EQ(epub.count("EPUB/text/ch0003.xhtml"), 0u) << c.file << nav;
    EXPECT_FALSE(has(epub["EPUB/text/ch0002.xhtml"], "汉末群雄")) << c.file;
  }
  // What only looks like a card stays the book's.
  for (const auto& [file, text] : std::vector<std::pair<std::string, std::string>>{
           {"第3章 人物简介.txt", "　　刘备，字玄德，涿郡涿县人。\n"},
           {"简介.txt", "内容简介：\n" + std::string(40, 'x') + "\n" + [] {
              std::string long_text;
              for (int i = 0; i < 60; ++i)
                long_text += "　　到第" + std::to_string(i) + "日，玄德引兵" +
                             std::to_string(i * 7 + 3) + "人出城，与众将商议破敌之策。\n";
              return long_text;
            }()}}) {
    TempDir dir;
    fs::create_directories(dir / "落第书生");
    test::write_file(dir / "落第书生" / "001.txt", one);
    test::write_file(dir / "落第书生" / "002.txt", two);
    test::write_file(dir / "落第书生" / file, text);
    auto r = run_novelbind("build " + test::shell_quote(dir / "落第书生") + " -o " +
                           test::shell_quote(dir / "book.epub") + " --no-cache");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    auto epub = read_epub(dir / "book.epub");
    EXPECT_EQ(epub.count("EPUB/text/ch0003.xhtml"), 1u) << file << epub["EPUB/nav.xhtml"];
    EXPECT_FALSE(has(epub["EPUB/package.opf"], "<dc:description>")) << file;
  }
}

// A downloaded book's folder with its cover picture beside the chapters (a crawler's cover.jpg,
// 封面.png, or the folder's only picture): the book wears it, as given, and the log says so.
// Several pictures of which none is named a cover are illustrations: a cover is drawn. A
// picture that is none is a warning, and a cover is drawn.
TEST(MetadataEndToEnd, AFoldersCoverPictureIsTheBooksCover) {
  const std::string jpeg = test::fixture("cover.jpg");
  const std::string png = test::fixture("cover.png");
  struct Case {
    std::vector<std::pair<std::string, std::string>> pictures;
    std::string cover;  // the entry the book's cover is, "" when drawn
    std::string bytes;
  };
  for (const Case& c : std::vector<Case>{
           {{{"cover.jpg", jpeg}}, "EPUB/images/cover.jpg", jpeg},
           {{{"封面.png", png}, {"插图1.jpg", jpeg}}, "EPUB/images/cover.png", png},
           {{{"落第书生.jpg", jpeg}, {"插图1.png", png}}, "EPUB/images/cover.jpg", jpeg},
           {{{"a.png", png}}, "EPUB/images/cover.png", png},
           {{{"插图1.jpg", jpeg}, {"插图2.png", png}}, "", ""},
           {{{"cover.jpg", "<html>not a picture</html>"}}, "", ""}}) {
    TempDir dir;
    fs::create_directories(dir / "落第书生");
    test::write_file(dir / "落第书生" / "001.txt", "第1章 桃园结义\n　　滚滚长江东逝水。\n");
    test::write_file(dir / "落第书生" / "002.txt", "第2章 怒鞭督邮\n　　且说董卓字仲颖。\n");
    for (const auto& [name, bytes] : c.pictures) test::write_file(dir / "落第书生" / name, bytes);
    const std::string first = c.pictures.front().first;
    auto r = run_novelbind("build " + test::shell_quote(dir / "落第书生") + " -o " +
                           test::shell_quote(dir / "book.epub"));
    ASSERT_EQ(r.exit_code, 0) << first << r.output;
    auto epub = read_epub(dir / "book.epub");
    if (c.cover.empty()) {
      EXPECT_EQ(epub["EPUB/images/cover.png"].substr(1, 3), "PNG") << first;
      EXPECT_TRUE(has(r.output, "cover: none given, so one is drawn")) << first << r.output;
      if (c.pictures.size() == 1) {
        EXPECT_TRUE(has(r.output, "cover.jpg: not a JPEG or PNG image")) << r.output;
      }
      continue;
    }
    EXPECT_EQ(epub[c.cover], c.bytes) << first;
    EXPECT_TRUE(has(r.output, first + " from the book's folder")) << first << r.output;
    EXPECT_TRUE(has(epub["EPUB/package.opf"], "properties=\"cover-image\"")) << first;
  }
}

TEST(CheckCommand, AFileThatIsNoArchiveIsNamedOnce) {
  TempDir dir;
  test::write_file(dir / "bad.epub", "not a zip");
  std::string path = (dir / "bad.epub").string();
  auto r = run_novelbind("check " + test::shell_quote(dir / "bad.epub"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, "error: " + path + ": not a readable ZIP archive\nerror: " + path +
                          ": 1 problem(s) found\n");
}

TEST(CheckCommand, AMissingFileIsNamedOnce) {
  TempDir dir;
  std::string path = (dir / "none.epub").string();
  auto r = run_novelbind("check " + test::shell_quote(dir / "none.epub"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.output, "error: " + path + ": no such file; check the path\n");
}

}  // namespace
}  // namespace novelbind
