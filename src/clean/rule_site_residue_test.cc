#include "clean/rule_site_residue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include "base/resources.h"
#include "base/site_text.h"
#include "clean/filler_characters.h"
#include "clean/residue_line.h"
#include "clean/rule_test_util.h"

namespace novelbind {

using test::run_line;
using test::run_rule;

TEST(SiteText, FindsUrlsHoweverSpelled) {
  for (const char* url :
       {"www.xiaoshuotxt.com", "wＷw．xiＡoshＵotxt.cＯm", "www/xiaoshuotxt/c o m",
        "WWW丶ZHUAJI丶ORG", "wwＷ。xiaoshuotxt=com", "http://m.zhuaji.org/wap/435", "75txt.com",
        "w w w*l u o xi a*c o m", "www^luoxia^com"})
    EXPECT_EQ(find_urls(url).size(), 1u) << url;
  for (const char* text : {"ERROR 404：Page Not Found", "The Gate to Cassell", "π是3.14",
                           "t,xt,小,说天,堂", "I go in. So"})
    EXPECT_TRUE(find_urls(text).empty()) << text;
}

TEST(SiteText, FoldsObfuscatedSiteNamesToOneKey) {
  EXPECT_EQ(residue_fold("t,xt,小,说天,堂"), "txt小说天堂");
  EXPECT_EQ(residue_fold("＿t＿xt，小说天堂"), "txt小说天堂");
  EXPECT_EQ(residue_fold("/tＸt|?小说天堂"), "txt小说天堂");
}

TEST(SiteText, SiteWordsWeighAndStoryWordsDoNot) {
  const SiteWords& words = SiteWords::builtin();
  EXPECT_EQ(words.weight(residue_fold("武侠小说")), 0);
  EXPECT_GE(words.weight(residue_fold("笔趣阁最新章节")), 4);
  EXPECT_EQ(words.weight(residue_fold("整理衣服")), 1);
}

TEST(SiteText, QuotedBytesAnswerInsideQuotesAtEveryPosition) {
  for (std::string_view s : {"他说：“去www.x.com看看”，然后走了。", "「『甲』乙」丙\"丁\"戊",
                             "”“‘a’\xE2\x80", "＂a＂b〝c〞"}) {
    std::vector<bool> quoted = quoted_bytes(s);
    ASSERT_EQ(quoted.size(), s.size() + 1);
    for (std::size_t pos = 0; pos <= s.size(); ++pos)
      EXPECT_EQ(quoted[pos], inside_quotes(s, pos)) << s << " at " << pos;
  }
}

TEST(SiteResidue, DropsNoticesAndStandaloneUrls) {
  SiteResidueRule rule;
  EXPECT_EQ(run_line(rule, "wＷw．xiＡoshＵotxt.cＯm"), "<dropped>");
  EXPECT_EQ(run_line(rule, "www/xiaoshuotxt/c o m"), "<dropped>");
  EXPECT_EQ(run_line(rule, "wＷw。xiaoshuo txt.coＭ"), "<dropped>");
  EXPECT_EQ(run_line(rule, "更多精校小说尽在互联书屋：http://www.zvzee.com/"), "<dropped>");
  EXPECT_EQ(run_line(rule, "更新时间：2012-03-04 12:00 本章字数：3012"), "<dropped>");
  EXPECT_EQ(run_line(rule, "本书来自www.wmtxt.com免费txt小说下载站"), "<dropped>");
  EXPECT_EQ(run_line(rule, "本书更新地址：  http://www.zhuaji.org/read/435/"), "<dropped>");
  EXPECT_EQ(
      run_line(rule, "B: 如果发现未完....登录（爪机书屋）www.zhuaji.org 提供24小时循环更新!!"),
      "<dropped>");
  EXPECT_EQ(run_line(rule, "他走了。www.example.com"), "他走了。");
}

TEST(SiteResidue, AParagraphOfStoryWithASitesSentenceInItIsNotDroppedWhole) {
  SiteResidueRule rule;
  // Under 150 characters, so judged by its words, which weigh 4: the story around the site's
  // sentence keeps it (the site ads' rule cuts that sentence).
  const std::string story =
      "一日到了中秋佳节，士隐家宴已毕，又另具一席于书房，自己步月至庙中来邀雨村。原来雨村自那日见"
      "了甄家丫鬟曾回顾他两次，最新章节请到八一中文网阅读。自谓是个知己。便时刻放在心上。今又正值中"
      "秋，不免对月有怀，因而口占五言一律云：";
  EXPECT_EQ(run_line(rule, story), story);
  // A notice with no sentence of story beside its words still goes.
  EXPECT_EQ(run_line(rule, "最新章节请到八一中文网阅读。本站无弹窗，更新最快。"), "<dropped>");
}

// An address and its label glued to a paragraph's start or end, a space between it and the
// story: the address goes and the story stays (a short paragraph went whole, a long one kept
// the address).
TEST(SiteResidue, AnAddressGluedToAParagraphsEdgeGoesAndTheStoryStays) {
  SiteResidueRule rule;
  const std::string story = "且说张角一军，前犯幽州界分。幽州太守刘焉，乃江夏竟陵人氏。";
  EXPECT_EQ(run_line(rule, "最新网址：www.biquge.com　" + story), story);
  EXPECT_EQ(run_line(rule, story + "　手机阅读：m.biquge.com"), story);
  std::string long_story;
  for (int i = 0; i < 6; ++i) long_story += story;
  EXPECT_EQ(run_line(rule, "最新网址：www.biquge.com　" + long_story), long_story);
  // A notice after the address is no story; a name alone beside an address neither.
  EXPECT_EQ(run_line(rule, "最新网址：www.biquge.com　请收藏本站"), "<dropped>");
}

// A download site's notice file beside the chapters (下载说明.txt): its disclaimer, its address,
// and the label over them all go; the file was a chapter 下载说明.
TEST(SiteResidue, ASitesLabelOverItsDroppedNoticeGoesWithIt) {
  SiteResidueRule rule;
  auto run = run_rule(rule, {"下载说明：", "本站所有小说均来自网友上传，如有侵权请联系删除。",
                             "本站网址：http://www.qishu88.net"});
  EXPECT_TRUE(run.lines.empty()) << run.lines.front();
  // A line of the story that introduces what follows stays.
  EXPECT_EQ(run_rule(rule, {"他说：", "“走吧。”"}).lines,
            (std::vector<std::string>{"他说：", "“走吧。”"}));
}

// A notice whose address is glued to the story after it (…首发域名：www.biquge.com却说…), at a
// paragraph's start or between two of its sentences: the notice goes, the paragraph stays. The
// whole paragraph was dropped, story and all. A notice that goes on after its address
// (…m.biquge5.com阅读，更优质的阅读体验。) is a notice still, and a story's own mention of an
// address stays.
TEST(SiteResidue, ANoticeGluedBeforeTheStoryGoesAndTheStoryStays) {
  SiteResidueRule rule;
  EXPECT_EQ(
      run_line(rule,
               "请记住本书首发域名：www.biquge.com却说曹操乘袁绍之败，整顿军马，迤逦追袭。袁绍幅巾"
               "单衣，引八百余骑，奔至黎阳北岸。"),
      "却说曹操乘袁绍之败，整顿军马，迤逦追袭。袁绍幅巾单衣，引八百余骑，奔至黎阳北岸。");
  EXPECT_EQ(
      run_line(rule,
               "袁绍闻袁尚败回，又受了一惊，旧病复发，吐血数斗，昏倒在地。请记住本书首发域名：www."
               "biquge.com刘夫人慌救入卧内，病势渐危。"),
      "袁绍闻袁尚败回，又受了一惊，旧病复发，吐血数斗，昏倒在地。刘夫人慌救入卧内，病势渐危。");
  EXPECT_EQ(run_line(rule, "手机用户请浏览m.biquge5.com阅读，更优质的阅读体验。"), "<dropped>");
  const std::string mention = "他打开网页www.baidu.com搜索了一下，什么也没有找到，只好作罢。";
  EXPECT_EQ(run_line(rule, mention), mention);
}

// A site's name in quotation marks is no one's speech: [笔趣阁 www.biquge.info]百度搜索“笔趣阁”最快
// 更新！ goes whole (百度搜索“笔趣阁”最快更新！ was left as the chapters' last paragraph). Dialogue
// with a site's word in it stays.
TEST(SiteResidue, ASitesNameInQuotesIsNoDialogue) {
  SiteResidueRule rule;
  EXPECT_EQ(run_line(rule, "[笔趣阁 www.biquge.info]百度搜索“笔趣阁”最快更新！"), "<dropped>");
  EXPECT_EQ(run_line(rule, "百度搜索“笔趣阁”最快更新！"), "<dropped>");
  const std::string dialogue = "他笑道：“我天天在笔趣阁看书，最快更新！”";
  EXPECT_EQ(run_line(rule, dialogue), dialogue);
}

TEST(SiteResidue, CutsAdFragmentsAndKeepsTheStory) {
  SiteResidueRule rule;
  EXPECT_EQ(run_line(rule, "王林知道。[*爪丶机*书屋*] wwW.ZhuaJi.oRg"), "王林知道。");
  EXPECT_EQ(run_line(rule, "轮回。[*爪丶机*书屋*] wwW.ZhuaJi.oRg到底什么是轮回"),
            "轮回。到底什么是轮回");
  EXPECT_EQ(run_line(rule, "一叹。[最-快-更-新-到-[爪][机][书][屋]]"), "一叹。");
  EXPECT_EQ(run_line(rule, "下方。(爪讥书屋 wWw.zhuaJi.org每一个成年的古族"),
            "下方。每一个成年的古族");
  EXPECT_EQ(run_line(rule, "离开了。[最新章节免费阅读到*爪丶机丶书屋*] WWW丶ZHUAJI丶ORG"),
            "离开了。");
  EXPECT_EQ(run_line(rule, "香橙撇撇嘴。（言情小说基地 ）"), "香橙撇撇嘴。");
  // A story's sentence that ends with a colon before the watermark is no label of its URL.
  EXPECT_EQ(
      run_line(rule,
               "后面忽画一恶狼，有欲啖之意。其下书云：【八一中文网 ｗｗW．８１ＺＷ．ＣＯＭ】"),
      "后面忽画一恶狼，有欲啖之意。其下书云：");
  // A label before a URL goes with it.
  EXPECT_EQ(run_line(rule, "地址：【八一中文网 ｗｗW．８１ＺＷ．ＣＯＭ】"), "<dropped>");
  EXPECT_EQ(run_line(rule, "手机看：www.biqiuge8.com"), "<dropped>");
  // A story's words that introduce what is said or seen, before a URL a site put after them:
  // they stay.
  EXPECT_EQ(run_line(rule, "她低声道：www.biqiuge8.com"), "她低声道：");
  EXPECT_EQ(run_line(rule, "只见一个小丫头进来：ｗｗｗ．ｂｉｑｕｇｅ．ｃｏｍ"),
            "只见一个小丫头进来：");
  // The hyphens that lead into a watermark go with it (新语丝's, in the wmtxt books); a
  // story's em dash stays.
  EXPECT_EQ(run_line(rule, "“你会辟邪剑法？”----〖新语丝电子文库(www.xys.org)〗"),
            "“你会辟邪剑法？”");
  EXPECT_EQ(run_line(rule, "１９７５年５月－－〖新语丝电子文库〗"), "１９７５年５月");
  EXPECT_EQ(run_line(rule, "他说——〖新语丝电子文库(www.xys.org)〗"), "他说——");
  // So does a typist's signature between them (an unseen 连城诀's); the date before it stays,
  // and a story's words before a watermark are no signature.
  EXPECT_EQ(run_line(rule, "一九七七·四--和平输入〖新语丝电子文库〗"), "一九七七·四");
  EXPECT_EQ(run_line(rule, "--和平输入〖新语丝电子文库〗"), "<dropped>");
  EXPECT_EQ(run_line(rule, "他把名字输入〖新语丝电子文库〗"), "他把名字输入");
  EXPECT_EQ(run_line(rule, "他走了。--〖新语丝电子文库〗"), "他走了。");
}

// A notice the book glues after a story's words that end with a colon (她低声道：一秒记住…):
// the notice goes, the words stay.
TEST(SiteResidue, CutsANoticeGluedAfterAColon) {
  const std::string notice = "一秒记住【笔趣阁 www.biqu5.com】，精彩小说无弹窗免费阅读！";
  std::vector<Chapter> book(3);
  for (Chapter& c : book)
    c.paragraphs = {{"他走到窗前，看着远处的山峦，久久没有说话。" + notice, 1, false},
                    {"夜色渐深，风声在院子里回荡，屋里的灯熄了。" + notice, 2, false}};
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  EXPECT_EQ(run_line(learned, "她低声道：" + notice), "她低声道：");
  EXPECT_EQ(run_line(learned, "只见一个小丫头进来：" + notice), "只见一个小丫头进来：");
}

// A notice in square brackets the book glues before its paragraphs goes with its closing
// bracket ([想看的书…没有广告。]榜文行到涿县…, an unseen pirate site's: the story was left opening
// with "]").
TEST(SiteResidue, CutsANoticeGluedInSquareBracketsWithItsBracket) {
  const std::string notice =
      "[想看的书几乎都有啊，比一般的小说网站要稳定很多更新还快，全文字的没有广告。]";
  std::vector<Chapter> book(3);
  for (Chapter& c : book)
    c.paragraphs = {{notice + "他走到窗前，看着远处的山峦，久久没有说话。", 1, false},
                    {notice + "夜色渐深，风声在院子里回荡，屋里的灯熄了。", 2, false}};
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  EXPECT_EQ(run_line(learned, notice + "榜文行到涿县，引出涿县中一个英雄。"),
            "榜文行到涿县，引出涿县中一个英雄。");
  EXPECT_EQ(run_line(learned, "〔" + notice.substr(1, notice.size() - 2) +
                                  "〕却说十常侍既握重权，互相商议。"),
            "却说十常侍既握重权，互相商议。");
}

// A reading app's advertisements pasted into the story, mid-sentence, which the book repeats (an
// unseen pirate site's: kept 13 and 11 times): they go, and the sentence closes up. The same
// words told by the story stay.
TEST(SiteResidue, CutsAReadingAppsAdvertisementTheBookRepeats) {
  const std::string app =
      "【讲真，最近一直用看书app看书追更，换源切换，朗读音色多， 安卓苹果均可。】";
  const std::string packet =
      "【领红包】现金or点币红包已经发放到你的账户！微信关注公.众.号【书友大本营】领取！";
  std::vector<Chapter> book(8);
  for (Chapter& c : book)
    c.paragraphs = {{"他走到窗前，" + app + "看着远处的山峦，久久没有说话。", 1, false},
                    {"夜色渐深，风声在院子里回荡，" + packet + "屋里的灯熄了。", 2, false}};
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  EXPECT_EQ(run_line(learned, "尸场检验，" + app + "证据确凿。且并未用刑，尔兄自认斗杀。"),
            "尸场检验，证据确凿。且并未用刑，尔兄自认斗杀。");
  EXPECT_EQ(run_line(learned, "宝玉也不答言，" + packet + "低着头，一径走到潇湘馆来。"),
            "宝玉也不答言，低着头，一径走到潇湘馆来。");
  EXPECT_EQ(run_line(learned, "他走了，" + app + "我也走了。"), "他走了，我也走了。");
  // A short sentence right after a notice in brackets is the story's.
  std::vector<Chapter> biqu(8);
  const std::string address = "（天才一秒记住本站地址：www.biqu5.com）";
  for (Chapter& c : biqu)
    c.paragraphs = {
        {"他走到窗前，看着远处的山峦。" + address + "久久没有说话，天色已晚。", 1, false}};
  test::Decided knows_address(rule, biqu);
  EXPECT_EQ(run_line(knows_address, "“真抱歉我不喜欢你的看法。" + address +
                                        "那很痛耶！比穿不合脚的鞋子还痛上百倍。”"),
            "“真抱歉我不喜欢你的看法。那很痛耶！比穿不合脚的鞋子还痛上百倍。”");
  EXPECT_EQ(run_line(learned, "过年了，大家都在群里抢着领红包，热闹得很。"),
            "过年了，大家都在群里抢着领红包，热闹得很。");
}

// An address in brackets with its scheme put into dialogue is the site's; an address a
// character speaks is the story's.
TEST(SiteResidue, AnAddressInBracketsInsideDialogueGoes) {
  SiteResidueRule rule;
  EXPECT_EQ(
      run_line(
          rule,
          "小丫头回道：“早饭得了，（ｈｔｔｐ：／／ｗｗｗ．ｋａｎｓｈｕ．ｃｏｍ）二爷在那里吃？”"),
      "小丫头回道：“早饭得了，二爷在那里吃？”");
  EXPECT_EQ(run_line(rule, "他说：“去www.baidu.com搜一下，什么都有。”"),
            "他说：“去www.baidu.com搜一下，什么都有。”");
  EXPECT_EQ(run_line(rule, "他说：“网址是（www.baidu.com），你自己去看。”"),
            "他说：“网址是（www.baidu.com），你自己去看。”");
}

// A filler the book puts into its words (苍茫大卝陆上) goes; a book without one is not searched
// for fillers, unless the cache records the questions asked (a filler learned by a later build
// would change the chapter): then each rare character between two others is asked about.
TEST(SiteResidue, RemovesTheBooksFillersAndAsksAboutThemForTheCache) {
  const std::string site = "手机用户请浏览阅读，更优质的阅读体验。";
  std::vector<Chapter> filled(3), plain(3);
  for (Chapter& c : filled)
    c.paragraphs = {{"苍茫大卝陆上，他的体卝内再无灵力，转过身卝子。", 1, false},
                    {"一股杀卝戮之气，他面色露卝出复杂之色。", 2, false},
                    {"大卝陆之外，杀卝戮开始，体卝内一震。", 3, false},
                    {"大陆上体内身子杀戮露出，大陆体内身子杀戮露出。", 4, false},
                    {site, 5, false}};
  for (Chapter& c : plain)
    c.paragraphs = {{"他走到窗前，看着远处的山峦，久久没有说话。", 1, false}, {site, 2, false}};
  test::Decided with_fillers(SiteResidueRule(), filled);
  EXPECT_EQ(run_line(with_fillers, "苍茫大卝陆上，一股杀卝戮之气。"), "苍茫大陆上，一股杀戮之气。");

  test::Decided without(SiteResidueRule(), plain);
  ASSERT_FALSE(without.decisions().residue->recurring.empty());
  EXPECT_EQ(run_line(without, "苍茫大卝陆上，一股杀卝戮之气。"), "苍茫大卝陆上，一股杀卝戮之气。");
  std::vector<Paragraph> paragraphs{{"苍茫大卝陆上，一股杀卝戮之气。", 1, false}};
  std::vector<Repair> repairs;
  RepairLog log("site_residue", "t.txt", &repairs);
  CleanQuestions asked;
  CleanContext context;
  context.questions = &asked;
  without.apply(paragraphs, context, log);
  EXPECT_NE(
      std::find(asked.residue_lines.begin(), asked.residue_lines.end(), filler_count_key(U'卝')),
      asked.residue_lines.end());
}

// A site that splits a chapter in pages marks each one (第(1/3)页, （第2/2页）): dropped even
// once; a page number without the pages' count waits for the book to repeat it.
// A site's name beside its address on a line of their own, however spelled (落霞小说's
// watermark in an unseen crawl: 落^霞^小^说 🐪 w w w*l u o xi a*c o m *): the whole line goes,
// even once; cutting the address left the name as a paragraph. A story's words beside an
// address stay.
TEST(SiteResidue, ASitesNameBesideItsAddressGoesWithIt) {
  SiteResidueRule rule;
  EXPECT_EQ(run_line(rule, "落霞小说 www.luoxia.com"), "<dropped>");
  EXPECT_EQ(run_line(rule, "落^霞^小^说 🐪 w w w*l u o xi a*c o m *"), "<dropped>");
  EXPECT_EQ(run_line(rule, "笔趣阁 www.biquge.com"), "<dropped>");
  EXPECT_EQ(run_line(rule, "他走了 www.example.com"), "他走了");
  EXPECT_EQ(run_line(rule, "他读了三遍那本小说 www.example.com"), "他读了三遍那本小说");
  EXPECT_EQ(run_line(rule, "落霞小说"), "落霞小说");  // a name alone may be the story's
}

TEST(SiteResidue, APageOfPagesGoesEvenOnce) {
  SiteResidueRule rule;
  EXPECT_EQ(run_line(rule, "第(1/3)页"), "<dropped>");
  EXPECT_EQ(run_line(rule, "（第2/2页）"), "<dropped>");
  EXPECT_EQ(run_line(rule, "第 12 页"), "第 12 页");
  EXPECT_EQ(run_line(rule, "1/3"), "1/3");
  EXPECT_EQ(run_line(rule, "他翻到第1/3页。"), "他翻到第1/3页。");
}

// A page's number the book repeats between its paragraphs (-- 第2页 --, a mobile crawl's) goes,
// one digit after 第 too (such markers were kept in all 15 chapters of an unseen crawl); once,
// it may be the story's.
TEST(SiteResidue, APageNumberTheBookRepeatsGoes) {
  for (const char* marker : {"-- 第2页 --", "——第3页——", "第2页", "（第2页）", "【第2页】"}) {
    std::vector<Chapter> book(3);
    int n = 2;
    for (Chapter& c : book)
      c.paragraphs = {
          {"他走到窗前，看着远处的山峦，久久没有说话。", 1, false},
          {std::string(marker), 2, false},
          {"夜色渐深，风声在院子里回荡，屋里的灯熄了。" + std::to_string(n++), 3, false}};
    SiteResidueRule rule;
    test::Decided learned(rule, book);
    EXPECT_EQ(run_line(learned, marker), "<dropped>") << marker;
    EXPECT_EQ(run_line(rule, marker), marker) << marker;
  }
}

TEST(SiteResidue, AnOpeningBracketThatEndsAParagraphOpensNothing) {
  SiteResidueRule rule;
  std::string story = "下了车，香橙拿着记录下来的招聘公司的地址，一个门牌一个门牌的找了过去。";
  EXPECT_EQ(run_line(rule, story + "（"), story);
  EXPECT_EQ(run_line(rule, "“有。”他说。（"), "“有。”他说。");
  // Text after the bracket, or no sentence's end before it, is the author's.
  EXPECT_EQ(run_line(rule, "他说。（笑"), "他说。（笑");
  EXPECT_EQ(run_line(rule, "他说（"), "他说（");
  // A quotation mark is no bracket: a book that swaps its quotes closes with 「.
  EXPECT_EQ(run_line(rule, "先生，你姓什麼？「"), "先生，你姓什麼？「");
}

TEST(SiteResidue, StoryUrlsAndStoryWordsStay) {
  SiteResidueRule rule;
  for (const char* line :
       {"“www.cassell.org”，卡塞尔基金会的网站，“ERROR 404：Page Not Found”。",
        "在笔记本上键入网址“www.i-cassell-you.com”。", "我以为武功只是武侠小说中骗人的东西。",
        "她整理好衣服，下载了地图。", "【叮！系统提示：任务完成】",
        // Site words in a story's sentence, once: weak ones alone, or a strong one in what it
        // narrates of a third person.
        "他在书屋里整理书架，顺手把旧书收藏起来。", "她点击了下一页，继续阅读。",
        "她在网上连载小说，每天更新两章，求收藏的话说了一遍又一遍。",
        // A sentence that names a site and asks nothing (an unseen 晋江 novel about a writer).
        "秦王汉武是晋江小说网的写手，一枚传说级别的大神，性别男，写的是……耽美。",
        "唐宋说晋江小说网最近在抽奖。"})
    EXPECT_EQ(run_line(rule, line), line);
  // A notice of strong words still goes, once; and a site's name alone, or asking to visit it.
  EXPECT_EQ(run_line(rule, "求收藏，求推荐票，每天更新！"), "<dropped>");
  EXPECT_EQ(run_line(rule, "晋江小说网"), "<dropped>");
  EXPECT_EQ(run_line(rule, "更多精彩，尽在晋江小说网。"), "<dropped>");
}

// A site's advertisement pasted between two sentences of the story (an unseen 寒门首辅, its tags
// gone): the ad goes, the story around it stays.
TEST(SiteResidue, CutsAnAdvertisementBetweenTwoSentences) {
  SiteResidueRule rule;
  EXPECT_EQ(
      run_line(rule,
               "虽然谢慎也想直接搭上县令的线，贸然制造机会也只会让事情变糟。在线阅读天火大道"
               "Http://wWw.qiushu.cc/倒不如步步为营，先搞定这个授业师。"),
      "虽然谢慎也想直接搭上县令的线，贸然制造机会也只会让事情变糟。倒不如步步为营，先搞定这个授业"
      "师。");
  EXPECT_EQ(
      run_line(rule,
               "宅院是三进，在余姚已经算是了不得的规模了。最新章节全文阅读qiushu.cc除了吴县"
               "尊，孔教谕和刘老夫子，谁也不敢住这么大的宅子。"),
      "宅院是三进，在余姚已经算是了不得的规模了。除了吴县尊，孔教谕和刘老夫子，谁也不敢住这么大"
      "的宅子。");
  // An address beside a site's name cut from the line goes with it.
  EXPECT_EQ(
      run_line(rule,
               "他是江南出进士最多的府。mianhuatang.cc [棉花糖小说网]若要落在县一级，那就难了。"),
      "他是江南出进士最多的府。若要落在县一级，那就难了。");
}

TEST(SiteResidue, LearnsLinesThatRecurAcrossTheBook) {
  std::vector<Chapter> book(3);
  const char* spellings[] = {"x,s,w,小,说", "ｘｓｗ小说", "x-s-w 小 说"};
  for (int i = 0; i < 3; ++i)
    book[i].paragraphs = {
        {"他走了。", 1, false}, {spellings[i], 2, false}, {"路明非一愣。", 3, false}};
  book[0].paragraphs.push_back({"路明非一愣。", 4, false});
  SiteResidueRule rule;
  EXPECT_EQ(run_line(rule, "xsw!小!说"), "xsw!小!说");  // once is no evidence
  test::Decided learned(rule, book);
  auto run = run_rule(learned, {"他走了。", "xsw!小!说", "路明非一愣。"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"他走了。", "路明非一愣。"}));
  ASSERT_EQ(run.repairs.size(), 1u);
  EXPECT_EQ(run.repairs[0].rule, "site_residue");
  EXPECT_EQ(run.repairs[0].line, 2);
}

