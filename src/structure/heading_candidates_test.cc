#include "structure/heading_candidates.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

// A file's name as its heading: without a downloader's additions (a site's name or address after
// a separator, a copy's mark), its underscores spaces. Titles read …首立功_笔趣阁, … - 副本 and
// 第一章 _甄士隐梦幻识通灵.
TEST(HeadingCandidates, AFilesNameWithoutASitesOrACopysAdditions) {
  EXPECT_EQ(file_name_heading("第1章 宴桃园豪杰三结义 斩黄巾英雄首立功_笔趣阁"),
            "第1章 宴桃园豪杰三结义 斩黄巾英雄首立功");
  EXPECT_EQ(file_name_heading("第2章 张翼德怒鞭督邮 - 顶点小说"), "第2章 张翼德怒鞭督邮");
  EXPECT_EQ(file_name_heading("003_第3章 议温明董卓叱丁原_www.biquge5200.cc"),
            "003 第3章 议温明董卓叱丁原");
  EXPECT_EQ(file_name_heading("第二章 张翼德怒鞭督邮 - 副本"), "第二章 张翼德怒鞭督邮");
  EXPECT_EQ(file_name_heading("0001_第一章_甄士隐梦幻识通灵"), "0001 第一章 甄士隐梦幻识通灵");
  // A title's own words after a dash stay; an ASCII name keeps its underscores.
  EXPECT_EQ(file_name_heading("第五章 归来 - 上"), "第五章 归来 - 上");
  EXPECT_EQ(file_name_heading("Chapter_00081"), "Chapter_00081");
}

TEST(HeadingCandidates, ShortHeadingShapedLinesWithTheirPlace) {
  FileCandidates c = collect_candidates("　　第一章 远行\n他走了。\n\n第二章 归来\n", 60);
  ASSERT_EQ(c.lines.size(), 2u);
  EXPECT_EQ(c.lines[0].line, 1);
  EXPECT_EQ(c.lines[0].text, "第一章 远行");
  EXPECT_EQ(c.lines[0].before, 0u);
  EXPECT_EQ(c.lines[0].length, 5u);  // non-space characters
  EXPECT_EQ(c.lines[1].line, 4);
  EXPECT_EQ(c.lines[1].before, 9u);
  EXPECT_EQ(c.chars, 14u);
  EXPECT_TRUE(collect_candidates("第一章 远行\n", 3).lines.empty());  // longer than the limit
}

// A contents label in a frame longer than a heading may be is still a candidate; a long line
// of other text in the same frame is not.
TEST(HeadingCandidates, AContentsLabelInALongFrameIsOne) {
  std::string frame(70, '=');
  FileCandidates c = collect_candidates(frame + "《神雕侠侣》目录" + frame + "\n第一回 风月无情\n" +
                                            frame + "《神雕侠侣》第一回的故事" + frame + "\n",
                                        60);
  ASSERT_EQ(c.lines.size(), 2u);
  EXPECT_EQ(c.lines[0].line, 1);
  EXPECT_EQ(c.lines[1].line, 2);
}

TEST(HeadingCandidates, AFileNameTitlesAFileOnlyWhenItSaysSoPlainly) {
  FileCandidates c = collect_candidates("他走了。\n", 60);
  add_file_name(&c, "第三十三章 回营", 60);
  ASSERT_EQ(c.lines.size(), 1u);
  EXPECT_EQ(c.lines[0].line, 0);
  FileCandidates bare = collect_candidates("他走了。\n", 60);
  add_file_name(&bare, "001", 60);
  EXPECT_TRUE(bare.lines.empty());
  // A crawler's ordering number before the heading: the heading is what follows it.
  FileCandidates ordered = collect_candidates("他走了。\n", 60);
  add_file_name(&ordered, "1.第1章 八百年后", 60);
  ASSERT_EQ(ordered.lines.size(), 1u);
  EXPECT_EQ(ordered.lines[0].text, "第1章 八百年后");
  FileCandidates hashed = collect_candidates("他走了。\n", 60);
  add_file_name(&hashed, "12_ab34", 60);
  EXPECT_TRUE(hashed.lines.empty());
  // A weaker heading's shape with a title is a candidate too (the book's own lines must share
  // its scheme, heading_scheme.h): a number alone is not.
  FileCandidates weak = collect_candidates("他走了。\n", 60);
  add_file_name(&weak, "0002 2.走为上策", 60);
  ASSERT_EQ(weak.lines.size(), 1u);
  EXPECT_EQ(weak.lines[0].text, "2.走为上策");
  for (const char* name : {"003", "3."}) {
    FileCandidates none = collect_candidates("他走了。\n", 60);
    add_file_name(&none, name, 60);
    EXPECT_TRUE(none.lines.empty()) << name;
  }
  FileCandidates own = collect_candidates("第一章 远行\n他走了。\n", 60);
  add_file_name(&own, "第三十三章 回营", 60);
  ASSERT_EQ(own.lines.size(), 1u);
  EXPECT_EQ(own.lines[0].text, "第一章 远行");
}

