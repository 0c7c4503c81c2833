// The cleaning done-when points, asserted on the EPUB built from samples/seeds: what a reader
// of the book gets, chapter by chapter, against hand-checked expectations
// (tests/clean_expected/NNN.txt, one paragraph a line, "<hr>" for a scene break).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "base/test_util.h"
#include "clean/clean.h"
#include "clean/rule_reversed_lines.h"
#include "ingest/ingest.h"
#include "structure/heading.h"
#include "structure/split.h"

namespace novelbind {
namespace {

namespace fs = std::filesystem;
using test::TempDir;
using Paragraphs = std::vector<std::string>;

std::string join(const Paragraphs& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

// The paragraphs of each chapter document, in reading order; a scene break is "<hr>".
std::vector<Paragraphs> chapters_of(const fs::path& epub) {
  std::vector<Paragraphs> out;
  for (const auto& [name, data] : test::read_epub(epub)) {
    if (name.rfind("EPUB/text/ch", 0) != 0) continue;  // chapter documents, by name order
    pugi::xml_document doc;
    doc.load_buffer(data.data(), data.size());
    Paragraphs paragraphs;
    for (const pugi::xpath_node& n :
         doc.select_nodes("//*[local-name()='body']//*[local-name()='p' or (local-name()='hr' and "
                          "@class='scene-break')]")) {
      if (std::string(n.node().name()) == "hr") {
        paragraphs.push_back("<hr>");
      } else {
        std::string text;
        for (const pugi::xpath_node& t : n.node().select_nodes(".//text()"))
          text += t.node().value();
        paragraphs.push_back(text);
      }
    }
    out.push_back(paragraphs);
  }
  return out;
}

Paragraphs expected(const std::string& name) {
  std::string text = test::read_file(test::source_dir() / "tests" / "clean_expected" / name);
  Paragraphs lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

class CleanSeeds : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir();
    fs::path seeds = test::source_dir() / "samples" / "seeds";
    // --script keep: the text as cleaned, not converted, so the expectations stay exact.
    build_ = test::run_novelbind("-q build '" + seeds.string() + "' --script keep -o '" +
                                 (dir_->path() / "keep.epub").string() + "' --report '" +
                                 (dir_->path() / "report.json").string() + "'");
    chapters_ = chapters_of(dir_->path() / "keep.epub");
    for (const Paragraphs& c : chapters_) book_text_ += join(c);
  }
  static void TearDownTestSuite() { delete dir_; }

  static TempDir* dir_;
  static test::CommandResult build_;
  static std::vector<Paragraphs> chapters_;
  static std::string book_text_;
};

TempDir* CleanSeeds::dir_ = nullptr;
test::CommandResult CleanSeeds::build_;
std::vector<Paragraphs> CleanSeeds::chapters_;
std::string CleanSeeds::book_text_;

TEST_F(CleanSeeds, EveryChapterMatchesTheHandCheckedText) {
  ASSERT_EQ(build_.exit_code, 0) << build_.output;
  // 002 repeats the end of 003 and is dropped by the order stage (tests/structure_test.cc);
  // tests/clean_expected/002.txt is what cleaning makes of it (checked in CleanSeedsApi).
  ASSERT_EQ(chapters_.size(), 4u);
  const char* names[] = {"000.txt", "001.txt", "003.txt", "004.txt"};
  // Paragraphs and scene breaks per file: 004 loses its (未完待续) tail and gains three scene
  // breaks split off story lines; nothing else is lost.
  const std::size_t paragraphs[] = {24, 43, 64, 53};
  const std::size_t breaks[] = {0, 0, 0, 3};
  for (std::size_t i = 0; i < 4; ++i) {
    std::size_t hr = std::count(chapters_[i].begin(), chapters_[i].end(), "<hr>");
    EXPECT_EQ(chapters_[i].size() - hr, paragraphs[i]) << names[i];
    EXPECT_EQ(hr, breaks[i]) << names[i];
    EXPECT_EQ(join(chapters_[i]), join(expected(names[i]))) << names[i];
  }
}

TEST_F(CleanSeeds, TheReversedEndOf001ReadsForward) {
  ASSERT_EQ(chapters_.size(), 4u);
  const Paragraphs& c = chapters_[1];
  ASSERT_EQ(c.size(), 43u);
  EXPECT_EQ(c[28],
            "很快，雙方一千多騎迅速匯聚在一起向天山山口之外撤退而去，他們要回到天山南麓山腳，"
            "然後順著天山回到高昌的領地範圍之。");
  EXPECT_EQ(c[31], "但是在他們離開山口的時候，他們前方的外放斥候才向著他們狂奔而至。");
  EXPECT_EQ(c[32], "「將軍……大……大唐的騎兵！」這個斥候面驚恐的開口道。");
  EXPECT_EQ(c[38],
            "「我們……出去吧。」良久，安達才開口道，他知道，敵人只是堵住了山口，沒有前進，"
            "那只是在等他們投降而已，「現在……只能投降了。」");
  EXPECT_EQ(c[42], "要不要臉啊！");
  // No reversed line remains anywhere in the book.
  for (const Paragraphs& chapter : chapters_)
    for (const std::string& p : chapter) EXPECT_LT(punctuation_evidence(p), 2) << p;
}

TEST_F(CleanSeeds, BoilerplateIsGone) {
  for (const char* ad : {"未完待續", "未完待续", "作者「阿菩」的其他小說", "《東海屠》"})
    EXPECT_EQ(book_text_.find(ad), std::string::npos) << ad;
}

TEST_F(CleanSeeds, NamesAndConversionDamageAreRepaired) {
  EXPECT_NE(book_text_.find("毗伽·那仁"), std::string::npos);
  EXPECT_EQ(book_text_.find("毗伽?那仁"), std::string::npos);
  EXPECT_NE(book_text_.find("娑葛·答摩"), std::string::npos);
  EXPECT_NE(book_text_.find("的士兵"), std::string::npos);
  EXPECT_EQ(book_text_.find("計程車兵"), std::string::npos);
  EXPECT_NE(book_text_.find("華夏歷史"), std::string::npos);
  EXPECT_EQ(book_text_.find("華夏曆史"), std::string::npos);
}

TEST_F(CleanSeeds, OneQuoteStyleAndNoStraySpaces) {
  ASSERT_FALSE(book_text_.empty());
  for (const char* other : {"“", "”", "‘", "’", "\""})
    EXPECT_EQ(book_text_.find(other), std::string::npos) << other;
  EXPECT_NE(book_text_.find("「"), std::string::npos);
  EXPECT_NE(book_text_.find("「回鶻……」這兩個字"), std::string::npos);
  EXPECT_EQ(book_text_.find("」 "), std::string::npos);
  EXPECT_EQ(book_text_.find("” "), std::string::npos);
}

TEST_F(CleanSeeds, ReportCountsEachRule) {
  auto report = nlohmann::json::parse(test::read_file(dir_->path() / "report.json"));
  const auto& rules = report["rules"];
  EXPECT_EQ(rules["reversed_lines"], 15);
  EXPECT_EQ(rules["site_ads"], 1);  // 004's tail; 002's promotion lines left with 002
  EXPECT_EQ(rules["scene_breaks"], 3);
  EXPECT_EQ(rules["lost_interpunct"], 8);
  EXPECT_EQ(rules["conversion_errata"], 3);
  bool found = false;
  for (const auto& r : report["chapters"][1]["repairs"]) {
    if (r["rule"] == "reversed_lines" && r["line"] == 43) {
      found = true;
      EXPECT_EQ(r["file"].get<std::string>().find("001_cf4c83a871719f1d.txt") != std::string::npos,
                true);
      EXPECT_EQ(r["before"], "！啊臉要不要");
      EXPECT_EQ(r["after"], "要不要臉啊！");
    }
  }
  EXPECT_TRUE(found);
}

TEST(CleanSeedsCurly, SimplifiedBookHasCurlyQuotesOnly) {
  TempDir dir;
  fs::path seeds = test::source_dir() / "samples" / "seeds";
  auto built = test::run_novelbind("-q build '" + seeds.string() + "' --script zh-Hans -o '" +
                                   (dir / "hans.epub").string() + "'");
  ASSERT_EQ(built.exit_code, 0) << built.output;
  std::string text;
  for (const Paragraphs& c : chapters_of(dir / "hans.epub")) text += join(c);
  for (const char* other : {"「", "」", "『", "』", "\""})
    EXPECT_EQ(text.find(other), std::string::npos) << other;
  EXPECT_NE(text.find("“"), std::string::npos);
  EXPECT_EQ(text.find("” "), std::string::npos);
}

TEST(CleanCommand, PrintsTheRepairsAsADiffWithoutBuilding) {
  TempDir dir;
  fs::path seeds = dir / "seeds";
  fs::copy(test::source_dir() / "samples" / "seeds", seeds);
  auto run =
      test::run_novelbind("clean '" + seeds.string() + "' --rule reversed_lines --rule site_ads");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find(
                "001_cf4c83a871719f1d.txt:43: reversed_lines\n- ！啊臉要不要\n+ 要不要臉啊！\n"),
            std::string::npos)
      << run.output;
  // 002 is a duplicate of 003 that the build drops: clean shows the repairs of the book the
  // build makes, so that its counts are the build report's.
  EXPECT_NE(run.output.find("004_7fce4de2dab04fd3.txt:54: site_ads (dropped)\n- （未完待续）\n"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("002_9d3bf61183f9b4f8.txt:34: site_ads"), std::string::npos);
  EXPECT_EQ(run.output.find("quotes"), std::string::npos);  // filtered out
  EXPECT_NE(run.output.find("clean: reversed_lines: 15 change(s)"), std::string::npos);
  for (const auto& entry : fs::directory_iterator(dir.path()))
    EXPECT_NE(entry.path().extension(), ".epub") << "clean must not build";
}

// The Cleaner itself on the seed files, in both quote styles.
TEST(CleanSeedsApi, BothQuoteStylesComeOutUniform) {
  fs::path seeds = test::source_dir() / "samples" / "seeds";
  std::vector<Chapter> chapters;
  int index = 0;
  for (const auto& entry : fs::directory_iterator(seeds)) {
    auto source = read_source({entry.path(), entry.path().filename().string(), "", 0}, index++,
                              CleanConfig{});
    ASSERT_TRUE(source) << source.message();
    auto headings = HeadingRecognizer::create(ChaptersConfig{});
    ASSERT_TRUE(headings.ok());
    for (Chapter& c : split_chapters(*source, *headings)) chapters.push_back(std::move(c));
  }
  ASSERT_EQ(chapters.size(), 5u);
  struct Style {
    const char* quotes;
    std::vector<const char*> present, absent;
  };
  for (const Style& style : {Style{"corner", {"「", "」"}, {"“", "”", "‘", "’"}},
                             Style{"curly", {"“", "”"}, {"「", "」", "『", "』"}}}) {
    auto cleaner = Cleaner::create(CleanConfig{});
    ASSERT_TRUE(cleaner);
    std::vector<Chapter> book = chapters;
    cleaner->learn(book);
    std::string text;
    for (Chapter& c : book) {
      cleaner->clean(c, style.quotes);
      Paragraphs paragraphs;
      for (const Paragraph& p : c.paragraphs) {
        text += p.text + "\n";
        paragraphs.push_back(p.scene_break ? "<hr>" : p.text);
      }
      // 002 never reaches the book (it repeats 003), so its cleaning is checked here: it
      // loses its two promotion lines and nothing else.
      if (std::string(style.quotes) == "corner" && c.sources[0].find("002_") != std::string::npos) {
        EXPECT_EQ(paragraphs.size(), 32u);
        EXPECT_EQ(join(paragraphs), join(expected("002.txt")));
      }
    }
    for (const char* q : style.present)
      EXPECT_NE(text.find(q), std::string::npos) << style.quotes << " " << q;
    for (const char* q : style.absent)
      EXPECT_EQ(text.find(q), std::string::npos) << style.quotes << " " << q;
  }
}

}  // namespace
}  // namespace novelbind