// A line that introduces what follows it, with only weak site words (an unseen 超维观测日志: the
// in-game announcement 【《奇幻世界》1.2.0更新预告：】 in three chapters, its numbers changing),
// is the story's however often it recurs; the same without its colon is still learned.
TEST(SiteResidue, ARecurringLineThatIntroducesWhatFollowsStays) {
  std::vector<Chapter> book(4);
  for (int i = 0; i < 4; ++i)
    book[i].paragraphs = {{"直到一则游戏公告到来。", 1, false},
                          {"【《奇幻世界》1.2." + std::to_string(i) + "更新预告：】", 2, false},
                          {"【致各位玩家，新的资料片到来！】", 3, false},
                          {"【本站更新最快】", 4, false},
                          {"先定个小目标，比如1秒记住：书客居手机版阅读网址：", 5, false}};
  test::Decided learned(SiteResidueRule(), book);
  auto run = run_rule(learned, {"直到一则游戏公告到来。", "【《奇幻世界》1.2.5更新预告：】",
                                "【致各位玩家，新的资料片到来！】", "【本站更新最快】",
                                "先定个小目标，比如1秒记住：书客居手机版阅读网址："});
  EXPECT_EQ(run.lines,
            (std::vector<std::string>{"直到一则游戏公告到来。", "【《奇幻世界》1.2.5更新预告：】",
                                      "【致各位玩家，新的资料片到来！】"}));
}

