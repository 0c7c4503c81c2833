// Settings checked end to end: a misspelt --fail-on is a usage error listing the known rules;
// `clean` and `build` count the same repairs; report warnings carry their line; the metadata
// a one-file book gives of itself reaches the package document.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <regex>

#include "base/test_util.h"
#include "pipeline/stage_rule_names.h"

namespace fs = std::filesystem;

namespace novelbind {
namespace {}  // namespace

TEST(SettingsEndToEnd, MisspeltFailOnIsAUsageErrorListingTheRules) {
  test::TempDir dir;
  auto r = test::run_novelbind("build " + test::shell_quote(test::seeds_dir()) + " -o " +
                               test::shell_quote(dir / "b.epub") +
                               " --fail-on duplicate_chapter,numbering_gaps");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  std::string list;
  for (const std::string& n : known_rule_names()) list += (list.empty() ? "" : ", ") + n;
  EXPECT_EQ(r.output, "--fail-on: unknown rule 'numbering_gaps'; expected one of " + list +
                          "\nRun with --help for more information.\n");
  EXPECT_FALSE(fs::exists(dir / "b.epub"));
}

TEST(SettingsEndToEnd, CleanAndBuildCountTheSameRepairs) {
  test::TempDir dir;
  auto cleaned = test::run_novelbind("clean " + test::shell_quote(test::seeds_dir()));
  ASSERT_EQ(cleaned.exit_code, 0) << cleaned.output;
  std::map<std::string, int> clean_counts;
  std::regex line(R"(clean: (\w+): (\d+) change\(s\))");
  for (std::sregex_iterator m(cleaned.output.begin(), cleaned.output.end(), line), end; m != end;
       ++m)
    clean_counts[(*m)[1]] = std::stoi((*m)[2]);
  auto built = test::run_novelbind("build " + test::shell_quote(test::seeds_dir()) + " -o " +
                                   test::shell_quote(dir / "b.epub") + " --report " +
                                   test::shell_quote(dir / "r.json"));
  ASSERT_EQ(built.exit_code, 0) << built.output;
  auto report = nlohmann::json::parse(test::read_file(dir / "r.json"));
  std::map<std::string, int> build_counts = report["rules"].get<std::map<std::string, int>>();
  EXPECT_FALSE(build_counts.empty());
  EXPECT_EQ(clean_counts, build_counts) << cleaned.output;
}

TEST(SettingsEndToEnd, ReportWarningsCarryTheirLine) {
  test::TempDir dir;
  auto built = test::run_novelbind("build " + test::shell_quote(test::seeds_dir()) + " -o " +
                                   test::shell_quote(dir / "b.epub") + " --report " +
                                   test::shell_quote(dir / "r.json"));
  ASSERT_EQ(built.exit_code, 0) << built.output;
  auto report = nlohmann::json::parse(test::read_file(dir / "r.json"));
  ASSERT_FALSE(report["warnings"].empty());
  for (const auto& w : report["warnings"]) EXPECT_GT(w["line"].get<int>(), 0) << w.dump();
  EXPECT_EQ(built.output.find(".txt: this chapter"), std::string::npos) << built.output;
}

// What decoding drops or replaces used to be reported with line 0.
TEST(SettingsEndToEnd, DecodingWarningsCarryTheirLine) {
  test::TempDir dir;
  fs::create_directories(dir / "book");
  test::write_file(dir / "book" / "1.txt", "第一章 开始\n天亮了。\n他\u200B走了。\n");
  std::string second = "第二章 再见\n天黑了。\n\xFF他回来了。\n";
  test::write_file(dir / "book" / "2.txt", second);
  auto built = test::run_novelbind("build -q " + test::shell_quote(dir / "book") + " -o " +
                                   test::shell_quote(dir / "b.epub") + " --lenient --report " +
                                   test::shell_quote(dir / "r.json"));
  ASSERT_EQ(built.exit_code, 0) << built.output;
  std::string one = (dir / "book" / "1.txt").string(), two = (dir / "book" / "2.txt").string();
  EXPECT_EQ(built.output,
            "warning: " + one +
                ":3: removed 1 invisible character (zero-width or control characters), the first "
                "on this line [invisible_characters]\n"
                "warning: " +
                two +
                ":3: replaced 1 undecodable byte with U+FFFD (decoded as UTF-8; the first at "
                "offset " +
                std::to_string(second.find('\xFF')) + ") [encoding]\n");
  auto report = nlohmann::json::parse(test::read_file(dir / "r.json"));
  ASSERT_EQ(report["warnings"].size(), 2u);
  for (const auto& w : report["warnings"]) EXPECT_EQ(w["line"].get<int>(), 3) << w.dump();
}

TEST(SettingsEndToEnd, HeaderMetadataReachesThePackageAndSettingsWin) {
  test::TempDir dir;
  test::write_file(dir / "仙逆.txt",
                   "《仙逆》\n作者：耳根\n\n内容简介：\n    他是如何一步一步走向巅峰。\n"
                   "详细信息请查阅：http://www.zhuaji.org/book/435\n"
                   "☆☆☆仙逆 最新章节正文 开始☆☆☆\n\n第一章 离乡\n王林睁开双眼，望着远处的群山。\n"
                   "第二章 入门\n王林走进山门。\n");
  auto r = test::run_novelbind("build " + test::shell_quote(dir / "仙逆.txt") + " -o " +
                               test::shell_quote(dir / "a.epub"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(
      r.output.find("metadata: title 仙逆 from " + (dir / "仙逆.txt").string() + ":1 《仙逆》"),
      std::string::npos)
      << r.output;
  auto epub = test::read_epub(dir / "a.epub");
  const std::string& opf = epub["EPUB/package.opf"];
  EXPECT_NE(opf.find("<dc:title>仙逆</dc:title>"), std::string::npos) << opf;
  EXPECT_NE(opf.find(">耳根</dc:creator>"), std::string::npos) << opf;
  EXPECT_NE(opf.find("<dc:description>他是如何一步一步走向巅峰。</dc:description>"),
            std::string::npos)
      << opf;
  EXPECT_NE(test::xhtml_text(epub["EPUB/text/intro.xhtml"]).find("他是如何一步一步走向巅峰。"),
            std::string::npos);
  // The header is not a chapter of the story.
  for (const auto& [name, content] : epub) {
    if (name.rfind("EPUB/text/ch", 0) == 0) {
      EXPECT_EQ(content.find("zhuaji"), std::string::npos) << name;
    }
  }

  auto flags =
      test::run_novelbind("build " + test::shell_quote(dir / "仙逆.txt") + " -o " +
                          test::shell_quote(dir / "b.epub") + " --title 仙逆（全） --author 佚名");
  ASSERT_EQ(flags.exit_code, 0) << flags.output;
  const std::string opf2 = test::read_epub(dir / "b.epub")["EPUB/package.opf"];
  EXPECT_NE(opf2.find("<dc:title>仙逆（全）</dc:title>"), std::string::npos);
  EXPECT_NE(opf2.find(">佚名</dc:creator>"), std::string::npos);
  EXPECT_NE(flags.output.find("(overridden by the settings)"), std::string::npos);
}

}  // namespace novelbind
