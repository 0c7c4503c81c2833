// End to end: a made-up book with recurring ads, obfuscated URLs and expressive punctuation,
// built by the real binary; the EPUB's text has no ad left and every story line as written.
#include <gtest/gtest.h>

#include "base/test_util.h"

namespace novelbind {
namespace {

namespace fs = std::filesystem;

std::string all_chapter_text(const fs::path& epub) {
  std::string text;
  for (const auto& [name, data] : test::read_epub(epub))
    if (name.rfind("EPUB/text/ch", 0) == 0) text += data;
  return text;
}

TEST(SiteResidueBook, AdsGoAndStoryStaysAsWritten) {
  test::TempDir dir;
  const char* watermarks[] = {"t,xt,小,说天,堂", "＿t＿xt，小说天堂", "/tＸt|?小说天堂"};
  std::string book = "TXT小说天堂  http://www.xiaoshuotxt.com，免费txt小说下载站\n";
  for (int i = 1; i <= 3; ++i) {
    book += "第" + std::to_string(i) + "章 妈\n";
    book += "卧槽~~~~~~~~~~\n";
    book += "叮——————————————\n";
    book += std::string(watermarks[i - 1]) + "\n";
    book += "过大年!!!\n";
    book += "他走了……[*爪丶机*书屋*] wwW.ZhuaJi.oRg\n";
    book += "wＷw．xiＡoshＵotxt.cＯm\n";
    book += "“www.cassell.edu”，卡塞尔学院的网站。\n";
    book += "她读的是武侠小说。\n";
  }
  test::write_file(dir / "book.txt", book);
  auto built = test::run_novelbind("-q build '" + (dir / "book.txt").string() +
                                   "' --script keep -o '" + (dir / "b.epub").string() + "'");
  ASSERT_EQ(built.exit_code, 0) << built.output;
  std::string text = all_chapter_text(dir / "b.epub");
  for (const char* ad : {"小说天堂", "xiaoshuotxt", "ｘｉ", "xiＡ", "爪", "ZhuaJi", "Ｕotxt"})
    EXPECT_EQ(text.find(ad), std::string::npos) << ad;
  for (const char* story : {"卧槽~~~~~~~~~~", "叮——————————————", "过大年!!!", "他走了……<",
                            "www.cassell.edu", "她读的是武侠小说。"})
    EXPECT_NE(text.find(story), std::string::npos) << story;
}

// A download site's copyright statement, over several lines at the book's top and again at its
// end (an unseen 呐喊 from rain8: four of its six lines stayed in the story). Its words in a
// sentence of story stay.
TEST(SiteResidueBook, ASitesCopyrightStatementGoesWhole) {
  test::TempDir dir;
  const std::string statement =
      "版权声明：本站所有电子书本着交流学习的目的\n均由网友提供并更新，\n"
      "仅供读者研究学习，不得用作商业用途，\n强烈建议广大读者购买正版图书！\n"
      "电子书版权为原出版社和作者所有，\n"
      "如侵犯了您的版权,请通过Email或电话告知,我们将立即删除！\n";
  std::string book = statement;
  const char* stories[] = {"他决定去书店购买正版图书，再也不看盗版了。店门已经关了。",
                           "她在河边坐了很久，看着水面上的落叶慢慢漂走。",
                           "老人说起往事，声音越来越低，最后沉默了。"};
  for (int i = 1; i <= 3; ++i)
    book += "第" + std::to_string(i) + "章 书店\n" + stories[i - 1] + "\n";
  book += statement;
  test::write_file(dir / "book.txt", book);
  auto built = test::run_novelbind("-q build '" + (dir / "book.txt").string() +
                                   "' --script keep -o '" + (dir / "b.epub").string() + "'");
  ASSERT_EQ(built.exit_code, 0) << built.output;
  std::string text = all_chapter_text(dir / "b.epub");
  // (均由网友提供并更新， alone, after the story's last line, has too few of a site's words.)
  for (const char* ad : {"版权声明", "研究学习", "强烈建议", "原出版社", "侵犯了您"})
    EXPECT_EQ(text.find(ad), std::string::npos) << ad;
  EXPECT_NE(text.find("他决定去书店购买正版图书，再也不看盗版了。"), std::string::npos);
}

// A site's sentence put into paragraphs of story after a comma
// (…曾回顾他两次，最新章节请到八一中文网 阅读。自谓是个知己。…), in most chapters: the sentence
// goes, and every paragraph stays, the short ones too (a paragraph under 150 characters, its words
// weighing 4, went whole).
TEST(SiteResidueBook, ASitesSentenceInsideParagraphsGoesAndTheirStoryStays) {
  test::TempDir dir;
  const std::string ad = "最新章节请到八一中文网阅读。";
  const std::vector<std::string> stories = {
      "原来雨村自那日见了甄家丫鬟曾回顾他两次，自谓是个知己。便时刻放在心上。今又正值中秋，不免"
      "对月有怀，因而口占五言一律云：",
      "却说娇杏那丫头，便是当年回顾雨村的，因偶然一看便弄出这段奇缘，也是意想不到之事。谁知他命运"
      "两济，不承望自到雨村身边，只一年便生一子。",
      "因东边宁府花园内梅花盛开，贾珍之妻尤氏乃治酒具，请贾母、邢夫人、王夫人等赏花，是日先带了"
      "贾蓉夫妻二人来面请。",
      "士隐送雨村去后，回房一觉，直至红日三竿方醒。因思昨夜之事，意欲写荐书两封与雨村带至都中去"
      "，使雨村投谒个仕宦之家为寄身之地。"};
  std::string book = "红楼新梦\n作者：某人\n\n";
  std::vector<std::string> expected;
  for (int i = 1; i <= 8; ++i) {
    book += "第" + std::to_string(i) + "章 标题" + std::to_string(i) + "\n";
    for (int k = 0; k < 4; ++k) {
      // (Each chapter's own: a chapter that repeats another is dropped as a duplicate.)
      std::string p = stories[static_cast<size_t>(k)] + "其后第" + std::to_string(4 * i + k) +
                      "日，众人各自散去。";
      expected.push_back(p);
      if (k == i % 4) p.insert(p.find("，") + std::string("，").size(), ad);  // after a comma
      book += "　　" + p + "\n";
    }
  }
  test::write_file(dir / "book.txt", book);
  auto built = test::run_novelbind("-q build " + test::quoted(dir / "book.txt") + " -o " +
                                   test::quoted(dir / "b.epub") + " --no-cache");
  ASSERT_EQ(built.exit_code, 0) << built.output;
  std::string text = all_chapter_text(dir / "b.epub");
  EXPECT_EQ(text.find("八一中文网"), std::string::npos);
  for (const std::string& p : expected)
    EXPECT_NE(text.find("<p>" + p + "</p>"), std::string::npos) << p;
}

}  // namespace
}  // namespace novelbind
