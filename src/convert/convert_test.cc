#include "convert/convert.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

namespace novelbind {
namespace {

Chapter script_chapter(const std::string& file, const std::string& title,
                       const std::vector<std::string>& lines) {
  Chapter c;
  c.sources = {file};
  c.title = title;
  int n = 0;
  for (const std::string& l : lines) c.paragraphs.push_back({l, ++n, false});
  return c;
}

ScriptPlan plan(std::vector<Chapter>& chapters, const std::string& script) {
  ConvertConfig config;
  config.script = script;
  auto p = plan_script(chapters, config, 2);
  if (!p) throw std::runtime_error(p.message());
  return *p;
}

Converter converter(const ScriptPlan& p, bool localize = false, const Config& whole = {}) {
  ConvertConfig config;
  config.localize_phrases = localize;
  config.phrases = whole.convert.phrases;
  auto c = Converter::create(config, p, whole);
  if (!c) throw std::runtime_error(c.message());
  return std::move(*c);
}

std::vector<Chapter> sample_book() {
  return {script_chapter("a.txt", "第一章", {"他們來了，怎麼辦？"}),
          script_chapter("b.txt", "第二章", {"三十餘里外，還有兵馬。"}),
          script_chapter("c.txt", "第三章", {"霍納德想著怎么善后，士兵們的心里很亂。"}),
          script_chapter("d.txt", "第四章 后悔", {"他们后悔了，里面没有人。"})};
}

TEST(PlanScript, AutoPicksTheScriptOfMostChaptersAndMeasuresEach) {
  std::vector<Chapter> book = sample_book();
  ScriptPlan p = plan(book, "auto");
  EXPECT_EQ(p.target, "zh-Hant");
  EXPECT_EQ(p.language, "zh-Hant");
  EXPECT_EQ(p.quotes, "corner");
  EXPECT_EQ(book[0].script, "zh-Hant");
  EXPECT_EQ(book[1].script, "zh-Hant");
  // auto converts by what each paragraph holds: a chapter is only ever in one script.
  EXPECT_EQ(book[2].script, "zh-Hant");
  EXPECT_EQ(book[3].script, "zh-Hans");
  EXPECT_TRUE(p.repair_only);
  EXPECT_FALSE(p.leftovers);  // 8 Simplified characters: too few to be a conversion half done
}

TEST(PlanScript, MixedChaptersGetAWarningNamingThem) {
  std::vector<Chapter> book = sample_book();
  plan(book, "zh-TW");
  ASSERT_EQ(book[2].warnings.size(), 1u);
  const Diagnostic& d = book[2].warnings[0];
  EXPECT_EQ(d.rule, "mixed_script");
  EXPECT_EQ(d.file, "c.txt");
  EXPECT_EQ(d.message,
            "chapter '第三章' mixes Simplified and Traditional script (1 Simplified-only and 3 "
            "Traditional-only characters); converted to zh-TW as a whole; check its text");
  EXPECT_TRUE(book[0].warnings.empty());
}

TEST(PlanScript, ExplicitTargetSetsLanguageAndQuotes) {
  std::vector<Chapter> book = sample_book();
  ScriptPlan p = plan(book, "zh-Hans");
  EXPECT_EQ(p.target, "zh-Hans");
  EXPECT_EQ(p.language, "zh-Hans");
  EXPECT_EQ(p.quotes, "curly");
  EXPECT_EQ(plan(book, "zh-HK").language, "zh-HK");
}

TEST(PlanScript, KeepConvertsNothingAndNamesTheLanguageOnlyWhenItIsOne) {
  std::vector<Chapter> book = sample_book();
  ScriptPlan mixed = plan(book, "keep");
  EXPECT_EQ(mixed.target, "");
  EXPECT_EQ(mixed.language, "zh");
  std::vector<Chapter> simplified = {script_chapter("d.txt", "", {"他们后悔了。"})};
  ScriptPlan p = plan(simplified, "keep");
  EXPECT_EQ(p.language, "zh-Hans");
  EXPECT_EQ(p.quotes, "curly");
  Converter c = converter(p);
  c.convert(simplified[0]);
  EXPECT_EQ(simplified[0].paragraphs[0].text, "他们后悔了。");
  EXPECT_EQ(simplified[0].conversion, "");
}

TEST(Converter, ChoosesTheConfigurationFromTheChaptersScript) {
  std::vector<Chapter> book = sample_book();
  Converter c = converter(plan(book, "zh-TW"));
  for (Chapter& ch : book) c.convert(ch);
  EXPECT_EQ(book[0].conversion, "t2tw");
  EXPECT_EQ(book[1].conversion, "t2tw");
  // Already Traditional: only variants, so 餘里 (li, a distance) does not become 餘裡.
  EXPECT_EQ(book[1].paragraphs[0].text, "三十餘里外，還有兵馬。");
  EXPECT_EQ(book[2].conversion, "s2tw");
  EXPECT_EQ(book[2].paragraphs[0].text, "霍納德想著怎麼善後，士兵們的心裡很亂。");
  EXPECT_EQ(book[3].conversion, "s2tw");
  EXPECT_EQ(book[3].title, "第四章 後悔");
  EXPECT_EQ(book[3].paragraphs[0].text, "他們後悔了，裡面沒有人。");
}

TEST(Converter, StrayCharactersOfTheOtherScriptAreConvertedInTheirParagraphOnly) {
  // One 么 among hundreds of Traditional characters: not mixed, but it must not stay.
  std::string traditional;
  for (int i = 0; i < 60; ++i) traditional += "三十餘里外，還有兵馬。";
  std::vector<Chapter> book = {script_chapter("a.txt", "", {traditional, "他們怎么辦？"})};
  ScriptPlan p = plan(book, "zh-TW");
  EXPECT_EQ(book[0].script, "zh-Hant");
  EXPECT_TRUE(book[0].warnings.empty());
  converter(p).convert(book[0]);
  EXPECT_EQ(book[0].paragraphs[0].text, traditional);  // t2tw: 餘里 stays
  EXPECT_EQ(book[0].paragraphs[1].text, "他們怎麼辦？");
  EXPECT_EQ(book[0].conversion, "t2tw + s2tw for 1 paragraph in Simplified");

  // The same for a Simplified book: a stray Traditional name character goes, the rest is kept.
  std::string simplified;
  for (int i = 0; i < 100; ++i) simplified += "于是众人都来了。";
  std::vector<Chapter> hans = {script_chapter("b.txt", "", {simplified, "孫綝来了。"})};
  ScriptPlan q = plan(hans, "zh-Hans");
  EXPECT_EQ(hans[0].script, "zh-Hans");
  converter(q).convert(hans[0]);
  EXPECT_EQ(hans[0].paragraphs[0].text, simplified);
  EXPECT_EQ(hans[0].paragraphs[1].text, "孙𬘭来了。");
  EXPECT_EQ(hans[0].conversion, "t2s for 1 paragraph in Traditional");
}

TEST(Converter, ToSimplifiedConvertsTraditionalAndMixedChapters) {
  std::vector<Chapter> book = sample_book();
  Converter c = converter(plan(book, "zh-Hans"));
  for (Chapter& ch : book) c.convert(ch);
  EXPECT_EQ(book[0].paragraphs[0].text, "他们来了，怎么办？");
  EXPECT_EQ(book[0].conversion, "t2s");
  // 著 is a Simplified character too; OpenCC's t2s keeps it.
  EXPECT_EQ(book[2].paragraphs[0].text, "霍纳德想著怎么善后，士兵们的心里很乱。");
  EXPECT_EQ(book[3].conversion, "");
  EXPECT_EQ(book[3].paragraphs[0].text, "他们后悔了，里面没有人。");
}

TEST(Converter, ErrataPhrasesSurviveEvenCharacterLevelConversion) {
  // s2t alone turns 华夏历史 into 華夏曆史 (夏曆 is the Xia calendar).
  std::vector<Chapter> book = {script_chapter("a.txt", "", {"华夏历史很长。"})};
  Converter c = converter(plan(book, "zh-TW"));
  c.convert(book[0]);
  EXPECT_EQ(book[0].paragraphs[0].text, "華夏歷史很長。");
}

TEST(Converter, LocalizedPhrasesNeverBreakTheErrataPhrases) {
  std::vector<Chapter> book = {script_chapter("a.txt", "", {"他們是勇敢的士兵"}),
                               script_chapter("b.txt", "", {"他们是勇敢的士兵，会用软件。"}),
                               script_chapter("c.txt", "", {"提升的士氣，用軟件。"})};
  Converter c = converter(plan(book, "zh-TW"), /*localize=*/true);
  for (Chapter& ch : book) c.convert(ch);
  EXPECT_EQ(book[0].paragraphs[0].text, "他們是勇敢的士兵");
  EXPECT_EQ(book[0].conversion, "t2twp");
  // The phrase tables are in use (軟件 -> 軟體), only the errata's phrases escape them.
  EXPECT_EQ(book[1].paragraphs[0].text, "他們是勇敢的士兵，會用軟體。");
  EXPECT_EQ(book[1].conversion, "s2twp");
  EXPECT_EQ(book[2].paragraphs[0].text, "提升的士氣，用軟體。");
}

TEST(Converter, UserPhrasesTakePrecedenceOverOpencc) {
  test::TempDir dir;
  test::write_file(dir / "names.txt", "# names\n回纥\t回鶻\n张迈\t張邁\n");
  Config whole;
  whole.project_dir = dir.path();
  whole.convert.phrases = "names.txt";
  std::vector<Chapter> book = {script_chapter("a.txt", "回纥来了", {"张迈望着回纥骑兵。"})};
  Converter c = converter(plan(book, "zh-TW"), false, whole);
  c.convert(book[0]);
  EXPECT_EQ(book[0].title, "回鶻來了");  // OpenCC alone gives 回紇
  EXPECT_EQ(book[0].paragraphs[0].text, "張邁望著回鶻騎兵。");
}

TEST(Converter, BadUserDictionaryLineIsAnErrorNamingFileAndLine) {
  test::TempDir dir;
  test::write_file(dir / "names.txt", "回纥\t回鶻\n张迈 張邁\n");
  Config whole;
  whole.project_dir = dir.path();
  ConvertConfig config;
  config.phrases = "names.txt";
  std::vector<Chapter> book = sample_book();
  auto c = Converter::create(config, plan(book, "zh-TW"), whole);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.message(), (dir / "names.txt").string() +
                             ":2: expected 'source<TAB>target', found no tab; separate the two "
                             "forms with one tab");
  config.phrases = "missing.txt";
  auto missing = Converter::create(config, plan(book, "zh-TW"), whole);
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.message().find("'missing.txt', which cannot be read"), std::string::npos)
      << missing.message();
}