// A site's notice glued to the story at paragraphs' starts or ends, in chapter after chapter:
// the notice goes, the story it was glued to stays (a short paragraph is not dropped whole).
// Where the book does not repeat it, the line is judged whole, as before.
TEST(SiteResidue, CutsNoticesTheBookGluesToItsParagraphs) {
  const std::string head = "一秒记住【笔趣阁 www.biqu5.com】，精彩小说无弹窗免费阅读！";
  const std::string tail = "天才一秒记住本站地址：biqu5.com";
  const std::string story = "他走到窗前，看着远处的山峦，久久没有说话。";
  std::vector<Chapter> book(4);
  for (int i = 0; i < 4; ++i)
    book[i].paragraphs = {{head + story, 1, false},
                          {"　　夜色渐深。", 2, false},
                          {"　　风声在院子里回荡……" + tail, 3, false}};
  SiteResidueRule rule;
  EXPECT_EQ(run_line(rule, head + story), "<dropped>");  // once: judged whole, as before
  test::Decided learned(rule, book);
  auto run = run_rule(learned, {head + story, "夜色渐深。", "　　风声在院子里回荡……" + tail});
  EXPECT_EQ(run.lines, (std::vector<std::string>{story, "夜色渐深。", "风声在院子里回荡……"}));
  ASSERT_EQ(run.repairs.size(), 2u);
  EXPECT_EQ(run.repairs[0].rule, "site_residue");
  // A notice that stands once in the book, glued to a line of its own kind, is judged with it.
  EXPECT_EQ(
      run_line(learned,
               "以上四种方式虽然麻烦，但是比较实惠，都是1元购买100个阅读币的，建议经常在小说阅"
               "读网上看书的亲们这样充值。烟也是为大家着想，这样算来，看完这本书不过几元，比亲"
               "们买一本书便宜多了。"),
      "<dropped>");
  // Dialogue is never cut.
  const std::string said = "“一秒记住【笔趣阁 www.biqu5.com】，精彩小说无弹窗免费阅读！”他念道。";
  EXPECT_EQ(run_line(learned, said), said);
}

