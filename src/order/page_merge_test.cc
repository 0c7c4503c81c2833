#include "order/page_merge.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

namespace novelbind {
namespace {

Chapter page(const std::string& file, const std::string& title, std::vector<std::string> text) {
  Chapter c;
  c.sources = {file};
  c.title = title;
  c.heading = title;
  c.heading_line = 1;
  int line = 2;
  for (std::string& p : text) c.paragraphs.push_back({std::move(p), line++, false});
  return c;
}

std::vector<Chapter> merged(std::vector<Chapter> chapters) {
  TextFolder folder;
  std::vector<ChapterPrints> prints;
  for (const Chapter& c : chapters) prints.push_back(chapter_prints(c, folder));
  merge_pages(chapters, prints, folder);
  EXPECT_EQ(prints.size(), chapters.size());
  return chapters;
}

using Texts = std::vector<std::string>;

TEST(PageMarkTest, Recognised) {
  auto m = page_mark("第二十回 劫法場石秀跳樓（1/2）");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->base, "第二十回 劫法場石秀跳樓");
  EXPECT_EQ(m->page, 1);
  EXPECT_EQ(page_mark("第二十回 劫法場石秀跳樓 (2/2)")->page, 2);
  EXPECT_EQ(page_mark("第二十回（２／３）")->page, 2);
  EXPECT_EQ(page_mark("第五章 大戰(上)")->page, 1);
  EXPECT_EQ(page_mark("第五章 大戰（中）")->page, 2);
  EXPECT_EQ(page_mark("第五章 大戰（下）")->page, 3);
  EXPECT_EQ(page_mark("第五章 大戰（二）")->page, 2);
  EXPECT_EQ(page_mark("第五章 大戰【3】")->page, 3);
  EXPECT_EQ(page_mark("第五章 大戰（二）")->base, "第五章 大戰");
  // With the page word around the number.
  EXPECT_EQ(page_mark("第五章 大戰（第2/2页）")->page, 2);
  EXPECT_EQ(page_mark("第五章 大戰（第3頁）")->page, 3);
  EXPECT_EQ(page_mark("第五章 大戰（第2/2页）")->base, "第五章 大戰");
  // The page word after a space, without brackets (a site's pages, 第31章 … 第2页: they were
  // chapters of their own, the page word in their titles).
  auto bare = page_mark("第31章 曹操仓亭破本初 玄德荆州依刘表 第2页");
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->page, 2);
  EXPECT_EQ(bare->base, "第31章 曹操仓亭破本初 玄德荆州依刘表");
  EXPECT_FALSE(bare->part);
  EXPECT_EQ(page_mark("第五章 大戰 第3頁")->page, 3);
  // A title that reads on into the page word is no page mark: 翻到第3页.
  EXPECT_FALSE(page_mark("第五章 翻到第3页"));
}

TEST(PageMarkTest, NotAMark) {
  EXPECT_FALSE(page_mark("第五章 大戰"));
  EXPECT_FALSE(page_mark("（1/2）"));                // nothing but the mark
  EXPECT_FALSE(page_mark("第五章 大戰（甲）"));      // not a page number
  EXPECT_FALSE(page_mark("第五章 大戰（3/2）"));     // page 3 of 2
  EXPECT_FALSE(page_mark("第五章 大戰（第二天）"));  // no page word
  EXPECT_FALSE(page_mark("第五章 一個很長很長很長的括號說明而不是頁碼）"));
}

