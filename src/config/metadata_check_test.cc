#include "config/metadata_check.h"

#include <gtest/gtest.h>

namespace novelbind {

TEST(LanguageTag, AcceptsWellFormedTags) {
  for (const char* tag : {"zh", "zh-Hant", "zh-Hans", "zh-TW", "zh-Hant-TW", "zh-HK", "en", "en-US",
                          "yue-HK", "zh-cmn-Hans-CN", "de-CH-1901", "sl-rozaj-biske", "x-whatever",
                          "i-klingon", "en-a-bbb-x-a-ccc", "es-419"})
    EXPECT_TRUE(is_language_tag(tag)) << tag;
}

TEST(LanguageTag, RefusesWhatIsNotATag) {
  for (const char* tag : {"", "<x>", "zh_TW", "zh-", "-zh", "z", "zh--TW", "中文", "zh TW",
                          "toolongsubtag", "en-a", "1zh", "zh-Hant-TW-a"})
    EXPECT_FALSE(is_language_tag(tag)) << tag;
  EXPECT_EQ(language_tag_error("<x>"),
            "'<x>' is not a BCP 47 language tag; use one like zh-Hant, zh-Hans, zh-TW or en");
}

TEST(ControlCharacters, NamesTheFirstOne) {
  EXPECT_EQ(control_character_error("標題"), "");
  EXPECT_EQ(control_character_error("line one\nline two\ttab"), "");
  EXPECT_EQ(control_character_error("A\x01"
                                    "B"),
            "contains the control character U+0001, which an EPUB cannot hold; remove it");
  EXPECT_EQ(control_character_error("\x1b[0m"),
            "contains the control character U+001B, which an EPUB cannot hold; remove it");
  EXPECT_EQ(control_character_error("x\xEF\xBF\xBF"),
            "contains the control character U+FFFF, which an EPUB cannot hold; remove it");
}

TEST(ControlCharacters, DroppedFromATitleTakenFromAFileName) {
  EXPECT_EQ(without_control_characters("a\x01"
                                       "b\x1b\x1b"
                                       "c"),
            "abc");
  EXPECT_EQ(without_control_characters("標題\xEF\xBF\xBE"), "標題");
  EXPECT_EQ(without_control_characters("\x02"), "");
  EXPECT_EQ(without_control_characters("tab\tok"), "tab\tok");
}

}  // namespace novelbind
