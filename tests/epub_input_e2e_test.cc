// An EPUB made by another tool as the input of `build` and `clean`: the book made in memory
// (ingest/epub_test_books.h) as kaf-cli lays one out, and EPUBs that calibre and pandoc make
// from a development book (../shared/realworld), which must come out with the chapters and
// story text of the build from the .txt (measure.py's figures within 1%) and pass EPUBCheck.
// calibre and pandoc are installed by scripts/ensure-tools when missing; the tests fail, never
// skip, when they cannot be.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "base/test_util.h"
#include "ingest/epub_test_books.h"

namespace fs = std::filesystem;

namespace novelbind::test {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

EpubBook kaf_book() {
  EpubBook b;
  b.metadata =
      "<dc:title>雪中</dc:title><dc:creator>某人</dc:creator><dc:language>zh-CN</dc:language>";
  b.documents = {{"text/c1.xhtml",
                  xhtml_page("<h3>第1章 少年</h3>\n<p>　　天亮了，少年推开门。</p>\n<p>本章完</p>\n"
                             "<p>　　雪下了一夜。</p>")},
                 {"text/c2.xhtml",
                  xhtml_page("<h3>第2章 出山</h3>\n<p>　　他走下山去。</p>\n<p>　　路很长。</p>")},
                 {"text/c3.xhtml", xhtml_page("<h3>后记</h3>\n<p>　　写完了。</p>")}};
  b.toc = {
      {"第1章 少年", "text/c1.xhtml"}, {"第2章 出山", "text/c2.xhtml"}, {"后记", "text/c3.xhtml"}};
  return b;
}

TEST(EpubInput, AnEpubMadeByAnotherToolIsRebuiltWithItsChaptersTextAndMetadata) {
  TempDir dir;
  write_file(dir / "雪中.epub", make_epub(kaf_book()));
  CommandResult r = run_novelbind("build " + test::shell_quote(dir / "雪中.epub") + " --no-cache");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // Beside the input, never in its place.
  fs::path out = dir / "雪中.novelbind.epub";
  ASSERT_TRUE(fs::exists(out)) << r.output;
  EXPECT_EQ(nav_labels(out), (std::vector<std::string>{"第1章 少年", "第2章 出山", "后记"}));
  auto entries = read_epub(out);
  EXPECT_TRUE(has(entries["EPUB/package.opf"], "<dc:title>雪中</dc:title>"));
  EXPECT_TRUE(has(entries["EPUB/package.opf"], "<dc:creator id=\"creator\">某人</dc:creator>"))
      << entries["EPUB/package.opf"];
  EXPECT_TRUE(has(entries["EPUB/package.opf"], "<dc:language>zh-CN</dc:language>"));
  std::string text = xhtml_text(entries["EPUB/text/ch0001.xhtml"]);
  EXPECT_TRUE(has(text, "天亮了，少年推开门。")) << text;
  EXPECT_TRUE(has(text, "雪下了一夜。"));
  EXPECT_FALSE(has(text, "本章完")) << text;  // the site's tail, as from a .txt
  EXPECT_TRUE(has(r.output, "info: metadata: title 雪中 from " + (dir / "雪中.epub").string() +
                                " (the package document's dc:title)"))
      << r.output;
  EXPECT_EQ(epubcheck(out).substr(0, 52), "Messages: 0 fatals / 0 errors / 0 warnings / 0 infos");
}

TEST(EpubInput, CleanNamesTheDocumentAndLineOfEachRepair) {
  TempDir dir;
  write_file(dir / "b.epub", make_epub(kaf_book()));
  CommandResult r = run_novelbind("clean " + test::shell_quote(dir / "b.epub"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(has(r.output, (dir / "b.epub").string() + ":OEBPS/text/c1.xhtml:7: site_ads"))
      << r.output;
}

TEST(EpubInput, ABrokenEpubFailsClearlyAndLeavesNoBook) {
  TempDir dir;
  EpubBook b = kaf_book();
  b.documents[1].content = "<html><body>\n<p>断了</i>\n</body></html>";
  write_file(dir / "b.epub", make_epub(b));
  CommandResult r = run_novelbind("build " + test::shell_quote(dir / "b.epub") + " -o " +
                                  test::shell_quote(dir / "out.epub"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(has(r.output, "error: " + (dir / "b.epub").string() +
                                ":OEBPS/text/c2.xhtml:2: not well-formed XHTML ("))
      << r.output;
  EXPECT_FALSE(fs::exists(dir / "out.epub"));
  // Not an archive at all.
  write_file(dir / "c.epub", "not a zip");
  r = run_novelbind("build " + test::shell_quote(dir / "c.epub") + " -o " +
                    test::shell_quote(dir / "out.epub"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(has(r.output, "error: " + (dir / "c.epub").string() +
                                ": not an EPUB (not a readable ZIP archive)"))
      << r.output;
  EXPECT_FALSE(fs::exists(dir / "out.epub"));
  // Never written over its input.
  write_file(dir / "good.epub", make_epub(kaf_book()));
  std::string bytes = read_file(dir / "good.epub");
  r = run_novelbind("build " + test::shell_quote(dir / "good.epub") + " -o " +
                    test::shell_quote(dir / "good.epub"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(has(r.output, "the output would replace the input file " +
                                (dir / "good.epub").string() + "; choose another -o"))
      << r.output;
  EXPECT_EQ(read_file(dir / "good.epub"), bytes);
}

// --- EPUBs made by calibre and pandoc from a development book ---

void ensure(const std::string& tools) {
  CommandResult r = run(test::shell_quote(source_dir() / "scripts/ensure-tools") + " " + tools);
  ASSERT_EQ(r.exit_code, 0) << r.output;
}

// A Debian package's name and version, to name a tool's outputs in the tool cache.
std::string package_version(const std::string& package) {
  return package + " " + run("dpkg-query -W -f='${Version}' " + package).output;
}

// calibre's EPUB of `txt` (the conversion of the same text kept from an earlier run).
CommandResult calibre_epub(const fs::path& txt, const fs::path& epub) {
  return test::cached_tool_output(
      package_version("calibre") + " ebook-convert txt epub " + txt.filename().string(), {txt},
      "ebook-convert " + test::shell_quote(txt) + " " + test::shell_quote(epub), epub);
}

// measure.py's figures for `epub` against the case's truth.
nlohmann::json measure(const std::string& case_name, const fs::path& epub, const fs::path& json) {
  fs::path truth = shared_dir() / "realworld-truth";
  CommandResult r = run("python3 " + test::shell_quote(truth / "measure.py") + " " +
                        test::shell_quote(truth / case_name) + " " + test::shell_quote(epub) +
                        " --json " + test::shell_quote(json));
  std::ifstream in(json);
  if (!in) {
    ADD_FAILURE() << "measure.py wrote no figures: " << r.output;
    return {};
  }
  return nlohmann::json::parse(in);
}

// The EPUB `made` (from the case's .txt by another tool) rebuilt, against the build of the
// .txt: the same chapters, and the story figures within 1% of the story.
void expect_same_book(const std::string& case_name, const fs::path& made, const TempDir& dir) {
  CommandResult from_txt =
      run_novelbind("build " + test::shell_quote(realworld_txt(case_name)) + " -o " +
                    test::shell_quote(dir / "txt.epub") + " --no-cache -q");
  ASSERT_EQ(from_txt.exit_code, 0) << from_txt.output;
  CommandResult from_epub =
      run_novelbind("build " + test::shell_quote(made) + " -o " +
                    test::shell_quote(dir / "rebuilt.epub") + " --no-cache -q");
  ASSERT_EQ(from_epub.exit_code, 0) << from_epub.output;
  auto a = measure(case_name, dir / "txt.epub", dir / "txt.json");
  auto b = measure(case_name, dir / "rebuilt.epub", dir / "rebuilt.json");
  ASSERT_FALSE(a.is_null());
  ASSERT_FALSE(b.is_null());
  EXPECT_EQ(b["chapters_found"], a["chapters_found"]) << b.dump();
  EXPECT_EQ(b["chapters_found"], b["chapters"]) << b.dump();
  double story = a["story"].get<double>();
  auto figure = [](const nlohmann::json& j, const char* x, const char* y) {
    return j[x].get<double>() + j[y].get<double>();
  };
  EXPECT_LE(std::abs(figure(b, "changed", "lost") - figure(a, "changed", "lost")), 0.01 * story)
      << a.dump() << "\n"
      << b.dump();
  EXPECT_LE(std::abs(figure(b, "extra", "echoes") - figure(a, "extra", "echoes")), 0.01 * story)
      << a.dump() << "\n"
      << b.dump();
  int residue_a = 0, residue_b = 0;
  for (const auto& [k, v] : a["residue"].items()) residue_a += v.get<int>();
  for (const auto& [k, v] : b["residue"].items()) residue_b += v.get<int>();
  EXPECT_LE(std::abs(residue_b - residue_a), 0.01 * story) << b.dump();
  EXPECT_EQ(epubcheck(dir / "rebuilt.epub").substr(0, 52),
            "Messages: 0 fatals / 0 errors / 0 warnings / 0 infos");
}

TEST(EpubInput, ACalibreEpubOfADevelopmentBookIsTheBookOfItsTxt) {
  ASSERT_FALSE(shared_dir().empty()) << "no shared/realworld beside the checkout nor in /work";
  ensure("ebook-convert=calibre python3=python3");
  TempDir dir;
  // calibre names the book after the file: a name in ASCII, as a reader's download often is.
  fs::copy_file(realworld_txt("jcsg_obfuscated_ads"), dir / "jcsg.txt");
  CommandResult c = calibre_epub(dir / "jcsg.txt", dir / "jcsg.epub");
  ASSERT_EQ(c.exit_code, 0) << c.output;
  expect_same_book("jcsg_obfuscated_ads", dir / "jcsg.epub", dir);
}

// The development book the issue names, converted by calibre: 2.4 MB of GB18030 that calibre
// splits into 19 documents wherever its size limit falls.
TEST(EpubInput, ACalibreEpubOfTlbbIsTheBookOfItsTxt) {
  ASSERT_FALSE(shared_dir().empty());
  ensure("ebook-convert=calibre python3=python3");
  TempDir dir;
  fs::copy_file(realworld_txt("tlbb_wmtxt"), dir / "tlbb.txt");
  CommandResult c = calibre_epub(dir / "tlbb.txt", dir / "tlbb.epub");
  ASSERT_EQ(c.exit_code, 0) << c.output;
  expect_same_book("tlbb_wmtxt", dir / "tlbb.epub", dir);
}

// The .txt as HTML, each line a paragraph and each chapter heading an <h1>, which pandoc makes
// into a document per chapter with a navigation document listing them.
std::string as_html(const fs::path& txt) {
  std::string text = read_file(txt);
  if (text.rfind("\xEF\xBB\xBF", 0) == 0) text = text.substr(3);
  std::istringstream lines(text);
  std::string html = "<html><head><title>书</title></head><body>\n";
  std::regex heading("^(第.{1,6}章.*|楔子|尾声)$");
  auto escape = [](std::string s) {
    std::string out;
    for (char c : s)
      out += c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;" : std::string(1, c);
    return out;
  };
  for (std::string line; std::getline(lines, line);) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    while (!line.empty() && line.front() == ' ') line.erase(0, 1);
    if (line.empty()) continue;
    bool h = line.size() < 40 && std::regex_match(line, heading);
    html += (h ? "<h1>" : "<p>") + escape(line) + (h ? "</h1>\n" : "</p>\n");
  }
  return html + "</body></html>\n";
}

TEST(EpubInput, APandocEpubOfADevelopmentBookIsTheBookOfItsTxt) {
  ASSERT_FALSE(shared_dir().empty());
  ensure("pandoc=pandoc python3=python3");
  TempDir dir;
  write_file(dir / "jcsg.html", as_html(realworld_txt("jcsg_obfuscated_ads")));
  CommandResult p = test::cached_tool_output(
      package_version("pandoc") + " html epub chapter-level 1", {dir / "jcsg.html"},
      "pandoc -f html " + test::shell_quote(dir / "jcsg.html") + " -o " +
          test::shell_quote(dir / "jcsg.epub") +
          " --epub-chapter-level=1 --metadata title=交错时光的爱恋",
      dir / "jcsg.epub");
  ASSERT_EQ(p.exit_code, 0) << p.output;
  ASSERT_GT(read_epub(dir / "jcsg.epub").size(), 10u);  // a document per chapter
  expect_same_book("jcsg_obfuscated_ads", dir / "jcsg.epub", dir);
}

}  // namespace
}  // namespace novelbind::test
