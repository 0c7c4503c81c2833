#include "structure/unnumbered_volumes.h"

#include <gtest/gtest.h>

#include "structure/scheme_test_books.h"

namespace novelbind {
namespace {

using namespace scheme_test;

// One book of an omnibus: a title page standing apart (two blank lines, like the headings),
// then chapters numbered from 序章 or 第一章 again.
std::string part(const std::string& title, const std::string& opening, int chapters) {
  std::string text = "\n\n" + title + "\n江南 著\n谨以此书献给所有有梦想的人。\n";
  text += "\n\n" + opening + "\n" + story(0);
  for (int i = 1; i <= chapters; ++i)
    text += "\n\n第" + chinese_numeral(i) + "章 远行\n" + story(i) + story(i + 50);
  return text;
}

std::vector<std::string> volumes(const std::vector<Chapter>& chapters) {
  std::vector<std::string> out;
  for (const Chapter& c : chapters)
    if (out.empty() || out.back() != c.volume) out.push_back(c.volume);
  return out;
}

TEST(UnnumberedVolumes, TitlesStandingApartBeforeEachRunOfChaptersAreVolumes) {
  std::string text = "《龙族》合集\n江南 著\n" + part("龙族·火之晨曦", "序章 白帝城", 3) +
                     part("龙族·悼亡者之瞳", "序幕 雨夜", 2) +
                     part("龙族Ⅲ·黑月之潮（上）", "楔子", 2);
  auto chapters = split_text(text);
  EXPECT_EQ(volumes(chapters), (std::vector<std::string>{"", "龙族·火之晨曦", "龙族·悼亡者之瞳",
                                                         "龙族Ⅲ·黑月之潮（上）"}));
  // The title page is the volume's own section; the story is untouched.
  EXPECT_EQ(chapters[1].title, "龙族·火之晨曦");
  EXPECT_EQ(chapters[1].paragraphs[0].text, "江南 著");
  EXPECT_EQ(chapters[2].title, "序章 白帝城");
}

TEST(UnnumberedVolumes, ATitlePageEchoStaysTextAndAPartBelowABookIsAVolumeToo) {
  std::string text =
      "合集\n" + part("龙族·火之晨曦", "序章 白帝城", 2) +
      part("龙族Ⅲ·黑月之潮（中）", "\n\n龙族III·黑月之潮（中）\n\n\n前传：冰海王座\n\n\n楔子", 2);
  auto chapters = split_text(text);
  EXPECT_EQ(volumes(chapters), (std::vector<std::string>{
                                   "", "龙族·火之晨曦", "龙族Ⅲ·黑月之潮（中）", "前传：冰海王座"}));
  bool echo_kept = false;
  for (const Chapter& c : chapters)
    for (const Paragraph& p : c.paragraphs) echo_kept |= p.text == "龙族III·黑月之潮（中）";
  EXPECT_TRUE(echo_kept);
}

TEST(UnnumberedVolumes, NoRestartNoVolumesAndARunningTitleIsNotOne) {
  // 天龙八部 stands apart before some chapters, but the numbering runs on: no volumes.
  std::string text = "天龙八部\n";
  for (int i = 1; i <= 6; ++i)
    text += std::string(i > 3 ? "\n\n天龙八部\n" : "") + "\n\n第" + chinese_numeral(i) +
            "回 远行\n" + story(i) + story(i + 9);
  auto chapters = split_text(text);
  EXPECT_EQ(volumes(chapters), (std::vector<std::string>{""}));
  EXPECT_EQ(chapters.size(), 7u);  // the title line's front section and six chapters
}

TEST(UnnumberedVolumes, LinesApartLessThanTheHeadingsAreNotVolumes) {
  // A blurb list before the first book: its lines have one blank line before them, the
  // headings two.
  std::string text =
      "合集\n内容简介：\n\n《火之晨曦》\n他叫路明非。\n\n《悼亡者之瞳》\n这是屠龙者的故事。\n" +
      part("龙族·火之晨曦", "序章 白帝城", 2) + part("龙族·悼亡者之瞳", "序幕 雨夜", 2);
  auto chapters = split_text(text);
  EXPECT_EQ(volumes(chapters), (std::vector<std::string>{"", "龙族·火之晨曦", "龙族·悼亡者之瞳"}));
}

TEST(UnnumberedVolumes, AMisnumberedChapterOrANoteBeginsNoVolume) {
  // 第一章 amid 第五章 and 第六章 is a misnumbered chapter, though a title-like line stands
  // apart before it.
  std::string text = "合集\n";
  for (int n : {1, 2, 3, 4, 5, 1, 6, 7}) {
    text += std::string(n == 1 && text.size() > 10 ? "\n\n雨夜独行\n" : "") + "\n\n第" +
            chinese_numeral(n) + "章 远行\n" + story(n) + story(n + 20);
  }
  EXPECT_EQ(volumes(split_text(text)), (std::vector<std::string>{""}));
  // A note in brackets before a real restart is no volume title.
  std::string notes = "合集\n" + part("龙族·火之晨曦", "序章 起", 2) +
                      part("（本卷完）", "序章 又起", 2) + part("龙族·悼亡者之瞳", "序幕 雨夜", 2);
  EXPECT_EQ(volumes(split_text(notes)),
            (std::vector<std::string>{"", "龙族·火之晨曦", "龙族·悼亡者之瞳"}));
}

TEST(UnnumberedVolumes, ATitleLineBeforeOnlyOneRunIsNoEvidence) {
  // The book's byline stands apart before the first run; the second run has no title.
  std::string text = "龙族\n" + part("作者：江南", "序章 起", 2) + "\n\n序章 又起\n" + story(5) +
                     story(6) + "\n\n第一章 远行\n" + story(7) + story(8);
  EXPECT_EQ(volumes(split_text(text)), (std::vector<std::string>{""}));
}

// A book of a web page's paragraphs, copied: a blank line after every line, so that its title
// pages stand no further apart than its paragraphs do; three before each heading.
std::string spaced_part(const std::string& title, const std::string& opening, int chapters) {
  std::string text = "\n" + title + "\n\n江南 著\n\n谨以此书献给所有有梦想的人。\n\n";
  text += "\n\n\n" + opening + "\n\n" + story(0) + "\n";
  for (int i = 1; i <= chapters; ++i)
    text +=
        "\n\n\n第" + chinese_numeral(i) + "章 远行\n\n" + story(i) + "\n" + story(i + 50) + "\n";
  return text;
}

TEST(UnnumberedVolumes, ATitleOverItsBylineIsAVolumeHoweverItIsSpaced) {
  std::string text = "《龙族》合集\n\n" + spaced_part("龙族·火之晨曦", "序章 白帝城", 3) +
                     spaced_part("龙族·悼亡者之瞳", "序幕 雨夜", 2) +
                     spaced_part("龙族Ⅲ·黑月之潮（上）", "楔子", 2);
  auto chapters = split_text(text);
  EXPECT_EQ(volumes(chapters), (std::vector<std::string>{"", "龙族·火之晨曦", "龙族·悼亡者之瞳",
                                                         "龙族Ⅲ·黑月之潮（上）"}));
  EXPECT_EQ(chapters[1].title, "龙族·火之晨曦");
  EXPECT_EQ(chapters[1].paragraphs[0].text, "江南 著");
  // Without the byline, a line spaced as the paragraphs are is a paragraph.
  std::string plain = text;
  for (size_t at; (at = plain.find("江南 著")) != std::string::npos;)
    plain.replace(at, std::string("江南 著").size(), "他们一起去了远方。");
  EXPECT_EQ(volumes(split_text(plain)), (std::vector<std::string>{""}));
}

}  // namespace
}  // namespace novelbind
