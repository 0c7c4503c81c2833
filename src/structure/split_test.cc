#include "structure/split.h"

#include <gtest/gtest.h>

#include "base/test_util.h"
#include "base/utf8.h"

namespace novelbind {
namespace {

std::vector<Chapter> split(const std::string& text, const std::string& pattern = "") {
  SourceText source;
  source.path = "book/001.txt";
  source.text = text;
  source.index = 3;
  ChaptersConfig config;
  config.heading = pattern;
  auto headings = HeadingRecognizer::create(config);
  EXPECT_TRUE(headings.ok());
  return split_chapters(source, *headings);
}

using Texts = std::vector<std::string>;

TEST(SplitTest, FileWithoutHeadingsIsOneUntitledChapter) {
  auto chapters = split("第一段。\n\n第二段。\n");
  ASSERT_EQ(chapters.size(), 1u);
  EXPECT_EQ(chapters[0].title, "");
  EXPECT_FALSE(chapters[0].front_matter);
  EXPECT_EQ(test::paragraph_texts(chapters[0]), (Texts{"第一段。", "第二段。"}));
  EXPECT_EQ(chapters[0].paragraphs[1].line, 3);
  EXPECT_EQ(chapters[0].sources, Texts{"book/001.txt"});
  EXPECT_EQ(chapters[0].source_index, 3);
}

// A chapter titled by its file's name (a line-0 heading) whose page still opens with the site's
// frame repeating its number, under the last page's footer: the frame goes, the story stays.
TEST(SplitTest, AFrameRepeatingTheNumberOfAHeadingFromTheFileNameGoes) {
  SourceText source;
  source.path = "book/0002 第二回 故人之子.txt";
  source.text =
      "------------\nLast Updated: 1996\n=====《神雕侠侣》第二回=====\n武三娘正没做理会处。\n"
      "=====《神雕侠侣》第三回=====\n";
  FileStructure structure;
  LineDecision name;
  name.line = 0;
  name.number = 2;
  name.text = "第二回 故人之子";
  structure.lines.push_back(name);
  auto chapters = split_chapters(source, structure);
  ASSERT_EQ(chapters.size(), 1u);
  EXPECT_EQ(chapters[0].title, "第二回 故人之子");
  EXPECT_EQ(test::paragraph_texts(chapters[0]),
            (Texts{"------------", "Last Updated: 1996", "武三娘正没做理会处。",
                   "=====《神雕侠侣》第三回====="}));  // another number: not this page's frame
  ASSERT_FALSE(chapters[0].repairs.empty());
  EXPECT_EQ(chapters[0].repairs[0].rule, "heading_echo");
  EXPECT_EQ(chapters[0].repairs[0].line, 3);
}

// The book's first file, titled by its name, opening with the book's title and blurb above the
// same heading: those lines are the book's front (as above a one-file book's first heading),
// the chapter starts at its heading. Without a line that names the book above, in a later file,
// or under another heading, the text stays the chapter's.
TEST(SplitTest, TheBooksFrontAboveTheFirstFilesOwnHeading) {
  auto split_named = [](const std::string& text, int index, const std::string& name) {
    SourceText source;
    source.path = "book/0001 1.失业.txt";
    source.text = text;
    source.index = index;
    FileStructure structure;
    for (auto [line, heading] : {std::pair{0, name}, {4, std::string("1.失业")}}) {
      LineDecision d;
      d.line = line;
      d.role = LineRole::kChapter;
      d.number = 1;
      d.text = heading;
      structure.lines.push_back(d);
    }
    return split_chapters(source, structure);
  };
  const std::string front = "《极品宝贝无敌妻》\n\n“我要你做我的私人秘书……”楚飞扬的身子前倾。\n";
  const std::string chapter = "1.失业\n香橙失业了。\n";
  auto chapters = split_named(front + chapter, 0, "1.失业");
  ASSERT_EQ(chapters.size(), 2u);
  EXPECT_TRUE(chapters[0].front_matter);
  EXPECT_EQ(chapters[0].paragraphs.size(), 2u);
  EXPECT_EQ(chapters[1].title, "1.失业");
  EXPECT_EQ(test::paragraph_texts(chapters[1]), (Texts{"香橙失业了。"}));
  // The chapter's first page, its heading over the second: the page stays the chapter's.
  chapters = split_named("香橙走了。\n\n她又回来了。\n" + chapter, 0, "1.失业");
  ASSERT_EQ(chapters.size(), 2u);
  EXPECT_FALSE(chapters[0].front_matter);
  EXPECT_EQ(chapters[0].title, "1.失业");
  // A later file, or a name of another heading: the same.
  for (auto [index, name] : {std::pair{1, std::string("1.失业")}, {0, std::string("2.回家")}}) {
    chapters = split_named(front + chapter, index, name);
    ASSERT_EQ(chapters.size(), 2u);
    EXPECT_FALSE(chapters[0].front_matter) << index << name;
  }
}

// A short line that is a heading glued to a sentence of story after a run of spaces: the
// heading opens the chapter, the sentence is its first paragraph.
// A heading that ends in the author's plea with its own exclamation mark (第5章 …（求订阅！）) is a
// heading, not a sentence of story: an unseen 起点-style download lost its 5th chapter into the
// 4th, and the table of contents with it.
TEST(SplitTest, AHeadingEndingInAPleaWithAnExclamationMarkOpensAChapter) {
  auto headings = HeadingRecognizer::create(ChaptersConfig{});
  ASSERT_TRUE(headings.ok());
  SourceText source;
  source.path = "book.txt";
  for (int n = 1; n <= 6; ++n) {
    source.text += "第" + std::to_string(n) + "章 发矫诏诸镇应曹公 破关兵三英战吕布" +
                   (n == 5   ? "（求订阅！）"
                    : n == 3 ? "（感谢“江东鼠辈”的打赏！）"
                             : "") +
                   "\n　　却说曹操引兵至荥阳，天色已晚，众军皆饥。\n";
  }
  std::vector<Chapter> chapters = split_chapters(source, *headings);
  ASSERT_EQ(chapters.size(), 6u);
  EXPECT_EQ(chapters[4].title, "第5章 发矫诏诸镇应曹公 破关兵三英战吕布");
  EXPECT_EQ(chapters[2].title, "第3章 发矫诏诸镇应曹公 破关兵三英战吕布");
}

TEST(SplitTest, AShortHeadingGluedToASentenceIsCutApart) {
  SourceText source;
  source.path = "book/0021.txt";
  source.text = "21.没有预约　　徐美惠终于高兴的收了电话，然后还热情地笑了。\n他走了。\n";
  FileStructure structure;
  LineDecision d;
  d.line = 1;
  d.number = 21;
  structure.lines.push_back(d);
  auto chapters = split_chapters(source, structure);
  ASSERT_EQ(chapters.size(), 1u);
  EXPECT_EQ(chapters[0].title, "21.没有预约");
  EXPECT_EQ(test::paragraph_texts(chapters[0]),
            (Texts{"徐美惠终于高兴的收了电话，然后还热情地笑了。", "他走了。"}));
}

// A crawl that ran each chapter's paragraphs together on one line, and one heading into the
// chapter before's line (an unseen 元尊): the paragraphs before it end that chapter, the heading
// opens its own, and the paragraphs after it are its text.
TEST(SplitTest, AHeadingInsideALineOfParagraphsRunTogetherOpensItsChapter) {
  const std::string body =
      "他说完便走了，留下众人面面相觑，谁也不知道该说什么好。　　窗外的风越来越大，吹得门窗吱呀作响"
      "。";
  std::string text = "第一章 蟒雀吞龙\n\n" + body + "\n\n第二章 源纹\n\n" + body +
                     "\n\n第三章 苏幼微\n\n" + body +
                     "　　“好，我等你！”　　第四章  "
                     "源纹的力量　　大周府，演武场。　　众人都到了。\n\n第五章 试炼\n\n" +
                     body + "\n";
  auto chapters = split(text);
  ASSERT_EQ(chapters.size(), 5u);
  EXPECT_EQ(chapters[3].title, "第四章  源纹的力量");
  EXPECT_EQ(test::paragraph_texts(chapters[3]), (Texts{"大周府，演武场。", "众人都到了。"}));
  EXPECT_EQ(test::paragraph_texts(chapters[2]).back(), "“好，我等你！”");
}

// The heading echoed without its spaces, as a crawl repeats `## 第9章 柳老师，你一定很想……` under
// it: the echo reads as a sentence (a comma, an ellipsis), so no heading shape takes it; it goes
// all the same, where an echo stands. The same line further down is story.
// The heading echoed under the site's own number (## 第九十九章 极品与公主, 第101章极品与公主).
TEST(SplitTest, AHeadingEchoedUnderAnotherNumberGoes) {
  std::string text;
  for (int n = 1; n <= 4; ++n)
    text += "## 第" + std::to_string(n) + "章 极品与公主" + std::to_string(n) + "\n\n　　第" +
            std::to_string(n + 2) + "章极品与公主" + std::to_string(n) + "\n\n　　他走了。\n\n";
  auto chapters = split(text);
  ASSERT_EQ(chapters.size(), 4u);
  for (const Chapter& c : chapters) EXPECT_EQ(test::paragraph_texts(c), (Texts{"　　他走了。"}));
}

// The heading echoed with the site's note of what the chapter is (（大结局）), twice over.
TEST(SplitTest, AHeadingEchoedWithANoteInBracketsGoes) {
  std::string text;
  for (int n = 1; n <= 4; ++n)
    text += "## 第" + std::to_string(n) + "章 结束，也是开始" + std::to_string(n) + "\n\n　　第" +
            std::to_string(n) + "章结束，也是开始" + std::to_string(n) + "（大结局）\n\n　　第" +
            std::to_string(n) + "章结束，也是开始" + std::to_string(n) +
            "（大结局）\n\n　　他走了。\n\n";
  auto chapters = split(text);
  ASSERT_EQ(chapters.size(), 4u);
  for (const Chapter& c : chapters) EXPECT_EQ(test::paragraph_texts(c), (Texts{"　　他走了。"}));
}

TEST(SplitTest, AHeadingEchoedWithoutItsSpacesGoes) {
  std::string text;
  for (int n = 1; n <= 4; ++n) {
    std::string title = n == 2 ? "柳老师，你一定很想……" : "第" + std::to_string(n) + "日";
    std::string heading = "第" + std::to_string(n) + "章 " + title;
    std::string echo = "第" + std::to_string(n) + "章" + title;
    text += "## " + heading + "\n\n　　" + echo + "\n\n　　老马最近被他的新雇主迷得死去活来。\n\n";
    if (n == 2) text += "　　她今年二十五岁。\n\n　　他走了。\n\n　　" + echo + "\n\n";
  }
  auto chapters = split(text);
  ASSERT_EQ(chapters.size(), 4u);
  EXPECT_EQ(chapters[1].title, "第2章 柳老师，你一定很想……");
  EXPECT_EQ(test::paragraph_texts(chapters[1]),
            (Texts{"　　老马最近被他的新雇主迷得死去活来。", "　　她今年二十五岁。", "　　他走了。",
                   "　　第2章柳老师，你一定很想……"}));
  ASSERT_EQ(chapters[1].repairs.size(), 2u);
  EXPECT_EQ(chapters[1].repairs[1].rule, "heading_echo");
  EXPECT_EQ(chapters[1].repairs[1].before, "第2章柳老师，你一定很想……");
}

// A page that repeats the chapter's title without its number under the heading (第一章 风起青萍,
// then 风起青萍): the title line goes; the same words later in the chapter, or a line that only
// ends with them, stay.
TEST(SplitTest, TheTitleRepeatedWithoutItsNumberGoes) {
  const std::string kStory = "他走了很远的路，终于到了山门之前，回头望去，来路已在云雾之中。";
  std::string text;
  const char* titles[] = {"风起青萍", "初入江湖", "夜雨孤灯"};
  for (int n = 0; n < 3; ++n) {
    std::string title = titles[n];
    text += "第" + std::to_string(n + 1) + "章 " + title + "\n" + title + "\n" + kStory + "\n" +
            kStory + "\n" + kStory + "\n" + title + "\n";
  }
  text += "第4章 青萍\n起青萍\n他回来了。\n";
  auto chapters = split(text);
  ASSERT_EQ(chapters.size(), 4u);
  for (int n = 0; n < 3; ++n) {
    EXPECT_EQ(test::paragraph_texts(chapters[n]), (Texts{kStory, kStory, kStory, titles[n]}));
    ASSERT_EQ(chapters[n].repairs.size(), 1u);
    EXPECT_EQ(chapters[n].repairs[0].rule, "heading_echo");
  }
  EXPECT_EQ(test::paragraph_texts(chapters[3]), (Texts{"起青萍", "他回来了。"}));
}

// A page's frame that names the next heading's number, with a blank line after each line as a
// crawl that writes paragraphs so sets it: the heading is as close in lines of text.
TEST(SplitTest, AFrameOverTheNextHeadingWithBlankLinesBetweenGoes) {
  std::string text;
  for (int n = 1; n <= 3; ++n) {
    std::string numeral = n == 1 ? "一" : n == 2 ? "二" : "三";
    text += "　　=====《神雕侠侣》第" + numeral + "回=====\n\n　　返回目录\n\n## 第" + numeral +
            "回 风月无情\n\n　　武三娘正没做理会处，忽听得丈夫叫唤，又喜又恼。\n\n";
  }
  auto chapters = split(text);
  ASSERT_EQ(chapters.size(), 4u);  // the front, then three chapters
  for (const Chapter& c : chapters)
    for (const Paragraph& p : c.paragraphs)
      EXPECT_EQ(p.text.find("====="), std::string::npos) << p.text;
}

// After the end mark, the back matter's heading in Markdown (## 释名) heads the prose that
// follows, its echo on the next line going as the echo of any heading.
TEST(SplitTest, AMarkdownHeadingAfterTheEndMarkAndItsEcho) {
  std::string text;
  for (int n = 1; n <= 3; ++n)
    text += "## 第" + std::to_string(n) +
            "回 "
            "风月无情\n\n　　他走到窗前，看着远处的山峦，久久没有说话。夜色渐深，屋里的灯火一盏盏熄"
            "灭了。\n\n";
  text += "　　（全书完）\n\n　　天龙八部\n\n## 释名\n\n　　释名\n\n";
  for (int k = 1; k <= 6; ++k)
    text +=
        "　　“天龙八部”这名词出于佛经。许多大乘佛经叙述佛向诸菩萨、比丘等说法时，常有天龙八部参与听"
        "法，第" +
        std::to_string(k) + "部。\n\n";
  auto chapters = split(text);
  ASSERT_EQ(chapters.size(), 4u);
  EXPECT_EQ(chapters[3].heading, "## 释名");  // (the cleaning takes the mark off the title)
  ASSERT_EQ(chapters[3].paragraphs.size(), 6u);
  EXPECT_NE(chapters[3].paragraphs[0].text.find("这名词出于佛经"), std::string::npos);
}

// Headings wrapped in brackets (【1.失业】), each echoed without them and glued to its chapter's
// first paragraph (1.失业　　香橙失业了…; 极品宝贝无敌妻's chapters, shortened), a note inside the
// brackets too (【6.走错门了（二更）】): the echo goes, the paragraph stays. (The whole line went,
// story and all.)
TEST(SplitTest, AnEchoWithoutTheHeadingsBracketsKeepsTheParagraphGluedToIt) {
  const std::string text = R"(【1.失业】

　　1.失业　　香橙失业了，她没想到，她堂堂A大的本科生，竟然输给了一个只有

　　论姿色，她香橙绝对算的上美女，这没办法，谁让她妈徐美惠的基因

　　可是，就是这样，那狗屁公司竟然最后选择让她离开，究其原因就是

【2.走为上策】

　　2.走为上策　　香橙不由得认命的闭了闭眼睛，刚才慌乱之中都没注意，自己蹦上的

　　就这样对峙了几分钟，那黑狗终于觉得无聊了，恶狠狠的瞪了一眼车

　　香橙终于松了一口气，衣服都被汗水浸湿了，已经是初秋了，那小风

【3.人比人得死】

　　3.人比人得死　　香橙窝在沙发上，一边讲电话，一边翻看着招聘信息。   “虫子

　　“鸟人，你说话可是越来越有学问了啊。”香橙忍不住啧啧了两声，

　　“你忘了？我男朋友的一个亲戚在那里当保安吗？”

【4.楚飞扬】

　　4.楚飞扬　　楚氏大厦门口，一辆黑色的兰博基尼停了下来，驾驶室的门一开，高

　　“将车子修一下。”楚飞扬将钥匙扔了过去，顺带着还有一叠钞票，

　　“谢总裁。”保安忙不迭的道谢，虽然人家是老总，可是，从不白指

【5.有招聘】

　　5.有招聘　　因为鸟类的男朋友的亲戚一早就帮香橙拿了报名表递了上去，而且和

　　其实，从香橙走进楚氏大厦的时候，她的嘴巴就一直呈现“o”型，

　　香橙咂舌，要是哪天楚氏集团登报招聘的话，会有多少人报名呢？

【6.走错门了（二更）】

　　6.走错门了（二更）　　良久，楚飞扬终于抬步走出了电梯。 董一卓终于松了一口气，甩了

　　原本只是个小小的招聘，费明君做梦也没想到总裁会来，气氛顿时变

　　香橙是被排在了第七个面试，她推门进去没敢抬眼，只是微微的给坐
)";
  auto chapters = split(text);
  ASSERT_EQ(chapters.size(), 6u);
  for (const Chapter& c : chapters) {
    // (3.人比人得死's first line holds two paragraphs run together: four.)
    ASSERT_EQ(c.paragraphs.size(), c.title.starts_with("【3.") ? 4u : 3u) << c.title;
    std::string_view first = utf8::trim(c.paragraphs[0].text);
    EXPECT_TRUE(first.starts_with("香橙") || first.starts_with("楚氏") ||
                first.starts_with("因为") || first.starts_with("良久"))
        << first;
  }
}

// A mobile page's breadcrumb glued before the chapter's heading, itself glued to the first
// sentence (an unseen crawl of 圣墟: 圣墟正文卷第六章石盒夜晚，…): both go, the sentence stays.
// A sentence that names another chapter's heading is the story's.
TEST(SplitTest, ABreadcrumbAndTheHeadingGluedToTheFirstSentenceGo) {
  auto chapters = split(
      "第五章 花开\n\n花开了，楚风看了很久。\n\n第六章 石盒\n\n"
      "圣墟正文卷第六章石盒夜晚，帐篷中原本很静，突兀的声响划破安宁。\n\n楚风的手僵在那里。\n\n"
      "第七章 夜行\n\n他想起第五章花开时的事，又看了一眼石盒。\n");
  ASSERT_EQ(chapters.size(), 3u);
  EXPECT_EQ(test::paragraph_texts(chapters[1]),
            (Texts{"夜晚，帐篷中原本很静，突兀的声响划破安宁。", "楚风的手僵在那里。"}));
  ASSERT_FALSE(chapters[1].repairs.empty());
  EXPECT_EQ(chapters[1].repairs[0].rule, "heading_echo");
  EXPECT_EQ(test::paragraph_texts(chapters[2]),
            (Texts{"他想起第五章花开时的事，又看了一眼石盒。"}));
}

TEST(SplitTest, EmptyFileHasNoChapter) {
  EXPECT_TRUE(split("").empty());
  EXPECT_TRUE(split("\n\n　　\n").empty());
}

TEST(SplitTest, SplitsAtHeadingsAndKeepsTheirText) {
  auto chapters = split("第1章 宴桃园\n甲。\n乙。\n第二章：破黄巾\n丙。\n");
  ASSERT_EQ(chapters.size(), 2u);
  EXPECT_EQ(chapters[0].title, "第1章 宴桃园");
  EXPECT_EQ(chapters[0].heading, "第1章 宴桃园");
  EXPECT_EQ(chapters[0].number, 1);
  EXPECT_EQ(chapters[0].heading_line, 1);
  EXPECT_EQ(test::paragraph_texts(chapters[0]),
            (Texts{"甲。", "乙。"}));  // the heading is no paragraph
  EXPECT_EQ(chapters[1].title, "第二章：破黄巾");
  EXPECT_EQ(chapters[1].number, 2);
  EXPECT_EQ(chapters[1].heading_line, 4);
  EXPECT_EQ(chapters[1].part, 1);
  EXPECT_EQ(test::paragraph_texts(chapters[1]), Texts{"丙。"});
}

TEST(SplitTest, IndentedHeadingIsTrimmedInTheTitle) {
  auto chapters = split("　　第一章　風起  \n甲。\n");
  ASSERT_EQ(chapters.size(), 1u);
  EXPECT_EQ(chapters[0].title, "第一章　風起");
}

TEST(SplitTest, TextBeforeTheFirstHeadingIsAFrontSection) {
  auto chapters = split("書名：三國\n作者：羅貫中\n第一章 桃園\n甲。\n");
  ASSERT_EQ(chapters.size(), 2u);
  EXPECT_TRUE(chapters[0].front_matter);
  EXPECT_EQ(chapters[0].title, "前言");
  EXPECT_EQ(test::paragraph_texts(chapters[0]), (Texts{"書名：三國", "作者：羅貫中"}));
  EXPECT_FALSE(chapters[1].front_matter);
  EXPECT_EQ(chapters[1].part, 1);
}

TEST(SplitTest, VolumesNameTheirChapters) {
  auto chapters = split(
      "第一卷 潛龍\n第一章 甲\n一。\n第二章 乙\n二。\n第二卷 飛龍\n卷首語。\n第三章 丙\n三。\n");
  ASSERT_EQ(chapters.size(), 4u);
  EXPECT_EQ(chapters[0].volume, "第一卷 潛龍");
  EXPECT_EQ(chapters[1].volume, "第一卷 潛龍");
  // Text under a volume heading before its first chapter is the volume's own section.
  EXPECT_EQ(chapters[2].title, "第二卷 飛龍");
  EXPECT_EQ(chapters[2].volume, "第二卷 飛龍");
  EXPECT_EQ(test::paragraph_texts(chapters[2]), Texts{"卷首語。"});
  EXPECT_EQ(chapters[3].title, "第三章 丙");
  EXPECT_EQ(chapters[3].volume, "第二卷 飛龍");
  for (const Chapter& c : chapters) EXPECT_FALSE(c.front_matter);
}

TEST(SplitTest, VolumeAndChapterOnOneLine) {
  auto chapters = split("第一卷 潛龍 第一章 少年\n一。\n");
  ASSERT_EQ(chapters.size(), 1u);
  EXPECT_EQ(chapters[0].volume, "第一卷 潛龍");
  EXPECT_EQ(chapters[0].title, "第一章 少年");
  EXPECT_EQ(chapters[0].number, 1);
}

TEST(SplitTest, StoryLinesThatLookLikeHeadingsStayParagraphs) {
  auto chapters =
      split("第一章 出發\n第二天一早，他就出發了。\n第九部隊衝了上來\n第三個人說：「走。」\n");
  ASSERT_EQ(chapters.size(), 1u);
  EXPECT_EQ(chapters[0].paragraphs.size(), 3u);
}

TEST(SplitTest, UserPattern) {
  auto chapters = split("【一】\n甲。\n第二章 乙\n乙。\n【二】\n丙。\n", "^【(.+)】$");
  ASSERT_EQ(chapters.size(), 2u);
  EXPECT_EQ(chapters[0].number, 1);
  EXPECT_EQ(test::paragraph_texts(chapters[0]), (Texts{"甲。", "第二章 乙", "乙。"}));
  EXPECT_EQ(chapters[1].number, 2);
}

}  // namespace
}  // namespace novelbind
