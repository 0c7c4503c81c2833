#include "convert/script_detect.h"

#include <gtest/gtest.h>

#include "base/test_util.h"
#include "base/utf8.h"
#include "convert/opencc_converter.h"

namespace novelbind {
namespace {

const ScriptDetector& detector() {
  const Result<ScriptDetector>& d = script_detector();
  if (!d) throw std::runtime_error(d.message());
  return d.value();
}

TEST(ScriptDetector, CountsOnlyCharactersThatExistInOneScript) {
  // 么 exists only in Simplified; 后 and 里 are Traditional characters too (皇后, 故里).
  ScriptCounts s = detector().count("怎么后悔，里面");
  EXPECT_EQ(s.simplified_only, 1u);
  EXPECT_EQ(s.traditional_only, 0u);
  ScriptCounts t = detector().count("怎麼後悔，裡面");
  EXPECT_EQ(t.simplified_only, 0u);
  EXPECT_EQ(t.traditional_only, 3u);  // 麼 後 裡
  ScriptCounts none = detector().count("ASCII 123，中文");
  EXPECT_EQ(none.simplified_only + none.traditional_only, 0u);
}

TEST(ScriptDetector, ClassifiesByWhichScriptsOccur) {
  EXPECT_EQ(classify_script({3, 0}), "zh-Hans");
  EXPECT_EQ(classify_script({0, 3}), "zh-Hant");
  EXPECT_EQ(classify_script({3, 297}), "mixed");    // 1% of the telling characters
  EXPECT_EQ(classify_script({1, 300}), "zh-Hant");  // a stray character does not make it mixed
  EXPECT_EQ(classify_script({300, 2}), "zh-Hans");
  EXPECT_EQ(classify_script({0, 0}), "");
  EXPECT_EQ(dominant_script({1, 300}), "zh-Hant");
  EXPECT_EQ(dominant_script({2, 2}), "");
}

TEST(ScriptDetector, RecordsTheUseOfCharactersWithSeveralForms) {
  ScriptCounts c;
  detector().count("爲了為了，裡面，后來", &c);
  EXPECT_EQ(c.used(U'爲'), 1u);  // OpenCC's standard form
  EXPECT_EQ(c.used(U'為'), 1u);  // Taiwan's and Hong Kong's
  EXPECT_EQ(c.used(U'裡'), 1u);
  EXPECT_EQ(c.used(U'后'), 1u);  // 後 or 后 in Traditional
  EXPECT_EQ(c.used(U'，'), 0u);
  ScriptCounts twice = c;
  twice += c;
  EXPECT_EQ(twice.used(U'爲'), 2u);
  EXPECT_EQ(twice.used(U'后'), 2u);
  EXPECT_TRUE(detector().count("爲了").usage.empty());  // the two counts only
  const std::vector<char32_t>* after = detector().other_forms(U'后', true);
  ASSERT_NE(after, nullptr);
  EXPECT_EQ(*after, std::vector<char32_t>{U'後'});
  EXPECT_EQ(detector().other_forms(U'么', true), nullptr);  // Simplified only: one way
}

// A book's chapters are added up at once (add_up, as decide_script does), which must come to
// what adding chapter after chapter does: the same two counts, the same uses in order.
TEST(ScriptDetector, CountsAddedUpAtOnceAreTheChaptersAddedOneByOne) {
  const std::vector<std::string> chapters = {
      "爲了為了，裡面，后來", "怎么后悔，里面", "怎麼後悔，裡面", "", "ASCII 123", "爲裡爲裡後后"};
  // 300 chapters, enough that add_up splits them between two threads.
  std::vector<ScriptCounts> counts;
  for (std::size_t i = 0; i < 300; ++i) {
    counts.emplace_back();
    detector().count(chapters[i % chapters.size()], &counts.back());  // the uses too
  }
  auto [one_by_one, all] = test::added_one_by_one(counts);
  ScriptCounts at_once = add_up(all);
  EXPECT_GT(at_once.usage.size(), 2u);
  EXPECT_EQ(at_once.usage, one_by_one.usage);
  EXPECT_EQ(at_once.simplified_only, one_by_one.simplified_only);
  EXPECT_EQ(at_once.traditional_only, one_by_one.traditional_only);
  EXPECT_EQ(at_once.used(U'爲'), 3u * 50);
  EXPECT_TRUE(add_up(std::vector<const ScriptCounts*>{}).usage.empty());
}

TEST(ScriptDetector, AutoDoesNotCountWhatTaiwanOrHongKongWrite) {
  const Result<ScriptDetector>& automatic = script_detector("auto");
  ASSERT_TRUE(automatic.ok()) << automatic.message();
  // OpenCC's s2t writes 羣 牀 峯 喫 温->溫, but Taiwan writes 群 床 峰 吃, Hong Kong 温.
  EXPECT_GE(detector().count("群床峰吃温").simplified_only, 4u);
  EXPECT_EQ(automatic->count("群床峰吃温").simplified_only, 0u);
  EXPECT_EQ(automatic->count("么听气").simplified_only, 3u);
}

TEST(ScriptDetector, IgnoresBrokenUtf8) {
  ScriptCounts c = detector().count(std::string("\xFF\xE4\xB9") + "么");
  EXPECT_EQ(c.simplified_only, 1u);
}

}  // namespace
}  // namespace novelbind

