#include "structure/heading.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

HeadingRecognizer recognizer(const std::string& pattern = "", int max_length = 40) {
  ChaptersConfig config;
  config.heading = pattern;
  config.heading_max_length = max_length;
  auto r = HeadingRecognizer::create(config);
  EXPECT_TRUE(r.ok()) << r.message();
  return std::move(r).value();
}

// The number of the chapter heading `line` is, or -1 when it is no chapter heading.
long long chapter(const HeadingRecognizer& r, std::string_view line) {
  auto h = r.match(line);
  if (!h || h->kind != HeadingKind::kChapter) return -1;
  return h->number.value_or(0);
}

long long volume(const HeadingRecognizer& r, std::string_view line) {
  auto h = r.match(line);
  if (!h || h->kind != HeadingKind::kVolume) return -1;
  return h->number.value_or(0);
}

TEST(HeadingTest, ChapterMarkersInBothScripts) {
  auto r = recognizer();
  EXPECT_EQ(chapter(r, "第1章 宴桃园豪杰三结义 斩黄巾英雄首立功"), 1);
  EXPECT_EQ(chapter(r, "第一百零三章 風起"), 103);
  EXPECT_EQ(chapter(r, "第二十回 劫法場石秀跳樓"), 20);
  EXPECT_EQ(chapter(r, "第三節 入門"), 3);
  EXPECT_EQ(chapter(r, "第三节 入门"), 3);
  EXPECT_EQ(chapter(r, "第十話 歸來"), 10);
  EXPECT_EQ(chapter(r, "第十话 归来"), 10);
  EXPECT_EQ(chapter(r, "第五集 決戰"), 5);
  EXPECT_EQ(chapter(r, "第二篇 少年遊"), 2);
}

TEST(HeadingTest, NumeralsOfEveryKind) {
  auto r = recognizer();
  EXPECT_EQ(chapter(r, "第１２章 全形"), 12);
  EXPECT_EQ(chapter(r, "第两千章 兩千"), 2000);
  EXPECT_EQ(chapter(r, "第两千零一章"), 2001);
  EXPECT_EQ(chapter(r, "第十万章 十萬"), 100000);
  EXPECT_EQ(chapter(r, "第壹佰章 大結局"), 100);
  EXPECT_EQ(chapter(r, "第 12 章 空格"), 12);
  EXPECT_EQ(chapter(r, "第十章"), 10);
}

TEST(HeadingTest, TitleSeparators) {
  auto r = recognizer();
  EXPECT_EQ(chapter(r, "第五章：風起"), 5);
  EXPECT_EQ(chapter(r, "第五章、風起"), 5);
  EXPECT_EQ(chapter(r, "第五章　風起"), 5);    // ideographic space
  EXPECT_EQ(chapter(r, "第五章風起雲湧"), 5);  // nothing between
  EXPECT_EQ(chapter(r, "第五章"), 5);
  EXPECT_EQ(chapter(r, "第十章 你敢！"), 10);  // short titles may exclaim
}

TEST(HeadingTest, UnnumberedHeadings) {
  auto r = recognizer();
  for (const char* line : {"序章", "楔子", "引子", "前言", "序言", "序章 風起之時", "楔子：雪夜"}) {
    auto h = r.match(line);
    ASSERT_TRUE(h) << line;
    EXPECT_EQ(h->kind, HeadingKind::kChapter) << line;
    EXPECT_EQ(h->place, HeadingPlace::kBefore) << line;
  }
  for (const char* line : {"番外", "番外篇", "外傳", "外传", "尾聲", "尾声", "後記", "后记", "終章",
                           "终章", "完本感言", "番外一 雪夜", "尾声 二十年后"}) {
    auto h = r.match(line);
    ASSERT_TRUE(h) << line;
    EXPECT_EQ(h->place, HeadingPlace::kAfter) << line;
  }
  EXPECT_EQ(r.match("番外二：歸途")->number, 2);
  EXPECT_FALSE(r.match("尾声 二十年后")->number);
}

