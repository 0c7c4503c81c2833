// The review page of `novelbind clean --html` in a real browser: headless Chromium loads the
// page made for a development book (../shared/realworld/dazhuzai_chapters: four rules and
// three kinds of warning) and dumps the DOM its script built. The summary must give the build
// report's counts, the rule filter (clicked, as a reader does) must hide every other rule's
// rows, the keys must move and open rows, and a screenshot must be drawn. Chromium is
// installed by scripts/ensure-tools when missing; the test fails, never skips, without it.
// A group's book.toml line, put in book.toml, must stop that repair.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>

#include <nlohmann/json.hpp>

#include "base/test_util.h"

namespace fs = std::filesystem;

namespace novelbind::test {
namespace {

struct Page {
  TempDir dir;
  fs::path html;
  nlohmann::json report;
  std::string error;  // why the page could not be made; empty when it was
};

// The review page and the build report of dazhuzai_chapters, made once for the suite's tests
// (each reads it, none changes it).
const Page& dazhuzai_page() {
  static Page page;
  static const bool made = [] {
    if (shared_dir().empty()) {
      page.error = "no shared/realworld beside the checkout nor in /work";
      return false;
    }
    CommandResult tools =
        run(test::shell_quote(source_dir() / "scripts/ensure-tools") + " chromium=chromium");
    if (tools.exit_code != 0) {
      page.error = tools.output;
      return false;
    }
    fs::path input = shared_dir() / "realworld" / "dazhuzai_chapters";
    page.html = page.dir / "review.html";
    CommandResult clean = run_novelbind("clean " + test::shell_quote(input) + " --html " +
                                        test::shell_quote(page.html));
    CommandResult build = run_novelbind(
        "build " + test::shell_quote(input) + " -o " + test::shell_quote(page.dir / "b.epub") +
        " --no-cache -q --report " + test::shell_quote(page.dir / "r.json"));
    if (clean.exit_code != 0 || build.exit_code != 0) {
      page.error = clean.output + build.output;
      return false;
    }
    page.report = nlohmann::json::parse(read_file(page.dir / "r.json"));
    return true;
  }();
  (void)made;
  return page;
}

// Headless Chromium with a fresh profile, no network service calls, on `page` with the URL
// fragment `fragment` (what the page's script does: "#keys=jjo"); `what` is --dump-dom (the DOM
// is the result's output) or --screenshot (the picture is written to `screenshot`). What
// Chromium made of the same page bytes and fragment is kept (test_util.h's cached_tool_output):
// the sanitizer run writes the same page as the release run.
CommandResult chromium(const Page& page, const std::string& what, const std::string& fragment,
                       const fs::path& screenshot = {}) {
  static int profile = 0;
  static const std::string version = run("chromium --version 2>/dev/null").output;
  fs::path profile_dir = page.dir / ("profile" + std::to_string(profile++));
  bool dump = what == "--dump-dom";
  fs::path output = dump ? page.dir / ("dom" + std::to_string(profile) + ".html") : screenshot;
  std::string command =
      "timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic "
      "--no-first-run --disable-background-networking --disable-component-update "
      "--disable-sync --window-size=1280,1400 --user-data-dir=" +
      test::shell_quote(profile_dir) + " " +
      (dump ? what : "--screenshot=" + test::shell_quote(output)) + " '" + "file://" +
      page.html.string() + fragment + "' 2>/dev/null" +
      (dump ? " > " + test::shell_quote(output) + " && test -s " + test::shell_quote(output) : "");
  CommandResult r = cached_tool_output("chromium " + version + " " + what + " " + fragment,
                                       {page.html}, command, output);
  if (dump) r.output = read_file(output);
  return r;
}

std::map<std::string, int> counts(const std::string& dom, const std::string& kind) {
  std::map<std::string, int> out;
  std::regex row("class=\"" + kind + "-count\" data-name=\"([^\"]+)\" data-count=\"([0-9]+)\"");
  for (std::sregex_iterator it(dom.begin(), dom.end(), row), end; it != end; ++it)
    out[(*it)[1]] = std::stoi((*it)[2]);
  return out;
}

// Each group row the script drew: its rule, whether it is hidden, whether it is selected and
// open.
struct Row {
  std::string rule;
  bool hidden = false;
  bool selected = false;
  bool open = false;
};
std::vector<Row> rows(const std::string& dom) {
  std::vector<Row> out;
  std::regex tr("<tr class=\"group( sel)?\" data-group=\"[0-9]+\" data-rule=\"([^\"]+)\"([^>]*)>");
  for (std::sregex_iterator it(dom.begin(), dom.end(), tr), end; it != end; ++it) {
    std::string attributes = (*it)[3];
    out.push_back({(*it)[2], attributes.find("hidden") != std::string::npos, (*it)[1].matched,
                   attributes.find("aria-expanded=\"true\"") != std::string::npos});
  }
  return out;
}

TEST(ReviewInBrowser, TheSummaryGivesTheBuildReportsCounts) {
  const Page& page = dazhuzai_page();
  ASSERT_EQ(page.error, "");
  CommandResult dom = chromium(page, "--dump-dom", "");
  ASSERT_EQ(dom.exit_code, 0) << dom.output.substr(0, 2000);
  // The script ran: it drew the rows and said when it was done.
  EXPECT_NE(dom.output.find("data-ready-ms=\""), std::string::npos) << dom.output.substr(0, 2000);
  std::map<std::string, int> rules = page.report["rules"];
  EXPECT_EQ(counts(dom.output, "repair"), rules);
  std::map<std::string, int> warnings;
  for (const auto& w : page.report["warnings"]) ++warnings[w["rule"].get<std::string>()];
  EXPECT_EQ(counts(dom.output, "warning"), warnings);
  ASSERT_FALSE(warnings.empty());
  std::smatch chapters;
  ASSERT_TRUE(std::regex_search(dom.output, chapters,
                                std::regex("id=\"chapters\" data-count=\"([0-9]+)\"")));
  EXPECT_EQ(std::stoul(chapters[1]), page.report["chapters"].size());
  std::vector<Row> drawn = rows(dom.output);
  EXPECT_GE(drawn.size(), rules.size());
  for (const Row& r : drawn) EXPECT_FALSE(r.hidden);
}

TEST(ReviewInBrowser, TheRuleFilterHidesEveryOtherRulesRows) {
  const Page& page = dazhuzai_page();
  ASSERT_EQ(page.error, "");
  // The reader's click on the filter button of site_residue.
  std::string click = "%23filters%20button%5Bdata-rule%3D%22site_residue%22%5D";
  CommandResult dom = chromium(page, "--dump-dom", "#click=" + click);
  ASSERT_EQ(dom.exit_code, 0);
  std::vector<Row> drawn = rows(dom.output);
  int shown = 0, hidden = 0;
  for (const Row& r : drawn) {
    EXPECT_EQ(r.hidden, r.rule != "site_residue") << r.rule;
    (r.hidden ? hidden : shown)++;
  }
  EXPECT_GT(shown, 0);
  EXPECT_GT(hidden, 0);
  EXPECT_NE(dom.output.find("data-rule=\"site_residue\" aria-pressed=\"true\""), std::string::npos);
  // The warnings of other kinds are hidden too.
  EXPECT_EQ(dom.output.find("<li data-rule=\"numbering_gap\">"), std::string::npos);
}

TEST(ReviewInBrowser, KeysMoveOpenAndFilter) {
  const Page& page = dazhuzai_page();
  ASSERT_EQ(page.error, "");
  // j j: the third row; Enter opens it. Then 2: the second rule only.
  CommandResult dom = chromium(page, "--dump-dom", "#keys=jjo");
  ASSERT_EQ(dom.exit_code, 0);
  std::vector<Row> drawn = rows(dom.output);
  ASSERT_GE(drawn.size(), 3u);
  EXPECT_TRUE(drawn[2].selected);
  EXPECT_TRUE(drawn[2].open);
  EXPECT_NE(dom.output.find("<tr class=\"places\">"), std::string::npos);
  CommandResult second = chromium(page, "--dump-dom", "#keys=2");
  std::vector<Row> filtered = rows(second.output);
  ASSERT_FALSE(filtered.empty());
  int visible = 0;
  for (const Row& r : filtered) visible += !r.hidden;
  EXPECT_GT(visible, 0);
  EXPECT_LT(visible, static_cast<int>(filtered.size()));
}

TEST(ReviewInBrowser, AScreenshotIsDrawn) {
  const Page& page = dazhuzai_page();
  ASSERT_EQ(page.error, "");
  fs::path png = page.dir / "review.png";
  CommandResult shot = chromium(page, "--screenshot", "#open=0", png);
  ASSERT_EQ(shot.exit_code, 0) << shot.output;
  std::string bytes = read_file(png);
  ASSERT_GT(bytes.size(), 10000u);
  EXPECT_EQ(bytes.substr(1, 3), "PNG");
}

// The book.toml line of a group, in book.toml, stops that repair and leaves the others.
TEST(ReviewInBrowser, AGroupsBookTomlLineStopsItsRepair) {
  ASSERT_FALSE(shared_dir().empty());
  TempDir dir;
  fs::copy_file(realworld_txt("xianni_zhuaji"), dir / "book.txt");
  write_file(dir / "book.toml", "[chapters]\nfiles = [\"book.txt\"]\n");
  CommandResult before = run_novelbind("clean " + test::shell_quote(dir / "book.toml") +
                                       " --html " + test::shell_quote(dir / "a.html"));
  ASSERT_EQ(before.exit_code, 0) << before.output;
  std::string page = read_file(dir / "a.html");
  size_t start = page.find("id=\"review-data\">") + 17;
  auto data = nlohmann::json::parse(page.substr(start, page.find("</script>", start) - start));
  // The group of the "====" frame lines site_residue dropped (three of them).
  const nlohmann::json* frame = nullptr;
  for (const auto& g : data["groups"])
    if (g["x"] == "================================") frame = &g;
  ASSERT_NE(frame, nullptr);
  ASSERT_EQ((*frame)["p"].size(), 3u);
  std::string line = (*frame)["t"];
  EXPECT_EQ((*frame)["s"], "[clean]");
  write_file(dir / "book.toml", "[chapters]\nfiles = [\"book.txt\"]\n[clean]\n" + line + "\n");
  CommandResult after = run_novelbind("clean " + test::shell_quote(dir / "book.toml"));
  ASSERT_EQ(after.exit_code, 0) << after.output;
  EXPECT_NE(before.output.find("info: clean: site_residue: 102 change(s)"), std::string::npos)
      << before.output;
  EXPECT_NE(after.output.find("info: clean: site_residue: 99 change(s)"), std::string::npos)
      << after.output;
  EXPECT_NE(after.output.find("info: clean: book_header: 4 change(s)"), std::string::npos);
  EXPECT_EQ(after.output.find("- ================================"), std::string::npos);
}

}  // namespace
}  // namespace novelbind::test
