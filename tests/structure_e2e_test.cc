// End-to-end tests of chapter structure: headings, order, duplicates and the table of contents,
// through the real binary and the EPUB it writes.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <random>
#include <set>

#include "base/chinese_number.h"
#include "base/test_util.h"
#include "base/utf8.h"
#include "order/dedupe.h"
#include "package/epubcheck.h"

namespace novelbind {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

struct TocEntry {
  std::string label;
  std::string href;
  int depth = 0;
};

struct BuiltBook {
  std::map<std::string, std::string> entries;
  std::vector<TocEntry> toc;  // nav order, volumes and chapters
  std::string output;         // what novelbind printed
  nlohmann::json report;
};

void collect_toc(pugi::xml_node ol, int depth, std::vector<TocEntry>* out) {
  for (pugi::xml_node li : ol.children("li")) {
    pugi::xml_node a = li.child("a");
    out->push_back({a.text().get(), a.attribute("href").value(), depth});
    if (pugi::xml_node sub = li.child("ol")) collect_toc(sub, depth + 1, out);
  }
}

// Builds `input` with novelbind; the test fails when the build does.
BuiltBook build(const std::string& input, const TempDir& dir) {
  BuiltBook book;
  fs::path epub = dir / "book.epub";
  fs::path report = dir / "report.json";
  // --script keep: the headings as the author wrote them (auto would convert sanguo's few
  // Traditional characters, such as 綝, to Simplified, in the titles too).
  auto r = test::run_novelbind("build '" + input + "' --script keep -o '" + epub.string() +
                               "' --report '" + report.string() + "'");
  book.output = r.output;
  EXPECT_EQ(r.exit_code, 0) << r.output;
  if (r.exit_code != 0) return book;
  book.entries = test::read_epub(epub);
  book.report = nlohmann::json::parse(test::read_file(report));
  pugi::xml_document nav;
  const std::string& text = book.entries["EPUB/nav.xhtml"];
  EXPECT_TRUE(nav.load_buffer(text.data(), text.size()));
  for (pugi::xpath_node n : nav.select_nodes("//nav[@epub:type='toc']/ol"))
    collect_toc(n.node(), 0, &book.toc);
  return book;
}

std::vector<std::string> paragraphs_at(const BuiltBook& book, const std::string& href) {
  std::string path = "EPUB/" + href.substr(0, href.find('#'));
  auto it = book.entries.find(path);
  EXPECT_NE(it, book.entries.end()) << path;
  std::vector<std::string> out;
  if (it == book.entries.end()) return out;
  pugi::xml_document doc;
  doc.load_buffer(it->second.data(), it->second.size());
  for (pugi::xpath_node n : doc.select_nodes("//*[local-name()='p']"))
    out.push_back(n.node().text().get());
  return out;
}

// The line removed by the cleaning helper's boilerplate rule; until it is, it is counted out.
constexpr std::string_view kChapterEnd = "(本章完)";

size_t story_paragraphs(const std::vector<std::string>& paragraphs) {
  return std::count_if(paragraphs.begin(), paragraphs.end(), [](const std::string& p) {
    std::string_view t = utf8::trim(p);
    return !t.empty() && t != kChapterEnd;
  });
}

struct SourceChapter {
  long long number = 0;
  std::string heading;
  std::string rest_of_heading;     // after 第N章
  std::vector<std::string> lines;  // as in the file, CR removed
};

bool is_arabic_heading(std::string_view line, long long* number, std::string* rest) {
  if (line.substr(0, 3) != "第") return false;
  size_t i = 3, e = 3;
  while (e < line.size() && line[e] >= '0' && line[e] <= '9') ++e;
  if (e == i || line.substr(e, 3) != "章") return false;
  *number = std::stoll(std::string(line.substr(i, e - i)));
  *rest = std::string(line.substr(e + 3));
  return true;
}

// sanguo.txt read independently of novelbind: its `第N章 title` lines and what follows them.
std::vector<SourceChapter> read_corpus_chapters(const fs::path& path) {
  std::string text = test::read_file(path);
  std::vector<SourceChapter> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    SourceChapter c;
    if (is_arabic_heading(line, &c.number, &c.rest_of_heading)) {
      c.heading = line;
      out.push_back(std::move(c));
    } else if (!out.empty()) {
      // Two lines of the corpus hold a second paragraph after an indent ("。　　后主还朝"),
      // where the file lost a line break: two paragraphs in the book.
      for (size_t at; (at = line.find("。　　")) != std::string::npos;) {
        out.back().lines.push_back(line.substr(0, at + 3));
        line = line.substr(at + 9);
      }
      out.back().lines.push_back(line);
    }
  }
  return out;
}

TEST(StructureTest, SanguoBuildsToItsHundredAndTwentyChapters) {
  fs::path corpus = test::corpus_file("sanguo.txt");
  std::vector<SourceChapter> source = read_corpus_chapters(corpus);
  ASSERT_EQ(source.size(), 120u);
  TempDir dir;
  BuiltBook book = build(corpus.string(), dir);
  ASSERT_EQ(book.toc.size(), 120u);
  for (size_t i = 0; i < source.size(); ++i) {
    SCOPED_TRACE(source[i].heading);
    EXPECT_EQ(source[i].number, static_cast<long long>(i + 1));
    EXPECT_EQ(book.toc[i].label, source[i].heading);
    EXPECT_EQ(book.toc[i].depth, 0);
    EXPECT_NE(book.toc[i].href.find("#heading"), std::string::npos);
    // Not one paragraph lost or added. The (本章完) line is counted out on both sides until
    // the cleaning rule that removes it lands; then it must be gone from the book.
    EXPECT_EQ(story_paragraphs(paragraphs_at(book, book.toc[i].href)),
              story_paragraphs(source[i].lines));
  }
  EXPECT_EQ(book.report["chapters"].size(), 120u);
}