// A promotion of a WeChat account glued to the last paragraph of chapter after chapter, its
// wording and handle varied to dodge filters: each form recurs, and goes; the story stays.
TEST(SiteResidue, CutsAPromotedAccountGluedToParagraphEnds) {
  const std::vector<std::string> promos = {"关注”hongcha866”微信公众号，看更多好看的小说！",
                                           "福利”songshu566”微信公众号，看更多好看的小说！",
                                           "添加”hongcha866”微信号，看更多好看的小说！"};
  const std::string story = "老马看的有些入迷，柳娇娇也没注意到，只是擦了一把额头的汗珠。";
  std::vector<Chapter> book(9);
  for (int i = 0; i < 9; ++i)
    book[i].paragraphs = {{"　　天亮了。", 1, false}, {"　　" + story + promos[i % 3], 2, false}};
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  for (const std::string& promo : promos) EXPECT_EQ(run_line(learned, story + promo), story);
  // A story that speaks of an account keeps it.
  const std::string said = "她说：“关注我的微信公众号，看更多好看的小说！”";
  EXPECT_EQ(run_line(learned, said), said);
}

// The promotion worded anew in every chapter (each form once or twice), around the clause it
// keeps (看更多好看的小说！): learned by that clause. A sentence with a clause of story before the
// site's words keeps its story, the promotion with it (residue is left rather than story cut).
TEST(SiteResidue, CutsAPromotionWordedAnewByTheClauseItKeeps) {
  const std::vector<std::string> promos = {"关注”hongcha866”微信公众号，看更多好看的小说！",
                                           "福利”songshu566”微信公众号，看更多好看的小说！",
                                           "添加”hongcha866”微信号，看更多好看的小说！",
                                           "快来看”songshu566”威信公众号，看更多好看的小说！",
                                           "美女小说”xinwu799”威信公众号，看更多好看的小说！"};
  const std::string story = "老马看的有些入迷，柳娇娇也没注意到，只是擦了一把额头的汗珠。";
  std::vector<Chapter> book(5);
  for (int i = 0; i < 5; ++i)
    book[i].paragraphs = {{"　　天亮了。", 1, false}, {"　　" + story + promos[i], 2, false}};
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  EXPECT_EQ(run_line(learned, story + "添加”xinwu799”微信公众号，看更多好看的小说！"), story);
  const std::string glued =
      "他只说了一句且看下回分解关注”hongcha866”微信公众号，看更多好看的小说！";
  EXPECT_EQ(run_line(learned, story + glued), story + glued);
}

