#include "ingest/source_metadata.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

SourceBook book(const std::string& title, const std::string& author, const std::string& lang = "") {
  SourceBook b;
  b.display = "b.epub";
  b.metadata.title = title;
  b.metadata.author = author;
  b.metadata.language = lang;
  return b;
}

TEST(SourceMetadata, ThePackagesTitleAndAuthorComeBeforeTheHeaders) {
  BookMetadata found{"标题", "作者", "", {{"title", "title 标题 from b:1"}}};
  prefer_source_metadata(book("天龙八部", "金庸"), "tlbb", &found);
  EXPECT_EQ(found.title, "天龙八部");
  EXPECT_EQ(found.author, "金庸");
  ASSERT_EQ(found.log.size(), 2u);
  EXPECT_EQ(found.log[0].message, "title 天龙八部 from b.epub (the package document's dc:title)");
}

TEST(SourceMetadata, PlaceholdersAndTheFilesOwnNameArePassedOver) {
  BookMetadata found{"jcsg", "", "", {}};
  prefer_source_metadata(book("jcsg", "Unknown"), "jcsg", &found);
  EXPECT_EQ(found.title, "jcsg");
  EXPECT_EQ(found.author, "");
  // A name in ASCII yields to the title the header gives in characters.
  BookMetadata header{"仙逆", "", "", {}};
  prefer_source_metadata(book("index", ""), "xianni", &header);
  EXPECT_EQ(header.title, "仙逆");
  // A title in characters that is also the file's name is the title.
  BookMetadata named{"", "", "", {}};
  prefer_source_metadata(book("雪中", ""), "雪中", &named);
  EXPECT_EQ(named.title, "雪中");
}

TEST(SourceMetadata, TheLanguageIsTakenWhenItAgreesWithTheText) {
  EXPECT_EQ(source_language(book("", "", "zh-tw"), "zh-Hant"), "zh-TW");
  EXPECT_EQ(source_language(book("", "", "zh-TW"), "zh-Hans"), "zh-Hans");
  EXPECT_EQ(source_language(book("", "", "en"), "zh-Hans"), "zh-Hans");  // calibre's default
}

TEST(SourceMetadata, OtherFieldsFillOnlyWhatTheSettingsLeaveEmpty) {
  SourceBook b = book("", "");
  b.metadata.publisher = "出版社";
  b.metadata.date = "2001-02-03";
  b.metadata.series = "系列";
  b.metadata.series_index = "2";
  Metadata meta;
  meta.publisher = "我的";
  fill_source_metadata(b, &meta);
  EXPECT_EQ(meta.publisher, "我的");
  EXPECT_EQ(meta.date, "2001-02-03");
  EXPECT_EQ(meta.series, "系列");
  EXPECT_EQ(meta.series_index, "2");
}

}  // namespace
}  // namespace novelbind