TEST(HeadingCandidates, TitleLinesStandingApartAreCandidatesWithoutAShape) {
  // Paragraphs have no blank line before them here: one or more makes a line stand apart.
  std::string text =
      "故事开始了。\n他走了。\n\n\n龙族·火之晨曦\n江南 著\n\n“走吧。”\n\n第一章 远行\n";
  FileCandidates c = collect_candidates(text, 60);
  ASSERT_EQ(c.lines.size(), 2u);
  EXPECT_EQ(c.lines[0].text, "龙族·火之晨曦");  // dialogue does not read as a title
  EXPECT_EQ(c.lines[0].blanks, 2);
  EXPECT_EQ(c.lines[1].text, "第一章 远行");
  EXPECT_EQ(c.lines[1].blanks, 1);
  // Where every paragraph has a blank line before it, a line needs more to stand apart.
  FileCandidates spaced =
      collect_candidates("甲。\n\n乙。\n\n丙。\n\n雪夜\n\n\n\n龙族\n\n丁。\n", 60);
  ASSERT_EQ(spaced.lines.size(), 1u);
  EXPECT_EQ(spaced.lines[0].text, "龙族");
}

TEST(HeadingCandidates, AHeadingGluedToItsFirstParagraph) {
  auto split = [](std::string_view line) -> std::pair<std::string, std::string> {
    auto g = glued_heading(line);
    if (!g) return {"-", "-"};
    return {std::string(line.substr(0, g->heading_end)), std::string(line.substr(g->text_start))};
  };
  EXPECT_EQ(split("50麻烦50王老五推开门，走了进来。"),
            (std::pair<std::string, std::string>{"50麻烦", "王老五推开门，走了进来。"}));
  EXPECT_EQ(
      split("第三章 雪夜　　他推开门，走了进来。外面下着雪。"),
      (std::pair<std::string, std::string>{"第三章 雪夜", "他推开门，走了进来。外面下着雪。"}));
  // A site's addition that ends a heading holds the mark: no sentence after the spaces.
  EXPECT_EQ(split("八\t   虎啸龙吟(求月票！)").first, "-");
  EXPECT_EQ(split("四十一\t燕云十八飞骑  奔腾如虎风烟举(求月票！)").first, "-");
  for (const char* line : {"第一回  彭公授任三河縣  路遇私訪裡江寺", "10# 第 10 章 开夜宴",
                           "他花了50块钱，又花了50块。", "1997年，他走了。", "第三章 雪夜",
                           // A site's sequence number before a whole heading (an unseen 择天记,
                           // once split as 238.第 and 章 继承者).
                           "238.第238章 继承者", "240.第240章 眉心上的一颗朱砂痣（上）"})
    EXPECT_EQ(split(line).first, "-") << line;
  // The glued heading is a candidate under its own text.
  FileCandidates c =
      collect_candidates("50麻烦50王老五推开门，走了进来。屋里很暗，没有人说话，只有风声。\n", 60);
  ASSERT_EQ(c.lines.size(), 1u);
  EXPECT_EQ(c.lines[0].text, "50麻烦");
}

// A chapter heading inside a line of paragraphs run together (an unseen 元尊 of biqukan): after a
// sentence's end and a run of spaces, with its title, and the text after it; or ending the line.
// Not after a comma, nor a sentence that starts with 第, nor a number alone before a title.
TEST(HeadingCandidates, AHeadingInsideALineOfParagraphsRunTogether) {
  auto parts = [](std::string_view line) -> std::vector<std::string> {
    auto h = inner_heading(line);
    if (!h) return {};
    return {std::string(line.substr(0, h->before_end)),
            std::string(line.substr(h->heading_start, h->heading_end - h->heading_start)),
            std::string(line.substr(h->text_start))};
  };
  EXPECT_EQ(parts("他说完便走了。　　“好，我等你！”　　第四章  "
                  "源纹的力量　　大周府，演武场。　　众人都到了。"),
            (std::vector<std::string>{"他说完便走了。　　“好，我等你！”", "第四章  源纹的力量",
                                      "大周府，演武场。　　众人都到了。"}));
  EXPECT_EQ(parts("天色暗了下来，乌云也蒙住了这天。           第一章 故事会"),
            (std::vector<std::string>{"天色暗了下来，乌云也蒙住了这天。", "第一章 故事会", ""}));
  for (const char* line :
       {"他想了想，　　第四章的内容还没有写完，就去睡了。", "他走了。　　第二天一早，她又来了。",
        "他走了。　　第一次见面时，她笑得很开心。", "第三章 雪夜　　他推开门，走了进来。"})
    EXPECT_TRUE(parts(line).empty()) << line;
  // It is a candidate, under its own text.
  FileCandidates c = collect_candidates(
      "第三章 "
      "苏幼微\n他说完便走了，留下众人面面相觑，谁也不知道该说什么好。　　“好，我等你！”　　第四章  "
      "源纹的力量　　大周府，演武场。\n",
      60);
  ASSERT_EQ(c.lines.size(), 2u);
  EXPECT_EQ(c.lines[1].text, "第四章  源纹的力量");
}

}  // namespace
}  // namespace novelbind