// A site's notice put inside paragraphs, between two sentences of the story, chapter after
// chapter: the notice goes and the story on both sides stays; a closing quotation mark after
// it is the story's. A paragraph of 150 characters or less is not dropped whole for the
// notice's words. A notice the book holds once, in a line of its own kind, is judged with it.
TEST(SiteResidue, CutsNoticesTheBookPutsInsideItsParagraphs) {
  const std::vector<std::string> notices = {
      "一秒记住【笔趣阁 www.biqu5.com】，精彩小说无弹窗免费阅读！",
      "（天才一秒记住本站地址：www.biqu5.com）",
      "【本章节首发笔趣阁，请记住网址（www.biqu5.com）】",
      "手机用户请浏览m.biqu5.com阅读，更优质的阅读体验。"};
  const std::string before = "钟灵大惊，连声呼哨，催动闪电貂攻敌。";
  const std::string after = "闪电貂再度窜出，但司空玄掌上蛇药正是它的克星，逼得它无法近前。";
  // (The story around it differs from paragraph to paragraph, as a book's does.)
  const std::vector<std::string> stories = {"他走到窗前，看着远处的山峦，久久没有说话，只是叹气。",
                                            "夜色渐深，风声在院子里回荡，屋里的灯一盏盏熄了。",
                                            "她拆开那封信，读了两遍，眼泪终于掉了下来，落在纸上。",
                                            "马蹄声由远而近，一队人马冲进了山谷，尘土飞扬而起。"};
  std::vector<Chapter> book(4);
  for (int i = 0; i < 4; ++i)
    for (std::size_t n = 0; n < notices.size(); ++n)
      book[i].paragraphs.push_back({"　　" + stories[i] + notices[n] + stories[(i + n + 1) % 4],
                                    static_cast<int>(n + 1), false});
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  for (const std::string& notice : notices) {
    EXPECT_EQ(run_line(learned, "　　" + before + notice + after), before + after) << notice;
    // In dialogue, the closing quotation mark after it stays; in a long paragraph the same.
    EXPECT_EQ(run_line(learned, "“" + before + notice + "”" + after), "“" + before + "”" + after)
        << notice;
    std::string long_story = before;
    for (int k = 0; k < 6; ++k) long_story += after;
    EXPECT_EQ(run_line(learned, long_story + notice + after), long_story + after) << notice;
  }
  // Too little story beside it: the line is judged whole (dropped for its words).
  EXPECT_EQ(run_line(learned, "他走了。" + notices[0] + "她也走了。"), "<dropped>");
  // Not learned (the book never put it inside a paragraph): judged whole, and kept for the
  // story beside it (the whole line went before: a story lost for a notice). Its bracket goes
  // here; the site ads' rule cuts the rest of the notice.
  SiteResidueRule plain;
  EXPECT_EQ(run_line(plain, before + notices[0] + after),
            before + "一秒记住，精彩小说无弹窗免费阅读！" + after);
  // A long aside in brackets is no notice's piece: the notice inside it goes, the aside stays.
  const std::string aside = "（按：中國醫學的三焦，據醫家言，當即指人體的各種內分泌而言。" +
                            notices[1] + "今日科學昌明，西醫對內分泌之運用和調整仍是所知不多。）";
  EXPECT_EQ(
      run_line(learned, aside),
      "（按：中國醫學的三焦，據醫家言，當即指人體的各種內分泌而言。今日科學昌明，西醫對內分泌之"
      "運用和調整仍是所知不多。）");
}