TEST(PageMergeTest, NumberedPagesMergeAndTheSeamIsKeptOnce) {
  auto chapters = merged({
      page("a.txt", "第二十回 劫法場（1/2）", {"甲一。", "甲二。", "「甲三。」", "甲四。"}),
      page("b.txt", "第二十回 劫法場（2/2）", {"“甲三。”", "甲四。", "乙一。"}),
      page("c.txt", "第二十一回 回家", {"丙。"}),
  });
  ASSERT_EQ(chapters.size(), 2u);
  EXPECT_EQ(chapters[0].title, "第二十回 劫法場");
  EXPECT_EQ(test::paragraph_texts(chapters[0]),
            (Texts{"甲一。", "甲二。", "「甲三。」", "甲四。", "乙一。"}));
  EXPECT_EQ(chapters[0].sources, (Texts{"a.txt", "b.txt"}));
  ASSERT_EQ(chapters[0].repairs.size(), 3u);
  EXPECT_EQ(chapters[0].repairs[0].rule, "page_seam");
  EXPECT_EQ(chapters[0].repairs[0].file, "b.txt");
  EXPECT_EQ(chapters[0].repairs[0].before, "“甲三。”");
  EXPECT_EQ(chapters[0].repairs[2].rule, "page_merge");
  EXPECT_EQ(chapters[1].title, "第二十一回 回家");
}

// A page cut inside a paragraph (a mobile site's 第1章 X(1/2) ending …巴不得去奉承，): the
// paragraph is one again in the merged chapter, and where the next page opens with what closes
// a sentence (。”) or the page before ends inside a word of a long paragraph. A page that ends
// with its sentence, or with a colon before a couplet, or with a short line without a mark (a
// poem's), keeps its paragraphs apart; so does a paragraph the source opens with a closing
// quotation mark (”云长曰, sanguo's own).
TEST(PageMergeTest, AParagraphAPageCutIsOneAgain) {
  const std::string long_cut = "次日，早有雨村遣人送了两封银子、四匹锦缎，答谢甄家娘子，又一封密书";
  auto chapters = merged({
      page("a.txt", "第1章 雨村（1/5）", {"甲一。", "封肃喜得眉开眼笑，巴不得去奉承，"}),
      page("a.txt", "第1章 雨村（2/5）", {"便把娇杏送进衙内去了。", long_cut}),
      page("a.txt", "第1章 雨村（3/5）", {"与甄家娘子。", "乃高声曰：“许多年来，未尝落后"}),
      page("a.txt", "第1章 雨村（4/5）", {"。”孔明笑曰：“云长勿怪！”", "宝玉便念道："}),
      page("a.txt", "第1章 雨村（5/5）", {"”云长曰：“曹操望见烟，知有埋伏。”"}),
      page("a.txt", "第2章 宝鼎（1/2）", {"乙一。", "宝玉便念道："}),
      page("a.txt", "第2章 宝鼎（2/2）", {"宝鼎茶闲烟尚绿，幽窗棋罢指犹凉。", "春风桃李"}),
  });
  ASSERT_EQ(chapters.size(), 2u);
  EXPECT_EQ(
      test::paragraph_texts(chapters[0]),
      (Texts{"甲一。", "封肃喜得眉开眼笑，巴不得去奉承，便把娇杏送进衙内去了。",
             long_cut + "与甄家娘子。", "乃高声曰：“许多年来，未尝落后。”孔明笑曰：“云长勿怪！”",
             "宝玉便念道：", "”云长曰：“曹操望见烟，知有埋伏。”"}));
  EXPECT_EQ(test::paragraph_texts(chapters[1]),
            (Texts{"乙一。", "宝玉便念道：", "宝鼎茶闲烟尚绿，幽窗棋罢指犹凉。", "春风桃李"}));
  // A line of verse that ends a page with its comma (枝柯怕动摇。皑皑轻趁步，) is whole: the next
  // page's 黛玉忙联道： was joined to it.
  auto verse = merged({
      page("b.txt", "第3章 联句（1/2）", {"宝钗连声赞好，也便联道：", "枝柯怕动摇。皑皑轻趁步，"}),
      page("b.txt", "第3章 联句（2/2）", {"黛玉忙联道：", "剪剪舞随腰。苦茗成新赏，"}),
  });
  ASSERT_EQ(verse.size(), 1u);
  EXPECT_EQ(test::paragraph_texts(verse[0]),
            (Texts{"宝钗连声赞好，也便联道：", "枝柯怕动摇。皑皑轻趁步，", "黛玉忙联道：",
                   "剪剪舞随腰。苦茗成新赏，"}));
}

