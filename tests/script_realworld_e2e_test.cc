// Real books from the development set (../shared/realworld, ../shared/corpus): --script auto
// leaves a book written in one script exactly as --script keep does, repairs the book whose
// conversion was left half done, and a few bad bytes in a long file do not stop a build.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include "base/test_util.h"

namespace fs = std::filesystem;

namespace novelbind::test {
namespace {

// The visible text of every chapter and volume document, by name.
std::map<std::string, std::string> chapter_texts(const fs::path& epub) {
  std::map<std::string, std::string> out;
  for (const auto& [name, data] : read_epub(epub)) {
    if (name.rfind("EPUB/text/ch", 0) == 0 || name.rfind("EPUB/text/vol", 0) == 0)
      out[name] = xhtml_text(data);
  }
  return out;
}

CommandResult build(const fs::path& input, const fs::path& epub, const std::string& args = "") {
  return run_novelbind("build " + quoted(input) + " -o " + quoted(epub) + " --no-cache " + args);
}

void expect_same_text_as_keep(const fs::path& input) {
  ASSERT_FALSE(input.empty());
  TempDir dir;
  CommandResult automatic = build(input, dir / "auto.epub");
  ASSERT_EQ(automatic.exit_code, 0) << automatic.output;
  CommandResult keep = build(input, dir / "keep.epub", "--script keep");
  ASSERT_EQ(keep.exit_code, 0) << keep.output;
  auto a = chapter_texts(dir / "auto.epub"), k = chapter_texts(dir / "keep.epub");
  ASSERT_EQ(a.size(), k.size());
  std::size_t size = 0;
  for (const auto& [name, text] : a) size += text.size();
  ASSERT_GT(size, 50000u);  // the whole book, however its chapters were found
  for (const auto& [name, text] : a) EXPECT_TRUE(text == k[name]) << input << ": " << name;
  EXPECT_NE(automatic.output.find("info: script: nothing was converted: the text is as written"),
            std::string::npos)
      << automatic.output;
}

TEST(RealBooks, SharedInputsAreThere) {
  EXPECT_FALSE(shared_dir().empty()) << "no shared/realworld beside the checkout ("
                                     << source_dir().parent_path() << ") nor in /work/shared";
}

TEST(RealBooks, ATraditionalBookInOneScriptComesOutAsWritten) {
  ASSERT_FALSE(shared_dir().empty());
  // Big5: writes 群, 床, 余 (I), 雇, which OpenCC's s2t would turn into 羣, 牀, 餘, 僱.
  expect_same_text_as_keep(realworld_txt("fsljj_big5"));
}

TEST(RealBooks, SimplifiedBooksInOneScriptComeOutAsWritten) {
  ASSERT_FALSE(shared_dir().empty());
  expect_same_text_as_keep(realworld_txt("xianni_zhuaji"));
  // Keeps old forms of names: 孙綝 (t2s: 𬘭, outside the BMP), 王儁, 顗.
  expect_same_text_as_keep(shared_dir() / "corpus" / "sanguo.txt");
}

TEST(RealBooks, AConversionLeftHalfDoneIsRepaired) {
  ASSERT_FALSE(shared_dir().empty());
  TempDir dir;
  CommandResult r = build(realworld_txt("ytlj_mixed_script"), dir / "auto.epub");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("Simplified characters make 6% of the book: converting those left in "
                          "its Traditional text too"),
            std::string::npos)
      << r.output;
  std::string all;
  for (const auto& [name, text] : chapter_texts(dir / "auto.epub")) all += text;
  // Thousands of 么, 听, 气 are converted; a leftover stays only where OpenCC would read its
  // converted form otherwise (豪气干云: 豪氣干雲 reads as 豪氣幹雲), at most a handful.
  std::size_t left_over = 0;
  for (const char* left : {"么", "听", "气", "与", "机", "爲", "着"})
    for (std::size_t at = all.find(left); at != std::string::npos; at = all.find(left, at + 1))
      ++left_over;
  EXPECT_LE(left_over, 5u);
  // Right as written, never rewritten as OpenCC reads their Simplified forms (唸誦此詞, 陽穀);
  // the book writes neither 裏 nor 裡, so its leftover 里 takes OpenCC's 裏, not Taiwan's 裡.
  for (const char* kept : {"念誦此詞", "陽谷"})
    EXPECT_NE(all.find(kept), std::string::npos) << kept;
  for (const char* wrong : {"唸誦此詞", "萬裏", "陽穀", "哪裡"})
    EXPECT_EQ(all.find(wrong), std::string::npos) << wrong;
  for (const char* fixed : {"怎麼", "聽見", "之後", "於是"})
    EXPECT_NE(all.find(fixed), std::string::npos) << fixed;
  EXPECT_NE(all.find("范遙"), std::string::npos);  // 范 is a surname, not 範
  EXPECT_EQ(all.find("範遙"), std::string::npos);
}

TEST(RealBooks, AFewBadBytesInALongFileDoNotStopTheBuild) {
  ASSERT_FALSE(shared_dir().empty());
  TempDir dir;
  fs::path tlbb = realworld_txt("tlbb_wmtxt");
  CommandResult r = build(tlbb, dir / "tlbb.epub");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("warning: " + tlbb.string() +
                          ":2495: replaced undecodable byte 0xA3 at offset 607300 with U+FFFD "
                          "(the rest of the file decodes as GB18030) [encoding]"),
            std::string::npos)
      << r.output;

  fs::path sdxl = realworld_txt("sdxl_wmtxt_toc");
  r = build(sdxl, dir / "sdxl.epub");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("warning: " + sdxl.string() +
                          ":5: dropped stray byte 0xA0 at offset 276 (the rest of the file "
                          "decodes as GB18030) [encoding]"),
            std::string::npos)
      << r.output;
  // The 41 Ctrl-Z bytes: dropped, one warning.
  EXPECT_NE(r.output.find("warning: " + sdxl.string() +
                          ":24: removed 41 invisible characters (zero-width or control "
                          "characters), the first on this line [invisible_characters]"),
            std::string::npos)
      << r.output;
}

}  // namespace
}  // namespace novelbind::test