// A site's address put between two sentences with the next one glued to it, in quotations too
// (…坐谈。www.x.com见着这块…, …“石兄，…传奇。ｗｗｗ．ｘ．ｃｏｍ据我看来…”): the address goes when
// the book repeats it so; the stop before it stays, and a story that names an address keeps it.
TEST(SiteResidue, CutsAnAddressPutBetweenSentences) {
  const std::vector<std::string> addresses = {"www.biqiuge8.com", "ｗｗｗ．ｂｉｑｕｇｅ．ｃｏｍ"};
  const std::vector<std::string> stories = {"他走到窗前，看着远处的山峦，久久没有说话。",
                                            "夜色渐深，风声在院子里回荡，屋里的灯熄了。",
                                            "她拆开那封信，读了两遍，眼泪终于掉了下来。",
                                            "马蹄声由远而近，一队人马冲进了山谷，尘土飞扬。"};
  std::vector<Chapter> book(4);
  for (int i = 0; i < 4; ++i)
    for (std::size_t n = 0; n < addresses.size(); ++n)
      book[i].paragraphs.push_back(
          {stories[i] + addresses[n] + stories[(i + n + 1) % 4], static_cast<int>(n + 1), false});
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  const std::string before = "空空道人看了一回，遂向石头说道：“石兄，你这一段故事，意欲闻世传奇。";
  const std::string after = "据我看来，第一件，无朝代年纪可考。”";
  for (const std::string& address : addresses) {
    EXPECT_EQ(run_line(learned, stories[0] + address + stories[2]), stories[0] + stories[2]);
    EXPECT_EQ(run_line(learned, before + address + after), before + after) << address;
  }
  // Not repeated so: it stays (a story may name an address once).
  EXPECT_EQ(run_line(learned, stories[0] + "www.example.org" + stories[2]),
            stories[0] + "www.example.org" + stories[2]);
  // An address the book ends a sentence with stays a notice with its stop, as before.
  SiteResidueRule plain;
  EXPECT_EQ(run_line(plain, "他打开了www.baidu.com。" + stories[1]),
            "他打开了www.baidu.com。" + stories[1]);
}

// What the script is measured on: a paragraph without the notices a site put into it, at its
// edges or between its sentences, by their own words (a Simplified site's notices in a
// Traditional book are no Simplified text of the book's, script_plan.h).
TEST(SiteResidue, TheScriptIsMeasuredOnTheStoryBesideNotices) {
  auto parts = [](std::string_view line) {
    std::string out;
    residue::for_each_story_part(line, [&](std::string_view part) { out += part; });
    return out;
  };
  const std::string first = "翁婿二人在城外雇了一輛車，又買了些乾糧，一路向西而行。";
  const std::string second = "次日遊於峰下，見山色清朗，雲氣繚繞，心裏甚樂。";
  const std::string story = first + second;
  EXPECT_EQ(parts(story), story);
  for (const std::string notice : {"（天才一秒记住本站地址：www.biqu5.com）",
                                   "手机用户请浏览m.biqu5.com阅读，更优质的阅读体验。",
                                   "【本章节首发笔趣阁，请记住网址（www.biqu5.com）】"}) {
    // (A notice glued to the next sentence without a stop is taken with it at the edge: the
    // measure reads less of the story, never the notice.)
    std::string measured = parts(first + notice + second + first);
    EXPECT_EQ(measured.find("biqu5"), std::string::npos) << notice;
    EXPECT_EQ(measured.find("记"), std::string::npos) << notice;
    EXPECT_EQ(measured.substr(0, first.size()), first) << notice;
    EXPECT_GE(measured.size(), 2 * first.size()) << notice;
  }
  // A bracket of story is measured.
  EXPECT_EQ(parts("他說（其實是謊話）：次日再來。"), "他說（其實是謊話）：次日再來。");
}

// The notices at the paragraphs' edges, found once for the script measure and the tally
// (edge_notices_of): the same tally, key for key, and the same story measured, as looking at
// each paragraph again; a whole-line notice and a scene break among them.
TEST(SiteResidue, EdgeNoticesFoundOnceGiveTheSameTallyAndStory) {
  const std::string head = "一秒记住【笔趣阁 www.biqu5.com】，精彩小说无弹窗免费阅读！";
  const std::string tail = "天才一秒记住本站地址：biqu5.com";
  const std::string promo = "关注”hongcha866”微信公众号，看更多好看的小说！";
  // (Longer than a notice, so that a line with one glued to it is not judged whole.)
  const std::string story =
      "他走到窗前，看着远处的山峦，久久没有说话。夜色渐深，风声在院子"
      "里回荡，远处的灯火一盏一盏地熄灭了，只剩下天边的几颗星星。";
  std::vector<Chapter> book(6);
  for (int i = 0; i < 6; ++i)
    book[i].paragraphs = {{head + story, 1, false},
                          {"　　夜色渐深。", 2, false},
                          {"* * *", 3, true},
                          {head, 4, false},
                          {"　　" + story + promo, 5, false},
                          {"　　风声在院子里回荡……" + tail, 6, false}};
  const auto notices = edge_notices_of(book);
  ResidueTally looked_again, found_once;
  looked_again.add(book);
  found_once.add(book, false, &notices);
  EXPECT_EQ(found_once.lines, looked_again.lines);
  int glued_keys = 0;
  for (const auto& [key, n] : found_once.lines) glued_keys += key[0] == residue::kGluedMark;
  EXPECT_GE(glued_keys, 2);  // the notices were asked of, and counted
  for (std::size_t c = 0; c < book.size(); ++c)
    for (std::size_t k = 0; k < book[c].paragraphs.size(); ++k) {
      std::string again, once;
      residue::for_each_story_part(book[c].paragraphs[k].text,
                                   [&](std::string_view part) { again += part; });
      residue::for_each_story_piece(notices[c][k].story,
                                    [&](std::string_view part) { once += part; });
      EXPECT_EQ(once, again) << book[c].paragraphs[k].text;
    }
  EXPECT_TRUE(notices[0][3].story.empty());  // the notice alone: none of it is story
  EXPECT_EQ(notices[0][0].story, story);
  EXPECT_EQ(notices[0][4].story, story);
}

