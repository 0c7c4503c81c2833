#include "cli/report.h"

#include <gtest/gtest.h>

#include "pipeline/findings_record.h"

namespace novelbind {
namespace {

BuildResult sample_result() {
  BuildResult r;
  r.output = "book.epub";
  r.book.meta.title = "龜茲";
  r.book.meta.author = "阿菩";
  r.book.meta.language = "zh-Hant";
  r.book.meta.identifier = "urn:uuid:1";
  r.script_target = "zh-Hant";
  r.sources = {{"001.txt", "UTF-8"}, {"002.txt", "GB18030"}};
  Chapter c;
  c.title = "第一章 龜茲";
  c.number = 1;
  c.sources = {"001.txt"};
  c.paragraphs = {{"「走吧。」", 2, false}, {"", 3, true}};
  c.script = "zh-Hans";
  c.conversion = "s2t";
  c.repairs = {{"quotes", "001.txt", 2, "“走吧。”", "「走吧。」"}};
  c.warnings = {{"mixed_script", "001.txt", 1, "mixes scripts"}};
  r.book.chapters.push_back(c);
  Chapter released;
  released.title = "第二章";
  released.paragraphs = ChapterText::released(7, 300);
  r.book.chapters.push_back(released);
  r.book.warnings = {{"numbering_gap", "002.txt", 1, "chapter 3 is missing"}};
  return r;
}

// A build that reuses the cached book reports exactly what the build that made it reported.
TEST(Report, FindingsRecordGivesTheSameReport) {
  BuildResult built = sample_result();
  BuildResult reused;
  reused.output = built.output;
  ASSERT_TRUE(read_findings(findings_record(built), &reused));
  EXPECT_EQ(report_json(reused), report_json(built));
  EXPECT_EQ(reused.book.chapters[0].warnings[0].message, "mixes scripts");
  EXPECT_EQ(reused.book.warnings[0].rule, "numbering_gap");
  EXPECT_NE(report_json(built).find("\"characters\": 300"), std::string::npos);

  std::string damaged = findings_record(built);
  damaged.pop_back();
  EXPECT_FALSE(read_findings(damaged, &reused));
  EXPECT_FALSE(read_findings("novelbind-findings-0", &reused));
}

}  // namespace
}  // namespace novelbind
