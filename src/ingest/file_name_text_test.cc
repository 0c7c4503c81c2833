#include "ingest/file_name_text.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

TEST(FileNameText, NamesNotInUtf8AreReadInTheirEncoding) {
  EXPECT_EQ(name_text("001_第一章.txt"), "001_第一章.txt");
  // 第一章 in GBK, and in Big5 (which GB18030 does not decode whole).
  EXPECT_EQ(name_text("\xB5\xDA\xD2\xBB\xD5\xC2.txt"), "第一章.txt");
  EXPECT_EQ(name_text("\xB2\xC4\xA4\x40\xB3\xB9.txt"), "第一章.txt");
  // Bytes no encoding reads whole: each one a replacement character, never raw.
  EXPECT_EQ(name_text("a\xFF\xFF.txt"), "a\xEF\xBF\xBD\xEF\xBF\xBD.txt");
  EXPECT_EQ(path_text("/tmp/书/\xB5\xDA\xD2\xBB\xD5\xC2.txt"), "/tmp/书/第一章.txt");
  EXPECT_EQ(path_text("书/a.txt"), "书/a.txt");
}

}  // namespace
}  // namespace novelbind