TEST(StructureTest, SanguoInShuffledFilesWithChineseNumeralsIsTheSameBook) {
  fs::path corpus = test::corpus_file("sanguo.txt");
  std::vector<SourceChapter> source = read_corpus_chapters(corpus);
  ASSERT_EQ(source.size(), 120u);

  // One file per chapter under random names, 第N章 rewritten as 第一百零三章.
  TempDir dir;
  fs::path folder = dir / "sanguo";
  std::mt19937_64 random(20240601);
  std::vector<size_t> order(source.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), random);
  std::set<std::string> names;
  std::vector<std::string> headings(source.size());
  for (size_t i : order) {
    std::string name;
    do {
      char buf[40];
      std::snprintf(buf, sizeof buf, "%016llx.txt", static_cast<unsigned long long>(random()));
      name = buf;
    } while (!names.insert(name).second);
    headings[i] = "第" + chinese_numeral(source[i].number) + "章" + source[i].rest_of_heading;
    std::string text = headings[i] + "\r\n";
    for (const std::string& line : source[i].lines) text += line + "\r\n";
    test::write_file(folder / name, text);
  }

  TempDir one_dir, many_dir;
  BuiltBook one = build(corpus.string(), one_dir);
  BuiltBook many = build(folder.string(), many_dir);
  ASSERT_EQ(one.toc.size(), 120u);
  ASSERT_EQ(many.toc.size(), 120u);
  for (size_t i = 0; i < source.size(); ++i) {
    SCOPED_TRACE(headings[i]);
    EXPECT_EQ(many.toc[i].label, headings[i]);
    EXPECT_EQ(paragraphs_at(many, many.toc[i].href), paragraphs_at(one, one.toc[i].href));
  }
  // Nothing about the structure to warn of: no gap, repeat, duplicate or empty chapter.
  for (const auto& w : many.report["warnings"]) {
    std::string rule = w["rule"];
    if (rule.rfind("numbering_", 0) == 0 || rule == "duplicate_chapter" ||
        rule == "repeated_front_matter" || rule == "empty_chapter")
      ADD_FAILURE() << w.dump();
  }
}

// Which of `sources` (files of samples/seeds) a chapter's paragraphs come from: the one with
// the most lines in common once folded (conversion and cleaning may change the text).
std::string best_source(const std::vector<std::string>& paragraphs,
                        const std::vector<fs::path>& sources, TextFolder& folder) {
  std::set<std::string> chapter;
  for (const std::string& p : paragraphs) chapter.insert(folder.fold(p));
  std::string best;
  size_t best_shared = 0;
  for (const fs::path& file : sources) {
    std::string text = test::read_file(file);
    size_t shared = 0, start = 0;
    while (start < text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      std::string folded = folder.fold(std::string_view(text).substr(start, end - start));
      if (folded.size() > 15 && chapter.count(folded)) ++shared;
      start = end + 1;
    }
    if (shared > best_shared) {
      best_shared = shared;
      best = file.filename().string().substr(0, 3);
    }
  }
  return best;
}

TEST(StructureTest, SeedsBuildToFourChaptersWithTheRepeatReported) {
  fs::path seeds = test::source_dir() / "samples" / "seeds";
  std::vector<fs::path> sources;
  for (const auto& e : fs::directory_iterator(seeds)) sources.push_back(e.path());
  std::sort(sources.begin(), sources.end());
  ASSERT_EQ(sources.size(), 5u);

  TempDir dir;
  BuiltBook book = build(seeds.string(), dir);
  ASSERT_EQ(book.toc.size(), 4u);
  TextFolder folder;
  const char* expected[] = {"000", "001", "003", "004"};
  const char* titles[] = {"第一章", "第二章", "第三章", "第四章"};
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(book.toc[i].label, titles[i]);
    EXPECT_EQ(best_source(paragraphs_at(book, book.toc[i].href), sources, folder), expected[i]);
  }

  std::vector<nlohmann::json> duplicates;
  for (const auto& w : book.report["warnings"])
    if (w["rule"] == "duplicate_chapter") duplicates.push_back(w);
  ASSERT_EQ(duplicates.size(), 1u) << book.report["warnings"].dump(2);
  std::string file = duplicates[0]["file"], message = duplicates[0]["message"];
  EXPECT_NE(file.find("002_9d3bf61183f9b4f8.txt"), std::string::npos) << file;
  EXPECT_NE(message.find("contained in the longer chapter"), std::string::npos) << message;
  EXPECT_NE(message.find("003_a9d92af32fcba753.txt"), std::string::npos) << message;
  EXPECT_NE(book.output.find("002_9d3bf61183f9b4f8.txt"), std::string::npos) << book.output;
}

// A part named with 部 or 集 before each chapter's own heading, glued to it or not (a site's
// 第一集第一章 …): the parts are the book's volumes, the chapters keep their numbers and titles.
TEST(StructureTest, APartBeforeEachChapterHeadingIsItsVolume) {
  const char* titles[] = {"少年", "江湖", "夜雨", "故人", "歸來", "尾聲"};
  const char* parts[] = {"一", "一", "一", "二", "二", "二"};
  const char* numbers[] = {"一", "二", "三", "四", "五", "六"};
  for (std::string marker : {"部", "集", "部 ", "集 "}) {
    TempDir dir;
    std::string text;
    for (int i = 0; i < 6; ++i)
      text += "第" + std::string(parts[i]) + marker + "第" + numbers[i] + "章 " + titles[i] +
              "\n他走了很遠的路，到了第" + numbers[i] +
              "座山前，回頭望去，來路已在雲霧之中。山風吹過，松濤陣陣。\n他想起了" + titles[i] +
              "時師父說過的話，便在石上坐了下來，等天亮了再走。\n";
    test::write_file(dir / "book.txt", text);
    BuiltBook book = build((dir / "book.txt").string(), dir);
    std::string part = std::string(utf8::trim(marker));
    std::vector<std::pair<std::string, int>> shape;
    for (const TocEntry& e : book.toc) shape.push_back({e.label, e.depth});
    std::vector<std::pair<std::string, int>> expected = {{"第一" + part, 0}};
    for (int i = 0; i < 6; ++i) {
      if (i == 3) expected.push_back({"第二" + part, 0});
      expected.push_back({"第" + std::string(numbers[i]) + "章 " + titles[i], 1});
    }
    EXPECT_EQ(shape, expected) << marker;
  }
  // A title that only begins with 第 and a number stays the chapter's title.
  TempDir dir;
  test::write_file(dir / "book.txt",
                   "第一章 第一次下山\n他走了很遠的路。\n第二章 第九部隊\n第九部隊衝了上來。\n");
  BuiltBook book = build((dir / "book.txt").string(), dir);
  std::vector<std::pair<std::string, int>> shape;
  for (const TocEntry& e : book.toc) shape.push_back({e.label, e.depth});
  EXPECT_EQ(shape, (std::vector<std::pair<std::string, int>>{{"第一章 第一次下山", 0},
                                                             {"第二章 第九部隊", 0}}));
}

