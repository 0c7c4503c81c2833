#include "clean/rule_html.h"

#include <gtest/gtest.h>

#include "clean/rule_test_util.h"

namespace novelbind {

using test::run_line;

TEST(Html, ReferencesBecomeCharacters) {
  HtmlRule rule;
  EXPECT_EQ(run_line(rule, "回到古代&#8212;&#8212;太荒唐了吧"), "回到古代——太荒唐了吧");
  EXPECT_EQ(run_line(rule, "&#x2014;好&nbsp;吧&amp;"), "—好\u00A0吧&");
  EXPECT_EQ(run_line(rule, "&#22221;"), "\u56CD");
  // The accented vowels of the pinyin a site censors words in (an unseen 完美世界:
  // 金s&egrave;鳞片).
  EXPECT_EQ(run_line(rule, "金s&egrave;鳞片，昨r&igrave;深夜"), "金sè鳞片，昨rì深夜");
  // Not references: left as written.
  for (const char* line : {"AT&T 的股票", "&#0;", "&unknown;", "a & b;"})
    EXPECT_EQ(run_line(rule, line), line);
}

TEST(Html, AReferenceEscapedAgainIsUndoneAsOftenAsItWasDone) {
  HtmlRule rule;
  EXPECT_EQ(run_line(rule, "影星汤姆&amp;amp;#8226；克鲁斯"), "影星汤姆•克鲁斯");
  EXPECT_EQ(run_line(rule, "谢天谢地了。&amp;#8226;"), "谢天谢地了。•");
  EXPECT_EQ(run_line(rule, "AT&amp;amp;T"), "AT&T");
  EXPECT_EQ(run_line(rule, "回到古代&#8212；好"), "回到古代—好");
  // A link to a site escaped so (txt80's 修真聊天群), its spaces taken out: it goes with its text.
  EXPECT_EQ(run_line(rule,
                     "&amp;amp;lt;ahref=http://&amp;amp;gt;欢迎广大书友光临阅读，最新、最快、最火的"
                     "连载作品尽在！&amp;amp;lt;/a&amp;amp;gt;"),
            "<dropped>");
  // Other tags the references make are the story's text.
  EXPECT_EQ(run_line(rule, "屏幕上跳出&amp;lt;Level Up&amp;gt;几个字。"),
            "屏幕上跳出<Level Up>几个字。");
}

TEST(Html, TagsGoAndLinksToSitesGoWithTheirText) {
  HtmlRule rule;
  EXPECT_EQ(run_line(rule, "他走了。<br>"), "他走了。");
  EXPECT_EQ(run_line(rule, "<p>他<b>走</b>了。</p>"), "他走了。");
  EXPECT_EQ(run_line(rule, "他走了。<a href=http://www.qidian.com>起点中文网</a>"), "他走了。");
  EXPECT_EQ(run_line(rule, "<a href=http://www.qidian.com>起点中文网</a>"), "<dropped>");
  for (const char* line : {"<系统提示>任务完成", "若a<b则", "x < y"})
    EXPECT_EQ(run_line(rule, line), line);
}

TEST(Html, EscapedParagraphTagsGoMistypedOrNot) {
  // A crawl's escaped </p> at every line's end, its &lt; typed with a digit one.
  HtmlRule rule;
  EXPECT_EQ(run_line(rule, "不过，这东西似乎只有一个。&1t;/p>"), "不过，这东西似乎只有一个。");
  EXPECT_EQ(run_line(rule, "他走了。&lt;/p&gt;&lt;p&gt;她来了。"), "他走了。她来了。");
  EXPECT_EQ(run_line(rule, "&lt;br/&gt;"), "<dropped>");
  // With its attributes, quotes curled (an unseen 庆余年 crawl: before every heading).
  EXPECT_EQ(run_line(rule, "&lt;span class=”f_”&gt;"), "<dropped>");
  EXPECT_EQ(run_line(rule, "这天。    &lt;span class=”f_”&gt;    第一章"), "这天。        第一章");
  // biquge's ad placeholder saved from the page's source, its space escaped too: the tags go,
  // the script's call is no text (site_ads drops what is left of such a line).
  EXPECT_EQ(run_line(rule,
                     "&nbsp;&nbsp;&lt;div&nbsp;class=&quot;adread&quot;&gt;&lt;script&gt;();&lt;/"
                     "script&gt;"),
            "();");
  // Other escaped text stays the story's.
  EXPECT_EQ(run_line(rule, "&lt;系统提示&gt;任务完成"), "<系统提示>任务完成");
  EXPECT_EQ(run_line(rule, "&lt;div&gt;是一个标签"), "是一个标签");
  EXPECT_EQ(run_line(rule, "&lt;divine&nbsp;class=x&gt;"), "<divine\u00a0class=x>");
  EXPECT_EQ(run_line(rule, "a&1t;b"), "a&1t;b");
  EXPECT_EQ(run_line(rule, "&1t;pan&gt;"), "&1t;pan>");
}

// Elements a site puts into its pages' text to foil copying (an unseen 白发魔女传): they go with
// what they hold; a story's emphasis in such an element, holding words, keeps its words.
// A page that hides random characters between its paragraphs in an element, the crawl keeping
// them and the closing tag on a line of their own (an unseen DNF圣职者转生异界: 谷浏</span>,
// 谷莶&lt;/span&gt;): the line goes. A story's line that ends with a stray tag keeps its words.
TEST(Html, AHiddenElementsCharactersLeftWithItsClosingTagGo) {
  HtmlRule rule;
  EXPECT_EQ(run_line(rule, "谷浏</span>"), "<dropped>");
  EXPECT_EQ(run_line(rule, "　　谷莶&lt;/span&gt;"), "<dropped>");
  EXPECT_EQ(run_line(rule, "他走了</span>"), "他走了");
  EXPECT_EQ(run_line(rule, "好的</b>"), "<dropped>");
  EXPECT_EQ(run_line(rule, "“好。”</span>"), "“好。”");
}

TEST(Html, DecoyElementsGoWithWhatTheyHold) {
  HtmlRule rule;
  EXPECT_EQ(run_line(rule, "没有受<samp>..</samp>伤"), "没有受伤");
  EXPECT_EQ(run_line(rule, "怎么刚才<var>?</var>还是"), "怎么刚才还是");
  EXPECT_EQ(run_line(rule, "贼婆娘！<mark>９9ｌｉb?</mark>”"), "贼婆娘！”");
  EXPECT_EQ(run_line(rule, "孟伯伯，<bdi>?</bdi>我来了"), "孟伯伯，我来了");
  EXPECT_EQ(run_line(rule, "他说<mark>快走</mark>。"), "他说快走。");
  EXPECT_EQ(run_line(rule, "他说<b>OK</b>。"), "他说OK。");
}

// An unseen 99lib copy of 围城: a site's name in a story's own markup, and what the crawl left of
// tags it took half away. The story's markup keeps what it holds.
TEST(Html, ASitesNameInMarkupAndTagDebrisGo) {
  HtmlRule rule;
  EXPECT_EQ(run_line(rule, "我想写现<u>藏书网</u>代中国"), "我想写现代中国");
  EXPECT_EQ(run_line(rule, "全<strike></strike>部。<strike>藏书网</strike>"), "全部。");
  EXPECT_EQ(run_line(rule, "三联书店<bdi>藏书网</bdi>"), "三联书店");
  EXPECT_EQ(run_line(rule, "他<u>必须</u>来，<s>OK</s>。"), "他必须来，OK。");
  EXPECT_EQ(run_line(rule, "认为自己的作>9９lｉｂ?</a>品不值得"), "认为自己的作品不值得");
  EXPECT_EQ(run_line(rule, "基本根<tt>..t>性。"), "基本根..性。");
  EXPECT_EQ(run_line(rule, "这本书整></a>整写了两年。"), "这本书整整写了两年。");
  EXPECT_EQ(run_line(rule, "我写完 href='2619/im'>《围城》，命名 href='7019/im'>《百合心》"),
            "我写完《围城》，命名《百合心》");
  // A site's advertisement in a story's markup between its sentences (an unseen 寒门首辅: the
  // whole paragraph went once the tags were gone); the markup's words of a story stay.
  EXPECT_EQ(run_line(rule,
                     "只会让事情变糟。<strong>在线阅读天火大道Http://wWw.qiushu.cc/</strong>"
                     "倒不如步步为营。"),
            "只会让事情变糟。倒不如步步为营。");
  EXPECT_EQ(run_line(rule, "规模了。<strong>最新章节全文阅读qiushu.cc</strong>除了吴县尊。"),
            "规模了。除了吴县尊。");
  EXPECT_EQ(run_line(rule, "他<strong>一定</strong>会来。"), "他一定会来。");
  // Without a tag in the line, a '>' is the story's: ">_<" and 大于号 ">" stay.
  EXPECT_EQ(run_line(rule, "他说：>_<，a>b。"), "他说：>_<，a>b。");
}

TEST(Html, CommentMarksThatLostTheirBracketsGo) {
  // A page's <!--go--> and <!--over--> kept without their angle brackets.
  HtmlRule rule;
  EXPECT_EQ(run_line(rule, "!--go--秦南接着说道；再一个是你。"), "秦南接着说道；再一个是你。");
  EXPECT_EQ(run_line(rule, "舒服滋味!--over--更新速度最快!"), "舒服滋味");
  EXPECT_EQ(run_line(rule, "他走了。<!--over-->"), "他走了。");
  EXPECT_EQ(run_line(rule, "!--go--"), "<dropped>");
  // A whole comment of several words, a line of its own (an unseen 狼图腾).
  EXPECT_EQ(run_line(rule, "<!--BookContent Start-->"), "<dropped>");
  EXPECT_EQ(run_line(rule, "他说!-- 这不是注释 --好吧"), "他说!-- 这不是注释 --好吧");
  // The site's words after the mark go with it, and a bracket left bare is nothing.
  EXPECT_EQ(run_line(rule, "他走了。!--over--更新速度最快!"), "他走了。");
  EXPECT_EQ(run_line(rule, "】!--over--更新速度最快!"), "<dropped>");
  EXPECT_EQ(run_line(rule, "【"), "<dropped>");
  EXPECT_EQ(run_line(rule, "【】"), "<dropped>");
  EXPECT_EQ(run_line(rule, "【系统】"), "【系统】");
  EXPECT_EQ(run_line(rule, "!--go--为您提供全免费vip小说"), "<dropped>");
  EXPECT_EQ(run_line(rule, "他走了。!--over--她笑了，转身离开，门在身后关上。"),
            "他走了。她笑了，转身离开，门在身后关上。");
  for (const char* line : {"他喊道：“冲啊!--”", "箭头!--->", "啊!--这是"})
    EXPECT_EQ(run_line(rule, line), line);
}

}  // namespace novelbind