TEST(Converter, MetadataFollowsItsOwnScript) {
  std::vector<Chapter> book = sample_book();
  Converter c = converter(plan(book, "zh-TW"));
  EXPECT_EQ(c.convert_text("三国演义"), "三國演義");
  EXPECT_EQ(c.convert_text("三國演義"), "三國演義");
  EXPECT_EQ(c.convert_text(""), "");
  // No telling character: the book's majority (Traditional) decides, so 后 stays 后.
  EXPECT_EQ(c.convert_text("皇后"), "皇后");
}

TEST(Converter, VolumeTitlesConvertTheSameWayInEveryChapter) {
  std::vector<Chapter> book = sample_book();
  for (Chapter& ch : book) ch.volume = "第一卷 风起";
  Converter c = converter(plan(book, "zh-TW"));
  for (Chapter& ch : book) c.convert(ch);
  for (const Chapter& ch : book) EXPECT_EQ(ch.volume, "第一卷 風起");
}

// ---- --script auto: only what is in the other script ---------------------------------

// Plans and converts `book` with --script auto; returns the plan.
ScriptPlan convert_auto(std::vector<Chapter>& book) {
  ScriptPlan p = plan(book, "auto");
  Converter c = converter(p);
  for (Chapter& ch : book) c.convert(ch);
  return p;
}