// Brackets with nothing but a space inside, after the sentence in dozens of chapters: the
// shell of an ad the site took out. Cut where the book repeats it, and only then.
TEST(SiteResidue, CutsEmptyBracketShellsTheBookRepeats) {
  const std::string shell = "“对不起，对不起。（ ）”虽然自己的脑门也撞得晕乎乎的。";
  SiteResidueRule rule;
  EXPECT_EQ(run_line(rule, shell), shell);  // a single one is no evidence
  std::vector<Chapter> book(6);
  for (int i = 0; i < 6; ++i)
    book[i].paragraphs = {{"他走了。", 1, false}, {"“斩断凯利的所有业务。（ ）”", 2, false}};
  test::Decided learned(rule, book);
  EXPECT_EQ(run_line(learned, shell), "“对不起，对不起。”虽然自己的脑门也撞得晕乎乎的。");
  EXPECT_EQ(run_line(learned, "他说：“下午过来吧。( )”"), "他说：“下午过来吧。”");
  // Brackets with text in them, or none at all, are story.
  EXPECT_EQ(run_line(learned, "“选（甲）吧。”"), "“选（甲）吧。”");
  EXPECT_EQ(run_line(learned, "他调用了 foo() 函数。"), "他调用了 foo() 函数。");
}

// A short label over a frame that only site notes follow, at a chapter's end, is the title of
// the download site's back matter; without the frame, a short line there is story.
TEST(SiteResidue, DropsTheLabelOfASiteBlockAtTheEnd) {
  SiteResidueRule rule;
  auto run = run_rule(
      rule, {"他走了。", "结束语", "=========", "本书更新地址：  http://www.zhuaji.org/read/435/",
             "手机阅读请点击：http://M.zhuaji.org/wap/435"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"他走了。"}));
  // (Closed by a second frame, the book's last line.)
  run = run_rule(
      rule, {"他走了。", "结束语", "=========", "本书更新地址：  http://www.zhuaji.org/read/435/",
             "手机阅读请点击：http://M.zhuaji.org/wap/435", "=========="});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"他走了。"}));
  run = run_rule(rule, {"他走了。", "大结局", "本书更新地址：  http://www.zhuaji.org/read/435/",
                        "手机阅读请点击：http://M.zhuaji.org/wap/435"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"他走了。", "大结局"}));
}

TEST(SiteResidue, LearnsPageNumbersButNotYears) {
  std::vector<Chapter> book(1);
  book[0].paragraphs = {{"- 12 -", 1, false}, {"- 13 -", 2, false}, {"- 14 -", 3, false},
                        {"2009年", 4, false}, {"2010年", 5, false}, {"2011年", 6, false}};
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  auto run = run_rule(learned, {"- 15 -", "2012年", "他走了。"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"2012年", "他走了。"}));
}

// Page markers of a crawl recur by their shape; a number that ends a sentence (7：48。, 597！)
// is story, however often the book has one.
TEST(SiteResidue, PageMarkersRecurByTheirShapeAndNumbersInSentencesStay) {
  std::vector<Chapter> book(1);
  book[0].paragraphs = {{"（1 / 2）", 1, false}, {"（2 / 2）", 2, false}, {"（1 / 3）", 3, false},
                        {"7：48。", 4, false},   {"597！", 5, false},     {"8：04。", 6, false},
                        {"12", 7, false}};
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  auto run = run_rule(learned, {"（2 / 3）", "9：15。", "312！", "2、17、26……", "他走了。"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"9：15。", "312！", "2、17、26……", "他走了。"}));
}

// A site's name spelled in disguise, a different way each time, is a watermark once the book
// repeats it; a name or a line of story repeated as it is written, or an interjection, is not.
TEST(SiteResidue, LearnsNamesSpelledInDisguise) {
  std::vector<Chapter> book(1);
  book[0].paragraphs = {{"雾~桥~书~苑~💨", 1, false},
                        {"【雾·桥·书·苑】", 2, false},
                        {"🌫雾桥书苑🌉", 3, false},
                        {"他笑了笑。", 4, false},
                        {"哈~哈~哈~", 5, false},
                        {"哈~哈~哈~", 6, false},
                        {"哈~哈~哈~", 7, false},
                        {"老地方", 8, false},
                        {"老地方", 9, false},
                        {"老地方", 10, false}};
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  auto run = run_rule(learned, {"雾*桥*书*苑", "哈~哈~哈~", "老地方", "他笑了笑。"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"哈~哈~哈~", "老地方", "他笑了笑。"}));
  EXPECT_EQ(find_urls("w u q i a o · n e t").size(), 1u);
  // Words set apart by spaces are no disguise, however often the book repeats them: a letter's
  // signature, a refrain (each went from every chapter, wherever it stood).
  std::vector<Chapter> letters(3);
  for (Chapter& c : letters)
    c.paragraphs = {{"愚弟 孔明 拜上", 1, false}, {"天地玄黄　宇宙洪荒　日月盈昃", 2, false}};
  test::Decided spaced(rule, letters);
  EXPECT_EQ(run_rule(spaced, {"愚弟 孔明 拜上", "天地玄黄　宇宙洪荒　日月盈昃"}).lines,
            (std::vector<std::string>{"愚弟 孔明 拜上", "天地玄黄　宇宙洪荒　日月盈昃"}));
}

TEST(SiteResidue, LearnsStampsAndNavigationLines) {
  std::vector<Chapter> book(3);
  for (int i = 0; i < 3; ++i)
    book[i].paragraphs = {
        {"返回目录", 1, false},
        {"他走了。", 2, false},
        {"Last Updated: Saturday, November 16, 1996", 3, false},
        {"抓取时间：2023-01-0" + std::to_string(i + 1) + " 12:0" + std::to_string(i * 3) + ":00", 4,
         false}};
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  auto run = run_rule(learned, {"返回目录", "他走了。", "Last Updated: Saturday, November 16, 1996",
                                "抓取时间：2023-01-02 12:07:00"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"他走了。"}));
  // A diary's date the chapters open with is no crawler's stamp.
  EXPECT_EQ(run_line(learned, "日期：2023-01-02"), "日期：2023-01-02");
}

// A book's title in another script that an ebook's conversion set on a line of its own, inside
// the sentence naming it (读完 / 2001: A Space Odyssey / 的那天深夜…): named three times, it is
// the story's all the same. The same line after a sentence's end is a stamp.
TEST(SiteResidue, ALatinLineInsideASentenceIsTheStorys) {
  std::vector<Chapter> book(3);
  for (int i = 0; i < 3; ++i)
    book[i].paragraphs = {{"而最早给我留下深刻印象的是Arthur Clarke", 1, false},
                          {"2001: A Space Odyssey", 2, false},
                          {"的那天深夜，我走出家门仰望星空。", 3, false}};
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  EXPECT_EQ(run_line(learned, "2001: A Space Odyssey"), "2001: A Space Odyssey");

  std::vector<Chapter> stamped(3);
  for (int i = 0; i < 3; ++i)
    stamped[i].paragraphs = {{"他走了。", 1, false}, {"2001: A Space Odyssey", 2, false}};
  test::Decided stamp(rule, stamped);
  EXPECT_EQ(run_line(stamp, "2001: A Space Odyssey"), "<dropped>");
}

