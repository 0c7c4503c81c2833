#include "convert/opencc_converter.h"

#include <gtest/gtest.h>
#include <opencc/SimpleConverter.hpp>

#include <set>
#include <thread>

#include "base/test_util.h"

namespace novelbind {
namespace {

// The first `bytes` of a file, cut at a line end.
std::string excerpt(const std::filesystem::path& path, size_t bytes) {
  std::string text = test::read_file(path);
  size_t cut = text.find('\n', std::min(bytes, text.size()));
  return cut == std::string::npos ? text : text.substr(0, cut + 1);
}

std::string seeds_text() {
  std::string all;
  for (const auto& entry :
       std::filesystem::directory_iterator(test::source_dir() / "samples" / "seeds"))
    all += test::read_file(entry.path());
  return all;
}

OpenccConverter load(const std::string& name) {
  auto c = OpenccConverter::load(name);
  if (!c) throw std::runtime_error(c.message());
  return std::move(*c);
}

TEST(OpenccConverter, GivesExactlyWhatOpenccGivesOnNovels) {
  std::string simplified = excerpt(test::corpus_file("sanguo.txt"), 60000) +
                           excerpt(test::corpus_file("hongloumeng.txt"), 60000);
  opencc::SimpleConverter s2tw("s2tw.json"), s2hk("s2hk.json");
  std::vector<std::pair<std::string, std::string>> texts = {
      {"seeds", seeds_text()},
      {"simplified corpus", simplified},
      {"Taiwan corpus", s2tw.Convert(simplified)},
      {"Hong Kong corpus", s2hk.Convert(simplified)},
      // s2twp gives 調理 only through its segmentation (取回 first); a greedy pass gives 撥理.
      {"sentence OpenCC's segmentation decides", "孙权取回调理，近拜陆逊为将。"},
  };
  for (const char* config : {"s2t", "s2tw", "s2hk", "t2s", "tw2s", "hk2s", "t2tw", "t2hk", "tw2t",
                             "hk2t", "s2twp", "tw2sp"}) {
    OpenccConverter ours = load(config);
    opencc::SimpleConverter theirs(std::string(config) + ".json");
    for (const auto& [what, text] : texts)
      EXPECT_TRUE(ours.convert(text) == theirs.Convert(text)) << config << " on the " << what;
  }
}

TEST(OpenccConverter, SkipsSegmentationOnlyWhereItCannotChangeTheResult) {
  EXPECT_TRUE(load("s2tw").skips_segmentation());
  EXPECT_TRUE(load("t2s").skips_segmentation());
  EXPECT_TRUE(load("t2tw").skips_segmentation());
  // Phrase tables after the first step, or a first step that is not the segmentation's
  // dictionary, make OpenCC's segments matter.
  EXPECT_FALSE(load("s2twp").skips_segmentation());
  EXPECT_FALSE(load("tw2s").skips_segmentation());
}

TEST(OpenccConverter, ConvertsAroundNulAndInvalidBytes) {
  OpenccConverter s2tw = load("s2tw");
  std::string text = std::string("后悔") + '\0' + "里面\xFF" + "怎么";
  EXPECT_EQ(s2tw.convert(text), std::string("後悔") + '\0' + "裡面\xFF" + "怎麼");
  EXPECT_EQ(s2tw.convert(""), "");
  EXPECT_EQ(s2tw.convert("plain ASCII"), "plain ASCII");
}

TEST(OpenccConverter, OneInstanceServesManyThreads) {
  OpenccConverter s2tw = load("s2tw");
  std::vector<std::string> texts;
  std::string base = excerpt(test::corpus_file("sanguo.txt"), 20000);
  for (int i = 0; i < 8; ++i) texts.push_back(base.substr(static_cast<size_t>(i) * 1500));
  std::vector<std::string> serial;
  for (const std::string& t : texts) serial.push_back(s2tw.convert(t));
  std::vector<std::string> parallel(texts.size());
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 3; ++round)
        for (size_t i = static_cast<size_t>(t); i < texts.size(); i += 4)
          parallel[i] = s2tw.convert(texts[i]);
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(parallel, serial);
}

TEST(OpenccConverter, MissingConfigurationIsAnErrorThatSaysWhatToInstall) {
  auto c = OpenccConverter::load("no-such-config");
  ASSERT_FALSE(c);
  EXPECT_NE(c.message().find("'no-such-config' cannot be loaded"), std::string::npos)
      << c.message();
  EXPECT_NE(c.message().find("libopencc-data"), std::string::npos) << c.message();
}

TEST(OpenccConverter, ListsItsDictionaries) {
  auto dicts = load("t2tw").dictionaries();
  ASSERT_EQ(dicts.size(), 2u);  // TWVariants for segmentation and for conversion
  bool found = false;
  for (const auto& e : dicts[1])
    if (e.key == "裏") found = !e.values.empty() && e.values.front() == "裡";
  EXPECT_TRUE(found);
}

// One dictionary file read on its own (the script detector's sets): every key once, with its
// values in OpenCC's order.
TEST(OpenccConverter, ReadsOneDictionaryFileEntryByEntry) {
  auto entries = OpenccConverter::dictionary_entries("STCharacters.ocd2");
  ASSERT_TRUE(entries) << entries.message();
  std::set<std::string> keys;
  const OpenccConverter::Entry* hou = nullptr;
  for (const OpenccConverter::Entry& e : *entries) {
    EXPECT_TRUE(keys.insert(e.key).second) << e.key << " listed twice";
    if (e.key == "后") hou = &e;
  }
  EXPECT_GT(keys.size(), 3000u);
  ASSERT_NE(hou, nullptr);
  EXPECT_EQ(hou->values, (std::vector<std::string>{"後", "后"}));

  auto missing = OpenccConverter::dictionary_entries("NoSuchDictionary.ocd2");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.message().find("'NoSuchDictionary.ocd2' cannot be loaded"), std::string::npos)
      << missing.message();
  EXPECT_NE(missing.message().find("libopencc-data"), std::string::npos) << missing.message();
}

}  // namespace
}  // namespace novelbind