// A folder of files named by number alone, none holding a heading, each opening with its
// title over a blank line (风起青萍, then the text): the titles are the table of contents.
TEST(StructureTest, FilesWithoutHeadingsTakeTheirTitlesFromTheirFirstLines) {
  TempDir dir;
  const char* titles[] = {"风起青萍", "初入江湖", "夜雨孤灯", "故人来访"};
  fs::create_directories(dir / "book");
  for (int i = 0; i < 4; ++i)
    test::write_file(
        dir / "book" / ("000" + std::to_string(i + 1) + ".txt"),
        std::string(titles[i]) +
            "\n\n　　夜色渐深，风声在院子里回荡，屋里的灯一盏盏熄了，只剩下书房里还亮着"
            "一点光。\n\n　　他推开门，走进了雨里。\n");
  BuiltBook book = build((dir / "book").string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"风起青萍", "初入江湖", "夜雨孤灯", "故人来访"}));
  for (const TocEntry& e : book.toc)
    EXPECT_EQ(paragraphs_at(book, e.href).front().rfind("夜色渐深", 0), 0u) << e.label;
}

// A contents file beside the chapter files (an unseen light novel's 目录.txt: its blurb, then
// 目录 and the volume's titles, Prelude 1 to Prelude 4, two of them files of the folder): left out
// with a warning, the files' titles whole. Built as a chapter, its Prelude 3 and Prelude 4 made
// chapters "3" and "4" in mid-book, and the files' chapters "1" and "2".
TEST(StructureTest, AContentsFileBesideTheChaptersIsNoChapter) {
  TempDir dir;
  const fs::path folder = dir / "book";
  auto story = [](const std::string& where) {
    return "\n\n本该是一句话。本该用一句话便能传达，却在" + where +
           "耗费了相当长久的时间。\n独自徘徊在" + where +
           "的人海中时，原本那样温暖的夕阳已经沉入海的尽头。\n";
  };
  test::write_file(folder / "Prelude 1.txt", "Prelude 1" + story("车站前"));
  test::write_file(folder / "Prelude 2.txt", "Prelude 2" + story("学校里"));
  test::write_file(folder / "后记.txt", "后记\n\n大家好，我是渡航。这一卷写了很久。\n");
  test::write_file(folder / "目录.txt",
                   "简介\n持续着错误的青春模样，系列完结。\n季节轮转，春日再临。\n\n目录\n"
                   "Prelude 1\n①即便这般，比企谷八幡的日常仍在继续。\nPrelude 2\n"
                   "②终有一天，将会习惯这样的关系。\nPrelude 3\n"
                   "③每当闻到那阵香气，定会唤起季节的回忆。\nPrelude 4\n"
                   "④然后，雪之下雪乃静静地挥手。\n");
  BuiltBook book = build(folder.string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"Prelude 1", "Prelude 2", "后记"}));
  std::vector<nlohmann::json> left;
  for (const auto& w : book.report["warnings"])
    if (w["rule"] == "contents_file") left.push_back(w);
  ASSERT_EQ(left.size(), 1u) << book.report["warnings"].dump(2);
  EXPECT_NE(std::string(left[0]["file"]).find("目录.txt"), std::string::npos);
  EXPECT_NE(book.output.find("目录.txt"), std::string::npos) << book.output;

  // A file of that name whose lines name no other file is a chapter like the others.
  TempDir other;
  const fs::path plain = other / "book";
  test::write_file(plain / "第1章 山路.txt", "第1章 山路" + story("山路上"));
  test::write_file(plain / "第2章 雨夜.txt", "第2章 雨夜" + story("雨夜里"));
  test::write_file(plain / "index.txt", "第3章 故人" + story("故人家"));
  BuiltBook kept = build(plain.string(), other);
  EXPECT_EQ(kept.toc.size(), 3u);
  for (const auto& w : kept.report["warnings"]) EXPECT_NE(w["rule"], "contents_file");
}

// The files a contents file lists are read in its order (an unseen light novel's folder: its
// files named by their titles, the interludes numbered by the converter, Interlude 1.txt for the
// contents' first Interlude): by their names, the interlude came first and the last chapter
// before the first. A file the contents does not list (后记) keeps its place.
TEST(StructureTest, AContentsFileGivesTheFilesOrder) {
  TempDir dir;
  const fs::path folder = dir / "book";
  auto story = [](const std::string& where) {
    return "\n\n本该是一句话。本该用一句话便能传达，却在" + where + "耗费了相当长久的时间。\n";
  };
  test::write_file(folder / "Interlude 1.txt", "Interlude......" + story("车站前"));
  test::write_file(folder / "Interlude 2.txt", "Interlude......" + story("海边"));
  test::write_file(folder / "Prelude 1.txt", "Prelude 1" + story("学校里"));
  test::write_file(folder / "⑤然后，雪之下雪乃静静地挥手。.txt",
                   "⑤然后，雪之下雪乃静静地挥手。" + story("走廊上"));
  test::write_file(folder / "后记.txt", "后记\n\n大家好，我是渡航。这一卷写了很久。\n");
  test::write_file(folder / "目录.txt",
                   "目录\nPrelude 1\n①即便这般，日常仍在继续。\nInterlude\n"
                   "⑤然后，雪之下雪乃静静地挥手。\nInterlude\n");
  BuiltBook book = build(folder.string(), dir);
  std::vector<std::string> firsts;
  for (const TocEntry& e : book.toc) firsts.push_back(paragraphs_at(book, e.href).front());
  ASSERT_EQ(firsts.size(), 5u) << book.output;
  EXPECT_NE(firsts[0].find("学校里"), std::string::npos) << firsts[0];
  EXPECT_NE(firsts[1].find("车站前"), std::string::npos) << firsts[1];
  EXPECT_NE(firsts[2].find("走廊上"), std::string::npos) << firsts[2];
  EXPECT_NE(firsts[3].find("海边"), std::string::npos) << firsts[3];
  EXPECT_NE(firsts[4].find("渡航"), std::string::npos) << firsts[4];
  EXPECT_NE(book.output.find("read in its order"), std::string::npos) << book.output;
}

