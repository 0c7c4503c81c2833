#include "ingest/tool_record.h"

#include <gtest/gtest.h>

#include "ingest/book_metadata.h"

namespace novelbind {
namespace {

Chapter file_of(const std::string& path, const std::vector<std::string>& lines) {
  Chapter c;
  c.sources = {path};
  int n = 0;
  for (const std::string& l : lines) c.paragraphs.push_back(Paragraph{l, ++n, false});
  return c;
}

TEST(ToolRecord, FieldsOfASplittersRecord) {
  Chapter record = file_of("书/metadata.txt",
                           {"title: 鬼怪复苏，我在菜鬼驿站送快递", "author: 作者：我自逍遥游"});
  ASSERT_TRUE(is_tool_record(record));
  RecordFields fields = record_fields(record);
  EXPECT_EQ(fields.title, "鬼怪复苏，我在菜鬼驿站送快递");
  EXPECT_EQ(fields.author, "我自逍遥游");
  EXPECT_EQ(record_fields(file_of("书/info.txt", {"作者：唐家三少", "- 总章节数: 40"})).author,
            "唐家三少");
  // A story's file, or one named in Chinese, is no record.
  EXPECT_FALSE(is_tool_record(file_of("书/notes.txt", {"他说：走吧。", "天亮了"})));
  EXPECT_FALSE(is_tool_record(file_of("书/说明.txt", {"title: x"})));
}

// A short chapter file of dialogue, each line `X曰：“…”` (a label of ideographs, then a colon),
// was left out of the book as a tool's fields: what a character says is no field.
TEST(ToolRecord, DialogueIsNoField) {
  EXPECT_FALSE(is_tool_record(
      file_of("书/3.txt", {"　　却说程昱献计曰：“云长有万人之敌，非智谋不能取之。”操听其谋。",
                           "　　公谓元绍曰：“汝不识吾面，何以知吾名？”元绍拜谢。"})));
  EXPECT_FALSE(is_tool_record(file_of("书/3.txt", {"他笑道：走吧", "老人答：好"})));
  EXPECT_FALSE(is_field("玄德问：“何人？”"));
  EXPECT_TRUE(is_field("作者：唐家三少"));
  EXPECT_TRUE(is_field("简介：“天下大势，分久必合”的故事"));
  EXPECT_TRUE(is_field("字数：3000"));
}

// A crawler's folder with the splitter's metadata.txt beside its chapters: the book's author is
// the record's; the title stays the folder's name, which is the book's.
TEST(ToolRecord, AFoldersRecordGivesTheBooksAuthor) {
  Book book;
  book.chapters.push_back(
      file_of("书/metadata.txt", {"title: 老马识途柳娇娇", "author: 作者：柳娇娇"}));
  for (const char* name : {"书/第1章.txt", "书/第2章.txt", "书/第3章.txt"}) {
    Chapter c = file_of(name, {"天亮了。"});
    c.heading = c.title = "第1章";
    c.heading_line = 1;
    book.chapters.push_back(c);
  }
  BookMetadata m = read_book_metadata(book, "老马识途柳娇娇", false);
  EXPECT_EQ(m.title, "老马识途柳娇娇");
  EXPECT_EQ(m.author, "柳娇娇");
  // A folder named in pinyin takes the record's title.
  EXPECT_EQ(read_book_metadata(book, "laoma", false).title, "老马识途柳娇娇");
}

}  // namespace
}  // namespace novelbind
