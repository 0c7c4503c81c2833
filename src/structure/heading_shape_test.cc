#include "structure/heading_shape.h"

#include <gtest/gtest.h>

#include "structure/scheme_test_books.h"

namespace novelbind {
namespace {

using scheme_test::split_text;

std::string key(std::string_view line) {
  auto s = parse_heading_shape(line);
  return s ? s->key : "-";
}

TEST(HeadingShape, LinesOfOneSchemeShareAKeyWhateverTheirNumberStyle) {
  EXPECT_EQ(key("第一回 彭公授任"), key("第３２５回　歐陽德"));
  EXPECT_EQ(key("第一回 彭公授任"), key("第一六一回 張家灣"));
  EXPECT_EQ(key("1.失业"), key("115．决定离开"));
  EXPECT_NE(key("1.失业"), key("一、失业"));
  EXPECT_NE(key("第一章 甲"), key("第一卷 甲"));
  EXPECT_EQ(key("Chapter 12"), key("CHAPTER IV: The Road"));
}

// 第一辑 and 第二季 open volumes as 第一卷 does (an unseen 药老传奇: 【第一辑 初露锋芒】); a
// sentence that starts so stays story.
// A downloader that joins its chapter files frames each heading in a rule mark, with spaces or
// without: the book was one chapter when the spaces were there.
TEST(HeadingShape, AHeadingInADownloadersFrame) {
  for (const char* framed : {"========== 第1章 宴桃园豪杰三结义 ==========",
                             "==========第1章 宴桃园豪杰三结义==========",
                             "***第1章 宴桃园豪杰三结义***", "——第1章 宴桃园豪杰三结义——"}) {
    auto shape = parse_heading_shape(framed);
    ASSERT_TRUE(shape) << framed;
    EXPECT_EQ(shape->number, 1) << framed;
  }
  EXPECT_FALSE(framed_inner("====="));
  EXPECT_FALSE(framed_inner("=第1章="));  // one mark a side is no frame
  std::string text;
  for (int i = 1; i <= 6; ++i)
    text += "========== 第" + std::to_string(i) + "章 远行" + std::to_string(i) + " ==========\n" +
            scheme_test::story(i) + scheme_test::story(i + 20);
  auto chapters = split_text(text);
  ASSERT_EQ(chapters.size(), 6u);
  EXPECT_EQ(chapters[0].title, "第1章 远行1");
  EXPECT_EQ(chapters[5].title, "第6章 远行6");
}

TEST(HeadingShape, CollectionsAndSeasonsAreVolumes) {
  for (const char* line :
       {"第一辑 初露锋芒", "【第一辑 初露锋芒】", "第二季 风云再起", "第三輯 江湖"}) {
    auto s = parse_heading_shape(line);
    ASSERT_TRUE(s.has_value()) << line;
    EXPECT_EQ(s->kind, HeadingKind::kVolume) << line;
  }
  EXPECT_EQ(key("第一季度的报表还没有做完。"), "-");
  EXPECT_EQ(key("第一辑诗集卖得很好"), "-");
}

// A side story's short title may close with a full stop after its word (外传3 鹦鹉与皮冻。, a
// biqukan crawl of 一念永恒); a numbered chapter's, or a longer one's, or one with other marks,
// reads as a sentence.
TEST(HeadingShape, ASideStorysTitleClosedWithAFullStop) {
  EXPECT_NE(key("外传3 鹦鹉与皮冻。"), "-");
  EXPECT_NE(key("番外一 雪夜。"), "-");
  EXPECT_EQ(key("番外一 他走了，又回来了。"), "-");
  EXPECT_EQ(key("番外 一个人在山里走了很久很久很久很久。"), "-");
  // After 第N章 and a space, a short title with its one full stop is a heading's shape, marked
  // stopped: the book takes it where its number follows the heading before (heading_scheme).
  auto stopped = parse_heading_shape("第一章 他走了。");
  ASSERT_TRUE(stopped);
  EXPECT_TRUE(stopped->stopped);
  EXPECT_EQ(key("第一章他走了。"), "-");
  EXPECT_EQ(key("第一章 他走了。她也走了。"), "-");
}

// A chapter's title closed with a full stop is a title where nothing but a heading can stand:
// under Markdown's heading mark, or in a file's name. As a plain line it reads as story.
TEST(HeadingShape, AChaptersTitleClosedWithAFullStopUnderAMarkOrInAName) {
  EXPECT_TRUE(parse_heading_shape("第一千六百二十三章 结束，也是开始。")->stopped);
  EXPECT_NE(key("## 第一千六百二十三章 结束，也是开始。"), "-");
  EXPECT_FALSE(parse_heading_shape("## 第一千六百二十三章 结束，也是开始。")->stopped);
  EXPECT_TRUE(parse_file_name_shape("第107章 他以光明点燃罪孽，燃烧的是世间最艰辛的火种。"));
  EXPECT_TRUE(parse_file_name_shape("第一章 雪夜"));
  EXPECT_FALSE(parse_file_name_shape("第一章的故事讲完了。"));
  EXPECT_FALSE(parse_file_name_shape("他走了。"));
}

TEST(HeadingShape, NumbersInEveryStyle) {
  auto number = [](std::string_view line) {
    auto s = parse_heading_shape(line);
    return s && s->number ? *s->number : -1;
  };
  EXPECT_EQ(number("第　一　回　　风　月　无　情"), 1);
  EXPECT_EQ(number("第廿一章 雪夜"), 21);
  EXPECT_EQ(number("第贰拾章 雪夜"), 20);
  EXPECT_EQ(number("001 雪夜"), 1);
  EXPECT_EQ(number("Chapter XIV"), 14);
  EXPECT_EQ(number("Part Two"), 2);
  EXPECT_EQ(number("Chapter twenty-one"), 21);
  EXPECT_EQ(number("【第十二章】雪夜"), 12);
  EXPECT_EQ(number("（三）雪夜"), 3);
  EXPECT_EQ(number("49上岛城"), 49);
  EXPECT_EQ(number("Ⅻ. 雪夜"), 12);
}

// A run of ornaments with no word in it (◆◇◆, ☆☆☆, ★★★, ※※※, ■■■) is a scene break, never a
// title after an ornament: twice a chapter, such lines outnumbered an unseen light novel's
// headings and became its chapters (the log said "chapters ◆title", the real 第N章 lines
// paragraphs). An ornament before a title alone still heads it (☆、雪夜).
TEST(HeadingShape, ARunOfOrnamentsIsNoHeading) {
  for (const char* line : {"◆◇◆", "☆☆☆", "★★★", "◇◇◇", "※※※", "■■■", "◆　◆　◆", "☆ ☆ ☆"})
    EXPECT_FALSE(parse_heading_shape(line)) << line;
  EXPECT_TRUE(parse_heading_shape("☆、雪夜"));
  std::string text;
  for (const char* title :
       {"第一章　刘玄德携民渡江", "第二章　张翼德大闹长坂桥", "第三章　诸葛亮舌战群儒"})
    text += std::string(title) +
            "\n\n　　却说张飞因关公放了上流水，遂引军从下流杀将来。\n\n◆◇◆\n\n" +
            "　　徐庶受命而行。至樊城，玄德、孔明接见。\n\n◆◇◆\n\n　　徐庶辞回，见了曹操。\n\n";
  auto chapters = split_text(text);
  ASSERT_EQ(chapters.size(), 3u);
  EXPECT_EQ(chapters[1].title, "第二章　张翼德大闹长坂桥");
}

// A crawl that copies each page's title writes the book's name before the heading: the shape
// is the heading's, its key names the name (a book must repeat it, heading_scheme.h).
// A crawler that writes its headings as Markdown quotes (an unseen xbiquge crawl: > 第一卷 第一章
// 明道宫): the mark is an ornament, so that a heading stands in a download of one chapter too
// (no scheme was found there, the heading left as the first paragraph).
TEST(HeadingShape, AQuoteMarkBeforeAHeadingIsAnOrnament) {
  auto s = parse_heading_shape("> 第一章 明道宫");
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->strong);
  EXPECT_EQ(s->number, 1);
  EXPECT_EQ(heading_title("> 第一章 明道宫", *s), "明道宫");
  auto volume = parse_heading_shape("> 第一卷 第一章 明道宫");
  ASSERT_TRUE(volume);
  EXPECT_EQ(volume->kind, HeadingKind::kVolume);
  EXPECT_GT(volume->chapter_offset, 0u);
  auto chapters = split_text(
      "> 第一章 明道宫\n\n　　靖康二年，春日渐暖，大宋东京城外的官道上人来人往。\n\n"
      "　　赵玖站在道观门口，看了很久。\n");
  ASSERT_EQ(chapters.size(), 1u);
  EXPECT_EQ(chapters[0].title, "第一章 明道宫");
}

TEST(HeadingShape, TheBooksNameBeforeAHeading) {
  auto s = parse_heading_shape("彭公案 第二回  英雄憤怒打張宏");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->number, 2);
  EXPECT_TRUE(s->strong);
  EXPECT_EQ(s->named_prefix, std::string_view("彭公案 ").size());
  EXPECT_EQ(key("彭公案 第二回 甲"), key("彭公案 第十二回 乙"));
  EXPECT_NE(key("彭公案 第二回 甲"), key("第二回 甲"));
  EXPECT_NE(key("彭公案 第二回 甲"), key("施公案 第二回 甲"));
  EXPECT_EQ(listed_key(key("彭公案 第二回 甲")), key("第二回 甲"));
  EXPECT_EQ(listed_key(key("第二回 甲")), key("第二回 甲"));
  // A site's section word before the heading: a contents block lists it without the word too.
  EXPECT_EQ(listed_key(key("正文 1.失业")), key("1.失业"));
  EXPECT_EQ(listed_key(key("正文 第一章 风起")), key("第一章 风起"));
  EXPECT_EQ(listed_key(key("☆、第一章 风起")), key("☆、第一章 风起"));
  // Markup around a heading, which a contents block written as text leaves out.
  EXPECT_EQ(listed_key(key("## 1.失业")), key("1.失业"));
  EXPECT_EQ(listed_key(key("【1.失业】")), key("1.失业"));
  EXPECT_EQ(listed_key(key("【第一章 风起】")), key("第一章 风起"));
  EXPECT_EQ(heading_title("彭公案 第二回  英雄憤怒打張宏", *s), "英雄憤怒打張宏");
  // A date or a time is no name before a heading (12- then 6 …).
  EXPECT_FALSE(parse_heading_shape("更新时间：2010-12-6 5:18:11 本章字数：2619"));
  EXPECT_FALSE(parse_heading_shape("发布于 12:6 风起"));
  // After a closing bracket or a separator, and a name with digits: the heading's own words win.
  EXPECT_EQ(parse_heading_shape("《仙逆》第三章 明天")->number, 3);
  auto l = parse_heading_shape("龙族1-3 第一幕 卡塞尔之门");
  ASSERT_TRUE(l);
  EXPECT_EQ(l->number, 1);
  EXPECT_EQ(heading_title("龙族1-3 第一幕 卡塞尔之门", *l), "卡塞尔之门");
  // A download site's file name, 书名_作者_站名, of 18 characters and more, before a heading
  // that is only its words (楔子, 第一章, 尾声): the name ends at its first space.
  for (const char* line :
       {"交错时光的爱恋_席绢_TXT小说天堂 楔子", "交错时光的爱恋_席绢_TXT小说天堂 第一章",
        "交错时光的爱恋_席绢_TXT小说天堂 尾声",
        "一个很长很长的书名共有二十五个字符呢_作者名_下载站 第二章"}) {
    auto named = parse_heading_shape(line);
    ASSERT_TRUE(named) << line;
    EXPECT_GT(named->named_prefix, 0u) << line;
  }
  EXPECT_EQ(key("交错时光的爱恋_席绢_TXT小说天堂 第一章"),
            key("交错时光的爱恋_席绢_TXT小说天堂 第十章"));
  // A crawler's breadcrumb before the heading (an unseen xbiquge crawl: " > 正文卷 第一章
  // 为啥只有老 子是扑街？"): its marks separate its steps, and the line may open with one.
  for (const char* line : {"> 正文卷 第一章 为啥只有老子是扑街？",
                           "首页 > 玄幻 > 第二章 果真是高人！", "正文卷 > 第三章 又来了"}) {
    auto crumb = parse_heading_shape(line);
    ASSERT_TRUE(crumb) << line;
    EXPECT_GT(crumb->named_prefix, 0u) << line;
    EXPECT_TRUE(crumb->strong) << line;
  }
  EXPECT_EQ(key("> 正文卷 第一章 甲"), key("> 正文卷 第十章 乙"));
  EXPECT_EQ(heading_title("> 正文卷 第一章 为啥只有老子是扑街？",
                          *parse_heading_shape("> 正文卷 第一章 为啥只有老子是扑街？")),
            "为啥只有老子是扑街？");
  // A dash opens a citation, not a name (悟空传's epigraph: ——弥尔顿《失乐园》第７卷).
  EXPECT_FALSE(parse_heading_shape("——弥尔顿《失乐园》第７卷"));
  EXPECT_FALSE(parse_heading_shape("—— 弥尔顿 第七卷"));
  // Inside a bracket the name opened, a number is no heading's: a system panel's line.
  for (const char* line : {"【潜力值：3】", "【天赋：9】", "（编号：12）"})
    EXPECT_FALSE(parse_heading_shape(line)) << line;
  // Nor is a label's: a field of a panel (年龄：12, an unseen crawl's chapters were cut at them).
  EXPECT_FALSE(parse_heading_shape("年龄：12"));
  EXPECT_FALSE(parse_heading_shape("年龄: 14"));
  EXPECT_TRUE(parse_heading_shape("彭公案：第二回 英雄"));
  // Section words glued before the heading (an unseen 神印王座: 作品相关第一章侍从骑士考核（一）),
  // and the front matter's words (围城: 代序 …, 重印前记, 出版说明).
  auto related = parse_heading_shape("作品相关第一章侍从骑士考核（一）");
  ASSERT_TRUE(related);
  EXPECT_EQ(related->number, 1);
  for (const char* line : {"代序 钱锺书对《钱锺书集》的态度", "重印前记", "出版说明"}) {
    auto front = parse_heading_shape(line);
    ASSERT_TRUE(front) << line;
    EXPECT_TRUE(front->keyword) << line;
  }
  // A name ends at 30 characters; a sentence mark ends it before.
  EXPECT_FALSE(
      parse_heading_shape("天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调 第一章"));
  EXPECT_FALSE(parse_heading_shape("他沉默了很久很久才终于开口说道，这是 第一章"));
  // A weaker heading after a name has its number; story is no heading.
  EXPECT_EQ(parse_heading_shape("天龙八部 二　玉壁月华明")->number, 2);
  for (const char* line : {"他说 我们走吧", "话说 第三回合就输了", "他说，第三章写完了"})
    EXPECT_FALSE(parse_heading_shape(line)) << line;
}

