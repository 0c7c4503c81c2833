#include "ingest/pinyin_title.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace novelbind {
namespace {

std::vector<std::string> readings(char32_t cp) {
  const PinyinReadings& table = PinyinReadings::builtin();
  std::vector<std::string> out;
  for (std::uint16_t id : table.of(cp)) out.push_back(table.syllables()[id]);
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<PinyinMatch> find(std::string_view name, const std::vector<std::string>& texts) {
  PinyinTitleFinder finder(pinyin_letters(name), PinyinReadings::builtin());
  for (const std::string& t : texts) finder.scan(t);
  return finder.best();
}

TEST(PinyinReadings, TheBuiltinTableHasEveryReadingOfACharacterWithoutTones) {
  EXPECT_EQ(readings(U'红'), (std::vector<std::string>{"gong", "hong"}));
  EXPECT_EQ(readings(U'行'), (std::vector<std::string>{"hang", "heng", "xing"}));
  EXPECT_EQ(readings(U'绿'), (std::vector<std::string>{"lu", "lv"}));
  EXPECT_EQ(readings(U'國'), (std::vector<std::string>{"guo"}));
  EXPECT_TRUE(readings(U'a').empty());
  EXPECT_TRUE(readings(U'𠀀').empty());  // outside the BMP: not in the table
}

TEST(PinyinReadings, ReadsATableLiteral) {
  PinyinReadings table("# comment\nhong\t红\nlou\t楼\nmeng\t梦\n");
  ASSERT_EQ(table.of(U'楼').size(), 1u);
  EXPECT_EQ(table.syllables()[table.of(U'楼')[0]], "lou");
  EXPECT_TRUE(table.of(U'三').empty());
}

TEST(PinyinNamesLine, InFullOrByInitialsOfThreeCharactersOrMore) {
  EXPECT_TRUE(pinyin_names_line("tlbb", "天龙八部"));
  EXPECT_TRUE(pinyin_names_line("TLBB", "　　天 龙 八 部"));  // spaced out as a title page is
  EXPECT_TRUE(pinyin_names_line("tianlongbabu", "天龙八部"));
  EXPECT_TRUE(pinyin_names_line("Tian-Long_Ba Bu", "天龙八部"));
  EXPECT_TRUE(pinyin_names_line("sdyxz", "射雕英雄传"));
  EXPECT_TRUE(pinyin_names_line("xingxing", "行星"));  // 行 by any of its readings
  // Initials of two characters name too many lines; a letter short or over names none.
  EXPECT_FALSE(pinyin_names_line("xy", "西游"));
  EXPECT_FALSE(pinyin_names_line("tlb", "天龙八部"));
  EXPECT_FALSE(pinyin_names_line("tlbbx", "天龙八部"));
  EXPECT_FALSE(pinyin_names_line("tianlongba", "天龙八部"));
  // Only a run of Han characters: a line with a mark, a letter or a digit is no title.
  EXPECT_FALSE(pinyin_names_line("tlbb", "天龙八部。"));
  EXPECT_FALSE(pinyin_names_line("tlbbd", "天龙八部1"));
  EXPECT_FALSE(pinyin_names_line("book", "不可思议"));
  EXPECT_FALSE(pinyin_names_line("", "天龙八部"));
  EXPECT_FALSE(pinyin_names_line("tlbb", ""));
}

TEST(PinyinLetters, DropsSeparatorsAndCaseAndRefusesAnythingElse) {
  EXPECT_EQ(pinyin_letters("Hong-Lou_Meng"), "hongloumeng");
  EXPECT_EQ(pinyin_letters("xi'an"), "xian");
  EXPECT_EQ(pinyin_letters("hong lou meng"), "hongloumeng");
  EXPECT_EQ(pinyin_letters("longzu13"), "");
  EXPECT_EQ(pinyin_letters("红楼梦"), "");
}

TEST(PinyinTitle, TheRunTheTextSpellsIsTheTitle) {
  auto m = find("hongloumeng", {"第五回 游幻境指迷十二钗 饮仙醪曲演红楼梦",
                                "警幻道：“就将新制《红楼梦》十二支演上来。”", "宝玉笑道。"});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->title, "红楼梦");
  EXPECT_EQ(m->uses, 2);
}

TEST(PinyinTitle, ACharacterMatchesByAnyOfItsReadings) {
  // 行 reads hang here, not xing (its usual reading)
  auto m = find("yinhang", {"他去了银行。", "银行关门了。", "他们说话。"});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->title, "银行");
}

TEST(PinyinTitle, UStandsForUmlautAsVDoes) {
  std::vector<std::string> text = {"山是绿色的。", "水也绿色，天是蓝的。"};
  ASSERT_TRUE(find("lvse", text));
  EXPECT_EQ(find("lvse", text)->title, "绿色");
  ASSERT_TRUE(find("luse", text));
  EXPECT_EQ(find("luse", text)->title, "绿色");
}

TEST(PinyinTitle, SyllablesSplitEitherWay) {
  // xian: 西安 (xi + an); the one character 先 (xian) is no title
  auto m = find("xian", {"先到西安。", "他先去了西安，又去洛阳。"});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->title, "西安");
  EXPECT_EQ(m->uses, 2);
}

TEST(PinyinTitle, OneUseIsEvidenceOnlyAsABracketedTitle) {
  EXPECT_FALSE(find("sanguo", {"遂分为三国。"}));
  auto m = find("xiyouji", {"他读过《西游记》。"});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->title, "西游记");
}