// A contents file that lists the files with their extension (甄士隐梦幻识通灵.txt): the same; it
// was a chapter 目录 amid the book, and the files read by their names.
TEST(StructureTest, AContentsFileThatNamesTheFilesWithTheirExtension) {
  TempDir dir;
  const fs::path folder = dir / "book";
  const char* titles[] = {"甄士隐梦幻识通灵", "贾夫人仙逝扬州城", "托内兄如海荐西宾"};
  std::string contents = "目录\n";
  for (const char* t : titles) {
    test::write_file(folder / (std::string(t) + ".txt"),
                     std::string("　　此回讲的是") + t + "之事，其中曲折，且看下文。\n");
    contents += std::string(t) + ".txt\n";
  }
  test::write_file(folder / "目录.txt", contents);
  BuiltBook book = build(folder.string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  EXPECT_EQ(labels, (std::vector<std::string>{titles[0], titles[1], titles[2]})) << book.output;
}

// Volume folders named as crawlers name them: the number that orders them (01 第一卷 桃园/) and a
// site's name (第一卷 桃园_笔趣阁/) are no part of the volume's title, as they are none of a
// file's. Both stayed in the contents and on the volumes' pages.
TEST(StructureTest, AVolumeFoldersOrderNumberAndSiteNameAreNoPartOfItsTitle) {
  for (const auto& [first, second] : std::vector<std::pair<std::string, std::string>>{
           {"01 第一卷 桃园", "02 第二卷 讨董"}, {"第一卷 桃园_笔趣阁", "第二卷 讨董_笔趣阁"}}) {
    TempDir dir;
    const fs::path folder = dir / "三国新编";
    test::write_file(folder / first / "001.txt",
                     "第1章 宴桃园\n　　滚滚长江东逝水，浪花淘尽英雄，是非成败转头空。\n");
    test::write_file(folder / second / "002.txt",
                     "第2章 议温明\n　　且说曹操当日对何进曰，宦官之祸，古今皆有。\n");
    BuiltBook book = build(folder.string(), dir);
    std::vector<std::string> labels;
    for (const TocEntry& e : book.toc) labels.push_back(e.label);
    EXPECT_EQ(labels, (std::vector<std::string>{"第一卷 桃园", "第1章 宴桃园", "第二卷 讨董",
                                                "第2章 议温明"}))
        << first << book.output;
  }
}

// A contents file in each volume's folder (第一卷/目录.txt listing 第一卷's files): each volume's
// chapters in its contents' order, and no chapter 目录. Only a contents file at the book's top
// was read; the volumes' were chapters 目录, and their order was the names'.
TEST(StructureTest, AVolumesContentsFileOrdersItsVolume) {
  TempDir dir;
  const fs::path folder = dir / "乱世群英传";
  const std::vector<std::vector<std::string>> volumes = {
      {"宴桃园豪杰三结义", "张翼德怒鞭督邮", "议温明董卓叱丁原"},
      {"废汉帝陈留践位", "发矫诏诸镇应曹公", "焚金阙董卓行凶"}};
  const char* names[] = {"第一卷", "第二卷"};
  for (std::size_t v = 0; v < volumes.size(); ++v) {
    std::string contents;
    for (const std::string& t : volumes[v]) {
      test::write_file(folder / names[v] / (t + ".txt"),
                       "　　此回讲的是" + t + "之事，其中曲折，且看下文分解，众人各自散去。\n");
      contents += t + "\n";
    }
    test::write_file(folder / names[v] / "目录.txt", contents);
  }
  BuiltBook book = build(folder.string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  EXPECT_EQ(labels,
            (std::vector<std::string>{"第一卷", volumes[0][0], volumes[0][1], volumes[0][2],
                                      "第二卷", volumes[1][0], volumes[1][1], volumes[1][2]}))
      << book.output;
}

// A chapter saved as pages, its later pages without a heading and named as pages of the first
// (0002.txt, 0002(2).txt; 0002-2.txt; 0002_1.txt, 0002_2.txt): one chapter, its pages in order.
// 0002(2).txt sorted before 0002.txt (its mark before the dot), so page 2 came first; 0002_2.txt
// was a chapter of its own titled by its place (第二章). Headingless files named chapter_1,
// chapter_2 … are chapters, not pages.
TEST(StructureTest, PagesNamedAfterTheirChapterAreItsPagesInOrder) {
  const std::string one = "　　且说董卓字仲颖，陇西临洮人也，官拜河东太守，自来骄傲。\n";
  const std::string two = "　　于是三人连夜引军来投朱儁。儁待之甚厚，合兵一处，进讨张宝。\n";
  for (const auto& [first, second] : std::vector<std::pair<std::string, std::string>>{
           {"0002.txt", "0002(2).txt"}, {"0002.txt", "0002-2.txt"}, {"0002_1.txt", "0002_2.txt"}}) {
    TempDir dir;
    const fs::path folder = dir / "三国新编";
    test::write_file(folder / "0001.txt",
                     "第1章 桃园结义\n　　话说天下大势，分久必合，合久必分。\n");
    test::write_file(folder / first, "第2章 怒鞭督邮\n" + one);
    test::write_file(folder / second, two);
    test::write_file(folder / "0003.txt",
                     "第3章 议温明\n　　且说曹操当日对何进曰：“宦官之祸，古今皆有。”\n");
    BuiltBook book = build(folder.string(), dir);
    std::vector<std::string> labels;
    for (const TocEntry& e : book.toc) labels.push_back(e.label);
    EXPECT_EQ(labels,
              (std::vector<std::string>{"第1章 桃园结义", "第2章 怒鞭督邮", "第3章 议温明"}))
        << second << book.output;
    const std::string text = book.entries["EPUB/text/ch0002.xhtml"];
    EXPECT_LT(text.find("且说董卓字仲颖"), text.find("于是三人连夜")) << second;
    EXPECT_NE(text.find("于是三人连夜"), std::string::npos) << second;
  }
  TempDir dir;
  const fs::path folder = dir / "书";
  for (int i = 1; i <= 4; ++i)
    test::write_file(folder / ("chapter_" + std::to_string(i) + ".txt"),
                     "　　他走到窗前，看着远处的山峦，心里想着第" + std::to_string(i) +
                         "件事情，久久没有说话。\n　　夜色渐深。\n");
  EXPECT_EQ(build(folder.string(), dir).toc.size(), 4u);
}

// A folder whose every file opens with the book's title (乱世群英传, then 第1章 …): the first is
// the book's header, the others a running header. Kept once, it was a chapter 前言 amid the book.
TEST(StructureTest, TheBooksTitleOverEveryFileIsNoChapter) {
  TempDir dir;
  const fs::path folder = dir / "乱世群英传";
  for (int i = 1; i <= 3; ++i)
    test::write_file(folder / ("00" + std::to_string(i) + ".txt"),
                     "乱世群英传\n第" + std::to_string(i) + "章 远行" + std::to_string(i) +
                         "\n　　他走到窗前，看着远处的山峦，心里想着第" + std::to_string(i) +
                         "件事情，久久没有说话。\n");
  BuiltBook book = build(folder.string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"第1章 远行1", "第2章 远行2", "第3章 远行3"}))
      << book.output;
  EXPECT_NE(book.output.find("a running header"), std::string::npos) << book.output;
}

