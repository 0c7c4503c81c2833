#include "clean/kept_lines.h"

#include <gtest/gtest.h>

#include "base/test_util.h"

#include "clean/clean.h"

namespace novelbind {
namespace {

Chapter cleaned(std::vector<std::string> keep, const std::vector<std::string>& lines) {
  CleanConfig config;
  config.keep = std::move(keep);
  auto cleaner = Cleaner::create(config);
  EXPECT_TRUE(cleaner) << cleaner.message();
  Chapter c = test::chapter_of(lines);
  cleaner->clean(c, "keep");
  return c;
}

TEST(KeptLines, ALineHoldingAKeptTextIsLeftAsItIsByEveryRule) {
  std::vector<std::string> lines = {"他走了。（未完待續）", "天黑了。（未完待續）"};
  Chapter plain = cleaned({}, lines);
  EXPECT_EQ(test::paragraph_texts(plain), (std::vector<std::string>{"他走了。", "天黑了。"}));
  Chapter kept = cleaned({"天黑了"}, lines);
  EXPECT_EQ(test::paragraph_texts(kept),
            (std::vector<std::string>{"他走了。", "天黑了。（未完待續）"}));
  ASSERT_EQ(kept.repairs.size(), 1u);
  EXPECT_EQ(kept.repairs[0].line, 1);
}

TEST(KeptLines, ALineTheSplitDroppedIsPutBackWhereItStood) {
  Chapter c = test::chapter_of({"甲", "丙"});
  c.paragraphs.edit()[1].line = 3;
  c.repairs.push_back({"heading_echo", "001.txt", 2, "第一章 雪", ""});
  c.repairs.push_back({"contents_block", "001.txt", 9, "第九章", ""});
  std::vector<Paragraph> aside;
  KeptLines({"第一章"}).set_aside(c, &aside);
  // Put back, then set aside with the other kept lines: no rule sees it.
  ASSERT_EQ(aside.size(), 1u);
  EXPECT_EQ(aside[0].text, "第一章 雪");
  ASSERT_EQ(c.repairs.size(), 1u);
  EXPECT_EQ(c.repairs[0].rule, "contents_block");
  KeptLines::put_back(c.paragraphs.edit(), std::move(aside));
  EXPECT_EQ(test::paragraph_texts(c), (std::vector<std::string>{"甲", "第一章 雪", "丙"}));
}

TEST(KeptLines, NothingIsKeptByAnEmptyList) {
  KeptLines none({"", ""});
  EXPECT_TRUE(none.empty());
  EXPECT_FALSE(none.keeps("甲"));
}

}  // namespace
}  // namespace novelbind
