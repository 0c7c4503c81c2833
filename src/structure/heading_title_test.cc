#include "structure/heading_title.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

// A run of spaces a page set between the heading's number and its title (an unseen SF轻小说
// crawl: # 第2章       未曾知道镜子里的另一面) is one space; two stay as written.
TEST(HeadingTitle, ARunOfSpacesIsOneSpace) {
  EXPECT_EQ(tidy_heading_title("第2章       未曾知道镜子里的另一面"),
            "第2章 未曾知道镜子里的另一面");
  EXPECT_EQ(tidy_heading_title("第二回  英雄憤怒打張宏"), "第二回  英雄憤怒打張宏");
}

// A downloader that joins chapter files heads each with its file's name: the extension is no
// part of the title.
TEST(HeadingTitle, AFilesExtensionAfterATitleGoes) {
  EXPECT_EQ(tidy_heading_title("第1章 宴桃园豪杰三结义.txt"), "第1章 宴桃园豪杰三结义");
  EXPECT_EQ(tidy_heading_title("【第2章 张翼德怒鞭督邮.txt】"), "第2章 张翼德怒鞭督邮");
  EXPECT_EQ(tidy_heading_title("第3章 再见.TXT"), "第3章 再见");
  EXPECT_EQ(tidy_heading_title("第4章 .txt"), "第4章");
}

// A heading wrapped whole in brackets: the page's decoration, as a frame is (the title kept
// them). Brackets around a part of it, or two pairs, stay; so do brackets around a line that
// is no numbered heading.
TEST(HeadingTitle, BracketsAroundAWholeHeadingGo) {
  EXPECT_EQ(tidy_heading_title("【第一回 宴桃园豪杰三结义 斩黄巾英雄首立功】"),
            "第一回 宴桃园豪杰三结义 斩黄巾英雄首立功");
  EXPECT_EQ(tidy_heading_title("[第1章 风起]"), "第1章 风起");
  EXPECT_EQ(tidy_heading_title("〖第十二章 归来〗"), "第十二章 归来");
  EXPECT_EQ(tidy_heading_title("第3章 【番外】归来"), "第3章 【番外】归来");
  EXPECT_EQ(tidy_heading_title("【第一章】【风起】"), "【第一章】【风起】");
  EXPECT_EQ(tidy_heading_title("【系统提示】"), "【系统提示】");
}

// A site's stamp after a heading, set apart by a space, without brackets: the update's time and
// size, or the site's address. They stayed in the titles and the contents. A title's own words
// (字数不多) and an address inside the title stay.
TEST(HeadingTitle, ASitesStampAfterTheHeadingGoes) {
  EXPECT_EQ(tidy_heading_title("第31章 曹操仓亭破本初 更新时间：2015-03-02 12:00:00 字数：3021"),
            "第31章 曹操仓亭破本初");
  EXPECT_EQ(tidy_heading_title("第32章 夺冀州 字数：3021"), "第32章 夺冀州");
  EXPECT_EQ(tidy_heading_title("第33章 郭嘉遗计 更新时间2015-3-3 12:00:00"), "第33章 郭嘉遗计");
  EXPECT_EQ(tidy_heading_title("第34章 曹丕纳甄氏 www.biquge.com"), "第34章 曹丕纳甄氏");
  EXPECT_EQ(tidy_heading_title("第35章 字数不多"), "第35章 字数不多");
  EXPECT_EQ(tidy_heading_title("第36章 登录www.game.com的那一天"),
            "第36章 登录www.game.com的那一天");
}

TEST(HeadingTitle, TheBooksNameBeforeAHeadingGoes) {
  EXPECT_EQ(tidy_heading_title("彭公案 第二回  英雄憤怒打張宏"), "第二回  英雄憤怒打張宏");
  EXPECT_EQ(tidy_heading_title("《仙逆》第三章 明天"), "第三章 明天");
  EXPECT_EQ(tidy_heading_title("第三章 明天"), "第三章 明天");
}

TEST(HeadingTitle, ASitesSectionWordBeforeAHeadingGoes) {
  EXPECT_EQ(tidy_heading_title("正文 1.失业"), "1.失业");
  EXPECT_EQ(tidy_heading_title("正文 第一章 风起"), "第一章 风起");
  EXPECT_EQ(tidy_heading_title("VIP章节 第12章 夜雨"), "第12章 夜雨");
  EXPECT_EQ(tidy_heading_title("正文卷 第三章 归来"), "第三章 归来");
  // Not before a heading: the word is the title's own.
  EXPECT_EQ(tidy_heading_title("正文"), "正文");
  EXPECT_EQ(tidy_heading_title("正文之后的故事"), "正文之后的故事");
}

// An ornament before a numbered heading (a jjwxc download's ☆、第1章) is no part of the title;
// before a title alone it is the heading's mark, and stays.
TEST(HeadingTitle, AnOrnamentBeforeANumberedHeadingGoes) {
  EXPECT_EQ(tidy_heading_title("☆、第1章 风起青萍"), "第1章 风起青萍");
  EXPECT_EQ(tidy_heading_title("★、第十二章 归来"), "第十二章 归来");
  // Before a title alone (the chapters a jjwxc download left unnumbered), it goes too; a mark
  // alone goes only with a space after it.
  EXPECT_EQ(tidy_heading_title("☆、雪夜"), "雪夜");
  EXPECT_EQ(tidy_heading_title("★、天官赐福"), "天官赐福");
  EXPECT_EQ(tidy_heading_title("◆ 雪夜"), "雪夜");
  EXPECT_EQ(tidy_heading_title("○五年的雪"), "○五年的雪");
}

