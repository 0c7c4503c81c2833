#include "clean/rule_site_ads.h"

#include <gtest/gtest.h>

#include "base/cjk_text.h"
#include "base/resources.h"
#include "clean/rule_test_util.h"

namespace novelbind {

using test::run_line;
using test::run_rule;

namespace {
SiteAdsRule builtin_rule(const std::vector<std::string>& drop = {}) {
  auto rule = SiteAdsRule::create(builtin_boilerplate(), drop, "book.toml");
  EXPECT_TRUE(rule) << rule.message();
  return std::move(*rule);
}
}  // namespace

TEST(SiteAdsRule, BuiltinDataParses) {
  auto parsed = parse_boilerplate(builtin_resource("data/boilerplate.txt"), "data/boilerplate.txt");
  ASSERT_TRUE(parsed) << parsed.message();
  EXPECT_EQ(parsed->size(), builtin_boilerplate().size());
  EXPECT_GT(parsed->size(), 40u);
}

TEST(SiteAdsRule, BadDataRowNamesFileAndLine) {
  auto parsed = parse_boilerplate("# c\nid\tweird\tx\n", "data/boilerplate.txt");
  ASSERT_FALSE(parsed);
  EXPECT_EQ(
      parsed.message(),
      "data/boilerplate.txt:2: unknown kind 'weird'; expected tail, rest, line, block, promo, "
      "nav, inline, account or url");
}

TEST(SiteAdsRule, DropsSerializationTailsInBothScripts) {
  SiteAdsRule rule = builtin_rule();
  // With the chapter's word count (an unseen AI serial's last line); a count alone, or told in a
  // sentence, stays.
  EXPECT_EQ(run_line(rule, "（本章完，约 3100 字）"), "<dropped>");
  EXPECT_EQ(run_line(rule, "（3100字）"), "（3100字）");
  EXPECT_EQ(run_line(rule, "他写了约3100字。"), "他写了约3100字。");
  EXPECT_EQ(run_line(rule, "（未完待續）"), "<dropped>");
  EXPECT_EQ(run_line(rule, "（未完待续）"), "<dropped>");
  EXPECT_EQ(run_line(rule, "(本章完)"), "<dropped>");
  EXPECT_EQ(run_line(rule, "未完待續。"), "<dropped>");
  EXPECT_EQ(run_line(rule, "求月票！求推薦票！"), "<dropped>");
  EXPECT_EQ(run_line(rule, "【求收藏、求推荐】"), "<dropped>");
}

// An illustration's place whose picture the crawl did not keep (a wenku8 crawl's （插图017）): a
// line of its own goes; the word in a sentence stays.
TEST(SiteAdsRule, AnIllustrationsPlaceWithoutItsPictureGoes) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "（插图017）"), "<dropped>");
  EXPECT_EQ(run_line(rule, "【插圖】"), "<dropped>");
  EXPECT_EQ(run_line(rule, "插图很美，他说。"), "插图很美，他说。");
}

// Brackets around nothing but an ellipsis are a story's (a letter's elision, 【…】, in an unseen
// 诡舍); around nothing at all, a shell a site's words were taken out of.
TEST(SiteAdsRule, AnElisionInBracketsIsTheStorys) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "【…】"), "【…】");
  EXPECT_EQ(run_line(rule, "【.......】"), "【.......】");
  EXPECT_EQ(run_line(rule, "他走了。【 】"), "他走了。");
}

TEST(SiteAdsRule, CutsATailGluedToAStoryLine) {
  SiteAdsRule rule = builtin_rule();
  auto run = run_rule(rule, {"他轉身走了。（未完待續）", "她笑了。求月票！"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"他轉身走了。", "她笑了。"}));
  ASSERT_EQ(run.repairs.size(), 2u);
  EXPECT_EQ(run.repairs[0].rule, "site_ads");
  EXPECT_EQ(run.repairs[0].before, "他轉身走了。（未完待續）");
  EXPECT_EQ(run.repairs[0].after, "他轉身走了。");
}