TEST(HeadingShape, ASitesSequenceNumberBeforeAHeadingOfItsOwnWords) {
  auto s = parse_heading_shape("01# 第 1 章 情小妹耻情归地府");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->number, 1);
  EXPECT_EQ(key("01# 第 1 章 甲"), key("12#第十二章 乙"));
  EXPECT_EQ(heading_title("01# 第 1 章 情小妹", *s), "情小妹");
  // Only a heading of its own words: "01# 雪夜" and "12#" are no headings.
  EXPECT_FALSE(parse_heading_shape("01# 雪夜"));
  EXPECT_FALSE(parse_heading_shape("12#"));
}

// A long title with a site's plea after it (求月票！) is no sentence: the plea's mark is the
// site's. A long title that ends with the mark itself is story, as before.
TEST(HeadingShape, ASitesAdditionAfterALongTitleHoldsItsMark) {
  auto s = parse_heading_shape("四十一\t燕云十八飞骑  奔腾如虎风烟举(求月票！)");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->number, 41);
  EXPECT_TRUE(parse_heading_shape("第十章 燕云十八飞骑奔腾如虎风烟举老魔小丑（二更，求收藏！）"));
  EXPECT_FALSE(parse_heading_shape("第十章 燕云十八飞骑奔腾如虎风烟举老魔小丑岂堪一击胜之不武！"));
}