std::vector<std::string> texts(const std::vector<Chapter>& book) {
  std::vector<std::string> out;
  for (const Chapter& c : book) {
    out.push_back(c.title);
    for (const Paragraph& p : c.paragraphs) out.push_back(p.text);
  }
  return out;
}

// A Traditional book downloaded from a Simplified site: the site's notices in every chapter
// (and one glued to a paragraph) are no Simplified text of the book's, so the book is in one
// script and its own forms (雇) stay. (The notices themselves are the cleaning's.)
TEST(AutoScript, ASimplifiedSitesNoticesDoNotMakeATraditionalBookHalfConverted) {
  std::vector<Chapter> book;
  for (int i = 0; i < 4; ++i)
    book.push_back(
        script_chapter("a" + std::to_string(i) + ".txt", "第" + std::to_string(i + 1) + "回 雇舟",
                       {"更新时间：2013-1-7 9:50:40 本章字数：2173",
                        "一秒记住【笔趣阁 "
                        "www.biqu5.com】，精彩小说无弹窗免费阅读！次日，雇了一輛車，翁婿二人坐著。",
                        "雇一小舟，遊於峰下，心裏甚樂。",
                        "请记住本书首发域名：biqu5.com。笔趣阁手机版阅读网址：m.biqu5.com"}));
  ScriptPlan p = convert_auto(book);
  EXPECT_TRUE(p.repair_only);
  EXPECT_EQ(p.target, "zh-Hant");
  EXPECT_FALSE(p.leftovers);
  for (const Chapter& c : book)
    for (const Paragraph& para : c.paragraphs)
      EXPECT_EQ(para.text.find("僱"), std::string::npos) << para.text;
}