// A site's notice glued to a paragraph's start, its address set apart from the story by a
// space: the notice ends with the address (it took the story's first sentence with it, which
// is short); one glued to its end takes the site's name before it (笔趣阁 was left).
TEST(SiteAdsRule, ANoticeGluedToAParagraphTakesNoStoryAndLeavesNoName) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule,
                     "天才一秒记住本站地址：www.biquge.com　当日传下号令，军士五更造饭，"
                     "平明上马。黄忠、魏延领军先行。"),
            "当日传下号令，军士五更造饭，平明上马。黄忠、魏延领军先行。");
  const std::string story =
      "且说张角一军，前犯幽州界分。幽州太守刘焉，乃江夏竟陵人氏，汉鲁恭王之后也。刘焉然其说，随即"
      "出榜招募义兵。";
  EXPECT_EQ(run_line(rule, story + "笔趣阁手机版阅读网址："), story);
  // Without a space after the address, a short sentence is the notice's still.
  EXPECT_EQ(run_line(rule, "天才一秒记住本站地址：www.biquge.com快来阅读。他走了很远很远的路。"),
            "他走了很远很远的路。");
  // An address glued to the story after it, no space between (…首发域名：www.biquge.com却说…): the
  // notice ends at the address, which no ideograph is part of; the sentence after it took the
  // story's first sentence with it. Words that go on with the notice (阅读，更优质的阅读体验。) go
  // with it.
  EXPECT_EQ(run_line(rule,
                     "请记住本书首发域名：www.biquge.com却说田丰在狱中。一日，狱吏来见丰曰：“与别驾"
                     "贺喜！”丰曰：“何喜可贺？”"),
            "却说田丰在狱中。一日，狱吏来见丰曰：“与别驾贺喜！”丰曰：“何喜可贺？”");
  EXPECT_EQ(
      run_line(rule,
               "却说曹丕见二妇人啼哭，拔剑欲斩之。请记住本书首发域名：www.biquge.com忽见红光满"
               "目，遂按剑而问曰：“汝何人也？”一妇人告曰：“妾乃袁将军之妻刘氏也。”"),
      "却说曹丕见二妇人啼哭，拔剑欲斩之。忽见红光满目，遂按剑而问曰：“汝何人也？”一妇人告"
      "曰：“妾乃袁将军之妻刘氏也。”");
}

// What a crawl saves of the site's page beside the chapter (an unseen 斗罗大陆3): the chapter
// list's button, however its arrows are drawn, and a script's error.
TEST(SiteAdsRule, DropsAPagesButtonsAndACrawlersScriptError) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "## <‹---展开全部章节--->>"), "<dropped>");
  EXPECT_EQ(run_line(rule, "Error fetching javascript:dd_show(): TypeError: Failed to fetch"),
            "<dropped>");
  EXPECT_EQ(run_line(rule, "他把卷轴展开，全部看了一遍。"), "他把卷轴展开，全部看了一遍。");
  // A download site's mark where its user's upload ends (txt80).
  EXPECT_EQ(run_line(rule, "---------------------------用户上传之内容结束------------------------"),
            "<dropped>");
}

// The page a site shows for a chapter not yet typed in, which a crawl of a book still being
// written saves as the chapter's text (an unseen 元尊, biqukan's): dropped, in both scripts; a
// story's line about typing stays.
// A page's update stamp on a line of its own, with or without its colon (更新时间2015-3-3 12:00:00
// 字数：3021 went to the author's notes as a note of the author's). A story's line about an
// update stays.
TEST(SiteAdsRule, DropsAnUpdateStampWithoutItsColon) {
  SiteAdsRule rule = builtin_rule();
  for (const char* stamp :
       {"更新时间2015-3-3 12:00:00  字数：3021", "更新时间：2015-03-02 12:00:00",
        "更新时间:2015-03-02", "更新時間 2015-3-3 12:00:00"})
    EXPECT_EQ(run_line(rule, stamp), "<dropped>") << stamp;
  EXPECT_EQ(run_line(rule, "更新时间到了，他打开电脑，看着屏幕发呆。"),
            "更新时间到了，他打开电脑，看着屏幕发呆。");
}

