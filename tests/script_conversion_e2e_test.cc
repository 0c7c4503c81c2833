// End to end: the script of the text inside built EPUBs (issue 7's "done when").
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "base/codepoint_set.h"
#include "base/test_util.h"

namespace novelbind {
namespace {

namespace fs = std::filesystem;
using test::run;
using test::run_novelbind;

std::string quote(const fs::path& p) {
  std::string q = "'";
  q += p.string();
  q += '\'';
  return q;
}

// An OpenCC dictionary as key -> values, read with OpenCC's own opencc_dict tool so that the
// checks do not trust the builder's reading of it.
std::map<std::string, std::vector<std::string>> opencc_dictionary(const std::string& name) {
  fs::path ocd2;
  for (const char* dir : {"/usr/share/opencc", "/usr/local/share/opencc"})
    if (fs::exists(fs::path(dir) / (name + ".ocd2"))) ocd2 = fs::path(dir) / (name + ".ocd2");
  if (ocd2.empty()) throw std::runtime_error(name + ".ocd2 not found; install libopencc-data");
  test::TempDir dir;
  auto r =
      run("opencc_dict -i " + quote(ocd2) + " -o " + quote(dir / "d.txt") + " -f ocd2 -t text");
  if (r.exit_code != 0)
    throw std::runtime_error("opencc_dict failed (install the opencc tools): " + r.output);
  std::map<std::string, std::vector<std::string>> out;
  std::istringstream lines(test::read_file(dir / "d.txt"));
  for (std::string line; std::getline(lines, line);) {
    size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    std::istringstream values(line.substr(tab + 1));
    std::vector<std::string>& v = out[line.substr(0, tab)];
    for (std::string x; values >> x;) v.push_back(x);
  }
  if (out.size() < 30) throw std::runtime_error(name + " looks truncated");
  return out;
}

// Characters the dictionary converts without ever keeping them (STCharacters: Simplified-only;
// TSCharacters: Traditional-only).
std::set<std::string> one_script_characters(const std::string& dictionary) {
  std::set<std::string> out;
  for (const auto& [key, values] : opencc_dictionary(dictionary))
    if (std::find(values.begin(), values.end(), key) == values.end()) out.insert(key);
  return out;
}

// Simplified-only characters that are nevertheless Taiwan's standard form: STCharacters makes
// 羣 of 群, and TWVariants makes 群 of 羣 again, so OpenCC's own s2tw writes 群.
std::set<std::string> simplified_only_for_taiwan() {
  std::set<std::string> out = one_script_characters("STCharacters");
  auto st = opencc_dictionary("STCharacters");
  auto tw = opencc_dictionary("TWVariants");
  for (auto it = out.begin(); it != out.end();) {
    const std::string& traditional = st[*it].front();
    bool taiwan_form = tw.count(traditional) && tw[traditional].front() == *it;
    it = taiwan_form ? out.erase(it) : std::next(it);
  }
  return out;
}

// Every character of `text` that is in `set`, once each.
std::set<std::string> found(const std::string& text, const std::set<std::string>& set) {
  std::set<std::string> hits;
  std::size_t len = 0;
  for (std::size_t i = 0; i < text.size(); i += len) {
    utf8::decode_strict(text, i, &len);
    std::string ch = text.substr(i, len);
    if (set.count(ch)) hits.insert(ch);
  }
  return hits;
}

std::string joined(const std::set<std::string>& s) {
  std::string out;
  for (const std::string& x : s) out += x;
  return out;
}

// The paragraphs (<p>) of every chapter document of an EPUB, in reading order.
std::vector<std::vector<std::string>> chapter_paragraphs(const fs::path& epub) {
  std::vector<std::vector<std::string>> out;
  for (const auto& [name, data] : test::read_epub(epub)) {  // ch0001, ch0002, ... in order
    if (name.rfind("EPUB/text/ch", 0) != 0) continue;
    pugi::xml_document doc;
    doc.load_buffer(data.data(), data.size());
    std::vector<std::string>& paragraphs = out.emplace_back();
    for (const pugi::xpath_node& p : doc.select_nodes("//*[local-name()='p']"))
      paragraphs.push_back(p.node().text().get());
  }
  return out;
}

// All text a reader can see: every XHTML document and the package metadata.
std::string visible_text(const fs::path& epub) {
  std::string all;
  for (const auto& [name, data] : test::read_epub(epub)) {
    if (name.size() > 6 && name.substr(name.size() - 6) == ".xhtml") all += test::xhtml_text(data);
    if (name.size() > 4 && name.substr(name.size() - 4) == ".opf") all += data;
  }
  return all;
}

test::CommandResult build(const fs::path& input, const fs::path& epub, const std::string& args) {
  return run_novelbind("build " + quote(input) + " -o " + quote(epub) + " " + args);
}

// Writes the chapters of a built book as chapter files, to build it again.
void write_chapters(const std::vector<std::vector<std::string>>& chapters, const fs::path& dir) {
  for (size_t i = 0; i < chapters.size(); ++i) {
    std::string text;
    for (const std::string& p : chapters[i]) text += p + "\n";
    char name[32];
    std::snprintf(name, sizeof name, "%04zu.txt", i + 1);
    test::write_file(dir / name, text);
  }
}

TEST(ScriptConversion, SeedsInTaiwanScriptHaveNoSimplifiedOnlyCharacter) {
  test::TempDir dir;
  auto r = build(test::seeds_dir(), dir / "tw.epub", "--script zh-TW");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string text = visible_text(dir / "tw.epub");
  EXPECT_EQ(joined(found(text, simplified_only_for_taiwan())), "");
  // 003 is Traditional with Simplified left over: 怎么, 后悔, 心里 (里 as in 里面).
  auto chapters = chapter_paragraphs(dir / "tw.epub");
  ASSERT_EQ(chapters.size(), 4u);  // 000, 001, 003, 004: 002 repeats 003
  std::string ch003;
  for (const std::string& p : chapters[2]) ch003 += p;
  for (const char* fixed : {"怎麼", "後悔", "心裡", "裡頭", "哪裡"})
    EXPECT_NE(ch003.find(fixed), std::string::npos) << fixed;
  for (const char* left : {"怎么", "后悔", "心里", "里頭"})
    EXPECT_EQ(ch003.find(left), std::string::npos) << left;
  EXPECT_NE(text.find("<dc:language>zh-TW</dc:language>"), std::string::npos);
}

TEST(ScriptConversion, SeedsInSimplifiedScriptHaveNoTraditionalOnlyCharacter) {
  test::TempDir dir;
  auto r = build(test::seeds_dir(), dir / "hans.epub", "--script zh-Hans");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string text = visible_text(dir / "hans.epub");
  EXPECT_EQ(joined(found(text, one_script_characters("TSCharacters"))), "");
  EXPECT_NE(text.find("<dc:language>zh-Hans</dc:language>"), std::string::npos);
  auto files = test::read_epub(dir / "hans.epub");
  EXPECT_NE(files["EPUB/text/ch0001.xhtml"].find("xml:lang=\"zh-Hans\""), std::string::npos);
}

TEST(ScriptConversion, AutoPicksTraditionalForTheSeedsAndSaysSo) {
  test::TempDir dir;
  auto r = build(test::seeds_dir(), dir / "auto.epub", "--report " + quote(dir / "r.json"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("info: script: auto kept Traditional (zh-Hant): 4 of 5 chapters are "
                          "mostly Traditional; converting the 1 chapter(s) written in Simplified"),
            std::string::npos)
      << r.output;
  // The log counts what the report lists: 004 (Simplified) and 003's leftovers (怎么).
  auto report = nlohmann::json::parse(test::read_file(dir / "r.json"));
  int lines = 0, chapters = 0;
  for (const auto& c : report["chapters"]) {
    int n = 0;
    for (const auto& repair : c["repairs"]) n += repair["rule"] == "script";
    lines += n;
    chapters += n > 0;
  }
  EXPECT_EQ(chapters, 2);
  EXPECT_NE(r.output.find("info: script: converted " + std::to_string(lines) + " line(s) in 2 " +
                          "chapter(s)"),
            std::string::npos)
      << r.output;
  // Simplified-only characters are left only where Taiwan writes them too (群, the form the
  // book's own chapters write) or Hong Kong (温).
  EXPECT_EQ(joined(found(visible_text(dir / "auto.epub"), simplified_only_for_taiwan())), "");
}

TEST(ScriptConversion, ReportNamesEachChaptersScriptAndConversionAndWarnsOfMixedOnes) {
  test::TempDir dir;
  auto r =
      build(test::seeds_dir(), dir / "tw.epub", "--script zh-TW --report " + quote(dir / "r.json"));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto report = nlohmann::json::parse(test::read_file(dir / "r.json"));
  std::vector<std::string> scripts, conversions;
  for (const auto& c : report["chapters"]) {
    scripts.push_back(c["script"]);
    conversions.push_back(c["conversion"]);
  }
  // 000, 001, 003, 004 (002 repeats 003 and is dropped).
  EXPECT_EQ(scripts, (std::vector<std::string>{"zh-Hant", "zh-Hant", "mixed", "zh-Hans"}));
  EXPECT_EQ(conversions, (std::vector<std::string>{"t2tw", "t2tw", "s2tw", "s2tw"}));
  int mixed = 0;
  for (const auto& w : report["warnings"]) {
    if (w["rule"] != "mixed_script") continue;
    ++mixed;
    EXPECT_NE(w["file"].get<std::string>().find("003_a9d92af32fcba753.txt"), std::string::npos);
  }
  EXPECT_EQ(mixed, 1);
  EXPECT_NE(
      r.output.find("003_a9d92af32fcba753.txt:1: this chapter mixes Simplified and Traditional"),
      std::string::npos)
      << r.output;
}

// "...十餘里，眼看... became ...十餘裡，眼看...": where two texts first differ, in context.
std::string difference(const std::string& before, const std::string& after) {
  size_t i = 0;
  while (i < before.size() && i < after.size() && before[i] == after[i]) ++i;
  while (i > 0 && i < before.size() && (static_cast<unsigned char>(before[i]) & 0xC0) == 0x80) --i;
  auto around = [&](const std::string& s) {
    size_t b = i, e = i;
    for (int n = 0; n < 8 && b > 0; ++n) do
        --b;
      while (b > 0 && (static_cast<unsigned char>(s[b]) & 0xC0) == 0x80);
    for (int n = 0; n < 8 && e < s.size(); ++n) do
        ++e;
      while (e < s.size() && (static_cast<unsigned char>(s[e]) & 0xC0) == 0x80);
    return "..." + s.substr(b, e - b) + "...";
  };
  return around(before) + " became " + around(after);
}

// Building again from the text of a built book, for the same target, changes nothing: text
// already in the target script only gets the target's variants (t2tw), never s2tw, which
// turns 十餘里 into 十餘裡.
void expect_rebuild_unchanged(const fs::path& input, const std::string& script) {
  test::TempDir dir;
  auto first = build(input, dir / "first.epub", "--script " + script);
  ASSERT_EQ(first.exit_code, 0) << first.output;
  auto chapters = chapter_paragraphs(dir / "first.epub");
  ASSERT_FALSE(chapters.empty());
  write_chapters(chapters, dir / "again");
  auto second = build(dir / "again", dir / "second.epub", "--script " + script);
  ASSERT_EQ(second.exit_code, 0) << second.output;
  auto again = chapter_paragraphs(dir / "second.epub");
  ASSERT_EQ(again.size(), chapters.size());
  for (size_t i = 0; i < chapters.size(); ++i) {
    ASSERT_EQ(again[i].size(), chapters[i].size()) << script << " chapter " << i + 1;
    for (size_t k = 0; k < chapters[i].size(); ++k) {
      if (again[i][k] == chapters[i][k]) continue;
      ADD_FAILURE() << script << ", chapter " << i + 1 << ", paragraph " << k + 1
                    << " changed when built again: " << difference(chapters[i][k], again[i][k]);
      return;
    }
  }
}

TEST(ScriptConversion, RebuildingTheSeedsFromTheirBuiltTextChangesNothing) {
  expect_rebuild_unchanged(test::seeds_dir(), "zh-TW");
  expect_rebuild_unchanged(test::seeds_dir(), "zh-Hans");
  expect_rebuild_unchanged(test::seeds_dir(), "zh-HK");
}

TEST(ScriptConversion, RebuildingSanguoFromItsBuiltTextChangesNothing) {
  test::TempDir dir;
  test::write_file(dir / "sanguo" / "sanguo.txt", test::read_file(test::corpus_file("sanguo.txt")));
  expect_rebuild_unchanged(dir / "sanguo", "zh-TW");
}

TEST(ScriptConversion, LocalizedPhrasesKeepTheBraveSoldiers) {
  test::TempDir dir;
  test::write_file(dir / "book" / "1.txt", "他們是勇敢的士兵\n");
  test::write_file(dir / "book" / "2.txt", "他们是勇敢的士兵，会用软件。\n");
  auto r = build(dir / "book", dir / "b.epub", "--script zh-TW --localize-phrases");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto chapters = chapter_paragraphs(dir / "b.epub");
  ASSERT_EQ(chapters.size(), 2u);
  EXPECT_EQ(chapters[0], std::vector<std::string>{"他們是勇敢的士兵"});
  EXPECT_EQ(chapters[1], std::vector<std::string>{"他們是勇敢的士兵，會用軟體。"});
}

TEST(ScriptConversion, UserDictionaryFromBookTomlWinsAndBadLinesFailTheBuild) {
  test::TempDir dir;
  test::write_file(dir / "book.toml",
                   "[book]\ntitle = \"回纥\"\n[convert]\nscript = \"zh-TW\"\n"
                   "phrases = \"names.txt\"\n");
  test::write_file(dir / "names.txt", "回纥\t回鶻\n");
  test::write_file(dir / "chapters" / "1.txt", "回纥骑兵来了。\n");
  auto r = build(dir / "book.toml", dir / "b.epub", "");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(chapter_paragraphs(dir / "b.epub").at(0), std::vector<std::string>{"回鶻騎兵來了。"});
  EXPECT_NE(visible_text(dir / "b.epub").find("<dc:title>回鶻</dc:title>"), std::string::npos);

  test::write_file(dir / "names.txt", "回纥\t回鶻\n张迈=張邁\n");
  auto bad = build(dir / "book.toml", dir / "c.epub", "");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.output.find("names.txt:2: expected 'source<TAB>target', found no tab"),
            std::string::npos)
      << bad.output;
  EXPECT_FALSE(fs::exists(dir / "c.epub"));
}

TEST(ScriptConversion, MetadataIsConvertedToo) {
  test::TempDir dir;
  test::write_file(dir / "book.toml",
                   "[book]\ntitle = \"三国演义\"\nauthor = \"罗贯中\"\n"
                   "description = \"东汉末年的历史\"\nsubjects = [\"历史小说\"]\n");
  test::write_file(dir / "chapters" / "1.txt", "滚滚长江东逝水。\n");
  auto r = build(dir / "book.toml", dir / "m.epub", "--script zh-TW");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::string opf = test::read_epub(dir / "m.epub")["EPUB/package.opf"];
  for (const char* converted : {">三國演義<", ">羅貫中<", ">東漢末年的歷史<", ">歷史小說<"})
    EXPECT_NE(opf.find(converted), std::string::npos) << converted << " in\n" << opf;
}

}  // namespace
}  // namespace novelbind