// The same with the byline beside the title (落第书生 周九 著 over every file): the first is the
// book's header, which gives its author too; the others' copies were a chapter 前言, empty once
// the edge lines went, and the author was the whole line's title.
TEST(StructureTest, TheBooksTitleAndBylineOverEveryFileIsNoChapter) {
  TempDir dir;
  const fs::path folder = dir / "落第书生";
  for (int i = 1; i <= 3; ++i)
    test::write_file(folder / ("00" + std::to_string(i) + ".txt"),
                     "落第书生 周九 著\n第" + std::to_string(i) + "章 远行" + std::to_string(i) +
                         "\n　　他走到窗前，看着远处的山峦，心里想着第" + std::to_string(i) +
                         "件事情，久久没有说话。\n");
  BuiltBook book = build(folder.string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"第1章 远行1", "第2章 远行2", "第3章 远行3"}))
      << book.output;
  EXPECT_NE(book.output.find("a running header"), std::string::npos) << book.output;
  EXPECT_NE(book.output.find("metadata: author 周九 from"), std::string::npos) << book.output;
}

// A short line that holds the book's title over every file (落第书生/周九, 落第书生（周九）) is a
// running header too; it was kept once as a chapter 前言. A file that opens with a typist's note
// the book-wide cleaning takes away (（陈真补输完此回，九七年元月四日。）, above 第2章) leaves no
// chapter 前言 with no text in the contents.
TEST(StructureTest, RunningHeadersAndEmptiedFrontMatterAreNoChapters) {
  for (const std::string header : {"落第书生/周九", "落第书生（周九）", "落第书生 - 周九", ""}) {
    TempDir dir;
    const fs::path folder = dir / "落第书生";
    for (int i = 1; i <= 3; ++i) {
      std::string front = header.empty()
                              ? (i == 2 ? "　　（陈真补输完此回，九七年元月四日。）\n" : "")
                              : header + "\n";
      test::write_file(folder / ("00" + std::to_string(i) + ".txt"),
                       front + "第" + std::to_string(i) + "章 远行" + std::to_string(i) +
                           "\n　　他走到窗前，看着远处的山峦，心里想着第" + std::to_string(i) +
                           "件事情，久久没有说话。\n　　夜色渐深，风声在院子里回荡。\n");
    }
    BuiltBook book = build(folder.string(), dir);
    std::vector<std::string> labels;
    for (const TocEntry& e : book.toc) labels.push_back(e.label);
    EXPECT_EQ(labels, (std::vector<std::string>{"第1章 远行1", "第2章 远行2", "第3章 远行3"}))
        << header << book.output;
  }
}

// A converter's record of the folder beside its chapter files (an unseen light novel's
// convert_log.md: the chapters' file names in a table, with their sources and word counts): left
// out with a warning. Built, it was the book's last chapter, its table rows paragraphs.
TEST(StructureTest, AFoldersRecordBesideTheChaptersIsNoChapter) {
  TempDir dir;
  const fs::path folder = dir / "book";
  const std::string story = "\n\n鲁迪乌斯推开了房门。\n走廊里很安静，只听得见远处传来的脚步声。\n";
  test::write_file(folder / "01_序章.md", "# 序章" + story);
  test::write_file(folder / "02_第一话　「大小姐的暴力」.md", "# 第一话　「大小姐的暴力」" + story);
  test::write_file(folder / "后记.md", "# 后记" + story);
  test::write_file(folder / "convert_log.md",
                   "# 《无职转生 2》转换日志\n\n- **提取章节总数**：3\n\n## 章节列表\n\n"
                   "| 编号 | 输出文件名 | 章节标题 | 正文字数 |\n|---|---|---|---|\n"
                   "| 01 | `01_序章.md` | 序章 | 694 |\n"
                   "| 02 | `02_第一话　「大小姐的暴力」.md` | 第一话　「大小姐的暴力」 | 7986 |\n"
                   "| 03 | `后记.md` | 后记 | 320 |\n");
  BuiltBook book = build(folder.string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"序章", "第一话　「大小姐的暴力」", "后记"}));
  std::vector<nlohmann::json> left;
  for (const auto& w : book.report["warnings"])
    if (w["rule"] == "contents_file") left.push_back(w);
  ASSERT_EQ(left.size(), 1u) << book.report["warnings"].dump(2);
  EXPECT_NE(std::string(left[0]["file"]).find("convert_log.md"), std::string::npos);

  // An afterword that speaks of files without naming the folder's is a chapter.
  TempDir other;
  const fs::path plain = other / "book";
  test::write_file(plain / "01_序章.md", "# 序章" + story);
  test::write_file(plain / "02_雨夜.md", "# 雨夜" + story);
  test::write_file(plain / "后记.md",
                   "# 后记\n\n这一卷的稿子存在 draft.md 和 notes.md 里，改了很多遍。\n");
  BuiltBook kept = build(plain.string(), other);
  EXPECT_EQ(kept.toc.size(), 3u);
  for (const auto& w : kept.report["warnings"]) EXPECT_NE(w["rule"], "contents_file");
}