TEST(SiteAdsRule, DropsASitesPlaceholderPage) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(
      run_line(rule, "正在手打中，请稍等片刻，内容更新后，需要重新刷新页面，才能获取最新更新！"),
      "<dropped>");
  EXPECT_EQ(
      run_line(rule, "正在手打中，請稍等片刻，內容更新後，需要重新刷新頁面，才能獲取最新更新！"),
      "<dropped>");
  EXPECT_EQ(run_line(rule,
                     "他正在手打一封长信，写了三页还没写完，窗外的雨越下越大，屋里的灯也暗了下来，"
                     "他却一点也不觉得累。"),
            "他正在手打一封长信，写了三页还没写完，窗外的雨越下越大，屋里的灯也暗了下来，他却一点也"
            "不觉得累。");
  // Another site's words for it (a file of nothing else was a chapter 第三章).
  EXPECT_EQ(run_line(rule, "本章节内容正在手打中，请稍后刷新访问。"), "<dropped>");
  EXPECT_EQ(run_line(rule, "章节内容正在手打中，請稍後再來。"), "<dropped>");
}

// A site's name spelled a character at a time between bars or stars inside a sentence (an
// unseen 花千骨 and 微微一笑很倾城): the run goes, and its brackets when they hold nothing else;
// a story's bars and stars stay.
TEST(SiteAdsRule, DropsASiteNameSpelledBetweenBarsOrStars) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "五年后。|顶|点|小|說|網更新最快长留山绝情殿上一片寂静。"),
            "五年后。更新最快长留山绝情殿上一片寂静。");
  EXPECT_EQ(run_line(rule, "我找了男人(奇*书*网.整*理*提*供)，你让我怎么办？"),
            "我找了男人，你让我怎么办？");
  EXPECT_EQ(run_line(rule, "保全另一个。\\|顶\\|点\\|小\\|说\\|2|3|u|s|.|c|c|几乎已经来不及了。"),
            "保全另一个。几乎已经来不及了。");
  for (const char* story : {"他在纸上写下*号，又画了一道|线，然后停下笔。",
                            "系统面板：|力|敏|体|智|全部提升了一点。", "她笑着说：*_*好呀。"})
    EXPECT_EQ(run_line(rule, story), story);
}

// A reading address's label whose address the crawl lost (an unseen 牧神记 crawl: 浏览阅读地址：
// ending two chapters): dropped; a story's line about an address stays.
TEST(SiteAdsRule, DropsAReadingAddressLabelWithoutItsAddress) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "浏览阅读地址："), "<dropped>");
  EXPECT_EQ(run_line(rule, "先定个小目标，比如1秒记住：书客居手机版阅读网址："), "<dropped>");
  EXPECT_EQ(run_line(rule, "他把阅读地址告诉了她：城南老书店。"),
            "他把阅读地址告诉了她：城南老书店。");
}

// A * of a pattern stands for up to 40 characters, no more: the quick rejections of lines
// too long or ending otherwise (SiteAdsRule::Glob) keep that bound exactly.
TEST(SiteAdsRule, APatternsStarTakesUpToFortyCharacters) {
  SiteAdsRule rule = builtin_rule();
  const std::string forty = [] {
    std::string s;
    for (int i = 0; i < 40; ++i) s += "书";
    return s;
  }();
  EXPECT_EQ(run_line(rule, forty + "阅读地址："), "<dropped>");  // *阅读地址：
  EXPECT_EQ(run_line(rule, "书" + forty + "阅读地址："), "书" + forty + "阅读地址：");
  EXPECT_EQ(run_line(rule, forty + "阅读地址：。"), forty + "阅读地址：。");
  // *展开全部章节*: up to 40 on each side.
  EXPECT_EQ(run_line(rule, forty + "展开全部章节" + forty), "<dropped>");
  EXPECT_EQ(run_line(rule, forty + "展开全部章节" + forty + "书"),
            forty + "展开全部章节" + forty + "书");
  std::string wide;  // forty characters of four bytes each
  for (int i = 0; i < 40; ++i) wide += "𠀀";
  EXPECT_EQ(run_line(rule, wide + "展开全部章节" + wide), "<dropped>");
  EXPECT_EQ(run_line(rule, "更新时间：" + forty), "<dropped>");  // 更新时间：*
  EXPECT_EQ(run_line(rule, "更新时间：" + forty + "书"), "更新时间：" + forty + "书");
}