TEST(AutoScript, ABookInOneScriptComesOutUnchanged) {
  // Traditional (Big5) text that writes 群, 床, 峰, 雇, 余 (I) and 裏; and Simplified text
  // keeping old forms of names (綝, 儁) and 後.
  std::vector<Chapter> traditional = {
      script_chapter("a.txt", "卷一　閨房記樂",
                     {"余年十三，隨母歸寧，群兒嬉戲於床前。", "雇一小舟，遊於峰下，心裏甚樂。"}),
      script_chapter("b.txt", "卷二　閒情記趣", {"余憶童穉時，能張目對日，明察秋毫。"})};
  std::vector<Chapter> simplified = {
      script_chapter("a.txt", "第一回 丁奉定计斩孙綝",
                     {"孙綝闻之大怒，召张布、王儁商议。", "其後众人皆散去。"}),
      script_chapter("b.txt", "第二回", {"却说孙綝自此专权，朝中大臣无不畏惧。"})};
  for (std::vector<Chapter>* book : {&traditional, &simplified}) {
    std::vector<std::string> before = texts(*book);
    ScriptPlan p = convert_auto(*book);
    EXPECT_TRUE(p.repair_only);
    EXPECT_FALSE(p.leftovers);
    EXPECT_EQ(texts(*book), before);
    for (const Chapter& c : *book) {
      EXPECT_TRUE(c.repairs.empty());
      EXPECT_EQ(c.conversion, "");
    }
  }
}

// A Simplified book's chat lines in 火星文 (an unseen 微微一笑很倾城): forms of both scripts and
// rare variants written on purpose, kept as written; a Traditional paragraph beside them is
// still converted.
TEST(AutoScript, StylisedWritingInTheOtherScriptIsKept) {
  const std::vector<std::string> martian = {
      "『世界』[莪愛伱]：看見叻，莪看見叻。",
      "『世界』[莪愛伱]：吙煋攵怎仫啦，地浗攵很叻鈈起仫，伱煋浗歧視"};
  std::vector<std::string> lines = {"微微看着屏幕，又见火星文，忍不住笑了。"};
  lines.insert(lines.end(), martian.begin(), martian.end());
  lines.insert(lines.end(),
               {"他們站在門外，為難地說：這裡不能待了。", "她关掉了对话框，想了想，又打开了。",
                "屏幕上的字一行行跳出来，她看得很认真，这些话让她觉得很为难。",
                "宿舍里的灯还亮着，她们说这个游戏里的人都很奇怪。"});
  std::vector<Chapter> book = {
      script_chapter("a.txt", "第一章",
                     {"微微看着屏幕，又见火星文，忍不住笑了。", "她关掉了对话框。"}),
      script_chapter("b.txt", "第二章", lines),
      script_chapter("c.txt", "第三章", {"他为了这件事，一直看着窗外，心里很乱。"})};
  ScriptPlan p = convert_auto(book);
  EXPECT_EQ(p.target, "zh-Hans");
  EXPECT_EQ(book[1].paragraphs[1].text, martian[0]);
  EXPECT_EQ(book[1].paragraphs[2].text, martian[1]);
  EXPECT_EQ(book[1].paragraphs[3].text, "他们站在门外，为难地说：这里不能待了。");
}