// A folder of short stories (an unseen anthology): the first file opens with 前言, a heading by
// its word, the others with their titles and authors, foreign names' dots printed as 。 (宾叔叔
// 的抉择〔阿尔及利亚〕奇努阿。阿切贝). The heading of the foreword does not stop the others'
// titles.
TEST(StructureTest, StoriesAfterAForewordTakeTheirTitlesFromTheirFirstLines) {
  TempDir dir;
  const char* titles[] = {"前言", "宾叔叔的抉择〔阿尔及利亚〕奇努阿。阿切贝",
                          "一个黑夜〔爱尔兰〕萨缪尔。贝克特★", "小园中〔奥地利〕里尔克",
                          "二草原〔波兰〕显克微支★"};
  fs::create_directories(dir / "book");
  for (int i = 0; i < 5; ++i)
    test::write_file(dir / "book" / ("00" + std::to_string(i + 1) + ".txt"),
                     " \n\n   \n\n" + std::string(titles[i]) +
                         " \n　　　　　　　　\n　　　　　　\n　　一个人有时会产生各种莫名其妙的想法"
                         "……就譬如说第" +
                         std::to_string(i + 1) +
                         "天吧。\n\n　　当时我又和露西夫人并排坐在她家别墅前的小花园里，年轻的金发"
                         "夫人沉默无言，仰望着黄昏时锦缎般绚丽的天空。\n");
  BuiltBook book = build((dir / "book").string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  EXPECT_EQ(labels, std::vector<std::string>(std::begin(titles), std::end(titles)));
  for (const TocEntry& e : book.toc)
    EXPECT_EQ(paragraphs_at(book, e.href).front().rfind("一个人有时", 0), 0u) << e.label;
}

// A chapter in parts, the first an image's page with no text (an unseen 神印王座 download: 正文第
// 二百一十三章魔神皇的精神探测（上）图, then （中） and its echo without the part): each part is a
// chapter, and the echo goes.
TEST(StructureTest, PartsOfAChapterAreChaptersAndTheirEchoGoes) {
  TempDir dir;
  std::string text;
  int said = 0;
  auto story = [&] {
    return "　　他们的声音虽然不大，第" + std::to_string(++said) +
           "个伙伴却都清楚的听到，目光不约而同地看向远方。\n\n";
  };
  for (int n = 211; n <= 213; ++n) {
    const std::string head = "第" + chinese_numeral(n) + "章魔神皇的精神探测";
    text += "　　　　正文" + head + "（上）图\n\n";
    text += "　　　　正文" + head + "（中）\n\n　　　　　" + head + "\n\n" + story() + story();
    text += "　　　　正文" + head + "（下）\n\n" + story() + story();
  }
  test::write_file(dir / "book.txt", text);
  BuiltBook book = build((dir / "book.txt").string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  ASSERT_EQ(labels.size(), 9u);
  EXPECT_EQ(labels[1], "第二百一十一章魔神皇的精神探测（中）");
  for (const TocEntry& e : book.toc) {
    if (e.label.ends_with("（中）")) {
      EXPECT_EQ(paragraphs_at(book, e.href).size(), 2u) << e.label;  // (the echo is gone)
    }
  }
}

// A novel in parts whose sections are numbered across them (an unseen 务虚笔记: 一、写作之夜, a
// site's line, the part's title again, then １ … ７; 二、残疾与爱情, then ８ …): the parts are
// volumes above the sections, their echoes gone, not lines of the section before.
TEST(StructureTest, NumberedPartsAboveSectionsNumberedAcrossThemAreVolumes) {
  TempDir dir;
  const char* parts[] = {"一、写作之夜", "二、残疾与爱情", "三、死亡序幕"};
  std::string text;
  int section = 0;
  for (int p = 0; p < 3; ++p) {
    text += std::string(parts[p]) + "\n\n　小＿说  txt 天+堂\n" + parts[p] + "\n";
    for (int k = 0; k < 4; ++k) {
      text += "　　" + std::to_string(++section) + "\n";
      for (int l = 0; l < 3; ++l)
        text += "　　在我所余的生命中可能再也碰不见那两个孩子了，第" +
                std::to_string(section * 10 + l) + "个夜晚，落叶飘零。\n";
    }
  }
  test::write_file(dir / "book.txt", text);
  BuiltBook book = build((dir / "book.txt").string(), dir);
  std::vector<std::pair<std::string, int>> toc;
  for (const TocEntry& e : book.toc) toc.emplace_back(e.label, e.depth);
  ASSERT_EQ(toc.size(), 15u);
  EXPECT_EQ(toc[0], (std::pair<std::string, int>{"一、写作之夜", 0}));
  EXPECT_EQ(toc[1], (std::pair<std::string, int>{"1", 1}));
  EXPECT_EQ(toc[5], (std::pair<std::string, int>{"二、残疾与爱情", 0}));
  for (const TocEntry& e : book.toc) {
    if (e.depth == 1) {
      for (const std::string& p : paragraphs_at(book, e.href))
        EXPECT_EQ(p.find("、"), std::string::npos) << e.label << ": " << p;
    }
  }
}

// A one-file book without heading lines whose chapters a wider gap of blank lines opens, each
// with its title on its first line (风起青萍): the titles are the table of contents.
TEST(StructureTest, ChaptersOpenedByGapsTakeTheirTitlesFromTheirFirstLines) {
  TempDir dir;
  const char* titles[] = {"风起青萍", "初入江湖", "夜雨孤灯", "故人来访", "山门试剑"};
  std::string text = "《江湖夜雨》\n作者：云中客\n\n\n\n";
  for (int i = 0; i < 5; ++i) {
    if (i > 0) text += "\n\n\n";
    text += std::string(titles[i]) + "\n";
    for (int p = 0; p < 40; ++p)
      text += "　　夜色渐深，风声在院子里回荡，第" + std::to_string(i * 40 + p) +
              "盏灯熄了，只剩下书房里还亮着一点光。\n";
  }
  test::write_file(dir / "book.txt", text);
  BuiltBook book = build((dir / "book.txt").string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  EXPECT_EQ(labels,
            (std::vector<std::string>{"风起青萍", "初入江湖", "夜雨孤灯", "故人来访", "山门试剑"}));
  for (const TocEntry& e : book.toc) EXPECT_EQ(paragraphs_at(book, e.href).size(), 40u) << e.label;
}

TEST(StructureTest, VolumesNestInTheNavAndNcx) {
  TempDir dir;
  std::string text =
      "第一卷 起兵\n第一章 桃園\n一。\n第二章 黃巾\n二。\n"
      "第二卷 北伐\n卷首語。\n第三章 出師\n三。\n";
  test::write_file(dir / "book.txt", text);
  BuiltBook book = build((dir / "book.txt").string(), dir);
  ASSERT_EQ(book.toc.size(), 5u);
  std::vector<std::pair<std::string, int>> shape;
  for (const TocEntry& e : book.toc) shape.push_back({e.label, e.depth});
  EXPECT_EQ(shape, (std::vector<std::pair<std::string, int>>{{"第一卷 起兵", 0},
                                                             {"第一章 桃園", 1},
                                                             {"第二章 黃巾", 1},
                                                             {"第二卷 北伐", 0},
                                                             {"第三章 出師", 1}}));
  // Every entry links to a heading that exists, in reading order.
  for (const TocEntry& e : book.toc) {
    size_t hash = e.href.find('#');
    ASSERT_NE(hash, std::string::npos) << e.href;
    EXPECT_EQ(e.href.substr(hash), "#heading");
    const std::string& doc = book.entries["EPUB/" + e.href.substr(0, hash)];
    EXPECT_NE(doc.find("id=\"heading\""), std::string::npos) << e.href;
  }
  // A volume's entry opens its own page, which comes just before its first chapter.
  EXPECT_EQ(book.toc[0].href, "text/vol01.xhtml#heading");
  EXPECT_EQ(paragraphs_at(book, book.toc[3].href), std::vector<std::string>{"卷首語。"});

  pugi::xml_document ncx;
  const std::string& ncx_text = book.entries["EPUB/toc.ncx"];
  ASSERT_TRUE(ncx.load_buffer(ncx_text.data(), ncx_text.size()));
  EXPECT_STREQ(ncx.select_node("//meta[@name='dtb:depth']").node().attribute("content").value(),
               "2");
  EXPECT_EQ(ncx.select_nodes("/ncx/navMap/navPoint").size(), 2u);
  EXPECT_EQ(ncx.select_nodes("/ncx/navMap/navPoint/navPoint").size(), 3u);
  // A volume and its first chapter share a target, so they must share a playOrder.
  std::map<std::string, std::string> play_order;
  for (pugi::xpath_node n : ncx.select_nodes("//navPoint")) {
    std::string src = n.node().child("content").attribute("src").value();
    std::string order = n.node().attribute("playOrder").value();
    auto [it, added] = play_order.emplace(src, order);
    EXPECT_EQ(it->second, order) << src;
  }

  const char* jar = kEpubcheckJar;
  ASSERT_TRUE(fs::exists(jar)) << "epubcheck is required for this test: " << jar << " is missing";
  auto check = test::run(std::string(kEpubcheckJava) + " -jar " + jar + " '" +
                         (dir / "book.epub").string() + "'");
  EXPECT_EQ(check.exit_code, 0) << check.output;
}

TEST(StructureTest, InvalidHeadingPatternNamesBookToml) {
  TempDir dir;
  test::write_file(dir / "book.toml", "[chapters]\nheading = \"第(.+章\"\n");
  test::write_file(dir / "chapters" / "1.txt", "第一章 甲\n一。\n");
  auto r = test::run_novelbind("build '" + (dir / "book.toml").string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.output.find("book.toml:2: [chapters] heading: '第(.+章' is not a valid regular "
                          "expression"),
            std::string::npos)
      << r.output;
}

}  // namespace
}  // namespace novelbind

namespace novelbind {
namespace {

// A chapter's worth of story.
std::string story_text(int n) {
  return "　　他走到窗前，看着远处的山峦，心里想着第" + chinese_numeral(n) +
         "件事情，久久没有说话。夜色渐深，屋里的灯火一盏盏熄灭了。\n";
}

TEST(RealStructure, SubFoldersAreVolumesInNaturalOrder) {
  TempDir dir;
  for (const char* volume : {"10", "2", "1"}) {
    fs::create_directories(dir / "book" / volume);
    for (int c = 1; c <= 2; ++c) {
      test::write_file(dir / "book" / volume / (std::to_string(c) + ".txt"),
                       "第" + chinese_numeral(c) + "章 卷" + volume + "之" + std::to_string(c) +
                           "\n" + story_text(c));
    }
  }
  BuiltBook book = build((dir / "book").string(), dir);
  std::vector<std::pair<std::string, int>> shape;
  for (const TocEntry& e : book.toc) shape.push_back({e.label, e.depth});
  EXPECT_EQ(shape, (std::vector<std::pair<std::string, int>>{{"1", 0},
                                                             {"第一章 卷1之1", 1},
                                                             {"第二章 卷1之2", 1},
                                                             {"2", 0},
                                                             {"第一章 卷2之1", 1},
                                                             {"第二章 卷2之2", 1},
                                                             {"10", 0},
                                                             {"第一章 卷10之1", 1},
                                                             {"第二章 卷10之2", 1}}));
}

// A crawl that saved each page's source as text: every line indented with &nbsp; and ended
// with <br />. The headings are found as in plain text, the markup reported as an html warning.
TEST(RealStructure, HtmlSpacesAndBreaksAtTheEdgesOfEveryLine) {
  TempDir dir;
  std::string text;
  auto marked = [](const std::string& line) {
    return "&nbsp;&nbsp;&nbsp;&nbsp;" + line + "<br />\n";
  };
  auto paragraph = [](int i) {
    return "他走到窗前，看着远处的山峦，心里想着第" + std::to_string(i) +
           "件事情，久久没有说话。夜色渐深，屋里的灯火一盏盏熄灭了。";
  };
  for (int i = 1; i <= 4; ++i)
    text +=
        marked(std::to_string(i) + ".决定离开") + marked(paragraph(i)) + marked(paragraph(i + 9));
  test::write_file(dir / "book.txt", text);
  BuiltBook book = build((dir / "book.txt").string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  EXPECT_EQ(labels,
            (std::vector<std::string>{"1.决定离开", "2.决定离开", "3.决定离开", "4.决定离开"}));
  ASSERT_FALSE(book.toc.empty());
  EXPECT_EQ(paragraphs_at(book, book.toc[0].href),
            (std::vector<std::string>{paragraph(1), paragraph(10)}));
  EXPECT_NE(book.output.find("book.txt:1: 12 lines began with HTML spaces"), std::string::npos)
      << book.output;
}

// A crawl that named each file by its chapter's title, with no number of its own: the
// numerals in the names order the files (第十章 after 第二章), and the names title them.
TEST(RealStructure, FilesNamedByTheirTitlesAloneAreReadInTheirNumeralsOrder) {
  TempDir dir;
  fs::create_directories(dir / "book");
  for (int i = 1; i <= 12; ++i)
    test::write_file(
        dir / "book" / (chinese_numeral(i) + "　风起第" + std::to_string(i) + "天.txt"),
        story_text(i) + story_text(i + 20));
  BuiltBook book = build((dir / "book").string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  ASSERT_EQ(labels.size(), 12u);
  for (int i = 1; i <= 12; ++i)
    EXPECT_EQ(labels[i - 1], chinese_numeral(i) + "　风起第" + std::to_string(i) + "天");
}

TEST(RealStructure, BareNumeralHeadingsAndAContentsBlockGiveTheRealChapters) {
  TempDir dir;
  std::string text = "目录\n";
  for (int i = 1; i <= 6; ++i) text += chinese_numeral(i) + "　　青衫磊落\n";
  for (int i = 1; i <= 6; ++i)
    text += "　　" + chinese_numeral(i) + "　　青衫磊落\n" + story_text(i) + story_text(i + 9);
  test::write_file(dir / "book.txt", text);
  BuiltBook book = build((dir / "book.txt").string(), dir);
  ASSERT_EQ(book.toc.size(), 6u);
  EXPECT_EQ(book.toc[0].label, "一　　青衫磊落");
  EXPECT_EQ(book.toc[5].label, "六　　青衫磊落");
  EXPECT_EQ(book.report["rules"]["contents_block"], 7);
  EXPECT_EQ(book.report["structure"]["chapters"], "一 title");
}

TEST(RealStructure, AFileWithoutAHeadingIsThePageItSitsBetween) {
  // A site cut 第二章 in two and saved the second page without its heading; an introduction
  // came before 第一章. Neither is a chapter of its own, nor a second 第一章 or 第三章.
  TempDir dir;
  fs::create_directories(dir / "book");
  test::write_file(dir / "book/000.txt", "　　本书讲述一个少年的故事。\n");
  for (int i = 1; i <= 4; ++i)
    test::write_file(
        dir / "book" / (std::to_string(i * 10) + ".txt"),
        "第" + chinese_numeral(i) + "章 第" + std::to_string(i) + "天\n" + story_text(i));
  test::write_file(dir / "book/25.txt", "　　第二页的故事接着讲下去。\n" + story_text(30));
  BuiltBook book = build((dir / "book").string(), dir);
  std::vector<std::string> labels;
  for (const TocEntry& e : book.toc) labels.push_back(e.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"前言", "第一章 第1天", "第二章 第2天",
                                              "第三章 第3天", "第四章 第4天"}));
  std::vector<std::string> second = paragraphs_at(book, book.toc[2].href);
  ASSERT_EQ(second.size(), 3u);
  EXPECT_EQ(second[1], "第二页的故事接着讲下去。");
  EXPECT_NE(book.output.find("25.txt:1: has no heading and sits between '第二章 第2天' and "
                             "'第三章 第3天'"),
            std::string::npos)
      << book.output;
  EXPECT_EQ(book.report["rules"]["page_merge"], 1);
  // `clean` lists the join among the changes.
  auto clean = test::run_novelbind("clean '" + (dir / "book").string() + "'");
  EXPECT_EQ(clean.exit_code, 0) << clean.output;
  EXPECT_NE(clean.output.find("25.txt:1: page_merge: joined to '第二章 第2天' as its next page\n"),
            std::string::npos)
      << clean.output;
}

TEST(RealStructure, TheGithubLogNamesTheScheme) {
  TempDir dir;
  std::string text;
  for (int i = 1; i <= 4; ++i) text += std::to_string(i) + ".失业\n" + story_text(i);
  test::write_file(dir / "book.txt", text);
  auto r = test::run_novelbind("build '" + (dir / "book.txt").string() + "' -o '" +
                               (dir / "b.epub").string() + "' --log-format github");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("::notice title=novelbind structure::chapters N.; 4 line(s) of shape "
                          "N., 4 numbered in sequence"),
            std::string::npos)
      << r.output;
}

// A paragraph of story, different for each `n`.
std::string volume_story(int n) {
  return "　　他走到窗前，看着远处的山峦，心里想着第" + chinese_numeral(n) +
         "件事情，久久没有说话。夜色渐深，屋里的灯火一盏盏熄灭了。\n";
}

TEST(RealStructure, ATitlePageAtTheEndOfTheFileBeforeOpensTheNextFilesVolume) {
  // A folder of chapter files cut at the headings: each book's title page ends the file of the
  // book before it.
  TempDir dir;
  std::vector<std::pair<std::string, std::string>> books = {{"龙族·火之晨曦", "序章 白帝城"},
                                                            {"龙族·悼亡者之瞳", "序幕 雨夜"},
                                                            {"龙族Ⅲ·黑月之潮", "楔子"}};
  int file = 0;
  auto name = [&] {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%04d.txt", ++file);
    return std::string(buffer);
  };
  std::string pending = "《龙族》合集\n江南 著\n\n\n";
  for (size_t b = 0; b < books.size(); ++b) {
    const std::string title_page =
        "\n\n" + books[b].first + "\n江南 著\n谨以此书献给所有有梦想的人。\n";
    if (b == 0) {
      pending += books[b].first + "\n江南 著\n谨以此书献给所有有梦想的人。\n";
    } else {
      test::write_file(dir / name(), pending + title_page);
      pending.clear();
    }
    const int first = 10 * static_cast<int>(b);  // each book's own paragraphs
    pending += books[b].second + "\n" + volume_story(first) + volume_story(first + 100);
    for (int i = 1; i <= 3; ++i) {
      test::write_file(dir / name(), pending);
      pending = "第" + chinese_numeral(i) + "章 远行\n" + volume_story(first + i) +
                volume_story(first + i + 100);
    }
  }
  test::write_file(dir / name(), pending);
  const auto epub = dir / "book.epub";
  auto built = test::run_novelbind("build " + test::quoted(dir.path()) + " -o " +
                                   test::quoted(epub) + " --no-cache");
  ASSERT_EQ(built.exit_code, 0) << built.output;
  const auto entries = test::read_epub(epub);
  const std::string nav = entries.at("EPUB/nav.xhtml");
  for (const auto& [title, opening] : books) {
    EXPECT_NE(nav.find("#heading\">" + title + "</a>"), std::string::npos) << title;
    EXPECT_NE(nav.find("#heading\">" + opening + "</a>"), std::string::npos) << opening;
  }
  EXPECT_EQ(test::nav_labels(epub).size(), 12u);  // 3 openings and 9 chapters, none dropped
  // No chapter ends with the next book's title page.
  for (const auto& [entry, bytes] : entries) {
    if (entry.find("text/ch") == std::string::npos) continue;
    std::string text = test::xhtml_text(bytes);
    EXPECT_EQ(text.find("江南 著"), std::string::npos) << entry;
    for (const auto& book : books)
      EXPECT_EQ(text.find(book.first), std::string::npos) << entry << " holds " << book.first;
  }
}

}  // namespace
}  // namespace novelbind