// A crawler's stamp of when it saved each page (an unseen 择天记: ----2014/11/8
// 20:49:35|10209891---- at every chapter's end): dropped; a date alone, a diary's heading, stays.
TEST(SiteAdsRule, DropsACrawlersSavedStamp) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "----2014/11/8 20:49:35|10209891----"), "<dropped>");
  EXPECT_EQ(run_line(rule, "----2014-6-1 1:31:11|8133964----"), "<dropped>");
  EXPECT_EQ(run_line(rule, "2014-6-1 1:31:11"), "<dropped>");
  EXPECT_EQ(run_line(rule, "2014-6-1"), "2014-6-1");
  EXPECT_EQ(run_line(rule, "2014年6月1日 晴"), "2014年6月1日 晴");
}

// A page's navigation buttons saved as a line (an unseen 人生的枷锁: 上一章目　录下一章 in most
// chapters, 目　录下一章 in the first): dropped, however spaced; a line that only names the
// contents, or a story's line with such a word, stays.
TEST(SiteAdsRule, DropsALineOfNavigationButtons) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "上一章目　录下一章"), "<dropped>");
  EXPECT_EQ(run_line(rule, "目　录下一章"), "<dropped>");
  EXPECT_EQ(run_line(rule, "【上一页】 | 返回目录 | 【下一页】"), "<dropped>");
  EXPECT_EQ(run_line(rule, "上一章 · 章節目錄 · 下一章"), "<dropped>");
  EXPECT_EQ(run_line(rule, "目录"), "目录");
  EXPECT_EQ(run_line(rule, "下一章再见分晓。"), "下一章再见分晓。");
  EXPECT_EQ(run_line(rule, "他翻到目录，又翻到下一章。"), "他翻到目录，又翻到下一章。");
  // A button of the page's own alone (返回书页, 加入书签, 回到顶部, 投推荐票), and the arrow to the
  // next page (-->>): they stayed as the chapters' last paragraphs. A scene's rule (-----), a
  // story's 返回 and the notice's first word (天才一秒记住『笔趣阁』…, which left 天才) do not.
  for (const char* button :
       {"返回书页", "加入书签", "回到顶部", "投推荐票", "返回书页 | 加入书签", "-->>", ">>", "→"})
    EXPECT_EQ(run_line(rule, button), "<dropped>") << button;
  EXPECT_EQ(run_line(rule, "-----"), "-----");
  EXPECT_EQ(run_line(rule, "他决定返回书院。"), "他决定返回书院。");
  EXPECT_EQ(run_line(rule, "天才一秒记住『笔趣阁』，为您提供精彩小说阅读。"), "<dropped>");
}