// A heading word with a site's plea after it is the heading word's shape, its title without it.
TEST(HeadingShape, AHeadingWordWithASitesPleaAfterIt) {
  for (const char* line : {"楔子[求推荐]", "楔子（求收藏）", "尾声【二更】"}) {
    auto s = parse_heading_shape(line);
    ASSERT_TRUE(s) << line;
    EXPECT_TRUE(s->keyword) << line;
    EXPECT_EQ(heading_title(line, *s), "") << line;
  }
  EXPECT_EQ(key("楔子[求推荐]"), key("楔子"));
  // Not the site's: no heading, as before.
  EXPECT_FALSE(parse_heading_shape("楔子（他说）"));
}

TEST(HeadingShape, StoryTextIsNotAHeading) {
  for (const char* line :
       {"第三日上，一行人到了龙驹寨。", "一切都结束了", "三人走了过来", "3.14", "第一回合就输了",
        "I am here", "他說：「第三章寫完了。」", "正文", "Chapters are long"}) {
    EXPECT_FALSE(parse_heading_shape(line)) << line;
  }
}

// A title glued to its number that opens with a quotation (第4章“猪肉强国”之论, a 17k download's):
// the quote mark is its separator. A quotation with sentence marks inside is story.
TEST(HeadingShape, ATitleThatOpensWithAQuotation) {
  auto shape = parse_heading_shape("第4章“猪肉强国”之论");
  ASSERT_TRUE(shape);
  EXPECT_EQ(shape->number, 4);
  EXPECT_EQ(key("第4章“猪肉强国”之论"), key("第5章 有钱人的快乐"));
  EXPECT_FALSE(parse_heading_shape("第三章“走吧，”他说"));
  EXPECT_FALSE(parse_heading_shape("第三章写完了，“走吧”"));
}

