#include "review/review_page.h"

#include <gtest/gtest.h>

namespace novelbind {
namespace {

Review small_review() {
  Review r;
  r.input = "书.txt";
  r.title = "雪<中>";
  r.chapters = 3;
  r.structure = {"第N章", "第N卷", "evidence"};
  r.repairs = {{"site_ads", 2}};
  r.warnings = {{"numbering_gap", 1}};
  ReviewGroup g{
      "site_ads", "</script><script>alert(1)</script>", "", true, {}, "[clean]", "keep = [\"x\"]",
      "note"};
  g.places.push_back(
      {"书.txt", 4, "第一章", {{4, "{{DATA}}"}}, {{DiffPiece::kRemoved, "x"}}, true});
  g.places.push_back({"书.txt", 9, "第二章", {}, {{DiffPiece::kRemoved, "x"}}, true});
  r.groups.push_back(g);
  r.warning_list = {{"numbering_gap", "书.txt", 7, "a gap"}};
  return r;
}

TEST(ReviewPage, TheSummaryIsInThePageAsHtml) {
  std::string page = review_page_html(small_review());
  EXPECT_NE(page.find("<title>Review: 雪&lt;中&gt;</title>"), std::string::npos);
  EXPECT_NE(page.find("id=\"chapters\" data-count=\"3\""), std::string::npos);
  EXPECT_NE(page.find("class=\"repair-count\" data-name=\"site_ads\" data-count=\"2\""),
            std::string::npos);
  EXPECT_NE(page.find("class=\"warning-count\" data-name=\"numbering_gap\" data-count=\"1\""),
            std::string::npos);
  EXPECT_NE(page.find("第N章; volumes 第N卷"), std::string::npos);
}

TEST(ReviewPage, TheDataCannotCloseItsScriptNorFillAPlaceholder) {
  std::string page = review_page_html(small_review());
  size_t data = page.find("<script type=\"application/json\" id=\"review-data\">");
  ASSERT_NE(data, std::string::npos);
  size_t end = page.find("</script>", data);
  std::string json = page.substr(data, end - data);
  EXPECT_EQ(json.find("</"), std::string::npos);
  EXPECT_NE(json.find("\\u003c/script>"), std::string::npos);
  EXPECT_NE(json.find("{{DATA}}"), std::string::npos);  // a line of text, left as it is
  // The second place repeats the first's change, so it does not carry it again.
  EXPECT_NE(json.find("[0,9,1,0,0]"), std::string::npos);
  EXPECT_NE(json.find("\"lines\":{\"0\":[[4,\"{{DATA}}\"]]}"), std::string::npos);
}

TEST(ReviewPage, NothingIsFetched) {
  std::string page = review_page_html(small_review());
  for (const char* outside : {"http://", "https://", "src=\"", "<link", "@import", "url("})
    EXPECT_EQ(page.find(outside), std::string::npos) << outside;
}

}  // namespace
}  // namespace novelbind
