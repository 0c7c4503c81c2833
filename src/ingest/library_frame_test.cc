#include "ingest/library_frame.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

std::vector<Paragraph> lines(const std::vector<std::string>& texts) {
  std::vector<Paragraph> out;
  for (const std::string& t : texts) out.push_back({t, static_cast<int>(out.size()) + 1, false});
  return out;
}

TEST(LibraryFrame, GutenbergsHeaderUpToItsStartLineWithItsFields) {
  LibraryHeader h = library_header(lines(
      {"The Project Gutenberg eBook of 紅樓夢", "This eBook is for the use of anyone anywhere.",
       "Title: 紅樓夢", "Author: Xueqin Cao", "Language: Chinese",
       "*** START OF THE PROJECT GUTENBERG EBOOK 紅樓夢 ***", "第一回", "此開卷第一回也．"}));
  EXPECT_EQ(h.end, 6u);
  EXPECT_EQ(h.title, "紅樓夢");
  EXPECT_EQ(h.title_at, 2u);
  EXPECT_EQ(h.author, "Xueqin Cao");
  EXPECT_EQ(h.author_at, 3u);
  // An older book's wording.
  EXPECT_EQ(library_header(
                lines({"Title: 水滸傳", "*** START OF THIS PROJECT GUTENBERG EBOOK ***", "第一回"}))
                .end,
            2u);
}

// The book's own fields in its script on the line after the START line (金瓶梅): they win, the
// romanisations in brackets left out, and the line is the header's.
TEST(LibraryFrame, TheBooksOwnFieldsAfterTheStartLine) {
  LibraryHeader h = library_header(
      lines({"Title: 金瓶梅", "Author: Xiaoxiaosheng",
             "*** START OF THE PROJECT GUTENBERG EBOOK 金瓶梅 ***",
             "Title: 金瓶梅 (Jin Ping Mei) Author: 蘭陵笑笑生 (Lanling Xiaoxiao Sheng)",
             "序  金瓶梅序", "金瓶梅，穢書也。"}));
  EXPECT_EQ(h.end, 4u);
  EXPECT_EQ(h.title, "金瓶梅");
  EXPECT_EQ(h.author, "蘭陵笑笑生");
  EXPECT_EQ(h.author_at, 3u);
}

TEST(LibraryFrame, NoStartLineNoHeader) {
  // A story that names the library, or a field-like line, is no header.
  LibraryHeader h = library_header(lines(
      {"Title: 某书", "他在Project Gutenberg上读过这本书。", "start of the project gutenberg"}));
  EXPECT_EQ(h.end, 0u);
  EXPECT_EQ(h.title, "");
}

TEST(LibraryFrame, GutenbergsFooterFromItsEndLine) {
  EXPECT_EQ(
      library_footer(lines({"且聽下回分解．", "*** END OF THE PROJECT GUTENBERG EBOOK 紅樓夢 ***",
                            "Updated editions will replace the previous one."})),
      1u);
  EXPECT_EQ(library_footer(lines({"且聽下回分解．", "End of the Project Gutenberg EBook of 紅樓夢",
                                  "*** END OF THIS PROJECT GUTENBERG EBOOK ***"})),
            1u);
  EXPECT_EQ(library_footer(lines({"且聽下回分解．", "全書完"})), std::string::npos);
}

}  // namespace
}  // namespace novelbind
