#include "structure/merged_paragraphs.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace novelbind {
namespace {

std::vector<std::string> pieces(std::string_view line) {
  std::vector<std::string> out;
  for (std::string_view p : split_merged_paragraphs(line)) out.emplace_back(p);
  return out;
}

TEST(MergedParagraphs, ARunOfSpacesAfterASentenceEndSeparatesParagraphs) {
  EXPECT_EQ(pieces("　　香橙的心情也郁闷到了极点。    快中午了，九月的阳光有点刺眼。"),
            (std::vector<std::string>{"　　香橙的心情也郁闷到了极点。",
                                      "快中午了，九月的阳光有点刺眼。"}));
  EXPECT_EQ(pieces("第一时间传来了消息。   “虫子，楚氏集团正在招聘呢。”　　她笑了。"),
            (std::vector<std::string>{"第一时间传来了消息。", "“虫子，楚氏集团正在招聘呢。”",
                                      "她笑了。"}));
}

// A crawl's escaped line breaks (斗破苍穹's chapter files): after a sentence's end the marks go,
// and text after them opens the next paragraph. Elsewhere a backslash is the text's.
TEST(MergedParagraphs, EscapedLineBreaksAfterASentenceEnd) {
  EXPECT_EQ(pieces("　　再教你地阶斗技吧。\\\\这外面人多眼杂。"),
            (std::vector<std::string>{"　　再教你地阶斗技吧。", "这外面人多眼杂。"}));
  EXPECT_EQ(pieces("　　也只会含笑婉拒。\\"), (std::vector<std::string>{"　　也只会含笑婉拒。"}));
  EXPECT_EQ(pieces("　　倒是有些走眼了。\\\\  "),
            (std::vector<std::string>{"　　倒是有些走眼了。"}));
  for (const char* kept : {"路径是C:\\Windows\\system。", "他说：“我走了。\\”", "a\\b"})
    EXPECT_EQ(pieces(kept), std::vector<std::string>{kept});
}

TEST(MergedParagraphs, FourSpacesOrMoreBreakAfterAnything) {
  EXPECT_EQ(pieces("团的少团长，穆力     “你这个混蛋”     “嘭”"),
            (std::vector<std::string>{"团的少团长，穆力", "“你这个混蛋”", "“嘭”"}));
  EXPECT_EQ(pieces("他说道    ，走吧"), (std::vector<std::string>{"他说道    ，走吧"}));
  // Inside a quotation the line closes later, a gap after no sentence's end is speech typed so.
  EXPECT_EQ(
      pieces("李寻欢道：“除了赵老二外，    还有一个人，我要找的就是他！”"),
      (std::vector<std::string>{"李寻欢道：“除了赵老二外，    还有一个人，我要找的就是他！”"}));
  // A quotation that lost its closer, and another after the gap: two paragraphs.
  EXPECT_EQ(pieces("纳兰肃道：“你敢回去，看他敢不敢打断你地     撇了撇嘴，她说：“好。”"),
            (std::vector<std::string>{"纳兰肃道：“你敢回去，看他敢不敢打断你地",
                                      "撇了撇嘴，她说：“好。”"}));
  EXPECT_EQ(pieces("他道：“走吧。    ”她说：“好，     我来了”     “嘭”"),
            (std::vector<std::string>{"他道：“走吧。    ”她说：“好，     我来了”", "“嘭”"}));
}

// A chapter whose paragraphs a crawl joined on one line with their indents ("　　") kept: each
// indent breaks it, after whatever the paragraph before ended with (a colon before a verse, a
// line without its stop); a verse's halves set apart once or twice on a line stay one.
TEST(MergedParagraphs, AChapterJoinedWithItsIndentsBreaksAtEachIndent) {
  const std::string first =
      "　　士隐正痴想，忽见隔壁葫芦庙内寄居的一个穷儒走了出来，此人是湖州人氏，也是诗书仕宦之族，"
      "因他生于末世，父母祖宗根基已尽，人口衰丧，只剩得他一身一口，在家乡无益，因进京求取功名，"
      "再整基业。那道人口内念着几句言词道：";
  EXPECT_EQ(
      pieces(first + "　　世人都晓神仙好，惟有功名忘不了　　士隐听了，"
                     "便迎上来道：“你满口说些什么？”　　那道人笑道：“你若果听见，还算你明白。”"),
      (std::vector<std::string>{first, "世人都晓神仙好，惟有功名忘不了",
                                "士隐听了，便迎上来道：“你满口说些什么？”",
                                "那道人笑道：“你若果听见，还算你明白。”"}));
  // A short line so set is a poem's verses: they stay one line.
  for (const char* line : {"床前明月光，　　疑是地上霜。举头望明月，　　低头思故乡。",
                           "春眠不觉晓，　　处处闻啼鸟，　　夜来风雨声，　　花落知多少。",
                           "　　他说：“走吧，　　我们一起。”"})
    EXPECT_EQ(pieces(line), (std::vector<std::string>{line})) << line;
}

// An indent after a tab (an unseen 雪山飞狐: 千百个念头：\t　　这人曾害死…) breaks as an indent
// does.
// A word set out with spaces (作    者：, an unseen converted book's header line) is no two
// paragraphs: one character is none.
TEST(MergedParagraphs, AWordSetOutWithSpacesIsNoBreak) {
  EXPECT_EQ(pieces("作    者：（日）东野圭吾   著  林青华 译"),
            (std::vector<std::string>{"作    者：（日）东野圭吾   著  林青华 译"}));
}

TEST(MergedParagraphs, AnIndentAfterATabBreaksTheLine) {
  const std::string first =
      "　　霎时之间，他心中转过了千百个念头，想起了父母的大仇，想起了这些年来的种种遭遇，想起了"
      "平阿四的叮嘱，想起了苗若兰的笑容，又想起了雪山之上的那一场大战，心中一片茫然，不知该如何"
      "是好，他心中转过了千百个念头：";
  const std::string second =
      "这人曾害死自己父母，害得自己孤苦伶仃地长大，如今就站在眼前，只要一刀"
      "下去，大仇便可得报，可是他为什么又迟迟不肯动手呢？";
  EXPECT_EQ(pieces(first + "\t　　" + second + "\t　　他抬起头来。\t　　雪又下了起来。"),
            (std::vector<std::string>{first, second, "他抬起头来。", "雪又下了起来。"}));
}

// A speech's colon, a paragraph's indent and its quotation (an unseen 城南旧事: …我笑了： 　　“妈，
// 是傻丫头…” came out as one paragraph, the indent inside it): two paragraphs. A colon and an
// indent before words that are no quotation stay, as a line of verse's halves would.
TEST(MergedParagraphs, AnIndentBetweenASpeechsColonAndItsQuotationBreaksTheLine) {
  EXPECT_EQ(pieces("但是，我笑了： 　　“妈，是傻丫头，傻。”说完我赶快跑走了。"),
            (std::vector<std::string>{"但是，我笑了：", "“妈，是傻丫头，傻。”说完我赶快跑走了。"}));
  EXPECT_EQ(pieces("有诗为证：　　床前明月光。"),
            (std::vector<std::string>{"有诗为证：　　床前明月光。"}));
}

// A paragraph may open with an ellipsis or a dash after a sentence's end and a paragraph's gap
// (an unseen 牧神记 crawl: “你比公子大一岁呢！”    ……, …刺下！    ————第二更！); after a
// comma, or in a short gap, the marks go on with the sentence.
TEST(MergedParagraphs, AParagraphMayOpenWithAnEllipsisOrADash) {
  EXPECT_EQ(pieces("“你比公子大一岁呢！”    ……"),
            (std::vector<std::string>{"“你比公子大一岁呢！”", "……"}));
  EXPECT_EQ(pieces("秦牧一剑刺下！    ————第二更！晚上还有三更！"),
            (std::vector<std::string>{"秦牧一剑刺下！", "————第二更！晚上还有三更！"}));
  for (const char* line : {"他说，    ……算了。", "他走了。  ……又回来了。"})
    EXPECT_EQ(pieces(line), (std::vector<std::string>{line})) << line;
}

TEST(MergedParagraphs, APaddedNameInsideASentenceStays) {
  for (const char* line : {"感谢亲   诅咒家族    的红包！", "感谢亲    诅咒家族  的红包！",
                           "感谢    86296900   的打赏"}) {
    EXPECT_EQ(pieces(line), (std::vector<std::string>{line})) << line;
  }
}

TEST(MergedParagraphs, SpacesInsideASentenceStay) {
  for (const char* line :
       {"　　第162章 妈", "他说：“走吧，  我们一起。”", "床前明月光，　　疑是地上霜。",
        "He said. And then he left.", "1997年 6月 30日。", "好。    ，", "　　只有一段。   ",
        "关平大败！” 言未毕，忽报徐晃兵至。"})
    EXPECT_EQ(pieces(line), (std::vector<std::string>{line})) << line;
}

TEST(MergedParagraphs, NothingIsLost) {
  std::string line = "　　甲。  乙！　　“丙？”   丁……  戊——  己";
  auto parts = split_merged_paragraphs(line);
  EXPECT_EQ(parts.size(), 6u);
  std::string joined;
  for (std::string_view p : parts) joined += p;
  std::string without;
  for (std::string_view p : {"　　甲。", "乙！", "“丙？”", "丁……", "戊——", "己"}) without += p;
  EXPECT_EQ(joined, without);
}

}  // namespace
}  // namespace novelbind