// A chapter page's buttons and links, and its line for reporting a broken chapter, at the end
// of every chapter (章节错误,点此举报…; 加入书签，方便阅读; 上一章 ← 章节目录 → 下一章).
TEST(SiteResidue, DropsAChapterPagesLinksAndReportLine) {
  const std::vector<std::string> page = {
      "章节错误,点此举报(免注册),举报后维护人员会在两分钟内校正章节内容,请耐心等待,并刷新页面。",
      "加入书签，方便阅读", "上一章 ← 章节目录 → 下一章"};
  std::vector<Chapter> book(4);
  for (Chapter& c : book) {
    c.paragraphs = {{"他走了很远的路，终于到了山门之前。", 1, false}};
    for (const std::string& line : page) c.paragraphs.push_back({line, 2, false});
  }
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  std::vector<std::string> lines = {"他走了很远的路，终于到了山门之前。"};
  lines.insert(lines.end(), page.begin(), page.end());
  EXPECT_EQ(run_rule(learned, lines).lines,
            (std::vector<std::string>{"他走了很远的路，终于到了山门之前。"}));
  // The words alone in a story's sentence stay.
  EXPECT_EQ(run_line(learned, "他翻回上一章，又把书签夹好。"), "他翻回上一章，又把书签夹好。");
}

// A site's name put bare into words, its foiling tags taken away by the crawl (an unseen 人间失格
// from 99lib: 十藏书网岁, 认99lｉｂ?为), where the book's decoy elements hold the same names
// (<s>藏书网</s>, <bdi>９9ｌｉb?</bdi>): cut from inside the words. A book whose decoys hold no
// name keeps such words, and a name at a line's edge is the other rules' to judge.
TEST(SiteResidue, ASitesNamePutIntoWordsGoesWhereTheBooksDecoysHoldIt) {
  auto chapter = [](std::vector<std::string> lines) {
    Chapter c;
    int n = 0;
    for (std::string& l : lines) c.paragraphs.push_back({std::move(l), ++n, false});
    return c;
  };
  const std::vector<std::string> story = {
      "想必是在十藏书网岁前后拍下的。", "反倒认99lｉｂ?为那些说我幸福的人。",
      "顺道去藏书网京桥的酒吧喝过三次。", "愉快地起身走.99ｌｉｂ.了。"};
  std::vector<Chapter> book = {chapter({"他解释《人间失格》是太宰治的自叙。<s>藏书网</s>",
                                        "更加迫切地希<bdi>９9ｌｉb?</bdi>望。"}),
                               chapter(story)};
  SiteResidueRule rule;
  test::Decided learned(rule, book);
  EXPECT_EQ(test::run_rule(learned, story).lines,
            (std::vector<std::string>{"想必是在十岁前后拍下的。", "反倒认为那些说我幸福的人。",
                                      "顺道去京桥的酒吧喝过三次。", "愉快地起身走了。"}));
  test::Decided none(rule, {chapter(story)});
  EXPECT_EQ(test::run_rule(none, story).lines, story);
  bool cut = false;
  std::set<std::string> names = {residue::injected_key("藏书网")};
  EXPECT_EQ(residue::cut_injected_names("藏书网", names, &cut), "藏书网");
  EXPECT_FALSE(cut);
}

TEST(SiteResidue, FrontMatterNoticesNeedLessVocabulary) {
  SiteResidueRule rule;
  CleanContext front;
  front.front_matter = true;
  EXPECT_EQ(rule.strip("本书由书香门第整理"), "本书由书香门第整理");
  EXPECT_EQ(rule.strip("本书由书香门第整理", front), "");
  EXPECT_EQ(rule.strip("她整理好衣服。", front), "她整理好衣服。");
  // A short name alone beside its address, whatever the site is called: before the first
  // heading the whole line goes (青山集 was left above 《书名》 and hid the book's header); in
  // the story only the address.
  EXPECT_EQ(rule.strip("青山集（http://www.qingshan.net）", front), "");
  EXPECT_EQ(rule.strip("青山集（http://www.qingshan.net）"), "青山集");
  EXPECT_EQ(rule.strip("他说：青山集（http://www.qingshan.net）", front), "他说：青山集");
}

TEST(SiteResidue, DropsTheFramesAroundANotice) {
  SiteResidueRule rule;
  auto run = run_rule(
      rule, {"=======", "免责声明：本书由爪机书屋（www.zhuaji.org)收集整理，版权归原作者所有",
             "=======", "第一章的故事。"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"第一章的故事。"}));
  // A rule that sets a note apart from the story stays when a line of the note stays after the
  // dropped one: it encloses no block of residue.
  auto note = run_rule(rule, {"第一章的故事。", "-----",
                              "免责声明：本书由爪机书屋（www.zhuaji.org)收集整理，版权归原作者所有",
                              "新书幼苗，需要关爱，急需守护~~~"});
  EXPECT_EQ(note.lines, (std::vector<std::string>{"第一章的故事。", "-----",
                                                  "新书幼苗，需要关爱，急需守护~~~"}));
}

// A line of opening brackets with no closer (hostile input) costs about what a line of story
// as long costs: each opener once searched the rest of the line for its closer (quadratic:
// 30 s against 0.02 s for this line).
// So does a line of bracketed groups: each group once read the line from its start to see
// whether a quotation was open there (quadratic: 9 s against 0.01 s for this line), and each
// group and each URL once looked through all the URLs and cuts of the line (quadratic too: 1.6 s
// for the line of URLs in groups).
TEST(SiteResidue, ALineOfOpenersOrOfGroupsCostsNoMoreThanALineOfStory) {
  auto seconds = [](const std::string& line) {
    SiteResidueRule rule;
    std::clock_t start = std::clock();
    run_line(rule, line);
    return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  };
  std::string openers, groups, urls, story;
  for (int i = 0; i < 50000; ++i) openers += "（【《「";
  for (int i = 0; i < 40000; ++i) groups += "【第一章】";
  for (int i = 0; i < 40000; ++i) urls += "【www.x.com】";
  for (int i = 0; i < 50000; ++i) story += "他走了，";
  double reference = seconds(story);
  double hostile = seconds(openers), grouped = seconds(groups), linked = seconds(urls);
  std::printf("story %.3f s, openers %.3f s, groups %.3f s, URLs in groups %.3f s\n", reference,
              hostile, grouped, linked);
  EXPECT_LT(hostile, 50 * reference + 0.5);
  EXPECT_LT(grouped, 50 * reference + 0.5);
  EXPECT_LT(linked, 50 * reference + 0.5);
}

}  // namespace novelbind