TEST(HeadingTitle, SiteAdditionsGoTheAuthorsBracketsStay) {
  EXPECT_EQ(tidy_heading_title("第2040章 不宣于口！(www.zhuaji.org)"), "第2040章 不宣于口！");
  EXPECT_EQ(tidy_heading_title("第三十三章 回营【求收藏，求推荐！】"), "第三十三章 回营");
  EXPECT_EQ(tidy_heading_title("222.就是不想结婚(2121字)"), "222.就是不想结婚");
  EXPECT_EQ(tidy_heading_title("329.幸福在这一瞬间定格(7千字)(7290字)"), "329.幸福在这一瞬间定格");
  EXPECT_EQ(tidy_heading_title("第十二回 蓦然回首（全书完）"), "第十二回 蓦然回首（全书完）");
  EXPECT_EQ(tidy_heading_title("第一章 正传：黑月之潮（上）"), "第一章 正传：黑月之潮（上）");
  EXPECT_EQ(tidy_heading_title("第五章 三千字"), "第五章 三千字");
  EXPECT_EQ(tidy_heading_title("第三十六章 麻烦【请大家收藏！】"), "第三十六章 麻烦");
  EXPECT_EQ(tidy_heading_title("第三章 (3)"), "第三章 (3)");
  EXPECT_EQ(tidy_heading_title("01# 第 1 章 情小妹"), "第 1 章 情小妹");
  EXPECT_EQ(tidy_heading_title("01# 雪夜"), "01# 雪夜");
  // A note on the update: the serial's, not the title's.
  for (const char* note :
       {"【二更】", "（加更）", "(第三更)", "（3更）", "【爆更，求月票！】", "（双更求推荐）"})
    EXPECT_EQ(tidy_heading_title(std::string("八　虎啸龙吟") + note), "八　虎啸龙吟") << note;
  for (const char* kept :
       {"第九章 变更", "第九章 三更半夜", "第九章 风雨（更）", "第九章 决战（更深）"})
    EXPECT_EQ(tidy_heading_title(kept), kept);
  // A group that is the whole title after the number stays unless surely the site's (an unseen
  // 超维观测日志's in-game announcement, once cut to 第64章); a vote plea still goes.
  EXPECT_EQ(tidy_heading_title("第64章 【《奇幻世界》1.2.0更新预告：】"),
            "第64章 【《奇幻世界》1.2.0更新预告：】");
  EXPECT_EQ(tidy_heading_title("第12章 【系统更新完毕】"), "第12章 【系统更新完毕】");
  EXPECT_EQ(tidy_heading_title("第12章 （求月票）"), "第12章");
  EXPECT_EQ(tidy_heading_title("第12章 (www.zhuaji.org)"), "第12章");
}

// What the author says to the readers at a heading's end: a plea, thanks for support, an update
// dedicated to one, a long chapter's size, two chapters made one (an unseen 起点-style download's
// headings kept them all in the table of contents). Words of the title's own stay.
TEST(HeadingTitle, TheAuthorsWordsToTheReadersAreNoPartOfTheTitle) {
  for (const char* note :
       {"（求订阅！）", "【求订阅！】", "(求订阅!)", "（求订阅）", "（感谢盟主！）",
        "（感谢“江东鼠辈”的打赏！）", "（为盟主“江东鼠辈”加更）", "（五千字！）", "(4000字大章)",
        "（二合一）", " 求收藏求推荐", "　求首订"})
    EXPECT_EQ(tidy_heading_title(std::string("第5章 发矫诏诸镇应曹公") + note),
              "第5章 发矫诏诸镇应曹公")
        << note;
  for (const char* kept : {"第5章 意外（求婚）", "第5章 再见（谢谢你）", "第5章 求生 求死",
                           "第5章 武林（盟主）", "第5章 求票"})
    EXPECT_EQ(tidy_heading_title(kept), kept);
}

// The name a crawl put before most headings is the book's; a name before one heading is not.
TEST(HeadingTitle, TheNameBeforeMostHeadings) {
  std::vector<Chapter> chapters(5);
  const char* headings[] = {"红楼梦 第一回 甄士隐梦幻识通灵", "红楼梦 第二回 贾夫人仙逝扬州城",
                            "《红楼梦》第三回 托内兄如海荐西宾", "第四回 薄命女偏逢薄命郎", ""};
  for (size_t i = 0; i < chapters.size(); ++i) chapters[i].heading = headings[i];
  EXPECT_EQ(repeated_heading_name(chapters), "红楼梦");
  chapters[1].heading = "第二回 贾夫人仙逝扬州城";
  EXPECT_EQ(repeated_heading_name(chapters), "");
}

TEST(HeadingTitle, MarkdownsHeadingMarkIsNoPartOfTheTitle) {
  EXPECT_EQ(tidy_heading_title("## 第1章 黑缎缠目"), "第1章 黑缎缠目");
  EXPECT_EQ(tidy_heading_title("# 第一百章 史莱克学院VS炽火学院（全）"),
            "第一百章 史莱克学院VS炽火学院（全）");
  // A section's heading of the same markup (the structure took the line for a heading).
  EXPECT_EQ(tidy_heading_title("## 上架感言"), "上架感言");
  // Not a mark: no space after it.
  EXPECT_EQ(tidy_heading_title("#第1章 黑缎缠目"), "#第1章 黑缎缠目");
}

}  // namespace
}  // namespace novelbind