// A site's recommendation pasted into a sentence after a comma (an unseen 凡人修仙传 crawl,
// in three chapters of four): cut with the comma, the sentence's end and the quote kept.
TEST(SiteAdsRule, CutsARecommendationPastedIntoASentence) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "挣的钱可就更多了，其他书友正在看:修长生。"), "挣的钱可就更多了。");
  EXPECT_EQ(run_line(rule, "“恩，有点想了，好看的小说:无尽剑界最新章节。”韩立显的很乖巧。"),
            "“恩，有点想了。”韩立显的很乖巧。");
  EXPECT_EQ(run_line(rule, "家里非常的穷苦，其他书友正在看：暴力匹夫怒战天下英豪全文阅读。"),
            "家里非常的穷苦。");
  // The words in a sentence of story: at its start, without a colon, or before more of it.
  EXPECT_EQ(run_line(rule, "好看的小说：就是这本。"), "好看的小说：就是这本。");
  EXPECT_EQ(run_line(rule, "她说，好看的小说都在这里。"), "她说，好看的小说都在这里。");
  EXPECT_EQ(run_line(rule, "他说，好看的小说：三国、水浒，都读过。"),
            "他说，好看的小说：三国、水浒，都读过。");
}

// A tail after a comma ends its writer's sentence (an author's plea after the story, in an
// unseen 三寸人间): cutting it would leave the sentence hanging on the comma, so the line stays
// whole. Tails after tails still go, and a tail after a sentence's end.
TEST(SiteAdsRule, ATailAfterACommaIsNotCutFromItsSentence) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "今天是我农历的生日，求推荐票！"), "今天是我农历的生日，求推荐票！");
  EXPECT_EQ(run_line(rule, "第三更送到， 求月票！"), "第三更送到， 求月票！");
  EXPECT_EQ(run_line(rule, "求收藏，求推荐！"), "<dropped>");
  EXPECT_EQ(run_line(rule, "她笑了。求推荐票！"), "她笑了。");
}

// A site's notice put inside a paragraph (天才一秒记住本站地址, 手机用户请浏览…) goes to its end,
// not to the line's: the story after it stays when it reads as story (eight characters of
// words or more, no site words). The notice ends at the bracket it opened in, else with its
// sentence (a long one at its URL), and takes the sentences of site words after it.
TEST(SiteAdsRule, CutsANoticeInsideAParagraphAndKeepsTheStoryAfterIt) {
  SiteAdsRule rule = builtin_rule();
  const std::string before = "他挥剑斩死。";
  const std::string after = "龚光杰上身衣服已然脱光，赤了膊乱蹦乱跳，一条小青蛇在他背上游走。";
  for (const std::string notice :
       {"手机用户请浏览m.biqu5.com阅读，更优质的阅读体验。",
        "（天才一秒记住本站地址：www.biqu5.com）", "天才一秒记住本站地址：www.biqu5.com",
        "一秒记住，精彩小说无弹窗免费阅读！",
        "请记住本书首发域名：biqu5.com。笔趣阁手机版阅读网址：m.biqu5.com。"})
    EXPECT_EQ(run_line(rule, before + notice + after), before + after) << notice;
  // In dialogue, the closing quotation mark after the notice is the story's.
  EXPECT_EQ(run_line(rule, "“好好练剑。" + std::string("一秒记住，精彩小说无弹窗免费阅读！") + "”" +
                               after),
            "“好好练剑。”" + after);
  // At the line's end, or with little after it, or more notice after it: to the line's end.
  EXPECT_EQ(run_line(rule, before + "手机用户请浏览m.biqu5.com阅读。"), before);
  EXPECT_EQ(run_line(rule, before + "手机用户请浏览m.biqu5.com阅读。无广告！"), before);
  EXPECT_EQ(
      run_line(rule, before + "手机用户请浏览m.biqu5.com阅读。最新章节全文免费阅读，请到本站。"),
      before);
}

// A tail whose closing bracket the site lost takes its opening bracket with it, and qidian's
// footer after it goes whole (xianni).
TEST(SiteAdsRule, CutsAnUnclosedTailAndQidiansFooter) {
  SiteAdsRule rule = builtin_rule();
  auto run =
      run_rule(rule, {"他喃喃自语。（未完待续。",
                      "记得投完推荐票，再去狂欢哦（未完待续。如果您喜欢这部作品，欢迎您来起点投推"
                      "荐票、月票，您的支持，就是我最大的动力。"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"他喃喃自语。", "记得投完推荐票，再去狂欢哦"}));
}