// An author's parts, posted as chapters of their own (（上）/（下）, （一）/（二）), stay apart,
// each under its heading as the source lists them; a site's pages (（1/2）) are one chapter.
TEST(PageMergeTest, AnAuthorsPartsStayApart) {
  auto halves = merged(
      {page("a.txt", "第五章 大戰(上)", {"一。"}), page("b.txt", "第五章 大戰（下）", {"二。"})});
  ASSERT_EQ(halves.size(), 2u);
  EXPECT_EQ(halves[0].title, "第五章 大戰(上)");
  EXPECT_EQ(halves[1].title, "第五章 大戰（下）");
  auto parts = merged({page("a.txt", "第一章 異界唐三（一）", {"一。"}),
                       page("b.txt", "第一章 異界唐三（二）", {"二。"})});
  EXPECT_EQ(parts.size(), 2u);
  ASSERT_TRUE(page_mark("第一章 異界唐三（二）"));
  EXPECT_TRUE(page_mark("第一章 異界唐三（二）")->part);
  EXPECT_FALSE(page_mark("第一章 異界唐三（2/3）")->part);
  EXPECT_FALSE(page_mark("第一章 異界唐三（第2页）")->part);
}

// Pages joined across a gap (（1/5）, （4/5）, （5/5）: the crawl missed two): joined, and the
// reader told which are missing.
TEST(PageMergeTest, MissingPagesBetweenTwoJoinedAreWarnedOf) {
  auto chapters = merged({page("a.txt", "第三章 双生武魂（1/5）", {"一。"}),
                          page("b.txt", "第三章 双生武魂（4/5）", {"四。"}),
                          page("c.txt", "第三章 双生武魂（5/5）", {"五。"})});
  ASSERT_EQ(chapters.size(), 1u);
  EXPECT_EQ(test::paragraph_texts(chapters[0]), (Texts{"一。", "四。", "五。"}));
  ASSERT_EQ(chapters[0].warnings.size(), 1u);
  EXPECT_EQ(chapters[0].warnings[0].rule, "page_merge");
  EXPECT_EQ(chapters[0].warnings[0].file, "b.txt");
  EXPECT_NE(chapters[0].warnings[0].message.find("page(s) 2-3"), std::string::npos)
      << chapters[0].warnings[0].message;
}

TEST(PageMergeTest, SameHeadingInConsecutiveFilesAcrossScripts) {
  auto chapters = merged({page("a.txt", "第三章 後來", {"他說：「走吧。」", "於是他們走了。"}),
                          page("b.txt", "第三章 后来", {"于是他们走了。", "天黑了。"})});
  ASSERT_EQ(chapters.size(), 1u);
  EXPECT_EQ(chapters[0].title, "第三章 後來");
  EXPECT_EQ(test::paragraph_texts(chapters[0]),
            (Texts{"他說：「走吧。」", "於是他們走了。", "天黑了。"}));
}

TEST(PageMergeTest, OnlyConsecutiveChaptersWithTheSameTitleMerge) {
  auto chapters = merged({page("a.txt", "第五章 大戰（一）", {"一。"}),
                          page("b.txt", "第六章 大戰（二）", {"二。"}),
                          page("c.txt", "第五章 大戰（三）", {"三。"})});
  EXPECT_EQ(chapters.size(), 3u);
  EXPECT_EQ(chapters[0].title, "第五章 大戰（一）");  // a lone page keeps its mark
}

TEST(PageMergeTest, UntitledChaptersNeverMerge) {
  Chapter a = page("a.txt", "", {"一。"});
  Chapter b = page("b.txt", "", {"一。"});
  a.heading.clear();
  b.heading.clear();
  EXPECT_EQ(merged({a, b}).size(), 2u);
}

}  // namespace
}  // namespace novelbind
