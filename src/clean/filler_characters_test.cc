#include "clean/filler_characters.h"

#include <gtest/gtest.h>

#include "clean/rule_reversed_lines.h"

namespace novelbind {
namespace {

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
  std::map<std::string, int> tally;
  for (const std::string& l : lines) tally_fillers(l, &tally);
  // The book writes the words without the filler too.
  BigramCounts bigrams;
  bigrams.add_text("大陆上\n体内\n身子\n杀戮\n露出\n大陆\n体内\n身子\n杀戮\n露出\n", 1);
  for (const std::string& l : lines) bigrams.add_text(l, 1);
  std::set<std::string> fillers = learn_fillers(tally, bigrams);
  ASSERT_EQ(fillers.size(), 1u);
  EXPECT_EQ(*fillers.begin(), filler_count_key(U'卝'));
  std::string text = "苍茫大卝陆上，一股杀卝戮之气。";
  EXPECT_TRUE(remove_fillers(&text, [&](const std::string& k) { return fillers.count(k) > 0; }));
  EXPECT_EQ(text, "苍茫大陆上，一股杀戮之气。");
}

TEST(FillerCharacters, TooFewUsesOrWordsAreNoEvidence) {
  std::map<std::string, int> tally;
  for (int i = 0; i < 20; ++i) tally_fillers("大卝陆", &tally);  // one word only
  BigramCounts bigrams;
  bigrams.add_text("大陆\n大陆\n", 1);
  EXPECT_TRUE(learn_fillers(tally, bigrams).empty());
}

}  // namespace
}  // namespace novelbind
