#include "ingest/text_scrub.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

std::string scrubbed(std::string_view in, ScrubResult* result = nullptr) {
  std::string out;
  ScrubResult r = scrub_text(in, &out);
  if (result) *result = r;
  return out;
}

TEST(ScrubText, LineEnds) {
  EXPECT_EQ(scrubbed("a\r\nb\rc\nd\r\n\r\ne\r"), "a\nb\nc\nd\n\ne\n");
  EXPECT_EQ(scrubbed("一\u2028二\u2029三"), "一\n二\n三");
  EXPECT_EQ(scrubbed("\r\r\n"), "\n\n");
}

TEST(ScrubText, DropsZeroWidthAndControlCharactersAndCountsThem) {
  ScrubResult r;
  EXPECT_EQ(scrubbed("甲\n乙\u200B丙\u200C\u200D丁\u2060\uFEFF\x01\x1F\x7F\u0080\u009F戊", &r),
            "甲\n乙丙丁戊");
  EXPECT_EQ(r.removed, 10u);
  EXPECT_EQ(r.first_removed_line, 2);
  EXPECT_EQ(r.invalid_at, ScrubResult::npos);
}

TEST(ScrubText, KeepsTabsAndIndentationSpaces) {
  ScrubResult r;
  std::string text = "\t\u00A0\u00A0\u3000\u3000他笑了。\u00A0\n";
  EXPECT_EQ(scrubbed(text, &r), text);
  EXPECT_EQ(r.removed, 0u);
  EXPECT_EQ(r.first_removed_line, 0);
}

TEST(ScrubText, KeepsCharactersBesideTheInvisibleOnes) {
  // U+00A0 (C2 A0) borders the C1 range; U+2010 and U+2063 border the zero-width ones.
  std::string text = "\u00A0\u00BF\u2010\u200A\u200E\u2063\u2026\uFEFE\U0002A6A5";
  EXPECT_EQ(scrubbed(text), text);
}

TEST(ScrubText, StopsAtTheFirstInvalidByte) {
  ScrubResult r;
  scrubbed("ab\n中\xE4\xB8\n", &r);
  EXPECT_EQ(r.invalid_at, 6u);
  scrubbed("\xC0\x80", &r);  // overlong NUL
  EXPECT_EQ(r.invalid_at, 0u);
  scrubbed("\xED\xA0\x80", &r);  // a UTF-16 surrogate
  EXPECT_EQ(r.invalid_at, 0u);
  scrubbed("\xF4\x90\x80\x80", &r);  // beyond U+10FFFF
  EXPECT_EQ(r.invalid_at, 0u);
}

TEST(ReplaceInvalidUtf8, OneReplacementPerBadByte) {
  size_t replaced = 0, first = 0;
  EXPECT_EQ(replace_invalid_utf8("中\xE4\xB8文\x80", &replaced, &first), "中\uFFFD\uFFFD文\uFFFD");
  EXPECT_EQ(replaced, 3u);
  EXPECT_EQ(first, 3u);
  EXPECT_EQ(replace_invalid_utf8("中文", &replaced, &first), "中文");
  EXPECT_EQ(replaced, 0u);
  EXPECT_EQ(first, std::string_view::npos);
}

}  // namespace
}  // namespace novelbind
