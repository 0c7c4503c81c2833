#include "structure/heading_english.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

TEST(HeadingEnglish, ChapterPartAndKeywordForms) {
  HeadingShape s;
  std::string form;
  std::string_view line = "Chapter.12 The Road";
  EXPECT_EQ(line.substr(english_heading_form(line, 0, &s, &form)), " The Road");
  EXPECT_EQ(form, "en:chapter");
  EXPECT_EQ(s.number, 12);
  EXPECT_EQ(s.kind, HeadingKind::kChapter);

  s = {};
  EXPECT_GT(english_heading_form("PART TWO", 0, &s, &form), 0u);
  EXPECT_EQ(s.kind, HeadingKind::kVolume);
  EXPECT_EQ(s.number, 2);

  s = {};
  EXPECT_GT(english_heading_form("Epilogue", 0, &s, &form), 0u);
  EXPECT_EQ(form, "word");
  EXPECT_EQ(s.place, HeadingPlace::kAfter);
}

TEST(HeadingEnglish, SentencesAreNotHeadings) {
  HeadingShape s;
  std::string form;
  EXPECT_EQ(english_heading_form("I am here", 0, &s, &form), 0u);
  EXPECT_EQ(english_heading_form("Chapters are long", 0, &s, &form), 0u);
  EXPECT_EQ(english_heading_form("Chapter and verse", 0, &s, &form), 0u);
}

}  // namespace
}  // namespace novelbind
