#include "clean/filler_characters.h"

#include <gtest/gtest.h>

#include "clean/rule_reversed_lines.h"

namespace novelbind {
namespace {

// The fillers learned from `files` (each tallied apart, as a build tallies each input file),
// where the book also writes `whole`.
std::set<std::string> learn_from(const std::vector<std::vector<std::string>>& files,
                                 std::string_view whole) {
  std::map<std::string, int> tally;
  BigramCounts bigrams;
  bigrams.add_text(whole, 1);
  for (const std::vector<std::string>& lines : files) {
    tally_fillers({lines.begin(), lines.end()}, &tally);
    for (const std::string& l : lines) bigrams.add_text(l, 1);
  }
  return learn_fillers(tally, bigrams);
}

TEST(FillerCharacters, CommonSetsHoldWhatStoriesUse) {
  for (char32_t cp : {U'的', U'体', U'噜', U'癫', U'綝', U'裡', U'垩'})
    EXPECT_TRUE(is_common_hanzi(cp)) << static_cast<unsigned>(cp);
  EXPECT_FALSE(is_common_hanzi(U'卝'));
}

// A site's filler, put into many different words the book also writes without it, is learned
// and removed; a rare character that belongs to its words is not.
TEST(FillerCharacters, LearnedFromTheBookAndRemovedFromWords) {
  std::vector<std::string> lines = {
      "苍茫大卝陆上",         "他的体卝内再无灵力", "转过身卝子", "一股杀卝戮之气",
      "他面色露卝出复杂之色", "大卝陆之外",         "杀卝戮开始", "体卝内一震"};
  // The book writes the words without the filler too.
  std::set<std::string> fillers =
      learn_from({lines}, "大陆上\n体内\n身子\n杀戮\n露出\n大陆\n体内\n身子\n杀戮\n露出\n");
  ASSERT_EQ(fillers.size(), 1u);
  EXPECT_EQ(*fillers.begin(), filler_count_key(U'卝'));
  std::string text;
  EXPECT_TRUE(without_fillers(
      "苍茫大卝陆上，一股杀卝戮之气。", [&](const std::string& k) { return fillers.count(k) > 0; },
      &text));
  EXPECT_EQ(text, "苍茫大陆上，一股杀戮之气。");
}

TEST(FillerCharacters, TooFewUsesOrWordsAreNoEvidence) {
  // One word only.
  EXPECT_TRUE(learn_from({std::vector<std::string>(20, "大卝陆")}, "大陆\n大陆\n").empty());
}

// A filler the sets' second levels hold (垩) is taken only when every use of it splits a word
// the book also writes whole, each side always with the same partner.
TEST(FillerCharacters, ASecondLevelFillerNeedsEveryUseToSplitAWord) {
  auto learn = [](const std::vector<std::string>& lines, std::string_view whole) {
    return learn_from({lines}, whole);
  };
  std::string whole = "他体内一震\n真实如此\n镇压下去\n体内空空\n真实不虚\n镇压群魔\n";
  std::vector<std::string> filled = {"他的体垩内有火", "这是真垩实的事", "一次镇垩压之后",
                                     "林动体垩内一震", "那真垩实存在",   "山镇垩压的地方",
                                     "他体垩内空虚",   "其体垩内分明"};
  std::set<std::string> fillers = learn(filled, whole);
  ASSERT_EQ(fillers.size(), 1u);
  EXPECT_EQ(*fillers.begin(), filler_count_key(U'垩'));
  std::string text;
  EXPECT_TRUE(without_fillers(
      "他的体垩内有火，这是真垩实的。", [&](const std::string& k) { return fillers.count(k) > 0; },
      &text));
  EXPECT_EQ(text, "他的体内有火，这是真实的。");

  // One use of it anywhere else (白垩。) and it is a word of the book's own.
  std::vector<std::string> also_alone = filled;
  also_alone.push_back("墙上刷着白垩。");
  EXPECT_TRUE(learn(also_alone, whole).empty());
  // The same when that use is in another file, tallied apart.
  EXPECT_TRUE(learn_from({filled, {"墙上刷着白垩。"}}, whole).empty());

  // Beside itself (咕噜噜), or with one neighbour and varying partners (到嵩山, 上嵩山): a
  // character of its own words, though the pairs around it are written side by side.
  EXPECT_TRUE(learn({"肚子咕噜噜的响", "咕噜噜地滚", "哩噜唆", "咕噜的一声", "呼噜的响", "咕噜的叫",
                     "他咕噜的说", "咕噜的冒泡"},
                    "咕的\n咕的\n噜的\n噜的\n呼的\n呼的\n哩唆\n哩唆\n")
                  .empty());
  EXPECT_TRUE(learn({"到嵩山去", "上嵩山来", "入嵩山中", "西嵩山下", "是嵩山的", "镇嵩山门",
                     "到嵩山了", "上嵩山吧"},
                    "到山\n到山\n上山\n上山\n入山\n入山\n西山\n西山\n是山\n是山\n镇山\n镇山\n")
                  .empty());
}

// An everyday character is never a filler, however it stands.
TEST(FillerCharacters, AnEverydayCharacterIsNeverTaken) {
  std::vector<std::string> lines;
  for (int i = 0; i < 4; ++i)
    for (const char* l : {"他体了内", "是真了实", "去镇了压"}) lines.push_back(l);
  EXPECT_TRUE(learn_from({lines}, "体内\n体内\n真实\n真实\n镇压\n镇压\n").empty());
}

}  // namespace
}  // namespace novelbind