// Another book recommended at a chapter's end, with its blurb: dropped whole. With story after
// the blurb, or a long paragraph in it, it is not a closing block and stays.
TEST(SiteAdsRule, DropsABookRecommendedAtTheChaptersEnd) {
  SiteAdsRule rule = builtin_rule();
  auto run = run_rule(rule, {"他走了。", "友情推荐，小刀锋利新书。书号引四q",
                             "这是一个神秘的斗气世界！", "只要拥有一颗强者之心，直接一拳轰碎。"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"他走了。"}));
  EXPECT_EQ(run.repairs.size(), 3u);
  std::vector<std::string> story = {"友情推荐，小刀锋利新书。", "他走了。"};
  for (int i = 0; i < 6; ++i) story.push_back("王林沉默了。");
  EXPECT_EQ(run_rule(rule, story).lines, story);
}

// The same at a chapter's start (a crawl put it above the chapter's story): as far as the wider
// gap in the source between the blurb and the story. Without that gap, or with a long line in
// the blurb, nothing tells the blurb from the story: it stays (the header alone is an author's
// note, order/author_notes.h).
TEST(SiteAdsRule, DropsABookRecommendedAtTheChaptersStartAsFarAsTheGapAfterIt) {
  SiteAdsRule rule = builtin_rule();
  // The paragraphs after the rule, but for the story of eight lines after `lines` (so that the
  // chapter's end is no promotion's).
  auto run = [&](const std::vector<std::pair<int, std::string>>& lines) {
    std::vector<Paragraph> paragraphs;
    for (const auto& [line, text] : lines) paragraphs.push_back({text, line, false});
    for (int i = 1; i <= 8; ++i)
      paragraphs.push_back({"王林沉默了。", paragraphs.back().line + 2, false});
    std::vector<Repair> repairs;
    RepairLog log("site_ads", "t.txt", &repairs);
    rule.apply(paragraphs, CleanContext(), log);
    std::vector<std::string> out;
    for (const Paragraph& p : paragraphs) out.push_back(p.text);
    EXPECT_EQ(repairs.size(), lines.size() + 8 - out.size());
    out.resize(out.size() - 8);
    return out;
  };
  const std::string header = "友情推荐，小刀锋利新书。书号引四q";
  const std::string blurb1 = "这是一个庞大绚丽，而又神秘的斗气世界，隐匿着无数强者！";
  const std::string blurb2 = "只要拥有一颗强者之心，管它眼前是什么，直接一拳轰碎。";
  const std::string story1 = "天空出现了雾气，向着四周轰隆隆的扩散开来。";
  const std::string story2 = "一阵莫大的威压，从天而降。";
  // Lines 2, 4, 6 (a blank line between), then two more blank lines before the story.
  EXPECT_EQ(run({{2, header}, {4, blurb1}, {6, blurb2}, {9, story1}, {11, story2}}),
            (std::vector<std::string>{story1, story2}));
  // No blank lines at all, then one: the same.
  EXPECT_EQ(run({{1, header}, {2, blurb1}, {3, blurb2}, {5, story1}, {6, story2}}),
            (std::vector<std::string>{story1, story2}));
  // The story as near as the blurb's own lines: all stays.
  std::vector<std::string> whole = {header, blurb1, blurb2, story1, story2};
  EXPECT_EQ(run({{2, header}, {4, blurb1}, {6, blurb2}, {8, story1}, {10, story2}}), whole);
  // A long line before the gap: story, all stays.
  std::string long_line;
  for (int i = 0; i < 12; ++i) long_line += "王林沉默了很久，终于开口。";
  EXPECT_EQ(run({{2, header}, {4, long_line}, {7, story1}}),
            (std::vector<std::string>{header, long_line, story1}));
  // More than five short lines before a gap: no blurb, all stays.
  std::vector<std::pair<int, std::string>> many = {{1, header}};
  for (int i = 0; i < 6; ++i) many.push_back({2 + i, story2});
  many.push_back({10, story1});
  EXPECT_EQ(run(many).size(), 8u);
  // Nothing after the gap but the blurb's end, or no header: all stays.
  EXPECT_EQ(run({{2, blurb1}, {4, blurb2}, {7, story1}}),
            (std::vector<std::string>{blurb1, blurb2, story1}));
}

