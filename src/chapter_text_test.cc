#include "chapter_text.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace novelbind {
namespace {

// A text stored elsewhere that counts how often it is read.
ChapterText stored_text(std::shared_ptr<int> reads) {
  ChapterText::Stored s;
  s.read = [reads] {
    ++*reads;
    return std::vector<Paragraph>{{"他走了。", 3, false}, {"", 4, true}, {"天黑了。", 5, false}};
  };
  s.count = 3;
  s.characters = 8;
  s.has_text = true;
  s.bytes = 100;
  return ChapterText::stored(std::move(s));
}

TEST(ChapterText, AStoredTextIsCountedWithoutReadingAndReadOnceWhenFirstRead) {
  auto reads = std::make_shared<int>(0);
  ChapterText text = stored_text(reads);
  EXPECT_EQ(text.size(), 3u);
  EXPECT_EQ(text.characters(), 8u);
  EXPECT_TRUE(text.has_text());
  EXPECT_TRUE(text.is_stored());
  EXPECT_EQ(*reads, 0);
  EXPECT_EQ(text[0].text, "他走了。");  // a stage reads it as if it were never stored
  EXPECT_TRUE(text[1].scene_break);
  EXPECT_EQ(text.back().line, 5);
  EXPECT_FALSE(text.is_stored());
  EXPECT_EQ(text.characters(), 8u);  // now counted from the text itself
  EXPECT_EQ(*reads, 1);
}

TEST(ChapterText, EdgesOfATextHeldInMemoryAreItsOwnParagraphs) {
  ChapterText text = {{"甲", 1, false}, {"乙", 2, false}, {"丙", 3, false}, {"丁", 4, false}};
  TextEdges edges = text.edges(1, 1);
  ASSERT_EQ(edges.size(), 4u);
  EXPECT_EQ(edges[0].text, "甲");
  EXPECT_EQ(edges[3].text, "丁");
  EXPECT_EQ(&edges[0], &text[0]);  // not copied
}

TEST(ChapterText, ACopyLeavesTheTextStored) {
  auto reads = std::make_shared<int>(0);
  ChapterText text = stored_text(reads);
  EXPECT_EQ(text.copy().size(), 3u);
  EXPECT_TRUE(text.is_stored());
  EXPECT_EQ(text.stored_bytes(), 100u);
}

TEST(ChapterText, EditingReadsAStoredTextAndForgetsWhatWasDerivedFromIt) {
  auto reads = std::make_shared<int>(0);
  ChapterText text = stored_text(reads);
  text.set_prints(ChapterPrints{{1, 2, 3}, {4, 0, 4}, 8});
  text.set_key("KEY");
  // Reading keeps them: the text is the same.
  EXPECT_EQ(text.all().size(), 3u);
  EXPECT_TRUE(text.prints().has_value());
  EXPECT_EQ(text.key(), "KEY");
  text.edit().pop_back();
  EXPECT_EQ(text.size(), 2u);
  EXPECT_FALSE(text.prints().has_value());
  EXPECT_TRUE(text.key().empty());
  EXPECT_EQ(*reads, 1);
  text.set_key("KEY2");
  text.push_back({"又一段。", 9, false});
  EXPECT_TRUE(text.key().empty());
  text = {{"新的。", 1, false}};
  EXPECT_EQ(text.size(), 1u);
}

TEST(ChapterText, ReleasingLetsGoOfTheTextAndKeepsItsCounts) {
  ChapterText text = {{"他走了。", 1, false}, {"天黑了。", 2, false}};
  text.release();
  EXPECT_TRUE(text.is_released());
  EXPECT_TRUE(text.all().empty());
  EXPECT_EQ(text.all().capacity(), 0u);  // a long book need not hold its text twice
  EXPECT_EQ(text.size(), 2u);
  EXPECT_EQ(text.characters(), 8u);

  ChapterText record = ChapterText::released(7, 300);  // as a build's record keeps it
  EXPECT_EQ(record.size(), 7u);
  EXPECT_EQ(record.characters(), 300u);
  EXPECT_TRUE(record.all().empty());
}

}  // namespace
}  // namespace novelbind
