#include "review/review.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

Book book_with(std::vector<Repair> repairs, std::vector<Diagnostic> warnings = {}) {
  Book book;
  book.structure = {"第N章", "", "3 line(s)"};
  book.chapters.resize(2);
  book.chapters[0].title = "第一章";
  book.chapters[1].title = "第二章";
  for (Repair& r : repairs) book.chapters[r.line < 10 ? 0 : 1].repairs.push_back(std::move(r));
  book.warnings = std::move(warnings);
  return book;
}

SourceLines lines_of(const std::string& text) {
  SourceLines lines;
  lines.add_text("a.txt", text);
  return lines;
}

TEST(Review, ALineRemovedManyTimesIsOneGroupWithEveryPlace) {
  Book book = book_with({{"site_ads", "a.txt", 3, "（本章完）", ""},
                         {"site_ads", "a.txt", 12, "（本章完）", ""},
                         {"site_residue", "a.txt", 5, "www.x.com", ""}});
  SourceLines lines = lines_of("第一章\n甲\n（本章完）\n乙\nwww.x.com\n\n\n\n\n\n\n（本章完）\n");
  Review r = make_review(book, {}, lines);
  ASSERT_EQ(r.groups.size(), 2u);
  EXPECT_EQ(r.groups[0].rule, "site_ads");
  EXPECT_TRUE(r.groups[0].line);
  ASSERT_EQ(r.groups[0].places.size(), 2u);
  EXPECT_EQ(r.groups[0].places[1].chapter, "第二章");
  EXPECT_EQ(r.groups[0].section, "[clean]");
  EXPECT_EQ(r.groups[0].toml_line, "keep = [\"（本章完）\"]");
  ASSERT_EQ(r.repairs.size(), 2u);
  EXPECT_EQ(r.repairs[0].name, "site_ads");
  EXPECT_EQ(r.repairs[0].count, 2);
  EXPECT_EQ(r.chapters, 2u);
}

TEST(Review, TheSameWordsTakenOutOfDifferentLinesAreOneGroup) {
  Book book = book_with({{"site_ads", "a.txt", 1, "他走了。求月票！", "他走了。"},
                         {"site_ads", "a.txt", 2, "天黑了。求月票！", "天黑了。"}});
  Review r = make_review(book, {}, lines_of("他走了。求月票！\n天黑了。求月票！\n"));
  ASSERT_EQ(r.groups.size(), 1u);
  EXPECT_EQ(r.groups[0].removed, "求月票！");
  EXPECT_EQ(r.groups[0].added, "");
  EXPECT_FALSE(r.groups[0].line);
  EXPECT_EQ(r.groups[0].toml_line, "keep = [\"求月票！\"]");
  // Each place keeps its own change and the lines around it.
  ASSERT_EQ(r.groups[0].places[1].diff.size(), 2u);
  EXPECT_EQ(r.groups[0].places[1].diff[0].text, "天黑了。");
  EXPECT_EQ(r.groups[0].places[1].context.size(), 2u);
}

TEST(Review, AChangeTooSmallToNameTurnsTheRuleOff) {
  Book book = book_with({{"quotes", "a.txt", 1, "他说\"好\"", "他说“好”"},
                         {"quotes", "a.txt", 2, "她说\"不\"", "她说“不”"}});
  Review r = make_review(book, {}, lines_of("他说\"好\"\n她说\"不\"\n"));
  ASSERT_EQ(r.groups.size(), 1u);
  EXPECT_EQ(r.groups[0].toml_line, "disable = [\"quotes\"]");
  EXPECT_NE(r.groups[0].note.find("for the whole book"), std::string::npos);
}

TEST(Review, RepairsWithoutASwitchSaySo) {
  Book book = book_with({{"heading_residue", "a.txt", 1, "第一章 雪(www.x.org)", "第一章 雪"},
                         {"script", "a.txt", 2, "髮", "发"}});
  Review r = make_review(book, {}, lines_of("第一章 雪(www.x.org)\n髮\n"));
  ASSERT_EQ(r.groups.size(), 2u);
  EXPECT_EQ(r.groups[0].toml_line, "");
  EXPECT_NE(r.groups[0].note.find("no book.toml key keeps it"), std::string::npos);
  EXPECT_EQ(r.groups[1].section, "[convert]");
  EXPECT_EQ(r.groups[1].toml_line, "script = \"keep\"");
}