TEST(HeadingTest, EnglishChapters) {
  auto r = recognizer();
  EXPECT_EQ(chapter(r, "Chapter 12"), 12);
  EXPECT_EQ(chapter(r, "CHAPTER 3: The Road"), 3);
  EXPECT_EQ(chapter(r, "chapter 7 歸來"), 7);
  EXPECT_EQ(chapter(r, "Chapters are long"), -1);
}

TEST(HeadingTest, Volumes) {
  auto r = recognizer();
  EXPECT_EQ(volume(r, "第一卷 潛龍在淵"), 1);
  EXPECT_EQ(volume(r, "第二部 北伐"), 2);
  EXPECT_EQ(volume(r, "第三冊"), 3);
  EXPECT_EQ(volume(r, "第三册 归来"), 3);
  EXPECT_EQ(volume(r, "卷一"), 1);
  EXPECT_EQ(volume(r, "卷十二：北伐"), 12);
  EXPECT_EQ(volume(r, "卷起千堆雪"), -1);
}

TEST(HeadingTest, VolumeAndChapterOnOneLine) {
  auto r = recognizer();
  std::string line = "第一卷 潛龍在淵 第一章 少年";
  auto h = r.match(line);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->kind, HeadingKind::kVolume);
  EXPECT_EQ(line.substr(h->chapter_offset), "第一章 少年");
}

TEST(HeadingTest, StoryTextIsNotAHeading) {
  auto r = recognizer();
  for (const char* line : {
           "第九部隊的士兵們衝了上來。",
           "第九部隊",
           "第九部隊衝了上來",
           "第一封信是寫給母親的。",
           "第二天一早，他就出發了。",
           "第二天",
           "第三個人說：「我不知道。」",
           "第三個人說",
           "第二集團軍開進了城裡",
           "第一節課是數學",
           "第三篇文章寫得最好",
           "第五部電影",
           "第一回合，他就敗了",
           "第一回合結束",
           "第三章寫得很好，大家都喜歡。",
           "第三章的內容我已經看過了",
           "第5章 他走進了房間，看到桌上放著一封信，信上寫著他的名字。",
           "第5章 他推開門走了進去，發現屋裡一個人也沒有，桌上的茶還是熱的！",
           "前言不搭後語的話，他說了一大堆",
           "序幕已經拉開",
           "番外的故事",
           "第",
           "第一",
           "第十萬火急",
       }) {
    EXPECT_FALSE(r.match(line)) << line;
  }
}

TEST(HeadingTest, LengthLimitIsConfigurable) {
  std::string line = "第一章 這是一個非常非常長的標題但它仍然是一個真正的標題";  // 29 characters
  EXPECT_TRUE(recognizer("", 40).match(line));
  EXPECT_FALSE(recognizer("", 20).match(line));
}

TEST(HeadingTest, UserPatternReplacesTheBuiltInOnes) {
  auto r = recognizer("^【(.+)】");
  auto h = r.match("【十二】 重逢");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->number, 12);
  EXPECT_EQ(h->kind, HeadingKind::kChapter);
  EXPECT_FALSE(r.match("第一章 風起"));  // the built-in patterns are gone

  auto plain = recognizer("^第.+章");
  EXPECT_EQ(plain.match("第三十章 回家")->number, 30);  // number found after 第
}

TEST(HeadingTest, InvalidUserPatternIsAnError) {
  ChaptersConfig config;
  config.heading = "第(.+章";
  auto r = HeadingRecognizer::create(config);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("[chapters] heading: '第(.+章' is not a valid regular expression"),
            std::string::npos)
      << r.message();
}

TEST(HeadingTest, FrontTitleComesFromTheDataFile) {
  EXPECT_EQ(recognizer().front_title(), "前言");
}

}  // namespace
}  // namespace novelbind