TEST(SiteAdsRule, KeepsStoryThatMerelyContainsAPhrase) {
  SiteAdsRule rule = builtin_rule();
  for (const char* story :
       {"他只好向眾人求票", "「本章完了嗎？」他問。", "求收藏有什麼用？", "他說（這是真的）",
        "《東海屠》", "作者說他的其他小說更好看，我卻最愛這一本。"}) {
    EXPECT_EQ(run_line(rule, story), story);
  }
}

TEST(SiteAdsRule, CutsSiteAddressesToTheEndOfTheLine) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "天才一秒記住本站地址：[筆趣閣] https://www.example.com"), "<dropped>");
  EXPECT_EQ(run_line(rule, "一秒记住【笔趣阁 www.example.com】，精彩小说无弹窗免费阅读！"),
            "<dropped>");
  EXPECT_EQ(run_line(rule, "他走了。手機用戶請瀏覽m.example.com閱讀"), "他走了。");
  EXPECT_EQ(run_line(rule, "最新章節請到某某網"), "<dropped>");
  EXPECT_EQ(run_line(rule, "請記住本書首發域名：example.com"), "<dropped>");
}

TEST(SiteAdsRule, DropsUrlOnlyLinesAndCutsAdUrls) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "www.example.com"), "<dropped>");
  EXPECT_EQ(run_line(rule, "【 https://m.example.net/book/1.html 】"), "<dropped>");
  EXPECT_EQ(run_line(rule, "ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ"), "<dropped>");
  EXPECT_EQ(run_line(rule, "example.com"), "<dropped>");
  EXPECT_EQ(run_line(rule, "他收起了劍。 www.example.com"), "他收起了劍。");
  // A story that names a site keeps it; a version number is no domain.
  EXPECT_EQ(run_line(rule, "他打開了google.com"), "他打開了google.com");
  EXPECT_EQ(run_line(rule, "3.14"), "3.14");
}

TEST(SiteAdsRule, DropsAuthorPromotionAndTheTitlesAfterIt) {
  SiteAdsRule rule = builtin_rule();
  auto run = run_rule(rule, {"故事的最後一行。", "作者「阿菩」的其他小說", "《東海屠》",
                             "《唐騎》、《邊戎》", "下一行故事。"});
  EXPECT_EQ(run.lines, (std::vector<std::string>{"故事的最後一行。", "下一行故事。"}));
  EXPECT_EQ(run.repairs.size(), 3u);
}

// Seen in unseen crawls of 终极斗罗, 大主宰 and 我的体内有只鬼: a WeChat account's label, an
// uploader's request to follow one, and a new book's account pasted after the story.
TEST(SiteAdsRule, DropsRequestsToFollowAnAccountButNotStoryAboutOne) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "公众号：古诗词赏析诵读，提前斗罗大陆"), "<dropped>");
  EXPECT_EQ(run_line(rule, "终极斗罗实体书30册全册已经更新完毕，关注公众号，提前全册更新哦"),
            "<dropped>");
  EXPECT_EQ(run_line(rule, "微信搜索［圣骑士的传说］可以加作者的公众号啦！"), "<dropped>");
  EXPECT_EQ(run_line(rule,
                     "Ps:书友们，推荐一款免费小说App。请您关注微信公众号：dazhuzaiyuedu"
                     "（长按三秒复制）书友们快关注起来吧！"),
            "<dropped>");
  EXPECT_EQ(run_line(rule, "家族掌门人叫王宗孝。新书信息，请在威信搜索公众号“伪戒”关注。"),
            "家族掌门人叫王宗孝。");
  EXPECT_EQ(run_line(rule, "点击直达"), "<dropped>");
  // A group the readers are greeted to join (an unseen SF轻小说 crawl), or a group's label.
  EXPECT_EQ(run_line(rule, "欢迎大家加入粉丝群SF菠萝包狐娘保护协会,827917139。"), "<dropped>");
  EXPECT_EQ(run_line(rule, "他加入了书友群，群号是827917139。"),
            "他加入了书友群，群号是827917139。");
  // Story: no request, no promotion, or dialogue.
  for (const char* story :
       {"他关注了那个公众号。", "没有微信号，没有朋友圈，没有任何其他信息。",
        "“你关注公众号了吗？提前更新哦。”她问。", "她打开手机，搜索那个公众号，却只看到一片空白。",
        "ps：番外会在公众号和起点一起更新。"})
    EXPECT_EQ(run_line(rule, story), story);
}

