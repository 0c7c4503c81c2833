#include "ingest/line_origins.h"

#include <gtest/gtest.h>

#include "ingest/section_titles.h"

namespace novelbind {
namespace {

InputPlan plan_of_one_section() {
  auto made = std::make_shared<MadeText>();
  made->text = "第一章\n\n甲\n乙\n";
  made->documents = {"b.epub:a.xhtml", "b.epub:b.xhtml"};
  made->lines = {{0, 9}, {0, 0}, {0, 10}, {1, 4}};
  InputPlan plan;
  plan.files.emplace_back("b.epub", "b.epub:a.xhtml");
  plan.files.back().made = made;
  plan.files.emplace_back("c.txt", "c.txt");
  return plan;
}

TEST(LineOrigins, FindingsNameTheDocumentAndLineTheyCameFrom) {
  Book book;
  book.chapters.emplace_back();
  book.chapters[0].repairs = {{"site_ads", "b.epub:a.xhtml", 4, "x", ""},
                              {"site_ads", "b.epub:a.xhtml", 2, "x", ""},
                              {"site_ads", "c.txt", 4, "x", ""}};
  book.warnings = {{"encoding", "b.epub:a.xhtml", 0, "m"}};
  relocate_findings(book, plan_of_one_section());
  const auto& r = book.chapters[0].repairs;
  EXPECT_EQ(r[0].file + ":" + std::to_string(r[0].line), "b.epub:b.xhtml:4");
  EXPECT_EQ(r[1].file + ":" + std::to_string(r[1].line), "b.epub:a.xhtml:10");  // the next line
  EXPECT_EQ(r[2].file + ":" + std::to_string(r[2].line), "c.txt:4");
  EXPECT_EQ(book.warnings[0].line, 0);  // about the whole text
}

TEST(LineOrigins, LogMessagesAreRelocatedToo) {
  EXPECT_EQ(relocate_message("title 仙逆 from b.epub:a.xhtml:3 《仙逆》", plan_of_one_section()),
            "title 仙逆 from b.epub:a.xhtml:10 《仙逆》");
}

TEST(SectionTitles, AnUntitledSectionTakesItsContentsTitleAndItsEchoIsTheHeading) {
  InputFile file("b.epub", "b.epub:x.xhtml");
  file.made = std::make_shared<MadeText>();
  file.name = "释名";
  std::vector<Chapter> chapters(1);
  chapters[0].paragraphs = {{"释名", 5}, {"天龙八部这名词出于佛经。", 6}};
  title_sections(file, chapters);
  EXPECT_EQ(chapters[0].title, "释名");
  EXPECT_EQ(chapters[0].heading, "释名");
  EXPECT_EQ(chapters[0].heading_line, 5);
  ASSERT_EQ(chapters[0].paragraphs.size(), 1u);
  // A chapter the split found a heading for keeps it.
  std::vector<Chapter> headed(1);
  headed[0].heading = headed[0].title = "第一章";
  title_sections(file, headed);
  EXPECT_EQ(headed[0].title, "第一章");
}

}  // namespace
}  // namespace novelbind
