#include "script_detect.h"

#include <gtest/gtest.h>

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

TEST(ScriptDetector, IgnoresBrokenUtf8) {
  ScriptCounts c = detector().count(std::string("\xFF\xE4\xB9") + "么");
  EXPECT_EQ(c.simplified_only, 1u);
}

}  // namespace
}  // namespace novelbind