// A title glued to its number that pauses on a comma (第1章人生苦短，别让火葬场等着你, an unseen
// fanqie download whose every heading was missed): a heading. One that ends on a comma, or holds
// a quotation or a sentence's other marks, is story.
TEST(HeadingShape, AGluedTitleThatPausesOnAComma) {
  auto shape = parse_heading_shape("第1章人生苦短，别让火葬场等着你");
  ASSERT_TRUE(shape);
  EXPECT_EQ(shape->number, 1);
  EXPECT_EQ(key("第2章突发，意外真的发生了？！"), key("第3章 行车不规范，亲人泪两行"));
  for (const char* line : {"第三章写完了，“走吧”", "第三章写完了，", "第三日上，一行人到了龙驹寨。",
                           "第一回合，他就输了", "第三章节，他看完了", "第2章柳老师，你一定很想……"})
    EXPECT_FALSE(parse_heading_shape(line)) << line;
}

// The mark at the end of a chapter names its number but opens nothing (天龙八部's files end with
// （第十一回完）); a title that only starts with 完 is a title.
TEST(HeadingShape, AChaptersEndMarkIsNotAHeading) {
  for (const char* line : {"（第十一回完）", "第三章完", "【第3章 完】", "第十二回 完结"})
    EXPECT_FALSE(parse_heading_shape(line)) << line;
  for (const char* line : {"第三章 完美的一天", "第十回 完璧归赵"})
    EXPECT_TRUE(parse_heading_shape(line)) << line;
}