TEST(PinyinTitle, TheMostUsedRunWinsAndABracketedOneBeforeIt) {
  std::vector<std::string> text = {"三国鼎立。", "散过之后。", "三国归晋。", "天下三国。"};
  ASSERT_TRUE(find("sanguo", text));
  EXPECT_EQ(find("sanguo", text)->title, "三国");
  text.push_back("人人都读《散过》。");
  EXPECT_EQ(find("sanguo", text)->title, "散过");
}

TEST(PinyinTitle, AChanceMeetingOfCommonCharactersIsNoTitle) {
  // 的没 (demo) four times, each time beside other characters; but 的 and 没 are everywhere
  std::vector<std::string> text = {"我的没了。", "你的没有。", "他的没说。", "她的没来。"};
  ASSERT_TRUE(find("demo", text));
  for (int i = 0; i < 5; ++i) text.push_back("我的书，你的笔，他的纸，她的画。");
  for (int i = 0; i < 5; ++i) text.push_back("没有人，没有事，没有钱，没了。");
  EXPECT_FALSE(find("demo", text));
}

TEST(PinyinTitle, APartOfOneLongerWordIsNoTitle) {
  // 红楼 (honglou) is always in 红楼梦
  EXPECT_FALSE(find("honglou", {"曲演红楼梦。", "《红楼梦》十二支。", "归结红楼梦。"}));
  EXPECT_TRUE(find("honglou", {"曲演红楼梦。", "红楼十二支。", "归结红楼。"}));
}

TEST(PinyinTitle, NoRunNoTitle) {
  EXPECT_FALSE(find("seeds", {"种子发芽了。", "种子发芽了。"}));
  EXPECT_FALSE(find("hongloumeng", {"宝玉笑道。", "宝玉笑道。"}));
}

TEST(PinyinTitle, ReadsChapterTitlesAndParagraphs) {
  Book book;
  Chapter c;
  c.title = "第一回 宴桃园豪杰三结义";
  c.paragraphs.push_back({"遂分为三国。", 2, false});
  book.chapters.push_back(c);
  c.title = "第一百二十回 降孙皓三分归一统";
  c.paragraphs = {{"自此三国归于晋帝司马炎。", 9, false}};
  book.chapters.push_back(c);
  auto m = title_from_pinyin("sanguo", book);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->title, "三国");
  EXPECT_EQ(m->uses, 2);
  EXPECT_FALSE(title_from_pinyin("seeds", book));
}

// A long book is read in two halves (title_from_pinyin, on two threads): what the second half
// found is added to the first's, as if one finder had read both.
TEST(PinyinTitle, HalvesAddedUpFindWhatTheWholeTextDoes) {
  const std::vector<std::string> first = {"遂分为三国。", "天下大势，分久必合。", "《三国》"};
  const std::vector<std::string> second = {"三国归晋。", "合久必分。", "三国鼎立。"};
  auto whole = first;
  whole.insert(whole.end(), second.begin(), second.end());
  PinyinTitleFinder one(pinyin_letters("sanguo"), PinyinReadings::builtin());
  PinyinTitleFinder later = one;
  for (const std::string& t : first) one.scan(t);
  for (const std::string& t : second) later.scan(t);
  one.add(later);
  auto expected = find("sanguo", whole);
  ASSERT_TRUE(expected);
  auto added = one.best();
  ASSERT_TRUE(added);
  EXPECT_EQ(added->title, expected->title);
  EXPECT_EQ(added->uses, 4);  // one bracketed, three plain
  EXPECT_EQ(added->uses, expected->uses);

  // Uses that nearly always follow one character are a longer word's part: the halves'
  // neighbours are added too (the first half's two uses follow two characters).
  const std::vector<std::string> a = {"说三国。", "大三国。"},
                                 b = {"大三国。", "大三国。", "大三国。", "大三国。", "大三国。"};
  PinyinTitleFinder x(pinyin_letters("sanguo"), PinyinReadings::builtin());
  PinyinTitleFinder y = x;
  for (const std::string& t : a) x.scan(t);
  for (const std::string& t : b) y.scan(t);
  x.add(y);
  auto all = a;
  all.insert(all.end(), b.begin(), b.end());
  EXPECT_EQ(x.best().has_value(), find("sanguo", all).has_value());
  EXPECT_FALSE(x.best());
}

// A book of many chapters, whose title two chapters far apart name once each: found across the
// halves it is read in.
TEST(PinyinTitle, ALongBookNamesItsTitleAcrossItsHalves) {
  Book book;
  for (int i = 0; i < 30; ++i) {
    Chapter c;
    c.title = "第" + std::to_string(i + 1) + "章";
    c.paragraphs.push_back({i == 2    ? "遂分为三国。"
                            : i == 25 ? "自此三国归于晋帝司马炎。"
                                      : "天下大势，分久必合，合久必分。",
                            2, false});
    book.chapters.push_back(c);
  }
  auto m = title_from_pinyin("sanguo", book);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->title, "三国");
  EXPECT_EQ(m->uses, 2);
}

// Only a name that syllables spell sends the text through the search (a long book named
// "book" is not read for a title).
TEST(PinyinTitle, OnlyANameSyllablesSpellIsSearched) {
  const PinyinReadings& readings = PinyinReadings::builtin();
  for (const char* name : {"hongloumeng", "sanguo", "xian", "nvwa", "nuwa"})
    EXPECT_TRUE(spelled_by_syllables(pinyin_letters(name), readings)) << name;
  for (const char* name : {"book", "seeds", "novel", "chapters"})
    EXPECT_FALSE(spelled_by_syllables(pinyin_letters(name), readings)) << name;
}

}  // namespace
}  // namespace novelbind