TEST(Review, AKeptTextIsTheLineAsReadWhenARuleBeforeChangedIt) {
  // html decoded the entity before site_residue dropped the line: the source line still has it.
  Book book = book_with({{"site_residue", "a.txt", 1, "——小说天堂——", ""}});
  Review r = make_review(book, {}, lines_of("&#8212;&#8212;小说天堂&#8212;&#8212;\n"));
  EXPECT_EQ(r.groups[0].toml_line, "keep = [\"&#8212;&#8212;小说天堂&#8212;&#8212;\"]");
}

TEST(Review, WarningsAreCountedByKind) {
  Book book = book_with({}, {{"numbering_gap", "a.txt", 3, "m"},
                             {"numbering_gap", "b.txt", 1, "n"},
                             {"encoding", "a.txt", 0, "o"}});
  Review r = make_review(book, book.warnings, lines_of(""));
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_EQ(r.warnings[0].name, "numbering_gap");
  EXPECT_EQ(r.warnings[0].count, 2);
  EXPECT_EQ(r.warning_list.size(), 3u);
}

TEST(Review, KeepTextAndTomlStrings) {
  EXPECT_EQ(keep_text("…他说：求月票…"), "他说：求月票");
  EXPECT_EQ(keep_text("甲…乙乙乙…丙"), "乙乙乙");
  EXPECT_EQ(toml_string("a\"b\\c\td"), "\"a\\\"b\\\\c\\td\"");
  EXPECT_EQ(toml_string(std::string("x\x01y")), "\"x\\u0001y\"");
}

TEST(SourceLines, ContextIsTheLinesAroundAsRead) {
  SourceLines lines = lines_of("一\n\n三\n四\n五\n六\n七\n");
  auto around = lines.around("a.txt", 4, 2);
  ASSERT_EQ(around.size(), 5u);  // 一, 三, 四, 五, 六: blank lines are not lines to show
  EXPECT_EQ(around[0].first, 1);
  EXPECT_EQ(around[2].second, "四");
  EXPECT_EQ(lines.at("a.txt", 2), "");
  EXPECT_EQ(lines.at("b.txt", 1), "");
}

TEST(SourceLines, AMadeTextsLinesAreThoseOfItsDocuments) {
  MadeText made;
  made.text = "第一章\n\n甲\n乙\n";
  made.documents = {"b.epub:c1.xhtml"};
  made.lines = {{0, 9}, {0, 0}, {0, 10}, {0, 10}};
  SourceLines lines;
  lines.add_made(made);
  EXPECT_EQ(lines.at("b.epub:c1.xhtml", 9), "第一章");
  EXPECT_EQ(lines.at("b.epub:c1.xhtml", 10), "甲 乙");  // two lines of one <p> with a <br>
}

}  // namespace
}  // namespace novelbind

namespace novelbind {
namespace {

TEST(Review, ContextGoesToAPlaceOfEachGroupInTurnWithinTheBudget) {
  Book book = book_with({{"site_ads", "a.txt", 1, "甲甲", ""},
                         {"site_ads", "a.txt", 2, "甲甲", ""},
                         {"site_residue", "a.txt", 3, "乙乙", ""}});
  ReviewOptions options;
  options.context_radius = 0;
  options.context_budget =
      52;  // two places: a line and a change of 6 bytes, 14 and 12 with their marks
  Review r = make_review(book, {}, lines_of("甲甲\n甲甲\n乙乙\n"), options);
  ASSERT_EQ(r.groups.size(), 2u);
  EXPECT_EQ(r.groups[0].places[0].context.size(), 1u);
  EXPECT_EQ(r.groups[1].places[0].context.size(), 1u);  // before the first group's second
  EXPECT_TRUE(r.groups[0].places[1].context.empty());
}

}  // namespace
}  // namespace novelbind