// A forum's edit stamp (an unseen 卡提諾 collection): alone, glued after a paragraph, or before
// the story on its line; only the stamp goes.
TEST(SiteAdsRule, CutsForumEditStamps) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "本帖最後由 yht 於 2015-12-8 17:31 編輯"), "<dropped>");
  EXPECT_EQ(run_line(rule, "我們換個溫和點的辦法。 本帖最後由 yht 於 2015-12-8 17:24 編輯 "),
            "我們換個溫和點的辦法。");
  EXPECT_EQ(trim_spaces(run_line(rule, "本帖最后由 yht 于 2015-12-8 17:24 编辑　　他走进了房间。")),
            "他走进了房间。");
}

// A chapter page's fields between bars (an unseen SF轻小说 crawl, above every chapter).
TEST(SiteAdsRule, DropsAPagesFieldsBetweenBars) {
  SiteAdsRule rule = builtin_rule();
  EXPECT_EQ(run_line(rule, "作者：雪花丶 | 更新时间：2021/8/22 22:04:03 | 字数：3116"),
            "<dropped>");
  EXPECT_EQ(run_line(rule, "更新时间：2015/5/29 19:57:28 | 字数：45"), "<dropped>");
  // An author alone, or a story's bar, is no stamp.
  EXPECT_EQ(run_line(rule, "作者：雪花丶 | 作者：白伊"), "作者：雪花丶 | 作者：白伊");
  EXPECT_EQ(run_line(rule, "他说：好 | 她说：不"), "他说：好 | 她说：不");
}

TEST(SiteAdsRule, DropsUpdateStamps) {
  EXPECT_EQ(run_line(builtin_rule(), "更新時間：2012-01-01 10:00:00 本章字數：3200"), "<dropped>");
  // (Its colon may be an ASCII one: 儒林外史's scan.)
  EXPECT_EQ(run_line(builtin_rule(), "本章字数:5537"), "<dropped>");
}

TEST(SiteAdsRule, UserPatternsDropWholeLinesOrCutTails) {
  SiteAdsRule rule = builtin_rule({"感謝.{1,10}的打賞[！!]?", "^PS：.*"});
  EXPECT_EQ(run_line(rule, "感謝書友甲乙的打賞！"), "<dropped>");
  EXPECT_EQ(run_line(rule, "他們走了。感謝書友甲乙的打賞！"), "他們走了。");
  EXPECT_EQ(run_line(rule, "PS：今天只有一更"), "<dropped>");
  EXPECT_EQ(run_line(rule, "感謝他的打賞讓我們活了下來。"), "感謝他的打賞讓我們活了下來。");
}

TEST(SiteAdsRule, BadUserPatternIsAnErrorNamingTheConfig) {
  auto rule = SiteAdsRule::create(builtin_boilerplate(), {"求(票"}, "book.toml");
  ASSERT_FALSE(rule);
  EXPECT_NE(
      rule.message().find("book.toml: [clean] drop: '求(票' is not a valid regular expression"),
      std::string::npos)
      << rule.message();
}

}  // namespace novelbind