namespace novelbind {
namespace {

// A chapter left out of the book whole (another book's preview, a duplicate) is said by a
// warning, not a repair of a line: `clean` lists it too, so that every change can be reviewed.
TEST(CleanCommand, ChaptersLeftOutWholeAreListed) {
  TempDir dir;
  test::write_file(dir / "book.txt",
                   "第一章 甲\n他走进城门，看见了守卫。\n第二章 乙\n试炼开始了，众人屏住呼吸。\n"
                   "第三章 丙\n魔枪士猛地一跃而起，挥出魔枪。\n新书已发布《贯世魔枪》\n"
                   "第一章 堕落\n阳光隐于云层之下，灰色的乌云渐渐汇集。\n");
  auto cleaned = test::run_novelbind("clean '" + (dir / "book.txt").string() + "'");
  ASSERT_EQ(cleaned.exit_code, 0) << cleaned.output;
  EXPECT_NE(cleaned.output.find(":8: new_book_preview (left out)\n  1 chapter(s) after the "
                                "announcement of the new book 《贯世魔枪》"),
            std::string::npos)
      << cleaned.output;
}

// [clean] in book.toml, through the real binary.
TEST(CleanConfigFile, DropDisableAndErrorsNameTheBookToml) {
  TempDir dir;
  test::write_file(dir / "chapters" / "1.txt",
                   "他走了。\n感謝書友甲乙的打賞！\n“好。”（未完待續）\n");
  test::write_file(dir / "book.toml",
                   "[clean]\ndrop = [\"感謝.{1,10}的打賞[！!]?\"]\ndisable = [\"serial_tail\"]\n"
                   "quotes = \"curly\"\n");
  auto built = test::run_novelbind("clean '" + (dir / "book.toml").string() + "'");
  ASSERT_EQ(built.exit_code, 0) << built.output;
  EXPECT_NE(built.output.find(":2: site_ads (dropped)\n- 感謝書友甲乙的打賞！\n"),
            std::string::npos)
      << built.output;
  EXPECT_EQ(built.output.find("（未完待續）\n+"), std::string::npos) << built.output;  // disabled

  test::write_file(dir / "book.toml", "[clean]\ndrop = [\"(未完\"]\n");
  auto bad = test::run_novelbind("build '" + (dir / "book.toml").string() + "' -o '" +
                                 (dir / "x.epub").string() + "'");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.output.find((dir / "book.toml").string() +
                            ":2: [clean] drop: '(未完' is not a valid regular expression"),
            std::string::npos)
      << bad.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "x.epub"));

  test::write_file(dir / "book.toml", "[clean]\ndisable = [\"reversed_line\"]\n");
  auto unknown = test::run_novelbind("clean '" + (dir / "book.toml").string() + "'");
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(unknown.output.find("[clean] disable: unknown rule or pattern 'reversed_line'"),
            std::string::npos)
      << unknown.output;
}

}  // namespace
}  // namespace novelbind