// A volume's line that opens a chapter whose title exclaims (第十三卷 灯火阑珊 第2048章 一百零八灵
// 的哀求！, a crawler's file name): the volume and the chapter. The volume's title and the
// chapter's together ran past an exclaimed title's length and read as a sentence: the line was
// no heading, and the chapter was lost in the one before it (in a folder, a volume 仙逆 of its
// own). A chapter whose own title is a sentence is no heading still.
TEST(HeadingShape, AVolumeLineOpensAChapterWhoseTitleExclaims) {
  const std::string line = "第十三卷 灯火阑珊 第2048章 一百零八灵的哀求！";
  auto s = parse_heading_shape(line);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, HeadingKind::kVolume);
  EXPECT_EQ(*s->number, 13);
  EXPECT_EQ(line.substr(s->chapter_offset), "第2048章 一百零八灵的哀求！");
  EXPECT_FALSE(parse_heading_shape(
      "第十三卷 灯火阑珊 第2048章 他说完这句话就转身走了出去，屋里的大家全都哈哈大笑了起来！"));
}

TEST(HeadingShape, KeywordsAndVolumes) {
  auto s = parse_heading_shape("尾 声 さよなら，Friends");
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->keyword);
  EXPECT_EQ(s->place, HeadingPlace::kAfter);
  s = parse_heading_shape("后記");  // a book converted in part
  ASSERT_TRUE(s);
  EXPECT_EQ(s->place, HeadingPlace::kAfter);
  s = parse_heading_shape("Prologue");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->place, HeadingPlace::kBefore);
  s = parse_heading_shape("第十三卷 灯火阑珊 第2040章 不宣于口！");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, HeadingKind::kVolume);
  EXPECT_EQ(std::string_view("第十三卷 灯火阑珊 第2040章 不宣于口！").substr(s->chapter_offset),
            "第2040章 不宣于口！");
  // A volume title made of volume headings: each inner one is looked at once (it once took
  // 2^n parses, so this line of 40 never finished).
  std::string volumes;
  for (int i = 0; i < 40; ++i) volumes += "第一卷 ";
  s = parse_heading_shape(volumes + "第2040章 不宣于口");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->kind, HeadingKind::kVolume);
  EXPECT_EQ(s->chapter_offset, volumes.size());
  s = parse_heading_shape("目　錄");
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->contents_label);
  // The book's name in title marks before it, and a frame of = around it (sdxl).
  for (const char* label : {"《神雕侠侣》目录", "=====《神雕侠侣》目录====="}) {
    s = parse_heading_shape(label);
    ASSERT_TRUE(s) << label;
    EXPECT_TRUE(s->contents_label) << label;
  }
  EXPECT_FALSE(parse_heading_shape("《神雕侠侣》目录里的故事"));
}

// Found by heading_fuzz: a broken character inside brackets, read as one with the closer,
// made the title start past the line's end (std::out_of_range).
TEST(HeadingShape, ABrokenCharacterBeforeTheCloserIsNoHeading) {
  for (std::string line :
       {std::string("(\xE5\x85)"), std::string("\xE3\x80\x90\xE5\x85\xE3\x80\x91"),
        std::string("(\xE5\x85) \xE9\xA2\xA8")}) {
    EXPECT_NO_THROW(parse_heading_shape(line));
  }
  EXPECT_EQ(key("(\xE5\x85)"), "-");
}

TEST(HeadingShape, MalformedNumeralsStillHaveTheShape) {
  auto s = parse_heading_shape("第三五十六章 又战");
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->malformed);
  EXPECT_FALSE(s->number);
}

}  // namespace
}  // namespace novelbind