namespace novelbind {
namespace {

// The kept characters worked out from the character dictionaries (which --script auto uses,
// so that a build does not load two whole conversions to measure scripts) are exactly those
// the conversions themselves keep, character by character.
TEST(ScriptDetector, KeptCharactersAgreeWithTheConversions) {
  for (const std::string name : {"s2tw", "s2hk"}) {
    auto converter = OpenccConverter::shared(name);
    ASSERT_TRUE(converter) << converter.message();
    auto by_converter = ScriptDetector::load();
    auto by_dictionaries = ScriptDetector::load();
    ASSERT_TRUE(by_converter && by_dictionaries);
    by_converter->ignore_simplified_kept_by(**converter);
    by_dictionaries->ignore_simplified_kept_by(name);
    std::size_t still_counted = 0;
    for (char32_t cp = 0x80; cp < 0x40000; ++cp) {
      ASSERT_EQ(by_converter->simplified_only(cp), by_dictionaries->simplified_only(cp))
          << name << " U+" << std::hex << static_cast<unsigned>(cp);
      still_counted += by_dictionaries->simplified_only(cp);
    }
    EXPECT_GT(still_counted, 1000u) << name;  // 么 这 们 ...: most are still Simplified-only
  }
}

// The duplicate finder folds Traditional into Simplified one character at a time with the
// detector's TSCharacters (to_simplified) instead of loading OpenCC's t2s: for every Han
// character of the BMP and the supplementary ideographic plane the two agree.
TEST(ScriptDetector, ToSimplifiedIsOpenccT2sOfOneCharacter) {
  auto t2s = OpenccConverter::shared("t2s");
  ASSERT_TRUE(t2s) << t2s.message();
  std::size_t converted = 0;
  for (auto [from, to] : {std::pair<char32_t, char32_t>{0x3400, 0x4DBF},
                          {0x4E00, 0x9FFF},
                          {0xF900, 0xFAFF},
                          {0x20000, 0x2FA1F}}) {
    for (char32_t cp = from; cp <= to; ++cp) {
      std::string one;
      utf8::append(&one, cp);
      const std::string out = (*t2s)->convert(one);
      std::size_t at = 0;
      char32_t expected = out.empty() ? cp : utf8::next(out, &at);
      if (at != out.size()) expected = cp;  // more than one character: the fold keeps it
      ASSERT_EQ(detector().to_simplified(cp), expected)
          << "U+" << std::hex << static_cast<unsigned>(cp);
      converted += expected != cp;
    }
  }
  EXPECT_GT(converted, 2000u);  // 後 -> 后, 麼 -> 么, ...
}

}  // namespace
}  // namespace novelbind