// The conversions are loaded when a chapter first needs one (most books in --script auto need
// none): a chapter that needs one gets it, by itself or after others that did not.
TEST(AutoScript, AConversionIsLoadedWhenAChapterFirstNeedsIt) {
  std::vector<Chapter> book = {
      script_chapter("a.txt", "卷一", {"余年十三，隨母歸寧，群兒嬉戲於床前。"}),
      script_chapter("b.txt", "卷二",
                     {"余憶童穉時，能張目對日，明察秋毫。見藐小微物，必細察其紋理。",
                      "夏蚊成雷，私擬作群鶴舞空，心之所向，則或千或百果然鶴也。",
                      "他为了这件事，一直看着窗外。"})};
  Converter c = converter(plan(book, "auto"));
  c.convert(book[0]);
  EXPECT_TRUE(c.status().ok()) << c.status().message();
  EXPECT_EQ(book[0].paragraphs[0].text, "余年十三，隨母歸寧，群兒嬉戲於床前。");
  EXPECT_EQ(book[0].conversion, "");
  c.convert(book[1]);
  EXPECT_TRUE(c.status().ok()) << c.status().message();
  EXPECT_EQ(book[1].paragraphs[2].text, "他爲了這件事，一直看着窗外。");  // s2t's forms
  EXPECT_EQ(book[1].conversion, "s2t for 1 of 4 lines in Simplified");
}

TEST(AutoScript, AChapterInTheOtherScriptTakesTheBooksOwnForms) {
  // The book writes 為, 著 and 裡 (Taiwan's forms); s2t alone would give 爲, 着 and 裏.
  std::vector<Chapter> book = {
      script_chapter("a.txt", "第一章",
                     {"他為了這件事，一直看著窗外，心裡很亂。", "他們為此爭了起來。"}),
      script_chapter("b.txt", "第二章", {"他們看著遠處，為難地說：「這裡不能待了。」"}),
      script_chapter("c.txt", "第三章", {"他为了这件事，一直看着窗外，心里很乱。"})};
  ScriptPlan p = convert_auto(book);
  EXPECT_EQ(p.target, "zh-Hant");
  EXPECT_EQ(book[2].paragraphs[0].text, "他為了這件事，一直看著窗外，心裡很亂。");
  ASSERT_EQ(book[2].repairs.size(), 1u);
  EXPECT_EQ(book[2].repairs[0].rule, "script");
  EXPECT_EQ(book[2].repairs[0].file, "c.txt");
  EXPECT_EQ(book[2].repairs[0].line, 1);
  EXPECT_EQ(book[2].conversion, "s2t for 1 of 2 lines in Simplified");
  EXPECT_TRUE(book[0].repairs.empty());
}

TEST(AutoScript, NoConversionLeavesTheBmp) {
  // A Traditional chapter in a Simplified book: t2s would write 綝 as U+2C62D, which few
  // readers' fonts have.
  std::vector<Chapter> book = {
      script_chapter("a.txt", "第一回", {"却说孙权闻之大怒，众将皆来劝谏。"}),
      script_chapter("b.txt", "第二回", {"这里的人们说着话，没有什么事情。"}),
      script_chapter("c.txt", "第三回", {"孫綝聞說諸將皆來，遂與張布商議。"})};
  convert_auto(book);
  EXPECT_EQ(book[2].paragraphs[0].text, "孙綝闻说诸将皆来，遂与张布商议。");
}

TEST(AutoScript, LeftoversOfAnIncompleteConversionAreRepairedInPhrasesOnly) {
  // Traditional text in which a converter left 么, 听, 气 and the characters of both scripts
  // (后, 里, 范). 后 and 里 change where an OpenCC phrase says how (之后, 这里); the surname
  // 范 stays. The book writes neither 裏 nor 裡: 这里 takes OpenCC's standard form.
  std::vector<Chapter> book = {
      script_chapter(
          "a.txt", "第一章",
          {"范遙聽了這話，怎么也不肯說，之后便走了。", "他們在這里等了很久，听見聲音。"}),
      script_chapter("b.txt", "第二章", {"眾人氣憤，說道：「這是什么道理？」范遙笑了笑。"})};
  // A book long enough to show a conversion left half done (kLeftoverMinimum).
  for (int i = 0; i < 20; ++i) book.push_back(book[i % 2]);
  ScriptPlan p = convert_auto(book);
  EXPECT_TRUE(p.leftovers);
  EXPECT_EQ(book[0].paragraphs[0].text, "范遙聽了這話，怎麼也不肯說，之後便走了。");
  EXPECT_EQ(book[0].paragraphs[1].text, "他們在這裏等了很久，聽見聲音。");
  EXPECT_EQ(book[1].paragraphs[0].text, "眾人氣憤，說道：「這是什麼道理？」范遙笑了笑。");
}

TEST(AutoScript, LeftoversAreConvertedWithoutRewritingWhatIsRight) {
  // 念, 里, 干, 谷 and 回 are right in Traditional text as they stand (念誦, 萬里, 一干二淨,
  // 陽谷, 回轉); only OpenCC's reading of them as Simplified (唸誦, 萬裏, 一乾二淨, 陽穀,
  // 迴轉) would change them. The leftovers 听, 么 and 气 around them are converted.
  std::vector<Chapter> book = {
      script_chapter(
          "a.txt", "第一章",
          {"他低低念誦此詞，渺萬里層雲，听了怎么辦？", "這事忘得一干二淨，气得回轉陽谷縣。"}),
      script_chapter("b.txt", "第二章", {"眾人說道：「這是甚麼道理？」他們都走了。"})};
  for (int i = 0; i < 20; ++i) book.push_back(book[i % 2]);
  ScriptPlan p = convert_auto(book);
  EXPECT_TRUE(p.leftovers);
  EXPECT_EQ(book[0].paragraphs[0].text, "他低低念誦此詞，渺萬里層雲，聽了怎麼辦？");
  EXPECT_EQ(book[0].paragraphs[1].text, "這事忘得一干二淨，氣得回轉陽谷縣。");
}

TEST(AutoScript, AConversionOpenCcWouldReadOtherwiseIsNotMade) {
  // 郁郁 is a leftover for 鬱鬱, but OpenCC's s2t reads 郁郁 as 鬱郁 and 鬱郁 as 鬱鬱: the book
  // converted once more would change again. Such a spot stays as written, so that a second
  // conversion of the book reads as the first.
  std::vector<Chapter> book = {
      script_chapter("a.txt", "第一章", {"他心頭又即郁郁，這三年來听說了許多事。"}),
      script_chapter("b.txt", "第二章", {"眾人說道：「這是甚么道理？」他們都走了。"})};
  for (int i = 0; i < 20; ++i) book.push_back(book[i % 2]);
  convert_auto(book);
  EXPECT_EQ(book[0].paragraphs[0].text, "他心頭又即郁郁，這三年來聽說了許多事。");
}

TEST(AutoScript, ErrataCatchPhraseLevelDamageOfCharacterConversion) {
  std::vector<Chapter> book = {
      script_chapter("a.txt", "第一章", {"他們說話時，總是看著對方。", "這裡的人都認識他們。"}),
      script_chapter("b.txt", "第二章", {"石拔发狠道：再来复国，如果干粮不够，就抢。"})};
  convert_auto(book);
  EXPECT_EQ(book[1].paragraphs[0].text, "石拔發狠道：再來復國，如果乾糧不夠，就搶。");
}

TEST(AutoScript, MetadataIsKeptAsTyped) {
  std::vector<Chapter> book = {script_chapter("a.txt", "第一章", {"他们来了，怎么办？"})};
  ScriptPlan p = plan(book, "auto");
  EXPECT_EQ(converter(p).convert_text("我的書"), "我的書");
  std::vector<Chapter> traditional = {script_chapter("a.txt", "第一章", {"他們來了，怎麼辦？"})};
  ScriptPlan hant = plan(traditional, "auto");
  EXPECT_EQ(converter(hant).convert_text("我的书"), "我的书");
  // Asked for, it is converted.
  EXPECT_EQ(converter(plan(book, "zh-Hant")).convert_text("我的书"), "我的書");
}

}  // namespace
}  // namespace novelbind
